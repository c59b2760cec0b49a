/*
 * ptrace_wait.c — how the ptrace backend takes its threads' statuses:
 * peeking at one, consuming one without losing a breakpoint trap's
 * signal, and the statuses met out of turn (the queue) or of tasks not
 * named yet (the orphans).
 *
 * Owns: every wait for a status outside the dispatch loop's peek, the
 * GUARD_SI_TAKEN mark, the rewind of a trap consumed off the hit path.
 * Must not: resume a thread (ptrace.c does) or allocate.
 * Invariant: a trap of one of our int3s is consumed (waited for without
 * WNOWAIT) only once the thread is back on that int3 with its siginfo
 * marked: a consumed stop gives the thread no signal if udtrace dies,
 * and from after the int3 it would run the probed instruction's tail.
 */
#include <errno.h>
#include <string.h>
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
