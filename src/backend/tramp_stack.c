/*
 * tramp_stack.c — where each thread's stack ends, for the trampolines
 * that copy stack bytes (ustack(), stack arguments, USDT arguments): the
 * table in the ring's header (layout in tramp_impl.h) that a trampoline
 * looks its thread pointer up in, and udtrace's copy of it.
 *
 * Owns: which range a thread's entry gives, and the table's writes.
 * Must not: give a range any byte of which could be unmapped while a
 * thread with that thread pointer lives: a trampoline copies from rsp up
 * to the range's end without any check, and a fault there would kill
 * the target. Where that cannot be shown, the thread gets no entry and
 * its trampolines copy only to the end of rsp's own page (which holds
 * [rsp]): a shorter copy, read on from the live process by the unwinder
 * as the uprobe backend's copy is beyond its length.
 * Invariants:
 *  - ranges: the main thread's is its [stack] mapping, from its end down
 *    as far as the stack may grow (RLIMIT_STACK; the mapping's start if
 *    unlimited), never past the mapping below; a thread seen at its
 *    birth, from its first rsp (what clone was given: every frame it
 *    will have lies below) down to the start of the mapping holding it;
 *    a thread seen later (-p), from rsp up to its thread pointer when
 *    that lies above rsp in the same mapping (glibc and musl put the
 *    thread's TCB on top of its stack), else none;
 *  - an entry is written only while its thread is stopped (born, at
 *    attach or exec) or gone, and key last / key first: a trampoline of
 *    another thread never matches a half-written entry, and one reading
 *    an entry as it is removed reads the key again after the range;
 *  - keys may repeat (a thread cloned without a TLS of its own shares
 *    its creator's): the trampoline takes the first entry of its key
 *    whose range holds its rsp.
 */
#include <string.h>
#include <stdlib.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/user.h>
#include "backend/tramp_impl.h"

#define KEY_EMPTY 0
#define KEY_GONE  1

static uint32_t stk_hash(uint64_t fs)
{
	return (uint32_t)((fs * 0x9e3779b97f4a7c15ull) >> (64 - TP_STK_BITS));
}

static volatile uint64_t *ent(tp_proc_t *tp, uint32_t slot)
{
	return (volatile uint64_t *)(tp->ring + TP_H_STK +
	    (size_t)slot * TP_STK_ENT);
}

/* Write e into the shared table (the ring is mapped). -1: full. */
static int table_put(tp_proc_t *tp, tp_stk_t *e)
{
	uint32_t s = stk_hash(e->fs), used = 0;

	for (size_t i = 0; i < tp->nstk; i++)
		if (tp->stk[i].slot != UINT32_MAX)
			used++;
	/* half full at most: every probe sequence meets an empty slot soon */
	if (used >= TP_STK_N / 2)
		return -1;
	for (uint32_t n = 0; n < TP_STK_N; n++, s = (s + 1) & (TP_STK_N - 1)) {
		volatile uint64_t *v = ent(tp, s);
		if (v[0] != KEY_EMPTY && v[0] != KEY_GONE)
			continue;
		v[1] = e->lo;
		v[2] = e->hi;
		__atomic_thread_fence(__ATOMIC_RELEASE);
		v[0] = e->fs;
		e->slot = s;
		return 0;
	}
	return -1;
}

static void table_del(tp_proc_t *tp, tp_stk_t *e)
{
	volatile uint64_t *v;

	if (!tp->ring || e->slot == UINT32_MAX)
		return;
	v = ent(tp, e->slot);
	v[0] = KEY_GONE;
	__atomic_thread_fence(__ATOMIC_RELEASE);
	v[1] = 0;
	v[2] = 0;
	e->slot = UINT32_MAX;
}

void tp_stack_forget(tp_proc_t *tp, pid_t tid)
{
	for (size_t i = 0; i < tp->nstk; i++)
		if (tp->stk[i].tid == tid) {
			table_del(tp, &tp->stk[i]);
			tp->stk[i] = tp->stk[--tp->nstk];
			return;
		}
}

void tp_stack_reset(tp_proc_t *tp)
{
	/* an exec'd image has a new ring: the old table goes with the old one */
	tp->nstk = 0;
	tp->stkfull = 0;
}

void tp_stack_publish(tp_proc_t *tp)
{
	for (size_t i = 0; i < tp->nstk; i++)
		if (tp->stk[i].slot == UINT32_MAX)
			(void)table_put(tp, &tp->stk[i]);
}

static const udt_map_t *map_at(const udt_map_t *m, size_t n, uint64_t a,
    size_t *idx)
{
	for (size_t i = 0; i < n; i++)
		if (a >= m[i].start && a < m[i].end) {
			*idx = i;
			return &m[i];
		}
	return NULL;
}

/* How far down the main stack may grow below its end. */
static uint64_t stack_limit(pid_t pid)
{
	struct rlimit rl;

	if (prlimit(pid, RLIMIT_STACK, NULL, &rl) != 0 ||
	    rl.rlim_cur == RLIM_INFINITY)
		return 0;
	return (uint64_t)rl.rlim_cur;
}

/* The range of thread tid's stack (see the invariants), 0 if unknown. */
static int stack_range(tp_proc_t *tp, pid_t tid, int born, uint64_t rsp,
    uint64_t fs, uint64_t *lo, uint64_t *hi)
{
	const udt_map_t *m, *s = NULL;
	size_t n, i = 0, si = 0;

	if (proc_maps(tp->p, &m, &n) < 0)
		return 0;
	for (size_t k = 0; k < n; k++)
		if (strcmp(m[k].path, "[stack]") == 0) {
			s = &m[k];
			si = k;
		}
	if (s && (tid == tp->pid || (rsp >= s->start && rsp < s->end))) {
		uint64_t lim = stack_limit(tp->pid), below = si ? m[si - 1].end : 0;
		*hi = s->end;
		*lo = lim && lim < s->end && s->end - lim < s->start ?
		    s->end - lim : s->start;
		if (*lo < below)
			*lo = below;
		return 1;
	}
	if (born) {
		/* its first rsp: every frame it will push lies below */
		if (!rsp || !(m = map_at(m, n, rsp - 1, &i)))
			return 0;
		*lo = m->start;
		*hi = rsp;
		return 1;
	}
	if (!(m = map_at(m, n, rsp, &i)) || fs <= rsp || fs > m->end)
		return 0;
	*lo = m->start;
	*hi = fs;
	return 1;
}

void tp_stack_note(tp_backend_t *b, tp_proc_t *tp, pid_t tid, int born)
{
	struct user_regs_struct r;
	tp_stk_t e = { .tid = tid, .slot = UINT32_MAX };

	tp_stack_forget(tp, tid);
	if (ptrace(PTRACE_GETREGS, tid, 0, &r) != 0 ||
	    !stack_range(tp, tid, born, r.rsp, r.fs_base, &e.lo, &e.hi))
		return;
	e.fs = r.fs_base;
	if (e.fs <= KEY_GONE || e.lo >= e.hi)
		return;
	if (tp->nstk == tp->capstk) {
		size_t nc = tp->capstk ? tp->capstk * 2 : 16;
		tp_stk_t *nv = realloc(tp->stk, nc * sizeof *nv);
		if (!nv)
			return;
		tp->stk = nv;
		tp->capstk = nc;
	}
	if (tp->ring && table_put(tp, &e) < 0 && !tp->stkfull) {
		tp->stkfull = 1;
		if (b->vfp) {
			fprintf(b->vfp, "udtrace: trampoline: pid %d: more than %u "
			    "threads: stack copies of the others end at their "
			    "page\n", (int)tp->pid, TP_STK_N / 2);
			fflush(b->vfp);
		}
	}
	tp->stk[tp->nstk++] = e;
}
