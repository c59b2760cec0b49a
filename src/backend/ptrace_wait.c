/*
 * ptrace_wait.c — how the ptrace backend takes its threads' statuses:
 * peeking at one, consuming one without losing a breakpoint trap's
 * signal, the statuses met out of turn (the queue) or of tasks not
 * named yet (the orphans), and the blocking wait (ops->wait): for a
 * consumer loop with nothing but the backend to watch, a blocking
 * waitid() takes each stop as it comes, instead of poll() on the SIGCHLD
 * signalfd, a read of it and a wait that finds nothing more: a system
 * call stop then costs the waitid, PTRACE_GET_SYSCALL_INFO (when a probe
 * reads it) and the PTRACE_SYSCALL that resumes it, and nothing else.
 *
 * Owns: every wait for a status outside the dispatch loop's peek, the
 * GUARD_SI_TAKEN mark, the rewind of a trap consumed off the hit path;
 * the wake-up timer (a POSIX timer on CLOCK_MONOTONIC whose signal,
 * pt_wakesig(), interrupts the blocking wait at the caller's deadline).
 * Must not: resume a thread (ptrace.c does) or allocate; block past the
 * deadline by more than PT_WAIT_LATE_NS, or hold a stop that needs the
 * caller (anything but a system call stop ends a blocking run, so the
 * caller's resume and checks come next).
 * Invariants: a trap of one of our int3s is consumed (waited for without
 * WNOWAIT) only once the thread is back on that int3 with its siginfo
 * marked: a consumed stop gives the thread no signal if udtrace dies,
 * and from after the int3 it would run the probed instruction's tail.
 * pt_wakesig() is blocked except inside a blocking run, so it never
 * interrupts another system call of udtrace; the timer is armed for the
 * deadline and then every PT_WAIT_LATE_NS, so a wake-up that came just
 * before the wait began (and was taken by the handler there) is
 * followed by another.
 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include "backend/ptrace_impl.h"
#include "proc/guard.h"

void pt_queue_add(pt_backend_t *b, pt_thread_t *t, int st)
{
	if (b->nq < PT_QMAX) {
		b->queue[b->nq].tid = t->tid;
		b->queue[b->nq++].status = st;
		t->queued = 1;
	}
}

void pt_orphan_add(pt_backend_t *b, pid_t tid, int st)
{
	if (b->norphan < PT_QMAX) {
		b->orphan[b->norphan].tid = tid;
		b->orphan[b->norphan++].status = st;
	}
}

/*
 * The next status of id (P_ALL: of any child) as waitpid would give it,
 * left for a later wait to consume (WNOWAIT): a tid, 0 (WNOHANG, none),
 * or -1.
 */
pid_t pt_peek(idtype_t idt, pid_t id, int flags, int *st)
{
	siginfo_t si;

	si.si_pid = 0;
	if (waitid(idt, (id_t)id, &si, WEXITED | WSTOPPED | WNOWAIT | __WALL |
	    flags) < 0)
		return -1;
	if (si.si_pid == 0)
		return 0;
	switch (si.si_code) {
	case CLD_EXITED:
		*st = (si.si_status & 0xff) << 8;
		break;
	case CLD_KILLED:
		*st = si.si_status & 0x7f;
		break;
	case CLD_DUMPED:
		*st = (si.si_status & 0x7f) | 0x80;
		break;
	default:   /* CLD_TRAPPED, CLD_STOPPED: si_status is the whole stop code */
		*st = (si.si_status << 8) | 0x7f;
		break;
	}
	return si.si_pid;
}

/* A signal-delivery stop of SIGTRAP (an int3's, or a sent one)? */
int pt_trap_stop(int st)
{
	return WIFSTOPPED(st) && (st >> 8) == SIGTRAP;
}

/*
 * Mark the SIGTRAP stopped thread t is in as taken by us at the int3 at
 * addr, before its pc goes anywhere but into a slot: if udtrace dies
 * before resuming it, the guard sees where it stands (guard.h).
 */
void pt_mark_taken(pt_thread_t *t, uint64_t addr)
{
	siginfo_t si;

	memset(&si, 0, sizeof si);
	si.si_signo = SIGTRAP;
	si.si_code = GUARD_SI_TAKEN;
	si.si_addr = (void *)(uintptr_t)addr;
	ptrace(PTRACE_SETSIGINFO, t->tid, 0, &si);
}

/*
 * Wait for t's next status and consume it, away from the hit path (a
 * stop that will be queued, or settled for detach). A trap of one of our
 * int3s is first put back onto the int3 (marked, then rewound) and
 * t->rewound set: consumed, the stop would otherwise leave the thread
 * after the int3 with no signal to bring it back if udtrace died.
 * As waitpid (flags: 0 or WNOHANG).
 */
pid_t pt_take(pt_thread_t *t, int flags, int *st)
{
	struct user_regs_struct r;
	pt_bp_t *bp;
	pid_t w;

	while ((w = pt_peek(P_PID, t->tid, flags, st)) < 0 && errno == EINTR)
		;
	if (w <= 0)
		return w;
	if (pt_trap_stop(*st) && ptrace(PTRACE_GETREGS, t->tid, 0, &r) == 0 &&
	    (bp = pt_bp_find(t->pp, r.rip - 1)) != NULL) {
		pt_mark_taken(t, bp->addr);
		r.rip = bp->addr;
		if (ptrace(PTRACE_SETREGS, t->tid, 0, &r) == 0)
			t->rewound = bp->addr;
	}
	while ((w = waitpid(t->tid, st, __WALL)) < 0 && errno == EINTR)
		;
	return w;
}

/* The first stop of a new auto-attached task (0 = gone). */
int pt_wait_initial(pt_backend_t *b, pid_t tid)
{
	size_t i;
	int st;

	for (i = 0; i < b->norphan; i++)
		if (b->orphan[i].tid == tid) {
			st = b->orphan[i].status;
			b->orphan[i] = b->orphan[--b->norphan];
			return st;
		}
	for (;;) {
		pid_t r = waitpid(tid, &st, __WALL);
		if (r == tid)
			return st;
		if (r < 0 && errno != EINTR)
			return 0;
	}
}

/* the longest wait, so a stop request just missed is seen soon after */
#define PT_WAIT_MAX_NS  100000000ull
#define PT_WAIT_LATE_NS  10000000ull

int pt_wakesig(void)
{
	return SIGRTMIN + 4;
}

static void on_wake(int sig)
{
	(void)sig;
}

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static struct timespec ts_of(uint64_t ns)
{
	return (struct timespec){ (time_t)(ns / 1000000000ull),
	    (long)(ns % 1000000000ull) };
}

/* The wake-up timer, made on first use: 0, or -1 (then no blocking wait). */
static int timer_ready(pt_backend_t *b)
{
	struct sigaction sa;
	struct sigevent ev;

	if (b->has_timer)
		return 0;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_wake;   /* no SA_RESTART: the wait returns EINTR */
	sigemptyset(&sa.sa_mask);
	memset(&ev, 0, sizeof ev);
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = pt_wakesig();
	if (sigaction(pt_wakesig(), &sa, NULL) < 0 ||
	    timer_create(CLOCK_MONOTONIC, &ev, &b->timer) < 0)
		return -1;
	b->has_timer = 1;
	return 0;
}

int pt_wait(udt_backend_t *be, uint64_t deadline, int (*quit)(void *),
    void *arg)
{
	pt_backend_t *b = (pt_backend_t *)be;
	struct itimerspec its;
	sigset_t wake;
	uint64_t now = mono_ns();
	pid_t tid;
	int st;

	/* stops taken outside a wait (holding a process) come first */
	pt_drain_queue(b);
	if (quit(arg))
		return 0;
	if (deadline == 0 || deadline > now + PT_WAIT_MAX_NS)
		deadline = now + PT_WAIT_MAX_NS;
	if (now >= deadline) {
		/*
		 * Due already (a switchrate shorter than a loop's turn): what
		 * waits is still taken, without blocking, as dispatch's
		 * zero-timeout poll would, or the threads would never run.
		 */
		while (!quit(arg) && (tid = pt_peek(P_ALL, 0,
		    WNOHANG | __WNOTHREAD, &st)) > 0)
			pt_take_handle(b, tid, st);
		return 0;
	}
	if (timer_ready(b) < 0)
		return 1;
	memset(&its, 0, sizeof its);
	its.it_value = ts_of(deadline);
	its.it_interval = ts_of(PT_WAIT_LATE_NS);
	if (timer_settime(b->timer, TIMER_ABSTIME, &its, NULL) < 0)
		return 1;
	sigemptyset(&wake);
	sigaddset(&wake, pt_wakesig());
	sigprocmask(SIG_UNBLOCK, &wake, NULL);
	for (;;) {
		tid = pt_peek(P_ALL, 0, __WNOTHREAD, &st);
		if (tid <= 0) {
			/* nothing traced: sleep to the deadline, not spin */
			if (errno == ECHILD) {
				struct timespec d = ts_of(deadline);
				(void)clock_nanosleep(CLOCK_MONOTONIC,
				    TIMER_ABSTIME, &d, NULL);
			}
			break;   /* EINTR: the deadline, or a signal */
		}
		int sys = WIFSTOPPED(st) && (st >> 16) == 0 &&
		    WSTOPSIG(st) == (SIGTRAP | 0x80);
		pt_take_handle(b, tid, st);
		if (!sys || b->nq || quit(arg))
			break;
	}
	sigprocmask(SIG_BLOCK, &wake, NULL);
	return 0;
}
