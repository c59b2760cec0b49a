/*
 * tramp.c — the trampoline backend (-x backend=trampoline): a pid site
 * becomes a 5-byte `jmp` to a trampoline in the target that writes a
 * record into a ring shared with udtrace and runs the displaced
 * instructions: a hit costs the target no trap and no system call.
 *
 * Owns: the points (one per process and address, every site planted
 * there), when they are patched and restored, and the fallback: a site
 * that cannot be patched safely (tramp_code.c says why; -v prints it),
 * whose actions need the thread stopped (site.sync), or that is
 * system-wide, goes to an inner backend —
 * uprobe, or ptrace where uprobes are not permitted — which also owns
 * the processes' lifecycle (threads, fork, exec, exit, dlopen stops).
 * Must not: plant a jump while any thread of the process runs, or where
 * another site's bytes (an int3, a uprobe) lie inside its 5 bytes.
 * Invariants:
 *  - add_site only decides; jumps are written by flush (at resume, and
 *    after the consumer's exec/dlopen callbacks), with every thread held
 *    stopped and none with its pc inside the 5 bytes;
 *  - every jump byte goes through proc_patch: the patch table restores
 *    it on every way out, the watchdog's mirror on SIGKILL of udtrace,
 *    and a fork child's copy is restored by the inner backend's fork
 *    handling; the trampolines and the ring stay mapped in the target;
 *  - a site added inside another point's 5 bytes demotes that point to
 *    the inner backend first (restoring its jump), so no int3 or uprobe
 *    ever lands inside a jump;
 *  - hits reach the consumer in time order with the inner backend's:
 *    before an inner hit, ring records older than it are delivered.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/user.h>
#include "backend/tramp_impl.h"
#include "sym/sym.h"

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif
#define REACH 0x7fff0000ull

static tp_backend_t *B(udt_backend_t *b) { return (tp_backend_t *)b; }

static tp_proc_t *tp_find(tp_backend_t *b, const udt_proc_t *p)
{
	for (tp_proc_t *tp = b->procs; tp; tp = tp->next)
		if (tp->p == p)
			return tp;
	return NULL;
}

/* ---- points ---- */

static size_t hslot(const tp_proc_t *tp, uint64_t addr)
{
	return (size_t)((addr * 0x9e3779b97f4a7c15ull) >> 24) & (tp->nhash - 1);
}

tp_point_t *tp_pt_find(const tp_proc_t *tp, uint64_t addr)
{
	if (!tp->nhash)
		return NULL;
	for (tp_point_t *pt = tp->hash[hslot(tp, addr)]; pt; pt = pt->hnext)
		if (pt->addr == addr)
			return pt;
	return NULL;
}

static tp_point_t *pt_new(tp_backend_t *b, tp_proc_t *tp, uint64_t addr)
{
	tp_point_t *pt;

	if (tp->npoints * 2 >= tp->nhash) {
		size_t n = tp->nhash ? tp->nhash * 2 : 256;
		tp_point_t **nh = calloc(n, sizeof *nh);
		if (!nh)
			goto nomem;
		for (size_t i = 0; i < tp->nhash; i++)
			for (tp_point_t *q = tp->hash[i], *nx; q; q = nx) {
				size_t k = (size_t)((q->addr * 0x9e3779b97f4a7c15ull) >> 24) & (n - 1);
				nx = q->hnext;
				q->hnext = nh[k];
				nh[k] = q;
			}
		free(tp->hash);
		tp->hash = nh;
		tp->nhash = n;
	}
	if (tp->npoints == tp->capid) {
		size_t n = tp->capid ? tp->capid * 2 : 64;
		tp_point_t **nv = realloc(tp->byid, n * sizeof *nv);
		if (!nv)
			goto nomem;
		tp->byid = nv;
		tp->capid = n;
	}
	if (!(pt = calloc(1, sizeof *pt)))
		goto nomem;
	pt->addr = addr;
	pt->id = (uint32_t)tp->npoints;
	pt->state = TP_FALLBACK;
	tp->byid[tp->npoints++] = pt;
	pt->hnext = tp->hash[hslot(tp, addr)];
	tp->hash[hslot(tp, addr)] = pt;
	return pt;
nomem:
	snprintf(b->err, sizeof b->err, "out of memory");
	return NULL;
}

static int pt_add_site(tp_backend_t *b, tp_point_t *pt, udt_site_t *s)
{
	size_t i;

	for (i = 0; i < pt->nsites && pt->sites[i]; i++)
		;
	if (i == pt->nsites) {
		if (pt->nsites == pt->capsites) {
			size_t n = pt->capsites ? pt->capsites * 2 : 2;
			udt_site_t **nv = realloc(pt->sites, n * sizeof *nv);
			if (!nv) {
				snprintf(b->err, sizeof b->err, "out of memory");
				return -1;
			}
			pt->sites = nv;
			pt->capsites = n;
		}
		pt->nsites++;
	}
	pt->sites[i] = s;
	pt->live++;
	return 0;
}

static void pt_del_site(tp_point_t *pt, udt_site_t *s)
{
	for (size_t i = 0; i < pt->nsites; i++)
		if (pt->sites[i] == s) {
			pt->sites[i] = NULL;
			pt->live--;
			return;
		}
}

/*
 * May pt's trampoline count instead of recording? Every live site says
 * its hits may be reported in bulk, and its id has a counter.
 */
static int pt_countable(const tp_point_t *pt)
{
	if (!pt->live || pt->id >= TP_CNT_N)
		return 0;
	for (size_t i = 0; i < pt->nsites; i++)
		if (pt->sites[i] && !pt->sites[i]->counted)
			return 0;
	return 1;
}

/* Does a live site of pt seal (its records carry the epoch)? */
static int pt_sealing(const tp_point_t *pt)
{
	for (size_t i = 0; i < pt->nsites; i++)
		if (pt->sites[i] && pt->sites[i]->seal)
			return 1;
	return 0;
}

/*
 * May pt's trampoline write short records? No live site reads a
 * register a short record leaves out (udt_site_t.regs_skip), and none
 * wants a stack copy.
 */
static int pt_shortable(const tp_point_t *pt)
{
	uint64_t own = (1ull << R_RIP) | (1ull << R_FS_BASE),
	    all = (1ull << UDT_NREGS) - 1;

	if (pt->stack || pt_sealing(pt))
		return 0;
	for (size_t i = 0; i < pt->nsites; i++)
		if (pt->sites[i] &&
		    (~pt->sites[i]->regs_skip & all & ~own & ~TP_SHORT_REGS))
			return 0;
	return 1;
}

#define SHORT_WHY "one-line records (no register read but arg0-arg2, " \
	"or arg1 at a return)"

/* q counts from now on: its counter is read at each drain (tp->cids). */
static void pt_counts(tp_proc_t *tp, tp_point_t *q)
{
	q->seal = pt_sealing(q);
	q->shorter = pt_shortable(q);
	q->counted = pt_countable(q);
	/* folds: its clauses get kids of this trampoline's own */
	q->kagg = !q->counted && !tp->inner_seal && tp_kaggable(q) &&
	    tp_kagg_kids(tp, q) == 0;
	if (!q->counted || q->cntused)
		return;
	if (tp->ncids == tp->capcids) {
		size_t nc = tp->capcids ? tp->capcids * 2 : 16;
		uint32_t *nv = realloc(tp->cids, nc * sizeof *nv);
		if (!nv) {
			q->counted = 0;   /* records then */
			return;
		}
		tp->cids = nv;
		tp->capcids = nc;
	}
	tp->cids[tp->ncids++] = q->id;
	q->cntused = 1;
}

/* pt's trampoline and those of the points it fires are written now. */
static void pt_set_counted(tp_proc_t *tp, tp_point_t *pt)
{
	pt_counts(tp, pt);
	for (size_t k = 0; k < tp->npoints; k++) {
		tp_point_t *q = tp->byid[k];
		if (q->state == TP_INNER && q->outer == pt)
			pt_counts(tp, q);
	}
}

/* Forget every point without touching memory (exec, exit, destroy). */
static void points_forget(tp_proc_t *tp)
{
	for (size_t i = 0; i < tp->npoints; i++) {
		free(tp->byid[i]->sites);
		free(tp->byid[i]);
	}
	tp->npoints = 0;
	tp->ncids = 0;
	tp->nkids = 0;
	if (tp->hash)
		memset(tp->hash, 0, tp->nhash * sizeof *tp->hash);
	tp->nareas = 0;
	tp->pending = 0;
}

/* ---- messages ---- */

static void say(tp_backend_t *b, tp_proc_t *tp, uint64_t addr, const char *to,
    const char *why)
{
	char mod[256] = "", fn[256] = "";
	uint64_t off = 0;

	if (!b->vfp)
		return;
	(void)sym_lookup(tp->p, addr, mod, sizeof mod, fn, sizeof fn, &off);
	fprintf(b->vfp, "udtrace: trampoline: pid %d %s`%s+0x%llx (0x%llx): "
	    "%s%s%s\n", (int)tp->pid, mod, fn, (unsigned long long)off,
	    (unsigned long long)addr, to, why ? ": " : "", why ? why : "");
	fflush(b->vfp);
}

static const char *inner_name(const tp_backend_t *b)
{
	return b->in->ops->name;
}

/* ---- holding the threads, pcs ---- */

/* The pcs of every thread of tp (all stopped). */
static size_t thread_pcs(tp_proc_t *tp, uint64_t *pcs, size_t max)
{
	const pid_t *tids;
	size_t n = proc_threads(tp->p, &tids), k = 0;
	struct user_regs_struct r;

	for (size_t i = 0; i < n && k < max; i++)
		if (ptrace(PTRACE_GETREGS, tids[i], 0, &r) == 0)
			pcs[k++] = r.rip;
	return k;
}

/* Every thread's thread pointer and stack (all stopped: attach, exec). */
static void threads_note(tp_backend_t *b, tp_proc_t *tp)
{
	const pid_t *tids;
	size_t n = proc_threads(tp->p, &tids);
	struct user_regs_struct r;

	for (size_t i = 0; i < n; i++)
		if (ptrace(PTRACE_GETREGS, tids[i], 0, &r) == 0) {
			tp_thr_set(tp, tids[i], r.fs_base);
			tp_stack_note(b, tp, tids[i], 0);
		}
}

/* ---- fallback ---- */

/*
 * A sealing site (exit, printa, clear...) fires from the inner backend:
 * its hits open no epoch, so nothing folded in the target could be cut
 * at them. Every folding point of the process gets a trampoline that
 * writes records instead (flush writes them), and none folds from now.
 */
static void inner_seal(tp_proc_t *tp)
{
	if (tp->inner_seal)
		return;
	tp->inner_seal = 1;
	for (size_t i = 0; i < tp->npoints; i++) {
		tp_point_t *q = tp->byid[i];
		if (!q->kagg)
			continue;
		if (q->state == TP_INNER && q->outer != NULL)
			q = q->outer;
		if (q->state == TP_PATCHED || q->state == TP_PENDING) {
			q->state = TP_PENDING;
			q->tramp = 0;
			tp->pending = 1;
		}
	}
}

static void fall_back(tp_backend_t *b, tp_proc_t *tp, tp_point_t *pt,
    const char *why)
{
	pt->state = TP_FALLBACK;
	if (pt_sealing(pt))
		inner_seal(tp);
	say(b, tp, pt->addr, inner_name(b), why);
	for (size_t i = 0; i < pt->nsites; i++) {
		udt_site_t *s = pt->sites[i];
		if (s && b->in->ops->add_site(b->in, s) < 0) {
			if (b->vfp)
				fprintf(b->vfp, "udtrace: trampoline: %s\n",
				    b->in->ops->errmsg(b->in));
			pt->sites[i] = NULL;
			pt->live--;
		}
	}
}

/* Take a patched or pending point back to the inner backend (restoring its jump). */
static void demote(tp_backend_t *b, tp_proc_t *tp, tp_point_t *pt,
    const char *why)
{
	if (pt->state == TP_PATCHED) {
		pid_t tid = b->in->ops->hold(b->in, tp->p, 1);
		(void)tid;
		proc_unpatch(tp->p, pt->addr, TP_JMPLEN);
		b->in->ops->hold(b->in, tp->p, 0);
	}
	fall_back(b, tp, pt, why);
	/* the points its trampoline fired go with it, once its jump is gone */
	for (size_t i = 0; i < tp->npoints; i++)
		if (tp->byid[i]->state == TP_INNER && tp->byid[i]->outer == pt) {
			tp->byid[i]->outer = NULL;
			fall_back(b, tp, tp->byid[i], "the trampoline around it fell "
			    "back");
		}
}

/* Is a the address of one of pt's displaced instructions after the first? */
static int plan_boundary(const tp_point_t *pt, uint64_t a)
{
	uint64_t x = pt->addr;

	for (int i = 0; i < pt->plan.ninsn; i++) {
		if (i && x == a)
			return 1;
		x += pt->plan.in[i].len;
	}
	return 0;
}

/* Does any point fire from pt's trampoline? */
static int has_inner(const tp_proc_t *tp, const tp_point_t *pt)
{
	for (size_t i = 0; i < tp->npoints; i++)
		if (tp->byid[i]->state == TP_INNER && tp->byid[i]->outer == pt)
			return 1;
	return 0;
}

/* ---- code areas ---- */

static int reach(uint64_t a, uint64_t len, uint64_t near)
{
	if (a + len <= near)
		return near - a <= REACH;
	if (a >= near)
		return a + len - near <= REACH;
	return 1;
}

/* A free hole of TP_AREA bytes near `near`, or 0. */
static uint64_t hole_near(tp_proc_t *tp, uint64_t near)
{
	const udt_map_t *m;
	size_t n;
	uint64_t best = 0, bestd = UINT64_MAX;

	if (proc_maps(tp->p, &m, &n) < 0)
		return 0;
	for (size_t i = 0; i + 1 < n; i++) {
		uint64_t gs = (m[i].end + 0xffff) & ~0xffffull, ge = m[i + 1].start;
		uint64_t a, d;
		if (strcmp(m[i].path, "[heap]") == 0)
			gs += 256ull << 20;   /* the heap grows up */
		if (ge <= gs || ge - gs < 2 * TP_AREA)
			continue;
		/* the hole's end nearest near */
		a = near <= gs ? gs : (ge - TP_AREA) & ~0xfffull;
		if (a < gs)
			a = gs;
		d = a > near ? a - near : near - a;
		if (reach(a, TP_AREA, near) && d < bestd) {
			best = a;
			bestd = d;
		}
	}
	return best;
}

static uint64_t code_at(tp_backend_t *b, tp_proc_t *tp, pid_t tid,
    uint64_t near, size_t len)
{
	uint64_t a, r;

	for (size_t i = 0; i < tp->nareas; i++) {
		tp_area_t *ar = &tp->areas[i];
		if (ar->used + len <= ar->size && reach(ar->base, ar->size, near)) {
			a = ar->base + ar->used;
			ar->used = (ar->used + len + 15) & ~15ull;
			return a;
		}
	}
	if (tp->nareas == tp->capareas) {
		size_t nc = tp->capareas ? tp->capareas * 2 : 4;
		tp_area_t *na = realloc(tp->areas, nc * sizeof *na);
		if (!na)
			return 0;
		tp->areas = na;
		tp->capareas = nc;
	}
	if (!(a = hole_near(tp, near)))
		return 0;
	{
		uint64_t args[6] = { a, TP_AREA, PROT_READ | PROT_EXEC,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE,
		    (uint64_t)-1, 0 };
		if (proc_syscall(tp->p, tid, SYS_mmap, args, &r) < 0 ||
		    r >= (uint64_t)-4095)
			return 0;
		if (r != a) {
			uint64_t un[6] = { r, TP_AREA, 0, 0, 0, 0 };
			proc_syscall(tp->p, tid, SYS_munmap, un, &r);
			return 0;
		}
	}
	(void)b;
	tp->areas[tp->nareas++] = (tp_area_t){ a, TP_AREA, 0 };
	return code_at(b, tp, tid, near, len);
}

/* The last trampoline allocated at a takes len bytes, not TP_CODE_MAX. */
static void code_trim(tp_proc_t *tp, uint64_t a, size_t len)
{
	for (size_t i = 0; i < tp->nareas; i++) {
		tp_area_t *ar = &tp->areas[i];
		if (a >= ar->base && a < ar->base + ar->size &&
		    ((a - ar->base + TP_CODE_MAX + 15) & ~15ull) == ar->used)
			ar->used = (a - ar->base + len + 15) & ~15ull;
	}
}

/* ---- flush: write the pending jumps ---- */

static void flush(tp_backend_t *b, tp_proc_t *tp)
{
	uint64_t pcs[1024];
	size_t npc;
	pid_t tid;

	if (!tp->pending)
		return;
	tid = b->in->ops->hold(b->in, tp->p, 1);
	npc = tid > 0 ? thread_pcs(tp, pcs, 1024) : 0;
	/* a second pass: a sealing point that fell back unfolds the others */
	for (int pass = 0; pass < 2 && tp->pending; pass++) {
		tp->pending = 0;
		for (size_t i = 0; i < tp->npoints; i++) {
			tp_point_t *pt = tp->byid[i];
			uint8_t code[TP_CODE_MAX], jmp[TP_JMPLEN];
			size_t len;
			int32_t rel;
			int inside = 0;

			if (pt->state != TP_PENDING)
				continue;
			if (!pt->live) {
				pt->state = TP_FALLBACK;   /* nothing wants it: no jump */
				continue;
			}
			if (tid <= 0) {
				fall_back(b, tp, pt, "no thread could be stopped");
				continue;
			}
			for (size_t k = 0; k < npc; k++)
				if (pcs[k] > pt->addr && pcs[k] < pt->addr + TP_JMPLEN)
					inside = 1;
			if (inside) {
				fall_back(b, tp, pt, "a thread is stopped inside its 5 bytes");
				continue;
			}
			if (!pt->tramp && !(pt->tramp = code_at(b, tp, tid, pt->addr,
			    TP_CODE_MAX))) {
				fall_back(b, tp, pt, "no memory for a trampoline within "
				    "reach");
				continue;
			}
			if (tp_ring_map(b, tp, tid) < 0) {
				fall_back(b, tp, pt, b->err);
				continue;
			}
			pt_set_counted(tp, pt);
			if (tp_emit(b, tp, pt, pt->tramp, code, &len) < 0 ||
			    proc_write(tp->p, pt->tramp, code, len) < 0) {
				fall_back(b, tp, pt, "cannot write its trampoline");
				continue;
			}
			code_trim(tp, pt->tramp, len);
			jmp[0] = 0xe9;
			rel = (int32_t)(int64_t)(pt->tramp - (pt->addr + TP_JMPLEN));
			memcpy(jmp + 1, &rel, 4);
			if (proc_patch(tp->p, pt->addr, jmp, TP_JMPLEN) < 0) {
				fall_back(b, tp, pt, "cannot write the jump");
				continue;
			}
			pt->state = TP_PATCHED;
			say(b, tp, pt->addr, "trampoline", pt->counted ? "counts its "
			    "hits in the target (count() only)" : pt->kagg ? "aggregates "
			    "its hits in the target (records when its table is full)" :
			    pt->shorter && !pt->stack ? SHORT_WHY : NULL);
			for (size_t k = 0; k < tp->npoints; k++)
				if (tp->byid[k]->state == TP_INNER &&
				    tp->byid[k]->outer == pt && tp->byid[k]->live)
					say(b, tp, tp->byid[k]->addr, "trampoline",
					    tp->byid[k]->counted ? "fired from the jump "
					    "just before it, counts its hits in the target "
					    "(count() only)" : tp->byid[k]->shorter &&
					    !tp->byid[k]->stack ? "fired from the jump "
					    "just before it, " SHORT_WHY : "fired from the "
					    "jump just before it");
		}
	}
	b->in->ops->hold(b->in, tp->p, 0);
}

static void flush_all(tp_backend_t *b)
{
	for (tp_proc_t *tp = b->procs; tp; tp = tp->next)
		flush(b, tp);
}

/* ---- the inner backend's callbacks ---- */

/* An inner hit: the ring's older records first, so hits stay in time order. */
static void in_hit(void *arg, const udt_hit_t *h)
{
	tp_backend_t *b = arg;

	tp_drain(b, NULL, h->time);
	if (b->base.cb.hit)
		b->base.cb.hit(b->base.cb.arg, h);
}

/* Bulk hits (only a counting backend reports them: not the inner ones). */
static void in_hits(void *arg, void *cookie, udt_proc_t *p, uint64_t n)
{
	tp_backend_t *b = arg;

	if (b->base.cb.hits)
		b->base.cb.hits(b->base.cb.arg, cookie, p, n);
}

static void in_thread(void *arg, udt_proc_t *p, pid_t tid, int born)
{
	tp_backend_t *b = arg;
	tp_proc_t *tp = tp_find(b, p);
	struct user_regs_struct r;

	/*
	 * Records name a thread by its thread pointer, which a new thread may
	 * inherit from a joined one (glibc reuses stacks): the records before
	 * a birth are delivered under the old owner first. A dead thread's
	 * entry stays (its last records may sit behind another thread's
	 * unpublished one) until a new thread takes its pointer.
	 */
	if (tp)
		tp_drain(b, tp, UINT64_MAX);
	if (tp && born && ptrace(PTRACE_GETREGS, tid, 0, &r) == 0) {
		tp_thr_set(tp, tid, r.fs_base);
		tp_stack_note(b, tp, tid, 1);
	} else if (tp && !born)
		tp_stack_forget(tp, tid);
	if (b->base.cb.thread)
		b->base.cb.thread(b->base.cb.arg, p, tid, born);
}

/* A process event (the proc provider's): the ring's records before it first. */
static void in_procev(void *arg, const udt_hit_t *h, int ev, int64_t a0,
    int64_t a1)
{
	tp_backend_t *b = arg;

	tp_drain(b, NULL, h->time ? h->time : tp_now());
	if (b->base.cb.procev)
		b->base.cb.procev(b->base.cb.arg, h, ev, a0, a1);
}

/* A system call event: the ring's records before it first. */
static void in_syscall(void *arg, const udt_hit_t *h, int nr, int ret)
{
	tp_backend_t *b = arg;

	tp_drain(b, NULL, h->time);
	if (b->base.cb.syscall)
		b->base.cb.syscall(b->base.cb.arg, h, nr, ret);
}

/*
 * A watched process forked: the consumer may trace the child. A parent
 * with trampolines gave the child copies of its jumps, leading into
 * copies of its trampolines that write into the parent's ring (shared
 * memory): the jumps are restored in the child first (it is stopped at
 * its birth), and a child the consumer follows gets every site from the
 * inner backend until it execs (tp->copied), so its hits are its own,
 * its exit is held until they are read, and none lands in the parent's
 * ring. A child not followed is let go, restored.
 */
static int in_forked(void *arg, udt_proc_t *p, udt_proc_t *c)
{
	tp_backend_t *b = arg;
	tp_proc_t *tp = tp_find(b, p);
	int rc;

	if (tp)
		for (size_t i = 0; i < tp->npoints; i++)
			if (tp->byid[i]->state == TP_PATCHED ||
			    tp->byid[i]->state == TP_PENDING)   /* an old jump */
				(void)proc_unpatch(c, tp->byid[i]->addr,
				    TP_JMPLEN);
	if (!b->base.cb.forked)
		return 0;
	b->forking = tp && (tp->nareas || tp->ring) ? c : NULL;
	rc = b->base.cb.forked(b->base.cb.arg, p, c);
	b->forking = NULL;
	return rc;
}

static void in_exiting(void *arg, udt_proc_t *p)
{
	tp_backend_t *b = arg;
	tp_proc_t *tp = tp_find(b, p);

	if (tp)
		tp_drain(b, tp, UINT64_MAX);
	if (b->base.cb.exiting)
		b->base.cb.exiting(b->base.cb.arg, p);
}

static void proc_drop(tp_backend_t *b, tp_proc_t *tp)
{
	tp_proc_t **pp;

	for (pp = &b->procs; *pp; pp = &(*pp)->next)
		if (*pp == tp) {
			*pp = tp->next;
			break;
		}
	points_forget(tp);
	tp_ring_unmap(b, tp);
	free(tp->hash);
	free(tp->byid);
	free(tp->areas);
	free(tp->thr);
	free(tp->stk);
	free(tp->cids);
	free(tp->kids);
	free(tp);
}

static void in_exited(void *arg, udt_proc_t *p, int status)
{
	tp_backend_t *b = arg;
	tp_proc_t *tp = tp_find(b, p);

	if (tp) {
		b->final = 1;
		tp_drain(b, tp, UINT64_MAX);
		b->final = 0;
		proc_drop(b, tp);
	}
	if (b->base.cb.exited)
		b->base.cb.exited(b->base.cb.arg, p, status);
}

static void in_exec(void *arg, udt_proc_t *p)
{
	tp_backend_t *b = arg;
	tp_proc_t *tp = tp_find(b, p);

	if (tp) {
		/* the old image's records first; its jumps, code and ring are gone */
		b->final = 1;
		tp_drain(b, tp, UINT64_MAX);
		b->final = 0;
		points_forget(tp);
		tp_ring_unmap(b, tp);
		tp->ring_failed = 0;
		tp->copied = 0;
		tp->nthr = 0;
		tp_stack_reset(tp);
		threads_note(b, tp);
	}
	if (b->base.cb.exec)
		b->base.cb.exec(b->base.cb.arg, p);
	if (tp)
		flush(b, tp);
}

static void in_objects(void *arg, udt_proc_t *p)
{
	tp_backend_t *b = arg;
	tp_proc_t *tp = tp_find(b, p);

	if (b->base.cb.objects)
		b->base.cb.objects(b->base.cb.arg, p);
	/* the new object's sites are jumps before the dlopen returns */
	if (tp)
		flush(b, tp);
}

/* ---- ops ---- */

static int tp_add_proc(udt_backend_t *be, udt_proc_t *p)
{
	tp_backend_t *b = B(be);
	tp_proc_t *tp;

	if (tp_find(b, p))
		return 0;
	if (!(tp = calloc(1, sizeof *tp))) {
		snprintf(b->err, sizeof b->err, "out of memory");
		return -1;
	}
	if (b->in->ops->add_proc(b->in, p) < 0) {
		snprintf(b->err, sizeof b->err, "%s", b->in->ops->errmsg(b->in));
		free(tp);
		return -1;
	}
	tp->p = p;
	tp->pid = proc_pid(p);
	tp->copied = p == b->forking;
	threads_note(b, tp);   /* stopped: their thread pointers and stacks */
	tp->next = b->procs;
	b->procs = tp;
	return 0;
}

/* The stack bytes s wants copied at each hit, as the uprobe backend copies them. */
static uint32_t site_stack(const udt_site_t *s)
{
	return s->stack > TP_STACK_MAX ? TP_STACK_MAX : s->stack;
}

static int to_inner(tp_backend_t *b, udt_site_t *s)
{
	tp_proc_t *tp = s->proc && s->seal ? tp_find(b, s->proc) : NULL;

	if (b->in->ops->add_site(b->in, s) < 0) {
		snprintf(b->err, sizeof b->err, "%s", b->in->ops->errmsg(b->in));
		return -1;
	}
	if (tp)
		inner_seal(tp);
	return 0;
}

static int tp_add_site(udt_backend_t *be, udt_site_t *s)
{
	tp_backend_t *b = B(be);
	tp_proc_t *tp = s->proc ? tp_find(b, s->proc) : NULL;
	tp_point_t *pt, *o;
	char why[128] = "";
	int rc;

	if (!s->proc)
		return to_inner(b, s);   /* system-wide: the kernel's */
	if (!tp) {
		snprintf(b->err, sizeof b->err, "process not watched");
		return -1;
	}
	if ((pt = tp_pt_find(tp, s->addr))) {
		if (pt->state == TP_FALLBACK && to_inner(b, s) < 0)
			return -1;
		if (pt->state != TP_FALLBACK && (s->sync || s->refctr_off)) {
			/* this site must act at the probe: all go inner */
			demote(b, tp, pt->state == TP_INNER ? pt->outer : pt,
			    s->sync ? "the probe's actions need the thread "
			    "stopped" : "its USDT semaphore is the kernel's to "
			    "count");
			if (to_inner(b, s) < 0)
				return -1;
		}
		if (pt_add_site(b, pt, s) < 0)
			return -1;
		if (pt->state != TP_FALLBACK && (site_stack(s) > pt->stack ||
		    pt_countable(pt) != pt->counted || s->kagg || pt->kagg ||
		    pt_sealing(pt) != pt->seal ||
		    pt_shortable(pt) != pt->shorter)) {
			/*
			 * A longer copy, records instead of a count (or the
			 * reverse), full records instead of one-line ones (or
			 * the reverse): a new trampoline, the jump moved to it.
			 */
			tp_point_t *o = pt->state == TP_INNER ? pt->outer : pt;
			if (site_stack(s) > pt->stack)
				pt->stack = site_stack(s);
			if (o->state == TP_PATCHED || o->state == TP_PENDING) {
				o->state = TP_PENDING;
				o->tramp = 0;
				tp->pending = 1;
			}
		}
		if (pt->state == TP_PENDING)
			tp->pending = 1;
		return 0;
	}
	/*
	 * A site inside another point's 5 bytes: at one of its displaced
	 * instructions, that point's trampoline fires it too; else that
	 * point gives way.
	 */
	for (int k = 1; k < TP_JMPLEN; k++) {
		if (!(o = tp_pt_find(tp, s->addr - (uint64_t)k)) ||
		    (o->state != TP_PENDING && o->state != TP_PATCHED))
			continue;
		if (!s->sync && !s->refctr_off && plan_boundary(o, s->addr)) {
			if (!(pt = pt_new(b, tp, s->addr)) ||
			    pt_add_site(b, pt, s) < 0)
				return -1;
			pt->stack = site_stack(s);
			pt->state = TP_INNER;
			pt->outer = o;
			o->state = TP_PENDING;   /* a new trampoline, with its record */
			o->tramp = 0;
			tp->pending = 1;
			return 0;
		}
		demote(b, tp, o, "another site lies inside its 5 bytes");
	}
	if (!(pt = pt_new(b, tp, s->addr)))
		return -1;
	if (tp->copied)
		snprintf(why, sizeof why, "a fork child holds its parent's "
		    "trampolines until it execs");
	else if (s->sync)
		snprintf(why, sizeof why, "the probe's actions need the thread "
		    "stopped");
	else if (s->refctr_off)
		snprintf(why, sizeof why, "its USDT semaphore is the kernel's "
		    "to count");
	if (!why[0]) {
		rc = tp_analyse(b, tp->p, s, &pt->plan, why, sizeof why);
		if (rc < 0)
			return -1;
		/*
		 * Points inside its 5 bytes: at its displaced instructions,
		 * with no jump of their own written and none firing from
		 * them, they fire from its trampoline; any other: it gives way.
		 */
		for (int k = 1; rc == 1 && k < TP_JMPLEN; k++) {
			if (!(o = tp_pt_find(tp, s->addr + (uint64_t)k)) || !o->live)
				continue;
			if ((o->state != TP_PENDING && o->state != TP_PATCHED) ||
			    !plan_boundary(pt, o->addr) || has_inner(tp, o)) {
				snprintf(why, sizeof why, "another site lies inside "
				    "its 5 bytes");
				rc = 0;
			}
		}
		if (rc == 1) {
			for (int k = 1; k < TP_JMPLEN; k++) {
				if (!(o = tp_pt_find(tp, s->addr + (uint64_t)k)) ||
				    !o->live)
					continue;
				if (o->state == TP_PATCHED) {
					(void)b->in->ops->hold(b->in, tp->p, 1);
					proc_unpatch(tp->p, o->addr, TP_JMPLEN);
					b->in->ops->hold(b->in, tp->p, 0);
				}
				o->state = TP_INNER;
				o->outer = pt;
			}
			if (pt_add_site(b, pt, s) < 0)
				return -1;
			pt->stack = site_stack(s);
			pt->state = TP_PENDING;
			tp->pending = 1;
			return 0;
		}
	}
	say(b, tp, s->addr, inner_name(b), why);
	if (to_inner(b, s) < 0)
		return -1;
	return pt_add_site(b, pt, s);
}

static int tp_remove_site(udt_backend_t *be, udt_site_t *s)
{
	tp_backend_t *b = B(be);
	tp_proc_t *tp = s->proc ? tp_find(b, s->proc) : NULL;
	tp_point_t *pt = tp ? tp_pt_find(tp, s->addr) : NULL;

	if (!pt)
		return b->in->ops->remove_site(b->in, s);
	/* what the table holds for it is the old program's */
	tp_kagg_forget(b, tp, s);
	pt_del_site(pt, s);
	if (pt->state == TP_FALLBACK)
		return b->in->ops->remove_site(b->in, s);
	/*
	 * A patched point keeps its jump (its records are skipped) until the
	 * process is let go: restoring needs every thread stopped.
	 */
	return 0;
}

static int tp_resume(udt_backend_t *be)
{
	tp_backend_t *b = B(be);

	flush_all(b);
	if (b->in->ops->resume(b->in) < 0) {
		snprintf(b->err, sizeof b->err, "%s", b->in->ops->errmsg(b->in));
		return -1;
	}
	return 0;
}

static int tp_fd(udt_backend_t *be)
{
	return B(be)->in->ops->fd(B(be)->in);
}

static int tp_dispatch(udt_backend_t *be)
{
	tp_backend_t *b = B(be);
	uint64_t t = tp_now();
	int rc;

	/* the inner hits interleave with ours (in_hit); then ours up to now */
	rc = b->in->ops->dispatch(b->in);
	tp_drain(b, NULL, t);
	flush_all(b);
	return rc;
}

static int tp_nprocs(udt_backend_t *be)
{
	return B(be)->in->ops->nprocs(B(be)->in);
}

static void tp_destroy(udt_backend_t *be)
{
	tp_backend_t *b = B(be);
	tp_proc_t *tp;

	/*
	 * Every jump goes back with the threads held; a thread inside a
	 * trampoline runs on through it and back into the program.
	 */
	for (tp = b->procs; tp; tp = tp->next) {
		pid_t tid = b->in->ops->hold(b->in, tp->p, 1);
		int held = tid > 0;
		for (size_t i = 0; i < tp->npoints; i++)
			if (tp->byid[i]->state == TP_PATCHED && held) {
				proc_unpatch(tp->p, tp->byid[i]->addr, TP_JMPLEN);
				tp->byid[i]->state = TP_FALLBACK;
			}
		b->final = 0;
		tp_drain(b, tp, UINT64_MAX);
		if (held && tp->ring) {
			/*
			 * The ring's pages go back to the system: fresh private
			 * zero pages take its place, so a thread still in a
			 * trampoline writes its last record into them, harmlessly.
			 */
			uint64_t args[6] = { tp->tring, tp->rsize,
			    PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, (uint64_t)-1, 0 }, r;
			(void)proc_syscall(tp->p, tid, SYS_mmap, args, &r);
		}
		b->in->ops->hold(b->in, tp->p, 0);
	}
	while ((tp = b->procs))
		proc_drop(b, tp);
	/* jumps not restored above (no thread stoppable) go with proc_release */
	b->in->ops->destroy(b->in);
	tp_code_free();
	free(b);
}

static const char *tp_errmsg(udt_backend_t *be)
{
	return B(be)->err;
}

static uint64_t tp_take_drops(udt_backend_t *be, int cpu)
{
	tp_backend_t *b = B(be);
	uint64_t n = tp_ring_drops(b, cpu);

	if (b->in->ops->take_drops)
		n += b->in->ops->take_drops(b->in, cpu);
	return n;
}

static int tp_sample(udt_backend_t *be,
    void (*fn)(void *arg, const udt_hit_t *h), void *arg)
{
	tp_backend_t *b = B(be);

	return b->in->ops->sample ? b->in->ops->sample(b->in, fn, arg) : -1;
}

/* System calls are the inner backend's: syscall stops, or tracepoints. */
/* New objects are the inner backend's to watch (uprobe: perf records). */
static int tp_watch_objects(udt_backend_t *be,
    int (*wants)(void *arg, const char *path, uint64_t dev, uint64_t ino),
    void *arg)
{
	tp_backend_t *b = B(be);

	if (!b->in->ops->watch_objects) {
		snprintf(b->err, sizeof b->err, "the %s backend cannot watch "
		    "new objects", b->in->ops->name);
		return -1;
	}
	if (b->in->ops->watch_objects(b->in, wants, arg) < 0) {
		snprintf(b->err, sizeof b->err, "%s", b->in->ops->errmsg(b->in));
		return -1;
	}
	return 0;
}

static void in_mapped(void *arg, pid_t pid, const char *path, uint64_t dev,
    uint64_t ino)
{
	tp_backend_t *b = arg;

	if (b->base.cb.mapped)
		b->base.cb.mapped(b->base.cb.arg, pid, path, dev, ino);
}

static int tp_syscalls(udt_backend_t *be, const udt_sysset_t *set, int global)
{
	tp_backend_t *b = B(be);

	if (!b->in->ops->syscalls) {
		snprintf(b->err, sizeof b->err, "the %s backend cannot report "
		    "system calls", b->in->ops->name);
		return -1;
	}
	if (b->in->ops->syscalls(b->in, set, global) < 0) {
		snprintf(b->err, sizeof b->err, "%s", b->in->ops->errmsg(b->in));
		return -1;
	}
	return 0;
}

/* Calls counted in the kernel: the inner backend's counters, if it has any. */
static int tp_syscount_open(udt_backend_t *be, unsigned nr, int ret,
    const char *name, pid_t only, int global)
{
	udt_backend_t *in = B(be)->in;

	return in->ops->syscount_open ?
	    in->ops->syscount_open(in, nr, ret, name, only, global) : -1;
}

static uint64_t tp_syscount_read(udt_backend_t *be, int id)
{
	udt_backend_t *in = B(be)->in;

	return in->ops->syscount_read ? in->ops->syscount_read(in, id) : 0;
}

static void tp_syscount_close(udt_backend_t *be)
{
	udt_backend_t *in = B(be)->in;

	if (in->ops->syscount_close)
		in->ops->syscount_close(in);
}

static uint64_t tp_deadline(udt_backend_t *be)
{
	tp_backend_t *b = B(be);
	uint64_t mine = 0, in = b->in->ops->deadline ?
	    b->in->ops->deadline(b->in) : 0;

	/* a ring that filled an eighth since the last drain: drain sooner */
	for (tp_proc_t *tp = b->procs; tp; tp = tp->next)
		if (tp->ring)
			mine = b->last_drain + (b->busy ? TP_POLL_NS / 50 :
			    TP_POLL_NS);
	if (!mine)
		return in;
	return in && in < mine ? in : mine;
}

static pid_t tp_hold(udt_backend_t *be, udt_proc_t *p, int on)
{
	tp_backend_t *b = B(be);

	return b->in->ops->hold(b->in, p, on);
}

static const udt_backend_ops_t tp_ops;

int backend_kernel_files(const udt_backend_t *be)
{
	if (be->ops == &tp_ops)
		be = ((const tp_backend_t *)be)->in;
	return be->ops->name != NULL && strcmp(be->ops->name, "uprobe") == 0;
}

static const udt_backend_ops_t tp_ops = {
	.name = "trampoline",
	.add_proc = tp_add_proc,
	.add_site = tp_add_site,
	.remove_site = tp_remove_site,
	.resume = tp_resume,
	.fd = tp_fd,
	.dispatch = tp_dispatch,
	.nprocs = tp_nprocs,
	.destroy = tp_destroy,
	.errmsg = tp_errmsg,
	.take_drops = tp_take_drops,
	.sample = tp_sample,
	.deadline = tp_deadline,
	.hold = tp_hold,
	.syscalls = tp_syscalls,
	.watch_objects = tp_watch_objects,
	.syscount_open = tp_syscount_open,
	.syscount_read = tp_syscount_read,
	.syscount_close = tp_syscount_close,
};

udt_backend_t *backend_trampoline_create(const udt_backend_cb_t *cb,
    size_t ringsize, void *vfp, char *err, size_t errlen)
{
	tp_backend_t *b;
	udt_backend_cb_t in = { .hit = in_hit, .exited = in_exited,
	    .exec = in_exec, .objects = in_objects, .exiting = in_exiting,
	    .thread = in_thread, .procev = in_procev, .syscall = in_syscall,
	    .forked = in_forked, .mapped = in_mapped, .hits = in_hits };
	char why[256];
	uint64_t rs = TP_REC;

	if (!(b = calloc(1, sizeof *b))) {
		snprintf(err, errlen, "%s", strerror(ENOMEM));
		return NULL;
	}
	in.arg = b;
	/*
	 * One ring per process for all its threads and CPUs (ringsize is a
	 * CPU's share of bufsize): a hit costs tens of ns, so it fills fast.
	 */
	if (!ringsize)
		ringsize = 1 << 20;
	{
		long nc = sysconf(_SC_NPROCESSORS_CONF);
		size_t all = ringsize * (size_t)(nc > 0 ? nc : 1);
		ringsize = all > (64u << 20) ? (64u << 20) : all;
	}
	while (rs * 2 <= ringsize && rs < (1u << 30))
		rs *= 2;
	b->ringsize = rs < 4096 ? 4096 : rs;
	b->vfp = vfp;
	/* rdfsbase needs the kernel to allow it (AT_HWCAP2 bit 1) */
	b->fsgsbase = (getauxval(AT_HWCAP2) & 2) != 0;
	if (backend_uprobe_permitted(why, sizeof why))
		b->in = backend_uprobe_create(&in, ringsize, why, sizeof why);
	if (!b->in)
		b->in = backend_ptrace_create(&in);
	if (!b->in) {
		snprintf(err, errlen, "%s", strerror(errno ? errno : ENOMEM));
		free(b);
		return NULL;
	}
	tp_clock_init(b);
	tp_cpu_init(b);
	b->last_drain = tp_now();
	b->base.ops = &tp_ops;
	if (cb)
		b->base.cb = *cb;
	return &b->base;
}
