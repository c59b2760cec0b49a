/*
 * ptrace.c — the ptrace backend: int3 breakpoints, one stop per hit
 * (decision 3 of the map), and every event of every watched process
 * (clone, fork, vfork, exec, signals, group-stops, exits).
 *
 * Owns: waiting for and resuming traced threads once a process is handed
 * to add_proc, the breakpoint table, the per-thread /proc stat fds.
 * Must not: attach or detach processes it was given (proc.c does; the one
 * exception is a fork/vfork child the consumer does not take through
 * cb.forked, which ptrace_fork.c lets go), nor allocate on the hit path.
 * Invariants:
 *  - one int3 per (process, address), shared by every site planted there;
 *    the displaced instruction is decoded from the original bytes, never
 *    from memory that may hold our int3s;
 *  - a thread past an int3 runs the displaced instruction out of line or
 *    has it emulated; the int3 stays in place while any site wants it;
 *  - order of teardown: destroy() leaves every thread stopped in a
 *    ptrace-stop, no pc inside scratch memory and every int3 restored; the
 *    consumer then calls proc_release() on each process (which unmaps the
 *    scratch and detaches). Never the other way round.
 *  - SIGCHLD is blocked while the backend lives and read through a
 *    signalfd (the fd op), so poll() wakes on any traced thread's stop.
 *  - a breakpoint trap's stop is never consumed (waited for without
 *    WNOWAIT) while the thread stands after the int3: consuming a stop
 *    clears the signal the kernel would hand the thread if udtrace died
 *    before resuming it, and the thread would then run on from the middle
 *    of the probed instruction. Unconsumed, a dead udtrace's thread gets
 *    its SIGTRAP and the guard (proc/guard.c) rewinds it; a thread moved
 *    anywhere but into a slot first has its siginfo marked
 *    GUARD_SI_TAKEN, so the guard knows it was moved.
 * Known limits: a SIGTRAP sent with kill() to a thread that stands just
 * past a probed 1-byte instruction is taken for a hit (checking siginfo
 * would cost a system call per hit); a group-stop of a tracee that was
 * not seized cannot be held (no PTRACE_LISTEN) and is resumed.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ptrace.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "backend/ptrace_impl.h"
#include "proc/watchdog.h"

#define PT_OPTIONS (PTRACE_O_TRACECLONE | PTRACE_O_TRACEFORK | \
    PTRACE_O_TRACEVFORK | PTRACE_O_TRACEEXEC | PTRACE_O_TRACESYSGOOD)

static pt_backend_t *B(udt_backend_t *b) { return (pt_backend_t *)b; }

static int is_stopsig(int sig)
{
	return sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN ||
	    sig == SIGTTOU;
}

static void tgkill_(pid_t pid, pid_t tid, int sig)
{
	syscall(SYS_tgkill, pid, tid, sig);
}

/* ---- threads ---- */

static pt_thread_t *th_find(pt_backend_t *b, pid_t tid)
{
	pt_thread_t *t;

	for (t = b->th[(unsigned)tid % PT_TH_HASH]; t; t = t->hnext)
		if (t->tid == tid)
			return t;
	return NULL;
}

pt_thread_t *pt_th_add(pt_backend_t *b, pt_proc_t *pp, pid_t tid, int vfork)
{
	pt_thread_t *t = calloc(1, sizeof *t);
	char path[64];

	if (!t)
		return NULL;
	t->tid = tid;
	t->pp = pp;
	t->vfork = vfork;
	t->statfd = -1;
	t->sysnr = -1;
	t->insys = -1;
	if (!vfork) {
		snprintf(path, sizeof path, "/proc/%d/task/%d/stat",
		    (int)pp->pid, (int)tid);
		t->statfd = open(path, O_RDONLY | O_CLOEXEC);
	}
	t->hnext = b->th[(unsigned)tid % PT_TH_HASH];
	b->th[(unsigned)tid % PT_TH_HASH] = t;
	t->pnext = pp->threads;
	pp->threads = t;
	return t;
}

void pt_th_del(pt_backend_t *b, pt_thread_t *t)
{
	pt_thread_t **pt;

	for (pt = &b->th[(unsigned)t->tid % PT_TH_HASH]; *pt; pt = &(*pt)->hnext)
		if (*pt == t) {
			*pt = t->hnext;
			break;
		}
	for (pt = &t->pp->threads; *pt; pt = &(*pt)->pnext)
		if (*pt == t) {
			*pt = t->pnext;
			break;
		}
	if (t->statfd >= 0)
		close(t->statfd);
	free(t);
}

/* Resume t: through its next system call's stops while any is asked for. */
void pt_cont(pt_thread_t *t, int sig)
{
	ptrace(t->pp->b->sysstops ? PTRACE_SYSCALL : PTRACE_CONT, t->tid, 0,
	    (void *)(long)sig);
	t->stopped = 0;
	if (!t->pp->b->sysstops)
		t->insys = -1;   /* it may leave a call with no stop */
}

/* Stop a running thread: PTRACE_INTERRUPT, or SIGSTOP if not seized. */
static int interrupt(pt_thread_t *t)
{
	if (ptrace(PTRACE_INTERRUPT, t->tid, 0, 0) == 0)
		return 0;
	if (errno != EIO)
		return -1;
	t->sigstop_sent = 1;
	tgkill_(t->pp->pid, t->tid, SIGSTOP);
	return 0;
}

/* Is st the stop our interrupt() asked for? (Consumes a sent SIGSTOP.) */
static int our_interrupt(pt_thread_t *t, int st)
{
	if ((st >> 16) == PTRACE_EVENT_STOP && WSTOPSIG(st) == SIGTRAP)
		return 1;
	if ((st >> 16) == 0 && WSTOPSIG(st) == SIGSTOP && t->sigstop_sent) {
		t->sigstop_sent = 0;
		return 1;
	}
	return 0;
}

static int cpu_of(pt_thread_t *t)
{
	char buf[1024], *s;
	ssize_t n;
	int field = 2;

	if (t->statfd < 0)
		return 0;
	n = pread(t->statfd, buf, sizeof buf - 1, 0);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	if (!(s = strrchr(buf, ')')))
		return 0;
	for (s++; *s; s++)
		if (*s == ' ' && ++field == 39)
			return atoi(s + 1);
	return 0;
}

/* ---- processes and breakpoints ---- */

static pt_proc_t *pp_find(pt_backend_t *b, const udt_proc_t *p)
{
	pt_proc_t *pp;

	for (pp = b->procs; pp; pp = pp->next)
		if (pp->p == p)
			return pp;
	return NULL;
}

static size_t bp_hash(const pt_proc_t *pp, uint64_t addr)
{
	return (addr ^ (addr >> 12)) & (pp->nbph - 1);
}

int pt_bp_insert(pt_proc_t *pp, pt_bp_t *bp)
{
	if (pp->nbp >= pp->nbph * 2) {
		size_t n = pp->nbph * 4, i;
		pt_bp_t **nh = calloc(n, sizeof *nh), *o;

		if (!nh)
			return -1;
		free(pp->bph);
		pp->bph = nh;
		pp->nbph = n;
		for (o = pp->bplist; o; o = o->lnext) {
			i = bp_hash(pp, o->addr);
			o->hnext = pp->bph[i];
			pp->bph[i] = o;
		}
	}
	bp->hnext = pp->bph[bp_hash(pp, bp->addr)];
	pp->bph[bp_hash(pp, bp->addr)] = bp;
	bp->lnext = pp->bplist;
	pp->bplist = bp;
	pp->nbp++;
	return 0;
}

/* Forget every breakpoint without touching memory (exec, exit, destroy). */
void pt_bp_forget_all(pt_proc_t *pp)
{
	pt_bp_t *bp, *nx;
	size_t i;

	for (bp = pp->bplist; bp; bp = nx) {
		nx = bp->lnext;
		for (i = 0; i < bp->nsites; i++)
			if (bp->sites[i])
				bp->sites[i]->bpriv = NULL;
		free(bp->sites);
		free(bp);
	}
	pp->bplist = NULL;
	pp->nbp = 0;
	memset(pp->bph, 0, pp->nbph * sizeof *pp->bph);
	pp->rtld_done = 0;
}

/*
 * A thread of pp in a ptrace-stop, for injecting the scratch mmap: one
 * already stopped, else one we interrupt (*intr = 1; any other stop it
 * reports meanwhile is queued for dispatch).
 */
static pid_t stop_one(pt_backend_t *b, pt_proc_t *pp, int *intr)
{
	pt_thread_t *t;
	int st;

	*intr = 0;
	/* what it will do next is no longer known from its last stop */
	for (t = pp->threads; t; t = t->pnext)
		t->insys = -1;
	/*
	 * Not a queued one: it may be in a syscall stop, where an injected
	 * call would replace the one it is making.
	 */
	for (t = pp->threads; t; t = t->pnext)
		if (t->stopped && !t->vfork && !t->queued)
			return t->tid;
	for (t = pp->threads; t; t = t->pnext) {
		if (t->vfork || interrupt(t) < 0)
			continue;
		for (;;) {
			if (pt_take(t, 0, &st) < 0)
				break;
			if (!WIFSTOPPED(st)) {
				pt_queue_add(b, t, st);
				break;
			}
			t->stopped = 1;
			if (!our_interrupt(t, st)) {
				pt_queue_add(b, t, st);
				if ((st >> 16) == 0 && WSTOPSIG(st) == (SIGTRAP | 0x80))
					break;    /* inside a call: try another */
			}
			*intr = 1;
			return t->tid;
		}
	}
	return -1;
}

static void release_one(pt_backend_t *b, pid_t tid, int intr)
{
	pt_thread_t *t = th_find(b, tid);

	if (!intr || !t)
		return;
	if (t->queued)
		kill(getpid(), SIGCHLD);   /* make the signalfd readable */
	else if (t->stopped)
		pt_cont(t, 0);
}

/* Plant (or find) the int3 at addr. NULL + b->err on failure. */
static pt_bp_t *plant(pt_backend_t *b, pt_proc_t *pp, uint64_t addr)
{
	pt_bp_t *bp = pt_bp_find(pp, addr), *o;
	uint8_t code[16];
	udt_insn_t in;
	size_t n, i;
	static const uint8_t int3 = 0xcc;

	if (bp && bp->planted)
		return bp;
	for (n = sizeof code; n > 0; n--)
		if (proc_read(pp->p, addr, code, n) == 0)
			break;
	if (!n) {
		snprintf(b->err, sizeof b->err, "cannot read pid %d at 0x%llx",
		    (int)pp->pid, (unsigned long long)addr);
		return NULL;
	}
	for (i = 0; i < n; i++)
		if ((o = pt_bp_find(pp, addr + i)) && o->planted)
			code[i] = o->orig;
	if (insn_decode(code, n, addr, &in) < 0 ||
	    in.kind == INSN_UNSUPPORTED) {
		snprintf(b->err, sizeof b->err,
		    "cannot trace the instruction at 0x%llx in pid %d",
		    (unsigned long long)addr, (int)pp->pid);
		return NULL;
	}
	if (!bp) {
		if (!(bp = calloc(1, sizeof *bp)) || (bp->addr = addr,
		    pt_bp_insert(pp, bp) < 0)) {
			free(bp);
			snprintf(b->err, sizeof b->err, "out of memory");
			return NULL;
		}
	}
	bp->insn = in;
	bp->orig = code[0];
	if ((pt_ool_slotted(&in) && !bp->slot) || proc_guard_pending(pp->p)) {
		int intr, r = 0;
		pid_t tid = stop_one(b, pp, &intr);

		if (tid <= 0) {
			snprintf(b->err, sizeof b->err,
			    "cannot stop a thread of pid %d", (int)pp->pid);
			return NULL;
		}
		/* Before the first int3: a SIGKILL of udtrace must find it in place. */
		if (proc_guard_pending(pp->p))
			(void)proc_guard_install(pp->p, tid);
		if (pt_ool_slotted(&in) && !bp->slot)
			r = pt_ool_slot(b, pp, bp, tid);
		release_one(b, tid, intr);
		if (r < 0)
			return NULL;
	}
	if (proc_patch(pp->p, addr, &int3, 1) < 0) {
		snprintf(b->err, sizeof b->err, "cannot write pid %d at 0x%llx",
		    (int)pp->pid, (unsigned long long)addr);
		return NULL;
	}
	bp->planted = 1;
	return bp;
}

void pt_unplant(pt_proc_t *pp, pt_bp_t *bp)
{
	if (bp->planted) {
		proc_unpatch(pp->p, bp->addr, 1);
		bp->planted = 0;
	}
}

void pt_plant_rtld(pt_backend_t *b, pt_proc_t *pp)
{
	uint64_t a;
	pt_bp_t *bp;

	if (pp->owned || pp->rtld_done || !(a = proc_rtld_brk(pp->p)))
		return;
	if ((bp = plant(b, pp, a)) != NULL) {
		bp->rtld = 1;
		pp->rtld_done = 1;
	}
}

void pt_drop_proc(pt_backend_t *b, pt_proc_t *pp)
{
	pt_proc_t **ppp;

	pt_bp_forget_all(pp);
	while (pp->threads)
		pt_th_del(b, pp->threads);
	for (ppp = &b->procs; *ppp; ppp = &(*ppp)->next)
		if (*ppp == pp) {
			*ppp = pp->next;
			break;
		}
	free(pp->bph);
	free(pp);
}

/* ---- the hit path ---- */

/* What every hit of stopped thread t says: its registers, who, where and when (no stack copy: ptrace reads live). */
static void fill_hit(udt_hit_t *h, pt_thread_t *t, const struct user_regs_struct *r)
{
	struct timespec ts;

	memcpy(h->regs, r, sizeof *r);
	h->regs[R_TRAPNO] = h->regs[R_ERR] = 0;
	h->proc = t->pp->p;
	h->pid = t->pp->pid;
	h->tid = t->tid;
	h->cpu = cpu_of(t);
	clock_gettime(CLOCK_MONOTONIC, &ts);
	h->time = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
	h->stack = NULL;
	h->stacklen = 0;
}

/* A process event of stopped thread t to the consumer, if it asked. */
static void procev_si(pt_backend_t *b, pt_thread_t *t, int ev, int64_t a0,
    int64_t a1, const siginfo_t *si);

static void procev(pt_backend_t *b, pt_thread_t *t, int ev, int64_t a0,
    int64_t a1)
{
	procev_si(b, t, ev, a0, a1, NULL);
}

static void procev_si(pt_backend_t *b, pt_thread_t *t, int ev, int64_t a0,
    int64_t a1, const siginfo_t *si)
{
	const udt_backend_cb_t *cb = &b->base.cb;
	udt_hit_t *h = &b->hit;
	struct timespec ts;

	if (!cb->procev)
		return;
	memset(h, 0, sizeof *h);
	h->proc = t->pp->p;
	/* a vfork child is a process of its own, on its parent's memory */
	h->pid = t->vfork ? t->tid : t->pp->pid;
	h->tid = t->tid;
	h->cpu = cpu_of(t);
	clock_gettime(CLOCK_MONOTONIC, &ts);
	h->time = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
	h->siginfo = si;
	cb->procev(cb->arg, h, ev, a0, a1);
	h->siginfo = NULL;   /* si lives on the caller's stack */
}

static void on_trap(pt_backend_t *b, pt_thread_t *t)
{
	pt_proc_t *pp = t->pp;
	struct user_regs_struct r;
	const udt_backend_cb_t *cb = &b->base.cb;
	udt_hit_t *h = &b->hit;
	pt_bp_t *bp;
	size_t i;

	if (ptrace(PTRACE_GETREGS, t->tid, 0, &r) < 0)
		return;   /* gone; its exit comes next */
	bp = pt_bp_find(pp, r.rip - 1);
	if (!bp) {
		pt_cont(t, SIGTRAP);   /* not ours: the program's own */
		return;
	}
	if (!bp->planted) {
		/* It took the int3 before remove_site restored the byte. */
		pt_mark_taken(t, bp->addr);
		r.rip = bp->addr;
		ptrace(PTRACE_SETREGS, t->tid, 0, &r);
		pt_cont(t, 0);
		return;
	}
	if (!t->vfork) {
		if (bp->live && cb->hit) {
			fill_hit(h, t, &r);
			h->regs[R_RIP] = bp->addr;
			/* sites may come and go in the callback: index anew */
			for (i = 0; i < bp->nsites; i++) {
				udt_site_t *s = bp->sites[i];
				if (!s)
					continue;
				h->cookie = s->cookie;
				cb->hit(cb->arg, h);
			}
		}
		if (bp->rtld && cb->objects)
			cb->objects(cb->arg, pp->p);
	}
	if (pt_ool_step(pp, bp, &r) < 0) {
		/* the instruction itself would have faulted */
		pt_mark_taken(t, bp->addr);
		r.rip = bp->addr;
		ptrace(PTRACE_SETREGS, t->tid, 0, &r);
		pt_cont(t, SIGSEGV);
		return;
	}
	/*
	 * Into a slot, the guard resumes it there by itself; an emulated
	 * branch goes anywhere, so its SIGTRAP is marked first (one more
	 * system call, on branch sites only).
	 */
	if (r.rip != bp->slot)
		pt_mark_taken(t, bp->addr);
	ptrace(PTRACE_SETREGS, t->tid, 0, &r);
	pt_cont(t, 0);
}

/*
 * A syscall-entry or -exit stop (PTRACE_O_TRACESYSGOOD): the call's
 * number and arguments, or its result, to the consumer if asked for.
 * The exit stop names no call: the entry stop's is kept per thread (a
 * thread attached inside a call has none, and its registers say).
 */
static void on_syscall(pt_backend_t *b, pt_thread_t *t)
{
	struct __ptrace_syscall_info si;
	const udt_backend_cb_t *cb = &b->base.cb;
	udt_hit_t *h = &b->hit;
	struct timespec ts;
	int nr, ret;

	/*
	 * The exit stop of a call whose return no probe reads: known from
	 * the entry stop before it, without asking the kernel.
	 */
	if (t->insys == 1 && !udt_sysset_has(b->sys.ret, (unsigned)t->sysnr)) {
		t->insys = 0;
		t->sysnr = -1;
		goto out;
	}
	t->insys = -1;
	memset(&si, 0, sizeof si);
	if (ptrace(PTRACE_GET_SYSCALL_INFO, t->tid, (void *)sizeof si, &si) <= 0)
		goto out;
	if (si.op == PTRACE_SYSCALL_INFO_ENTRY) {
		nr = (int)si.entry.nr;
		t->sysnr = nr;
		t->insys = nr >= 0 ? 1 : -1;
		ret = 0;
	} else if (si.op == PTRACE_SYSCALL_INFO_EXIT) {
		t->insys = 0;
		struct user_regs_struct r;
		nr = t->sysnr;
		t->sysnr = -1;
		if (nr < 0 && ptrace(PTRACE_GETREGS, t->tid, 0, &r) == 0)
			nr = (int)r.orig_rax;
		ret = 1;
	} else
		goto out;
	if (nr < 0 || !cb->syscall ||
	    !udt_sysset_has(ret ? b->sys.ret : b->sys.entry, (unsigned)nr))
		goto out;
	memset(h->regs, 0, sizeof h->regs);
	h->regs[R_ORIG_RAX] = (uint64_t)nr;
	h->regs[R_RIP] = si.instruction_pointer;
	h->regs[R_RSP] = si.stack_pointer;
	if (!ret) {
		h->regs[R_RDI] = si.entry.args[0];
		h->regs[R_RSI] = si.entry.args[1];
		h->regs[R_RDX] = si.entry.args[2];
		h->regs[R_R10] = si.entry.args[3];
		h->regs[R_R8] = si.entry.args[4];
		h->regs[R_R9] = si.entry.args[5];
	} else
		h->regs[R_RAX] = (uint64_t)si.exit.rval;
	/* a vfork child is a process of its own, on its parent's memory */
	h->proc = t->pp->p;
	h->pid = t->vfork ? t->tid : t->pp->pid;
	h->tid = t->tid;
	/* /proc's stat line costs more than the rest of the stop: if wanted */
	h->cpu = b->sys.cpu ? cpu_of(t) : 0;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	h->time = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
	h->stack = NULL;
	h->stacklen = 0;
	h->cookie = NULL;
	h->comm = NULL;
	h->ppid = 0;
	h->idknown = 0;
	cb->syscall(cb->arg, h, nr, ret);
out:
	pt_cont(t, 0);
}

/* ---- events ---- */

static void on_exec(pt_backend_t *b, pt_proc_t *pp, pt_thread_t *t)
{
	const udt_backend_cb_t *cb = &b->base.cb;
	pt_thread_t *u, *nx;
	char path[64];

	pt_bp_forget_all(pp);
	proc_exec_reset(pp->p);
	for (u = pp->threads; u; u = nx) {
		nx = u->pnext;
		if (u != t && !u->vfork) {
			proc_thread_del(pp->p, u->tid);
			pt_th_del(b, u);
		}
	}
	if (t->statfd >= 0)
		close(t->statfd);
	snprintf(path, sizeof path, "/proc/%d/task/%d/stat", (int)pp->pid,
	    (int)t->tid);
	t->statfd = open(path, O_RDONLY | O_CLOEXEC);
	procev(b, t, UDT_PEV_EXEC_PRE, 0, 0);
	if (cb->exec)
		cb->exec(cb->arg, pp->p);
	procev(b, t, UDT_PEV_EXEC, 0, 0);
	pt_plant_rtld(b, pp);
	if (t->stopped && !t->queued)
		pt_cont(t, 0);
}

static void on_event(pt_backend_t *b, pt_thread_t *t, int ev, int sig)
{
	pt_proc_t *pp = t->pp;
	unsigned long msg = 0;
	pt_thread_t *nt;
	int st;

	switch (ev) {
	case PTRACE_EVENT_STOP:
		if (is_stopsig(sig)) {
			/* group-stop: stay stopped until SIGCONT, tell us then */
			ptrace(PTRACE_LISTEN, t->tid, 0, 0);
			t->stopped = 0;
		} else
			pt_cont(t, 0);
		return;
	case PTRACE_EVENT_CLONE:
		ptrace(PTRACE_GETEVENTMSG, t->tid, 0, &msg);
		if (!th_find(b, (pid_t)msg)) {
			st = pt_wait_initial(b, (pid_t)msg);
			if (WIFSTOPPED(st) &&
			    (nt = pt_th_add(b, pp, (pid_t)msg, t->vfork)) != NULL) {
				if (!t->vfork) {
					proc_thread_add(pp->p, (pid_t)msg);
					if (b->base.cb.thread)
						b->base.cb.thread(b->base.cb.arg, pp->p,
						    (pid_t)msg, 1);
					procev(b, t, UDT_PEV_LWP, (int64_t)msg, 0);
				}
				pt_cont(nt, 0);
			}
		}
		pt_cont(t, 0);
		return;
	case PTRACE_EVENT_FORK:
	case PTRACE_EVENT_VFORK:
		ptrace(PTRACE_GETEVENTMSG, t->tid, 0, &msg);
		procev(b, t, UDT_PEV_FORK, (int64_t)msg, 0);
		if (ev == PTRACE_EVENT_FORK)
			pt_fork_child(b, pp, (pid_t)msg, 1);
		else {
			st = pt_wait_initial(b, (pid_t)msg);
			if (WIFSTOPPED(st) &&
			    (nt = pt_th_add(b, pp, (pid_t)msg, 1)) != NULL)
				pt_cont(nt, 0);
		}
		pt_cont(t, 0);
		return;
	case PTRACE_EVENT_EXIT:
		/* asked for by a wrapping backend (uprobe): memory still there */
		if (!t->vfork && b->base.cb.exiting)
			b->base.cb.exiting(b->base.cb.arg, pp->p);
		pt_cont(t, 0);
		return;
	case PTRACE_EVENT_EXEC:
		if (t->vfork) {
			pt_vfork_exec(b, pp, t);
			return;
		}
		on_exec(b, pp, t);
		return;
	default:
		pt_cont(t, 0);
		return;
	}
}

/* The start of a small /proc file, NUL-terminated: its length, or -1. */
static ssize_t proc_file(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	return n;
}

/*
 * The first stop of a thread no clone event has named yet. Its creator
 * reports the event later — or never, when an exit_group kills it first,
 * and then the new thread would wait in its stop forever and its process
 * would never be reaped (a leader is reported only after its threads).
 * A thread of a process we trace is taken on at once: resumed, it runs
 * or dies with its group; the clone event, if it comes, finds it known.
 * Not a thread of ours (a fork child): 0, it waits for its fork event.
 */
static int adopt_thread(pt_backend_t *b, pid_t tid)
{
	char path[64], buf[512], *tg;
	pt_proc_t *pp;
	pt_thread_t *nt;
	long tgid;

	snprintf(path, sizeof path, "/proc/%d/status", (int)tid);
	if (proc_file(path, buf, sizeof buf) <= 0 || !(tg = strstr(buf, "\nTgid:")) || (tgid = strtol(tg + 6, NULL, 10)) == tid)
		return 0;
	for (pp = b->procs; pp; pp = pp->next)
		if (pp->pid == tgid)
			break;
	if (!pp || !(nt = pt_th_add(b, pp, tid, 0)))
		return 0;
	nt->stopped = 1;
	proc_thread_add(pp->p, tid);
	if (b->base.cb.thread)
		b->base.cb.thread(b->base.cb.arg, pp->p, tid, 1);
	pt_cont(nt, 0);
	return 1;
}

void pt_handle(pt_backend_t *b, pid_t tid, int st)
{
	pt_thread_t *t = th_find(b, tid);
	pt_proc_t *pp;
	int sig, ev;

	if (!t) {
		if (WIFSTOPPED(st) && !adopt_thread(b, tid))
			pt_orphan_add(b, tid, st);   /* a new task, named later */
		return;
	}
	pp = t->pp;
	t->queued = 0;
	if (WIFEXITED(st) || WIFSIGNALED(st)) {
		if (!t->vfork && tid == pp->pid) {
			udt_proc_t *p = pp->p;
			int owned = pp->owned;
			pt_drop_proc(b, pp);
			if (b->base.cb.exited)
				b->base.cb.exited(b->base.cb.arg, p, st);
			if (owned)
				proc_release(p);   /* gone: only frees */
			return;
		}
		if (!t->vfork) {
			proc_thread_del(pp->p, tid);
			if (b->base.cb.thread)
				b->base.cb.thread(b->base.cb.arg, pp->p, tid, 0);
		}
		pt_th_del(b, t);
		return;
	}
	if (!WIFSTOPPED(st))
		return;
	t->stopped = 1;
	sig = WSTOPSIG(st);
	ev = (st >> 16) & 0xff;
	if (ev || sig != (SIGTRAP | 0x80))
		t->insys = -1;   /* known only from one syscall stop to the next */
	if (ev) {
		on_event(b, t, ev, sig);
		return;
	}
	if (sig == SIGTRAP && t->rewound) {
		struct user_regs_struct r;
		uint64_t at = t->rewound;

		/*
		 * Back on its int3 (take), and nothing resumed it since (an
		 * injection into it puts its registers back): let it hit again.
		 */
		t->rewound = 0;
		if (ptrace(PTRACE_GETREGS, tid, 0, &r) == 0 && r.rip == at) {
			pt_cont(t, 0);
			return;
		}
	}
	if (sig == (SIGTRAP | 0x80)) {
		on_syscall(b, t);
		return;
	}
	if (sig == SIGTRAP) {
		on_trap(b, t);
		return;
	}
	if (sig == SIGSTOP && t->sigstop_sent) {
		t->sigstop_sent = 0;
		pt_cont(t, 0);
		return;
	}
	if (is_stopsig(sig)) {
		siginfo_t si;
		/* not seized: a group-stop has no siginfo; cannot LISTEN */
		if (ptrace(PTRACE_GETSIGINFO, tid, 0, &si) < 0 && errno == EINVAL) {
			pt_cont(t, 0);
			return;
		}
	}
	if (b->base.cb.procev) {
		siginfo_t si;
		if (ptrace(PTRACE_GETSIGINFO, tid, 0, &si) == 0)
			procev_si(b, t, UDT_PEV_SIGNAL, sig, si.si_code, &si);
	}
	pt_cont(t, sig);   /* signals reach the target unchanged */
}

/* ---- ops ---- */

static int pt_add_proc(udt_backend_t *be, udt_proc_t *p)
{
	pt_backend_t *b = B(be);
	pt_proc_t *pp;
	const pid_t *tids;
	size_t n, i;
	pt_thread_t *t;

	if (pp_find(b, p))
		return 0;
	if (!(pp = calloc(1, sizeof *pp)) ||
	    !(pp->bph = calloc(1024, sizeof *pp->bph))) {
		free(pp);
		snprintf(b->err, sizeof b->err, "out of memory");
		return -1;
	}
	pp->nbph = 1024;
	pp->b = b;
	/*
	 * Before the first int3: if udtrace is SIGKILLed from here on, the
	 * watchdog puts the original bytes back (proc/watchdog.h).
	 */
	wd_start();
	pp->p = p;
	pp->pid = proc_pid(p);
	n = proc_threads(p, &tids);
	for (i = 0; i < n; i++) {
		if (!(t = pt_th_add(b, pp, tids[i], 0)))
			continue;
		t->stopped = 1;
		ptrace(PTRACE_SETOPTIONS, tids[i], 0, (void *)(long)(PT_OPTIONS |
		    (b->base.cb.exiting ? PTRACE_O_TRACEEXIT : 0)));
	}
	pp->next = b->procs;
	b->procs = pp;
	pt_plant_rtld(b, pp);
	return 0;
}

static int pt_add_site(udt_backend_t *be, udt_site_t *s)
{
	pt_backend_t *b = B(be);
	pt_proc_t *pp = pp_find(b, s->proc);
	pt_bp_t *bp;
	size_t i;

	if (!pp) {
		snprintf(b->err, sizeof b->err, "process not watched");
		return -1;
	}
	if (!(bp = plant(b, pp, s->addr)))
		return -1;
	for (i = 0; i < bp->nsites && bp->sites[i]; i++)
		;
	if (i == bp->nsites) {
		if (bp->nsites == bp->capsites) {
			size_t nc = bp->capsites ? bp->capsites * 2 : 2;
			udt_site_t **ns = realloc(bp->sites, nc * sizeof *ns);
			if (!ns) {
				snprintf(b->err, sizeof b->err, "out of memory");
				if (!bp->live && !bp->rtld)
					pt_unplant(pp, bp);
				return -1;
			}
			bp->sites = ns;
			bp->capsites = nc;
		}
		bp->nsites++;
	}
	bp->sites[i] = s;
	bp->live++;
	s->bpriv = bp;
	return 0;
}

static int pt_remove_site(udt_backend_t *be, udt_site_t *s)
{
	pt_backend_t *b = B(be);
	pt_proc_t *pp = pp_find(b, s->proc);
	pt_bp_t *bp = s->bpriv;
	size_t i;

	if (!pp || !bp)
		return 0;
	for (i = 0; i < bp->nsites; i++)
		if (bp->sites[i] == s) {
			bp->sites[i] = NULL;
			bp->live--;
			break;
		}
	s->bpriv = NULL;
	if (!bp->live && !bp->rtld)
		pt_unplant(pp, bp);
	return 0;
}

static int pt_resume(udt_backend_t *be)
{
	pt_backend_t *b = B(be);
	pt_proc_t *pp;
	pt_thread_t *t;

	for (pp = b->procs; pp; pp = pp->next) {
		/*
		 * resume follows every dispatch: look for the dynamic linker
		 * only while setting up (threads stopped), as the lookup may
		 * read the ELF file and planting would need a stopped thread.
		 */
		for (t = pp->threads; t; t = t->pnext)
			if (t->stopped && !t->vfork) {
				pt_plant_rtld(b, pp);
				break;
			}
		for (t = pp->threads; t; t = t->pnext)
			if (t->stopped && !t->queued)
				pt_cont(t, 0);
	}
	if (b->nq)
		kill(getpid(), SIGCHLD);
	return 0;
}

static int pt_fd(udt_backend_t *be)
{
	return B(be)->sfd;
}

void pt_drain_queue(pt_backend_t *b)
{
	while (b->nq) {
		pt_status_t s = b->queue[0];
		memmove(b->queue, b->queue + 1, --b->nq * sizeof *b->queue);
		if (th_find(b, s.tid))   /* not a stranger: it was ours */
			pt_handle(b, s.tid, s.status);
	}
}

void pt_take_handle(pt_backend_t *b, pid_t tid, int st)
{
	pt_thread_t *t;

	if ((pt_trap_stop(st) || (WIFSTOPPED(st) &&
	    WSTOPSIG(st) == (SIGTRAP | 0x80) && (st >> 16) == 0)) &&
	    th_find(b, tid) != NULL) {
		/*
		 * A hit, a SIGTRAP to pass on or a system call stop: handled
		 * unconsumed (see the invariants; a system call stop needs no
		 * wait of its own), the resume ends the stop.
		 */
		pt_handle(b, tid, st);
		/* not resumed (it vanished meanwhile): consume it */
		if ((t = th_find(b, tid)) != NULL && t->stopped &&
		    !t->queued && waitpid(tid, &st, WNOHANG | __WALL) == tid &&
		    !WIFSTOPPED(st))
			pt_handle(b, tid, st);
		return;
	}
	while ((tid = waitpid(tid, &st, __WALL)) < 0 && errno == EINTR)
		;
	if (tid > 0)
		pt_handle(b, tid, st);
}

static int pt_dispatch(udt_backend_t *be)
{
	pt_backend_t *b = B(be);
	struct signalfd_siginfo si;
	int st;
	pid_t tid;

	/*
	 * SIGCHLD is not queued: one read takes it, however many children
	 * stopped (the waitpid loop below finds them all), and spares a
	 * system call on every stop.
	 */
	(void)read(b->sfd, &si, sizeof si);
	pt_drain_queue(b);
	/*
	 * __WNOTHREAD: only this thread's tracees and children. The uprobe
	 * backend's watch thread holds processes of its own (uprobe_hold.c)
	 * and must get their stops and exits itself.
	 */
	for (;;) {
		tid = pt_peek(P_ALL, 0, WNOHANG | __WNOTHREAD, &st);
		if (tid == 0)
			break;
		if (tid < 0) {
			if (errno == EINTR)
				continue;
			break;   /* ECHILD: nothing traced left */
		}
		pt_take_handle(b, tid, st);
	}
	return 0;
}

static int pt_nprocs(udt_backend_t *be)
{
	pt_proc_t *pp;
	int n = 0;

	for (pp = B(be)->procs; pp; pp = pp->next)
		n++;
	return n;
}

/*
 * A status met while stopping everything for destroy: keep the target's
 * view intact (an int3 trap reruns the original instruction, a signal is
 * queued again), and follow clones/forks so nothing escapes with an int3.
 */
static void settle(pt_backend_t *b, pt_thread_t *t, int st)
{
	pt_proc_t *pp = t->pp;
	struct user_regs_struct r;
	unsigned long msg = 0;
	int sig = WSTOPSIG(st), ev = (st >> 16) & 0xff;
	pt_bp_t *bp;
	pt_thread_t *nt;

	t->stopped = 1;
	t->queued = 0;
	if (our_interrupt(t, st))
		return;
	switch (ev) {
	case 0:
		if (sig == SIGTRAP && t->rewound) {
			t->rewound = 0;   /* on its int3 already (take) */
			return;
		}
		if (sig == SIGTRAP) {
			if (ptrace(PTRACE_GETREGS, t->tid, 0, &r) == 0 &&
			    (bp = pt_bp_find(pp, r.rip - 1)) != NULL) {
				r.rip = bp->addr;
				ptrace(PTRACE_SETREGS, t->tid, 0, &r);
				return;
			}
		}
		if (sig != (SIGTRAP | 0x80))
			tgkill_(t->vfork ? t->tid : pp->pid, t->tid, sig);
		return;
	case PTRACE_EVENT_CLONE:
		ptrace(PTRACE_GETEVENTMSG, t->tid, 0, &msg);
		if (!th_find(b, (pid_t)msg) &&
		    WIFSTOPPED(pt_wait_initial(b, (pid_t)msg)) &&
		    (nt = pt_th_add(b, pp, (pid_t)msg, t->vfork)) != NULL) {
			nt->stopped = 1;
			if (!t->vfork)
				proc_thread_add(pp->p, (pid_t)msg);
		}
		return;
	case PTRACE_EVENT_FORK:
		ptrace(PTRACE_GETEVENTMSG, t->tid, 0, &msg);
		pt_fork_child(b, pp, (pid_t)msg, 0);
		return;
	case PTRACE_EVENT_VFORK:
		/* shares our int3s: held stopped, let go once they are out */
		ptrace(PTRACE_GETEVENTMSG, t->tid, 0, &msg);
		if (WIFSTOPPED(pt_wait_initial(b, (pid_t)msg)) &&
		    (nt = pt_th_add(b, pp, (pid_t)msg, 1)) != NULL)
			nt->stopped = 1;
		return;
	case PTRACE_EVENT_EXEC:
		if (!t->vfork) {
			pt_bp_forget_all(pp);
			proc_exec_reset(pp->p);
		}
		return;
	default:
		return;
	}
}

/* Has tid a SIGTRAP queued that it has not reported yet? */
static int trap_pending(pid_t pid, pid_t tid)
{
	char path[64], buf[2048], *s;

	snprintf(path, sizeof path, "/proc/%d/task/%d/status", (int)pid,
	    (int)tid);
	if (proc_file(path, buf, sizeof buf) <= 0 || !(s = strstr(buf, "\nSigPnd:")))
		return 0;
	return (strtoull(s + 8, NULL, 16) >> (SIGTRAP - 1)) & 1;
}

/* Is the thread-group leader a zombie (its group still exiting)? */
static int leader_zombie(pid_t pid)
{
	char path[64], buf[512], *s;

	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	if (proc_file(path, buf, sizeof buf) <= 0)
		return 0;
	s = strrchr(buf, ')');
	return s && s[1] == ' ' && (s[2] == 'Z' || s[2] == 'X');
}

static void destroy_proc(pt_backend_t *b, pt_proc_t *pp)
{
	pt_thread_t *t, *nx;
	struct user_regs_struct r;
	pt_bp_t *bp;
	size_t i;
	int st, again = 1;

	for (i = 0; i < b->nq; ) {
		t = th_find(b, b->queue[i].tid);
		if (t && t->pp == pp) {
			st = b->queue[i].status;
			b->queue[i] = b->queue[--b->nq];
			if (WIFSTOPPED(st))
				settle(b, t, st);
		} else
			i++;
	}
	/* clones met while settling join the list stopped: loop until none runs */
	while (again) {
		again = 0;
		for (t = pp->threads; t; t = nx) {
			nx = t->pnext;
			if (t->stopped)
				continue;
			if (interrupt(t) < 0) {
				pt_th_del(b, t);
				continue;
			}
			for (;;) {
				pid_t w;
				if (t->tid == pp->pid && leader_zombie(pp->pid)) {
					/*
					 * The process is dying (a crash, exit_group):
					 * the leader reports nothing until every other
					 * thread is gone, and they wait in their exit
					 * stops for us. Leave it to proc_release.
					 */
					t->stopped = 1;
					break;
				}
				w = pt_take(t, t->tid == pp->pid ? WNOHANG : 0, &st);
				if (w == 0) {
					struct timespec ts = { 0, 1000000 };
					nanosleep(&ts, NULL);
					continue;
				}
				if (w < 0 && errno == EINTR)
					continue;
				if (w < 0 || !WIFSTOPPED(st)) {
					pt_th_del(b, t);
					break;
				}
				settle(b, t, st);
				if ((st >> 16) == PTRACE_EVENT_STOP &&
				    trap_pending(pp->pid, t->tid)) {
					/* it took an int3 and the interrupt won the
					 * race: let it report that trap now */
					pt_cont(t, 0);
					continue;
				}
				break;
			}
			again = 1;
			break;   /* the list may have changed */
		}
	}
	for (t = pp->threads; t; t = t->pnext)
		if (ptrace(PTRACE_GETREGS, t->tid, 0, &r) == 0) {
			uint64_t pc = pt_ool_unslot(pp, r.rip);
			if (pc != r.rip) {
				r.rip = pc;
				ptrace(PTRACE_SETREGS, t->tid, 0, &r);
			}
		}
	for (bp = pp->bplist; bp; bp = bp->lnext)
		pt_unplant(pp, bp);
	for (t = pp->threads; t; t = nx) {
		nx = t->pnext;
		if (t->vfork) {   /* ours alone: proc_release does not know it */
			ptrace(PTRACE_DETACH, t->tid, 0, 0);
			pt_th_del(b, t);
		}
	}
	pt_drop_proc(b, pp);
}

static void pt_destroy(udt_backend_t *be)
{
	pt_backend_t *b = B(be);

	while (b->procs) {
		udt_proc_t *p = b->procs->owned ? b->procs->p : NULL;
		destroy_proc(b, b->procs);
		proc_release(p);   /* a descendant of ours: detached, runs on */
	}
	close(b->sfd);
	if (b->has_timer)
		timer_delete(b->timer);   /* a signal it left pending is caught */
	sigprocmask(SIG_SETMASK, &b->oldmask, NULL);
	free(b);
}

static const char *pt_errmsg(udt_backend_t *be)
{
	return B(be)->err;
}

/* Is t on a CPU (state R in /proc/TID/stat)? Sleepers are not sampled. */
static int running(pt_thread_t *t)
{
	char buf[512], *s;
	ssize_t n;

	if (t->statfd < 0)
		return 1;
	n = pread(t->statfd, buf, sizeof buf - 1, 0);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	if (!(s = strrchr(buf, ')')) || s[1] != ' ')
		return 0;
	return s[2] == 'R';
}

/*
 * profile-N without perf events: each running thread is interrupted,
 * reported while stopped, and continued; any other stop it reports
 * instead stays queued for dispatch, as in stop_one.
 */
static int pt_sample(udt_backend_t *be,
    void (*fn)(void *arg, const udt_hit_t *h), void *arg)
{
	pt_backend_t *b = B(be);
	udt_hit_t *h = &b->hit;
	struct user_regs_struct r;
	pt_proc_t *pp;
	pt_thread_t *t;
	int st;

	for (pp = b->procs; pp; pp = pp->next) {
		for (t = pp->threads; t; t = t->pnext) {
			if (t->stopped || t->vfork || t->queued || !running(t))
				continue;
			if (interrupt(t) < 0)
				continue;
			if (pt_take(t, 0, &st) < 0)
				continue;
			if (!WIFSTOPPED(st)) {
				pt_queue_add(b, t, st);
				continue;
			}
			t->stopped = 1;
			if (!our_interrupt(t, st)) {
				pt_queue_add(b, t, st);
				continue;
			}
			if (ptrace(PTRACE_GETREGS, t->tid, 0, &r) == 0) {
				fill_hit(h, t, &r);
				h->cookie = NULL;
				fn(arg, h);
			}
			pt_cont(t, 0);
		}
	}
	if (b->nq)
		kill(getpid(), SIGCHLD);   /* the queued stops: dispatch */
	return 0;
}

/*
 * Hold every thread of a process (a wrapping backend rewriting its code):
 * interrupt each running one and wait for it, as stop_one does for one;
 * a stop that is not our interrupt stays queued for dispatch, the thread
 * stopped meanwhile. Let go: only the threads the hold stopped.
 */
static pid_t pt_hold(udt_backend_t *be, udt_proc_t *p, int on)
{
	pt_backend_t *b = B(be);
	pt_proc_t *pp = pp_find(b, p);
	pt_thread_t *t, *nx;
	int st;

	if (!pp)
		return -1;
	if (!on) {
		for (t = pp->threads; t; t = t->pnext)
			if (t->held) {
				t->held = 0;
				if (t->stopped && !t->queued)
					pt_cont(t, 0);
			}
		if (b->nq)
			kill(getpid(), SIGCHLD);   /* the queued stops: dispatch */
		return 0;
	}
	for (t = pp->threads; t; t = nx) {
		nx = t->pnext;
		if (t->stopped || t->queued)
			continue;
		if (interrupt(t) < 0)
			continue;
		if (pt_take(t, 0, &st) < 0)
			continue;
		if (!WIFSTOPPED(st)) {
			pt_queue_add(b, t, st);
			continue;
		}
		t->stopped = 1;
		t->held = 1;
		if (!our_interrupt(t, st))
			pt_queue_add(b, t, st);
	}
	/* a queued one may sit in a syscall stop: injecting there replaces its call */
	for (t = pp->threads; t; t = t->pnext)
		if (t->stopped && !t->vfork && !t->queued)
			return t->tid;
	for (t = pp->threads; t; t = t->pnext)
		if (t->stopped && !t->vfork)
			return t->tid;
	return -1;
}

static int pt_syscalls(udt_backend_t *be, const udt_sysset_t *set,
    int global)
{
	pt_backend_t *b = B(be);
	size_t i;

	if (global) {
		snprintf(b->err, sizeof b->err, "the ptrace backend sees only "
		    "the processes it traces: name one with -c or -p, or let "
		    "udtrace use perf tracepoints (-x backend=uprobe)");
		return -1;
	}
	b->sys = *set;
	b->sysstops = 0;
	for (i = 0; i < UDT_SYS_MAX / 64; i++)
		if (set->entry[i] | set->ret[i])
			b->sysstops = 1;
	return 0;
}

static const udt_backend_ops_t pt_ops = {
	.name = "ptrace",
	.add_proc = pt_add_proc,
	.add_site = pt_add_site,
	.remove_site = pt_remove_site,
	.resume = pt_resume,
	.fd = pt_fd,
	.dispatch = pt_dispatch,
	.nprocs = pt_nprocs,
	.destroy = pt_destroy,
	.errmsg = pt_errmsg,
	.sample = pt_sample,
	.hold = pt_hold,
	.syscalls = pt_syscalls,
	.wait = pt_wait,
};

udt_backend_t *backend_ptrace_create(const udt_backend_cb_t *cb)
{
	pt_backend_t *b = calloc(1, sizeof *b);
	sigset_t set;

	if (!b)
		return NULL;
	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigaddset(&set, pt_wakesig());   /* unblocked only inside pt_wait */
	if (sigprocmask(SIG_BLOCK, &set, &b->oldmask) < 0 ||
	    sigdelset(&set, pt_wakesig()) < 0 ||
	    (b->sfd = signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC)) < 0) {
		free(b);
		return NULL;
	}
	b->base.ops = &pt_ops;
	if (cb)
		b->base.cb = *cb;
	return &b->base;
}
