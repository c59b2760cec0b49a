/*
 * proc.c — the life of a udt_proc_t after it exists: its threads, the
 * wait-for-a-stop loop create and grab share, fork children, exec, and
 * the way out (release, kill).
 *
 * Owns: PTRACE_DETACH and the handle's memory.
 * Must not: run the process between events (the backend's event loop
 * does); the only waits here are for the stops proc itself asked for.
 * Invariant: proc_release leaves the target as if udtrace had never been
 * there: every patch restored, scratch unmapped, every thread detached
 * with any signal it was about to receive handed back to it.
 */
#include "proc/proc_impl.h"
#include "proc/watchdog.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/kcmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

void proc_fmt(char *err, size_t errlen, const char *fmt, ...)
{
	if (!err || errlen == 0)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

udt_proc_t *proc_alloc(pid_t pid)
{
	udt_proc_t *p = calloc(1, sizeof(*p));
	if (!p)
		return NULL;
	p->pid = pid;
	p->start = wd_proc_start(pid);
	p->memfd = -1;
	return p;
}

void proc_free(udt_proc_t *p)
{
	if (!p)
		return;
	/* its bytes are no longer ours to restore (it exited, or was released) */
	proc_patch_forget(p);
	proc_sema_forget(p);
	if (p->memfd >= 0)
		close(p->memfd);
	free(p->tids);
	free(p->tstop);
	free(p->maps);
	free(p->mapbuf);
	free(p->ptab);
	free(p->scr);
	free(p->sema);
	free(p);
}

int proc_open_mem(udt_proc_t *p)
{
	char path[64];
	if (p->memfd >= 0)
		close(p->memfd);
	snprintf(path, sizeof(path), "/proc/%d/mem", (int)p->pid);
	p->memfd = open(path, O_RDWR | O_CLOEXEC);
	return p->memfd < 0 ? -1 : 0;
}

pid_t proc_pid(const udt_proc_t *p) { return p->pid; }
int proc_created(const udt_proc_t *p) { return p->created; }

ssize_t proc_thread_index(const udt_proc_t *p, pid_t tid)
{
	for (size_t i = 0; i < p->ntids; i++)
		if (p->tids[i] == tid)
			return (ssize_t)i;
	return -1;
}

size_t proc_threads(udt_proc_t *p, const pid_t **tids)
{
	*tids = p->tids;
	return p->ntids;
}

void proc_thread_add(udt_proc_t *p, pid_t tid)
{
	if (proc_thread_index(p, tid) >= 0)
		return;
	if (p->ntids == p->captids) {
		size_t ncap = p->captids ? p->captids * 2 : 8;
		pid_t *nt = realloc(p->tids, ncap * sizeof(*nt));
		if (!nt)
			return;
		p->tids = nt;
		unsigned char *ns = realloc(p->tstop, ncap);
		if (!ns)
			return;
		p->tstop = ns;
		p->captids = ncap;
	}
	p->tstop[p->ntids] = 0;
	p->tids[p->ntids++] = tid;
}

void proc_thread_del(udt_proc_t *p, pid_t tid)
{
	ssize_t i = proc_thread_index(p, tid);
	if (i < 0)
		return;
	p->ntids--;
	p->tids[i] = p->tids[p->ntids];
	p->tstop[i] = p->tstop[p->ntids];
}

/* The fork child is auto-attached and starts in a stop of its own. */
void proc_drop_fork_child(udt_proc_t *p, pid_t child)
{
	int st;
	while (waitpid(child, &st, __WALL) < 0 && errno == EINTR)
		;
	udt_proc_t *c = proc_fork_child(p, child);
	if (c) {
		proc_release(c);
	} else {
		ptrace(PTRACE_DETACH, child, 0, 0);
	}
}

/* Is tid stopped on an int3 of ours that no one has handled? Rewind it. */
static int our_trap(udt_proc_t *p, pid_t tid)
{
	siginfo_t si;
	struct user_regs_struct r;
	uint8_t b;
	if (ptrace(PTRACE_GETSIGINFO, tid, 0, &si) < 0 || si.si_signo != SIGTRAP ||
	    si.si_code != SI_KERNEL)
		return 0;
	if (ptrace(PTRACE_GETREGS, tid, 0, &r) < 0)
		return 0;
	if (!proc_patch_find(p, r.rip - 1, NULL) ||
	    proc_read_raw(p, r.rip - 1, &b, 1) < 0 || b != 0xcc)
		return 0;
	r.rip--;
	return ptrace(PTRACE_SETREGS, tid, 0, &r) == 0;
}

int proc_wait_stop(udt_proc_t *p, pid_t tid, int *execd)
{
	for (;;) {
		int st;
		pid_t w = waitpid(tid, &st, __WALL);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return errno == ECHILD ? 0 : -1;
		}
		if (WIFEXITED(st) || WIFSIGNALED(st))
			return 0;
		if (!WIFSTOPPED(st))
			continue;
		int ev = st >> 16, sig = WSTOPSIG(st);
		unsigned long msg = 0;
		switch (ev) {
		case PTRACE_EVENT_STOP:
			return 1;
		case PTRACE_EVENT_CLONE:
			if (ptrace(PTRACE_GETEVENTMSG, tid, 0, &msg) == 0)
				proc_thread_add(p, (pid_t)msg);
			return 1;
		case PTRACE_EVENT_FORK:
		case PTRACE_EVENT_VFORK:
			if (ptrace(PTRACE_GETEVENTMSG, tid, 0, &msg) == 0)
				proc_drop_fork_child(p, (pid_t)msg);
			return 1;
		case PTRACE_EVENT_EXEC:
			if (execd)
				*execd = 1;
			return 1;
		case 0:
			if (sig == SIGTRAP && our_trap(p, tid))
				return 1;
			/* Not ours: let it through; the trap we asked for is still pending. */
			if (ptrace(PTRACE_CONT, tid, 0, (void *)(long)sig) < 0)
				return errno == ESRCH ? 0 : -1;
			continue;
		default:
			return 1;
		}
	}
}

udt_proc_t *proc_fork_child(udt_proc_t *parent, pid_t child)
{
	udt_proc_t *c = proc_alloc(child);
	if (!c)
		return NULL;
	c->forkchild = 1;
	memcpy(c->exe, parent->exe, sizeof(c->exe));
	proc_thread_add(c, child);
	if (c->ntids == 0) {
		proc_free(c);
		return NULL;
	}
	/* A vfork child runs on its parent's memory: restoring there would
	 * remove the parent's patches, so it gets none to restore. */
	long same = syscall(SYS_kcmp, parent->pid, child, KCMP_VM, 0, 0);
	c->sharedvm = same == 0;
	if (!c->sharedvm) {
		if (proc_patch_copy(c, parent) < 0) {
			proc_free(c);
			return NULL;
		}
		if (parent->nscr) {
			c->scr = malloc(parent->nscr * sizeof(*c->scr));
			if (c->scr) {
				memcpy(c->scr, parent->scr, parent->nscr * sizeof(*c->scr));
				c->nscr = c->capscr = parent->nscr;
			}
		}
		c->sysinsn = parent->sysinsn;
		guard_copy(c, parent);
		/* its memory holds our semaphore increments too */
		(void)proc_sema_copy(c, parent);
	}
	proc_open_mem(c);
	return c;
}

void proc_exec_reset(udt_proc_t *p)
{
	proc_patch_forget(p);
	proc_sema_forget(p);
	guard_forget(p);
	p->nscr = 0;
	p->sysinsn = 0;
	p->sharedvm = 0;
	/* Only the thread that called execve survives it, as the leader. */
	p->ntids = 0;
	proc_thread_add(p, p->pid);
	if (p->ntids)
		p->tstop[0] = 1;
	proc_open_mem(p);
	proc_read_exe(p);
}

static int thread_state(pid_t pid, pid_t tid)
{
	char path[64], buf[256];
	snprintf(path, sizeof(path), "/proc/%d/task/%d/stat", (int)pid, (int)tid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 'X';
	ssize_t n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 'X';
	buf[n] = '\0';
	char *rp = strrchr(buf, ')');
	return rp && rp[1] == ' ' ? rp[2] : 'X';
}

/*
 * Bring tid into a ptrace stop for release. Returns 1 stopped (*sig = a
 * signal to hand back on detach), 0 gone.
 */
static int release_stop(udt_proc_t *p, pid_t tid, int *sig)
{
	if (p->killed)
		return 0;   /* SIGKILL needs no stop; release reaps the leader */
	struct user_regs_struct r;
	int st, asked = 0;
	*sig = 0;
	for (int tries = 0; tries < 20000; tries++) {
		/*
		 * Once interrupted, a thread other than the leader reports
		 * promptly, so block; the leader may be a zombie waiting for
		 * its group, whose exit would never come: poll it.
		 */
		int block = asked && tid != p->pid;
		pid_t w;
		if (tid == p->pid) {
			/*
			 * The leader's exit status belongs to whoever waits for
			 * the process: peek, and consume only a stop.
			 */
			siginfo_t si;
			si.si_pid = 0;
			if (waitid(P_PID, (id_t)tid, &si, WEXITED | WSTOPPED |
			    WNOHANG | WNOWAIT | __WALL) < 0) {
				if (errno == EINTR)
					continue;
				return 0;
			}
			if (si.si_pid == tid && (si.si_code == CLD_EXITED ||
			    si.si_code == CLD_KILLED || si.si_code == CLD_DUMPED))
				return 0;
			w = si.si_pid == tid ? waitpid(tid, &st, __WALL | WNOHANG) : 0;
		} else {
			w = waitpid(tid, &st, __WALL | (block ? 0 : WNOHANG));
		}
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return 0;
		if (w == 0) {
			/* Nothing unreported: either stopped already (reaped by the backend) or running. */
			if (ptrace(PTRACE_GETREGS, tid, 0, &r) == 0)
				return 1;
			int s = thread_state(p->pid, tid);
			if (s == 'Z' || s == 'X')
				return 0;
			if (!asked) {
				if (ptrace(PTRACE_INTERRUPT, tid, 0, 0) < 0)
					return 0;
				asked = 1;
			}
			struct timespec ts = { 0, 500000 };
			nanosleep(&ts, NULL);
			continue;
		}
		if (WIFEXITED(st) || WIFSIGNALED(st))
			return 0;
		if (!WIFSTOPPED(st))
			continue;
		int ev = st >> 16;
		unsigned long msg = 0;
		if (ev == PTRACE_EVENT_CLONE) {
			if (ptrace(PTRACE_GETEVENTMSG, tid, 0, &msg) == 0)
				proc_thread_add(p, (pid_t)msg);
		} else if (ev == PTRACE_EVENT_FORK || ev == PTRACE_EVENT_VFORK) {
			if (ptrace(PTRACE_GETEVENTMSG, tid, 0, &msg) == 0)
				proc_drop_fork_child(p, (pid_t)msg);
		} else if (ev == 0) {
			int s = WSTOPSIG(st);
			if (!(s == SIGTRAP && our_trap(p, tid)))
				*sig = s;
		}
		return 1;
	}
	return 0;
}

/*
 * Wait for one killed thread of ours to be gone. A thread that was
 * already in a ptrace stop, or that stops at PTRACE_EVENT_EXIT on its
 * way out (a -c child exiting by itself as udtrace ends), stays there
 * despite SIGKILL until its tracer continues it; if that stop was
 * reported to an earlier wait, no wait will ever report it again. So
 * never block: continue it whenever it has nothing new to report, and
 * give up after ~5 s (a zombie left is better than udtrace hanging).
 */
static void reap_thread(pid_t t)
{
	int st;
	for (int tries = 0; tries < 5000; tries++) {
		pid_t w = waitpid(t, &st, __WALL | WNOHANG);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return;          /* ECHILD: reaped, or not ours */
		if (w == t && (WIFEXITED(st) || WIFSIGNALED(st)))
			return;
		/* a stop (reported now or earlier), or still running: go on */
		(void)ptrace(PTRACE_CONT, t, 0, 0);
		if (w == t)
			continue;
		struct timespec ts = { 0, 1000000 };
		nanosleep(&ts, NULL);
	}
}

/*
 * After SIGKILL: our traced threads stay zombies until we wait for them,
 * and the leader is not reported before they are gone, so reap every
 * thread the kernel still lists, then the leader.
 */
static void reap_killed(udt_proc_t *p)
{
	char path[64];
	int st;
	snprintf(path, sizeof(path), "/proc/%d/task", (int)p->pid);
	DIR *d = opendir(path);
	if (d) {
		struct dirent *de;
		while ((de = readdir(d)) != NULL) {
			pid_t t = (pid_t)atoi(de->d_name);
			if (t > 0 && t != p->pid)
				reap_thread(t);
		}
		closedir(d);
	}
	for (size_t i = 0; i < p->ntids; i++)
		if (p->tids[i] != p->pid)
			while (waitpid(p->tids[i], &st, __WALL | WNOHANG) < 0 &&
			    errno == EINTR)
				;
	reap_thread(p->pid);
}

void proc_scrub(udt_proc_t *p, pid_t tid)
{
	if (!p || p->sharedvm)
		return;
	proc_sema_release(p);
	proc_unpatch_all(p);
	guard_remove(p, tid);
	proc_scratch_unmap(p, tid);
}

void proc_release(udt_proc_t *p)
{
	if (!p)
		return;
	int *sigs = NULL;
	size_t nstopped = 0;
	pid_t any = 0;
	/* Threads may be added while stopping (clones in flight): index by position. */
	for (size_t i = 0; i < p->ntids; i++) {
		int s;
		int *ns = realloc(sigs, p->captids * sizeof(*ns));
		if (!ns)
			break;
		sigs = ns;
		if (release_stop(p, p->tids[i], &s)) {
			sigs[i] = s;
			p->tstop[i] = 1;
			nstopped++;
			if (!any)
				any = p->tids[i];
		} else {
			p->tstop[i] = 0;
		}
	}
	if (nstopped) {
		if (!p->sharedvm) {
			proc_sema_release(p);
			proc_unpatch_all(p);
			guard_remove(p, any);
			proc_scratch_unmap(p, any);
		}
		for (size_t i = 0; i < p->ntids && sigs; i++)
			if (p->tstop[i])
				ptrace(PTRACE_DETACH, p->tids[i], 0,
				    (void *)(long)sigs[i]);
	}
	free(sigs);
	if (p->killed)
		reap_killed(p);
	proc_free(p);
}

void proc_kill(udt_proc_t *p)
{
	if (!p)
		return;
	if (!p->sharedvm)
		proc_sema_release(p);
	proc_unpatch_all(p);
	p->killed = 1;
	kill(p->pid, SIGKILL);
}
