/*
 * grab.c — proc_grab (-p): attach to a running process and every thread
 * it has, and stop them all.
 *
 * Owns: PTRACE_SEIZE of existing threads and the error texts users see
 * when they may not.
 * Must not: stop a thread by a signal (SIGSTOP would be visible to the
 * program and its parent); PTRACE_INTERRUPT is invisible.
 * Invariant: on success every thread listed in /proc/PID/task is in
 * p->tids and in a ptrace stop; threads started while we attach are
 * either auto-attached through PTRACE_O_TRACECLONE (their creator was
 * already ours) or seen by the next scan, which repeats until it finds
 * nothing new.
 */
#include "proc/proc_impl.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <unistd.h>

/* The tracer of pid as /proc says, 0 if none or unknown. */
static long tracer_of(pid_t pid)
{
	char path[64], line[256];
	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	FILE *f = fopen(path, "re");
	long t = 0;
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "TracerPid: %ld", &t) == 1)
			break;
	fclose(f);
	return t;
}

/* Thread group of pid, or -1 if there is no such process. */
static long tgid_of(pid_t pid)
{
	char path[64], line[256];
	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	FILE *f = fopen(path, "re");
	long t = -1;
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "Tgid: %ld", &t) == 1)
			break;
	fclose(f);
	return t;
}

/*
 * Why a grab failed, in the words of illumos libproc's Pgrab_error(),
 * which dtrace prints after "failed to grab pid N: ".
 */
#define GRAB_NOPROC "no such process"
#define GRAB_ZOMB   "zombie process"
#define GRAB_PERM   "permission denied"
#define GRAB_BUSY   "process is traced"
#define GRAB_SYS    "system process"
#define GRAB_SELF   "attempt to grab self"

#define PF_KTHREAD_FLAG 0x00200000u   /* include/linux/sched.h PF_KTHREAD */

/* State letter and flags from /proc/PID/stat; 0 when unreadable. */
static char stat_of(pid_t pid, unsigned *flags)
{
	char path[64], buf[512];
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	*flags = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	ssize_t n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	char *rp = strrchr(buf, ')');
	if (rp == NULL || rp[1] != ' ')
		return 0;
	char st = rp[2];
	/* after the state: ppid pgrp session tty_nr tpgid flags */
	if (sscanf(rp + 3, "%*d %*d %*d %*d %*d %u", flags) != 1)
		*flags = 0;
	return st;
}

static void attach_error(pid_t pid, int e, char *err, size_t errlen)
{
	unsigned flags;
	char st = stat_of(pid, &flags);
	if (e == ESRCH || st == 0) {
		proc_fmt(err, errlen, "%s", GRAB_NOPROC);
	} else if (st == 'Z' || st == 'X') {
		proc_fmt(err, errlen, "%s", GRAB_ZOMB);
	} else if (e == EPERM) {
		long t = tracer_of(pid);
		if (flags & PF_KTHREAD_FLAG)
			proc_fmt(err, errlen, "%s", GRAB_SYS);
		else if (t > 0 && t != (long)getpid())
			proc_fmt(err, errlen, "%s", GRAB_BUSY);
		else
			proc_fmt(err, errlen, "%s", GRAB_PERM);
	} else {
		proc_fmt(err, errlen, "%s", strerror(e));
	}
}

/* Seize every thread of /proc/PID/task we do not have yet. New ones, or -1. */
static int scan(udt_proc_t *p, char *err, size_t errlen)
{
	char path[64];
	snprintf(path, sizeof(path), "/proc/%d/task", (int)p->pid);
	DIR *d = opendir(path);
	if (!d) {
		proc_fmt(err, errlen, "%s", GRAB_NOPROC);
		return -1;
	}
	int added = 0;
	struct dirent *de;
	while ((de = readdir(d)) != NULL) {
		char *end;
		long t = strtol(de->d_name, &end, 10);
		if (*end || t <= 0 || proc_thread_index(p, (pid_t)t) >= 0)
			continue;
		if (ptrace(PTRACE_SEIZE, (pid_t)t, 0,
		    (void *)(long)PROC_PTRACE_OPTS) < 0) {
			int e = errno;
			if (p->ntids == 0) {
				/* The first thread decides whether we may trace at all. */
				closedir(d);
				attach_error(p->pid, e, err, errlen);
				return -1;
			}
			/* ESRCH: it exited. EPERM: a clone of a seized thread, already ours. */
			if (e == EPERM) {
				proc_thread_add(p, (pid_t)t);
				added++;
			}
			continue;
		}
		proc_thread_add(p, (pid_t)t);
		ptrace(PTRACE_INTERRUPT, (pid_t)t, 0, 0);
		added++;
	}
	closedir(d);
	return added;
}

udt_proc_t *proc_grab(pid_t pid, char *err, size_t errlen)
{
	if (pid <= 0 || tgid_of(pid) != (long)pid) {
		proc_fmt(err, errlen, "%s", GRAB_NOPROC);
		return NULL;
	}
	if (pid == getpid()) {
		proc_fmt(err, errlen, "%s", GRAB_SELF);
		return NULL;
	}
	udt_proc_t *p = proc_alloc(pid);
	if (!p) {
		proc_fmt(err, errlen, "%s", strerror(ENOMEM));
		return NULL;
	}
	int execd = 0;
	for (int round = 0; round < 1000; round++) {
		int n = scan(p, err, errlen);
		if (n < 0) {
			proc_release(p);
			return NULL;
		}
		if (n == 0 && round > 0)
			break;
		/* Wait until everything we hold is stopped (clones may add threads). */
		for (size_t i = 0; i < p->ntids; i++) {
			if (p->tstop[i])
				continue;
			int r = proc_wait_stop(p, p->tids[i], &execd);
			if (r > 0) {
				p->tstop[i] = 1;
				continue;
			}
			proc_thread_del(p, p->tids[i]);
			i--;
		}
		if (proc_thread_index(p, pid) < 0) {
			proc_fmt(err, errlen, "%s", GRAB_NOPROC);
			proc_release(p);
			return NULL;
		}
	}
	if (execd) {
		/* An exec replaced the image while we attached: start from the new one. */
		proc_exec_reset(p);
	}
	proc_read_exe(p);
	if (p->memfd < 0 && proc_open_mem(p) < 0) {
		proc_fmt(err, errlen, "%s", strerror(errno));
		proc_release(p);
		return NULL;
	}
	return p;
}
