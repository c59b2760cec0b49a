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

/* A zombie cannot be attached to (EPERM), but to the user it is gone. */
static int is_zombie(pid_t pid)
{
	char path[64], buf[512];
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	ssize_t n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	char *rp = strrchr(buf, ')');
	return rp && rp[1] == ' ' && (rp[2] == 'Z' || rp[2] == 'X');
}

static void attach_error(pid_t pid, int e, char *err, size_t errlen)
{
	if (e == EPERM) {
		long t = tracer_of(pid);
		if (is_zombie(pid))
			proc_fmt(err, errlen, "%s", strerror(ESRCH));
		else if (t > 0 && t != (long)getpid())
			proc_fmt(err, errlen, "process is already traced by pid %ld",
			    t);
		else
			proc_fmt(err, errlen, "%s (see kernel.yama.ptrace_scope, or "
			    "run with CAP_SYS_PTRACE)", strerror(EPERM));
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
		proc_fmt(err, errlen, "%s", strerror(ESRCH));
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
		proc_fmt(err, errlen, "%s", strerror(ESRCH));
		return NULL;
	}
	if (pid == getpid()) {
		proc_fmt(err, errlen, "cannot trace udtrace itself");
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
			proc_fmt(err, errlen, "%s", strerror(ESRCH));
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
