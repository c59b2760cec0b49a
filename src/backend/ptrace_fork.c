/*
 * ptrace_fork.c — the children of the ptrace backend's processes: a fork
 * child (followed with a copy of the parent's breakpoints, or cleaned and
 * let go), a vfork child that exec'd (a process of its own on a new
 * image), and descendants kept only for their system calls.
 *
 * Owns: what a child carries away from its parent at fork or exec, and
 * whether the consumer follows it (cb.forked). Must not: plant sites
 * (the consumer adds them through the ops once it follows a child), or
 * resume a child before its sites are in.
 * Invariant: a child that is followed is watched from a stop of its own
 * (its fork's first stop, its exec stop) and leaves it with its sites
 * planted; a child that is not followed runs on with none of our bytes.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ptrace.h>
#include "backend/ptrace_impl.h"

/*
 * Watch c (a descendant, stopped in its first stop or at its exec) for
 * its system calls: ours to release. The consumer never hears of it but
 * through its system calls.
 */
void pt_own_child(pt_backend_t *b, udt_proc_t *c, pid_t child)
{
	pt_proc_t *np = calloc(1, sizeof *np);
	pt_thread_t *t;

	if (!np || !(np->bph = calloc(16, sizeof *np->bph)) ||
	    !(t = pt_th_add(b, np, child, 0))) {
		if (np)
			free(np->bph);
		free(np);
		proc_release(c);
		return;
	}
	np->nbph = 16;
	np->p = c;
	np->pid = child;
	np->owned = 1;
	np->b = b;
	np->next = b->procs;
	b->procs = np;
	pt_cont(t, 0);
}

/*
 * A watched copy of pp for fork child c: the same breakpoints (their
 * int3s are in c's memory, their slots in its copy of the scratch), no
 * sites yet, its one thread stopped. NULL when out of memory.
 */
static pt_proc_t *fork_watch(pt_backend_t *b, pt_proc_t *pp, udt_proc_t *c,
    pid_t child)
{
	pt_proc_t *cp = calloc(1, sizeof *cp);
	pt_thread_t *t;
	pt_bp_t *bp, *nb;

	if (!cp || !(cp->bph = calloc(pp->nbph, sizeof *cp->bph))) {
		free(cp);
		return NULL;
	}
	cp->nbph = pp->nbph;
	cp->p = c;
	cp->pid = child;
	cp->rtld_done = pp->rtld_done;
	cp->b = b;
	for (bp = pp->bplist; bp; bp = bp->lnext) {
		if (!bp->planted)
			continue;
		if (!(nb = calloc(1, sizeof *nb)))
			goto fail;
		nb->addr = bp->addr;
		nb->insn = bp->insn;
		nb->orig = bp->orig;
		nb->planted = 1;
		nb->rtld = bp->rtld;
		nb->slot = bp->slot;
		nb->slot_ilen = bp->slot_ilen;
		if (pt_bp_insert(cp, nb) < 0) {
			free(nb);
			goto fail;
		}
	}
	if (!(t = pt_th_add(b, cp, child, 0)))
		goto fail;
	t->stopped = 1;
	cp->next = b->procs;
	b->procs = cp;
	return cp;
fail:
	pt_bp_forget_all(cp);
	free(cp->bph);
	free(cp);
	return NULL;
}

/*
 * A fork child carries copies of our int3s. Followed (keep, a parent the
 * consumer knows, and its forked callback wants the child): it keeps the
 * ones it got sites for, the others are restored, and it runs on. Else:
 * move its pc out of any slot, then let proc put the original bytes back
 * in the child's memory (not the parent's), unmap the scratch there and
 * detach it — or, while system calls are traced, keep it (own_child), as
 * clean as if detached.
 */
void pt_fork_child(pt_backend_t *b, pt_proc_t *pp, pid_t child, int keep)
{
	const udt_backend_cb_t *cb = &b->base.cb;
	struct user_regs_struct r;
	udt_proc_t *c;
	pt_proc_t *cp;
	pt_bp_t *bp;
	char path[64];
	int st = pt_wait_initial(b, child), fd;

	if (!WIFSTOPPED(st))
		return;
	if (ptrace(PTRACE_GETREGS, child, 0, &r) == 0) {
		uint64_t pc = pt_ool_unslot(pp, r.rip);
		if (pc != r.rip) {
			r.rip = pc;
			ptrace(PTRACE_SETREGS, child, 0, &r);
		}
	}
	c = proc_fork_child(pp->p, child);
	if (c && keep && !pp->owned && cb->forked &&
	    (cp = fork_watch(b, pp, c, child))) {
		if (cb->forked(cb->arg, pp->p, c)) {
			for (bp = cp->bplist; bp; bp = bp->lnext)
				if (!bp->live && !bp->rtld)
					pt_unplant(cp, bp);
			if (cp->threads && cp->threads->stopped &&
			    !cp->threads->queued)
				pt_cont(cp->threads, 0);
			return;
		}
		pt_drop_proc(b, cp);   /* forgets, writes nothing */
	}
	/* our own int3s first, whatever proc's table says about the child */
	snprintf(path, sizeof path, "/proc/%d/mem", (int)child);
	if ((fd = open(path, O_RDWR | O_CLOEXEC)) >= 0) {
		for (bp = pp->bplist; bp; bp = bp->lnext)
			if (bp->planted &&
			    pwrite(fd, &bp->orig, 1, (off_t)bp->addr) != 1)
				break;
		close(fd);
	}
	if (c != NULL) {
		if (keep && b->sysstops) {
			proc_scrub(c, child);
			pt_own_child(b, c, child);
		} else
			proc_release(c);
	} else
		ptrace(PTRACE_DETACH, child, 0, 0);
}

/*
 * Vfork child t of pp exec'd (posix_spawn does so): a process of its own
 * now, on a new image with no int3 of ours. Followed as a fork child is
 * (a parent the consumer knows, and its forked callback wants the
 * child: a USDT provider glob), it is watched from this stop, which it
 * leaves with its sites planted; else it is kept for its system calls
 * or let go.
 */
void pt_vfork_exec(pt_backend_t *b, pt_proc_t *pp, pt_thread_t *t)
{
	const udt_backend_cb_t *cb = &b->base.cb;
	pid_t tid = t->tid;
	udt_proc_t *c;
	pt_proc_t *cp;
	pt_thread_t *nt;

	pt_th_del(b, t);
	if (!(c = proc_fork_child(pp->p, tid))) {
		ptrace(PTRACE_DETACH, tid, 0, 0);
		return;
	}
	proc_exec_reset(c);
	if (!pp->owned && cb->forked && (cp = calloc(1, sizeof *cp)) != NULL) {
		if ((cp->bph = calloc(16, sizeof *cp->bph)) != NULL &&
		    (nt = pt_th_add(b, cp, tid, 0)) != NULL) {
			cp->nbph = 16;
			cp->p = c;
			cp->pid = tid;
			cp->b = b;
			nt->stopped = 1;
			cp->next = b->procs;
			b->procs = cp;
			if (cb->forked(cb->arg, pp->p, c)) {
				pt_plant_rtld(b, cp);
				if (nt->stopped && !nt->queued)
					pt_cont(nt, 0);
				return;
			}
			pt_drop_proc(b, cp);   /* forgets, writes nothing */
		} else {
			free(cp->bph);
			free(cp);
		}
	}
	if (b->sysstops)
		pt_own_child(b, c, tid);
	else
		proc_release(c);
}
