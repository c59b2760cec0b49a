/*
 * uprobe_hold.c — holding a thread that just mapped a file whose uprobes
 * are not registered yet, so that none of the file's code runs before
 * they are: PTRACE_SEIZE (no signal, no stop of its own) then
 * PTRACE_INTERRUPT, which stops the thread before it returns to user
 * space (a ptrace stop: its parent sees no stop, no SIGCHLD, and
 * waitpid/WUNTRACED reports nothing), and PTRACE_DETACH once the
 * registration is done. Registering a uprobe waits for an RCU grace
 * period (5-20 ms on a loaded machine) while a program's execve reaches
 * main in under 1 ms: without the hold its first probes are lost.
 *
 * Owns: the ptrace relation with the held threads, from the watch
 * thread of uprobe_maps.c only (ptrace requests must come from the
 * tracer thread; the inner ptrace backend waits with __WNOTHREAD, so it
 * never takes these threads' reports).
 * Must not: hold a thread someone else traces (PTRACE_SEIZE refuses) or
 * a child of udtrace's own (its exit would be reaped here instead of by
 * system()'s waitpid); lose a signal or a stop the thread met while
 * held; keep a thread after udtrace: the kernel detaches every tracee of
 * an exiting tracer thread, SIGKILL of udtrace included.
 * Invariant: a held thread is let go only from a stop (detached with the
 * signal of a signal-delivery stop, which the kernel then delivers as if
 * nothing had happened; a group stop stays a group stop) or reaped when
 * it died, so its parent's wait sees it at once.
 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include "backend/uprobe_impl.h"

/*
 * Is process pid a child of udtrace's (any thread's)? waitid with
 * WNOWAIT takes nothing and answers in a system call (ECHILD: not
 * ours), where /proc/PID/stat would cost tens of microseconds while the
 * process runs on.
 */
static int our_child(pid_t pid)
{
	siginfo_t si;

	memset(&si, 0, sizeof si);
	return waitid(P_PID, (id_t)pid, &si, WEXITED | WSTOPPED | WCONTINUED |
	    WNOHANG | WNOWAIT | __WALL) == 0;
}

int up_hold_start(up_hold_t *h, pid_t pid, pid_t tid)
{
	memset(h, 0, sizeof *h);
	h->tid = tid;
	if (tid <= 0 || our_child(pid))
		return -1;
	if (ptrace(PTRACE_SEIZE, tid, 0, 0) < 0)
		return -1;   /* EPERM: traced already, or not permitted */
	/*
	 * Held from here: it stops before its next user instruction. A
	 * failure (ESRCH: it is dying) leaves its exit ours to reap, which
	 * up_hold_poll does.
	 */
	(void)ptrace(PTRACE_INTERRUPT, tid, 0, 0);
	h->held = 1;
	return 0;
}

/* One wait status of the held thread: 1 once it is gone. */
static int took(up_hold_t *h, int st)
{
	if (WIFEXITED(st) || WIFSIGNALED(st)) {
		h->held = 0;
		return 1;
	}
	if (WIFSTOPPED(st)) {
		h->stopped = 1;
		/*
		 * A signal-delivery stop: the signal goes back with the detach.
		 * PTRACE_EVENT_STOP (our interrupt, or a group stop, which the
		 * kernel keeps after the detach): nothing to give back.
		 */
		h->sig = (st >> 16) == 0 ? WSTOPSIG(st) : 0;
	}
	return 0;
}

int up_hold_poll(up_hold_t *h, int release, int block)
{
	int st;
	pid_t w;

	while (h->held) {
		if (!h->stopped) {
			w = waitpid(h->tid, &st, __WALL | (block ? 0 : WNOHANG));
			if (w == 0)
				return 0;      /* not stopped yet: the interrupt comes */
			if (w < 0) {
				if (errno == EINTR)
					continue;
				h->held = 0;   /* ECHILD: not ours any more */
				return 1;
			}
			if (took(h, st))
				return 1;
		}
		if (!release)
			return 0;
		if (ptrace(PTRACE_DETACH, h->tid, 0, (void *)(long)h->sig) == 0) {
			h->held = 0;
			return 1;
		}
		/* ESRCH: killed in the stop; its exit report comes next */
		h->stopped = 0;
		h->sig = 0;
	}
	return 1;
}
