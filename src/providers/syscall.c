/*
 * syscall.c — the syscall provider: syscall::NAME:entry and :return for
 * every call of syscall_tab.c, enabled as a set in the backend (which
 * pays only for the calls in it), fired with DTrace's arguments: at
 * entry arg0..arg5 the call's arguments, at return arg0 and arg1 the
 * return value and errno 0 or the positive error (D-REFERENCE §9).
 *
 * Owns: the probes, made when the provider is registered, right after
 * the proc provider's (so -l lists them, and every probe has one id
 * however it is named or listed, as in DTrace), the number -> probe
 * tables, the set last handed to the backend.
 * Must not: allocate on the hit path, or know the backend's mechanism.
 * Invariant: entry[nr] / ret[nr] is the probe of call nr (NULL before
 * the probes exist); a probe with ECBs has its bit in `set`.
 */
#include "consumer/handle.h"
#include "consumer/hitctx.h"
#include "providers/syscall.h"
#include "providers/syscall_count.h"
#include "providers/pid.h"
#include "providers/proc.h"
#include "consumer/procinfo.h"
#include "providers/syscall_tab.h"
#include "consumer/symfmt.h"
#include "sym/sym.h"

#include <errno.h>
#include <sys/syscall.h>
#include <stdlib.h>
#include <string.h>

struct syscall_state {
	udt_provider_t *pv;
	int made;                       /* the probes exist */
	udt_probe_t *entry[SYSCALL_NR], *ret[SYSCALL_NR];
	udt_sysset_t set;               /* enabled now */
	udt_sysset_t pushed;            /* what the backend has */
	int pushed_any;                 /* the backend was given a set */
};

_Static_assert(SYSCALL_NR == UDT_SYS_MAX, "one bound for call numbers");

/* Is p one of ours? Then *nr and *isret say which. */
static int which(const struct syscall_state *ss, const udt_probe_t *p,
    unsigned *nr, int *isret)
{
	for (unsigned i = 0; i < SYSCALL_NR; i++) {
		if (ss->entry[i] == p || ss->ret[i] == p) {
			*nr = i;
			*isret = ss->ret[i] == p;
			return 1;
		}
	}
	return 0;
}

static int make_probes(probe_reg_t *r, struct syscall_state *ss)
{
	for (unsigned i = 0; i < SYSCALL_NR; i++) {
		if (syscall_names[i] == NULL)
			continue;
		if ((ss->entry[i] = probe_create(r, ss->pv, "", syscall_names[i],
		    "entry")) == NULL ||
		    (ss->ret[i] = probe_create(r, ss->pv, "", syscall_names[i],
		    "return")) == NULL)
			return -1;
	}
	ss->made = 1;
	return 0;
}

static int syscall_provide(probe_reg_t *r, udt_provider_t *pv,
    const d_pdesc_t *d)
{
	udt_handle_t *h = pv->arg;
	struct syscall_state *ss = h->sysst;
	if (ss->made)
		return 0;
	/* only a description that could name one of them makes them */
	if (!probe_glob(d->mod, "") ||
	    (!probe_glob(d->name, "entry") && !probe_glob(d->name, "return")))
		return 0;
	return make_probes(r, ss);
}

static void set_bit(uint64_t *w, unsigned nr, int on)
{
	if (on)
		w[nr / 64] |= 1ull << (nr % 64);
	else
		w[nr / 64] &= ~(1ull << (nr % 64));
}

static int syscall_enable(udt_provider_t *pv, udt_probe_t *p)
{
	udt_handle_t *h = pv->arg;
	struct syscall_state *ss = h->sysst;
	unsigned nr;
	int isret;
	if (which(ss, p, &nr, &isret))
		set_bit(isret ? ss->set.ret : ss->set.entry, nr, 1);
	return 0;
}

static void syscall_disable(udt_provider_t *pv, udt_probe_t *p)
{
	udt_handle_t *h = pv->arg;
	struct syscall_state *ss = h->sysst;
	unsigned nr;
	int isret;
	if (which(ss, p, &nr, &isret))
		set_bit(isret ? ss->set.ret : ss->set.entry, nr, 0);
}

/* provider, module, function, name, args: illumos systrace_attr in uts/common/dtrace/systrace.c */
static const d_pattr_t syscall_attr = {
	{ D_STAB_EVOLVING, D_STAB_EVOLVING, D_CLASS_COMMON },
	{ D_STAB_PRIVATE, D_STAB_PRIVATE, D_CLASS_UNKNOWN },
	{ D_STAB_PRIVATE, D_STAB_PRIVATE, D_CLASS_ISA },
	{ D_STAB_EVOLVING, D_STAB_EVOLVING, D_CLASS_COMMON },
	{ D_STAB_PRIVATE, D_STAB_PRIVATE, D_CLASS_ISA },
};

static const udt_provider_ops_t syscall_ops = {
	syscall_provide, syscall_enable, syscall_disable, NULL,
	&syscall_attr
};

int provider_syscall_register(udt_handle_t *h)
{
	struct syscall_state *ss = calloc(1, sizeof(*ss));
	if (ss == NULL)
		return -1;
	ss->pv = probe_add_provider(&h->reg, "syscall", &syscall_ops, h);
	if (ss->pv == NULL) {
		free(ss);
		return -1;
	}
	h->sysst = ss;
	return make_probes(&h->reg, ss);
}

static int set_empty(const udt_sysset_t *s)
{
	for (size_t i = 0; i < UDT_SYS_MAX / 64; i++)
		if (s->entry[i] | s->ret[i])
			return 0;
	return s->ptp == 0;
}

/* No call is reported one by one (the process tracepoints aside). */
static int calls_empty(const udt_sysset_t *s)
{
	for (size_t i = 0; i < UDT_SYS_MAX / 64; i++)
		if (s->entry[i] | s->ret[i])
			return 0;
	return 1;
}

/*
 * The calls after which a process's ids may differ (x86-64): the set*id
 * family, and an exec of a set-id file.
 */
static const unsigned idcalls[] = {
	59, 105, 106, 113, 114, 117, 119, 122, 123, 322
};

static int is_idcall(int nr)
{
	for (size_t i = 0; i < sizeof(idcalls) / sizeof(idcalls[0]); i++)
		if ((unsigned)nr == idcalls[i])
			return 1;
	return 0;
}

static int reads_cpu(const difo_t *dp)
{
	for (size_t i = 0; dp != NULL && i < dp->ntext; i++)
		if (dp->text[i].op == DIF_LDGS && dp->text[i].imm == DIF_VAR_CPU)
			return 1;
	return 0;
}

/*
 * Does a firing of p need its CPU: a clause that reads `cpu`, or that may
 * put a record in the buffer (output shows its CPU)? Aggregating alone,
 * or committing and discarding speculations, does not.
 */
static int needs_cpu(const udt_probe_t *p)
{
	for (const udt_ecb_t *e = p->ecbs; e != NULL; e = e->next) {
		const d_clause_prog_t *c = e->clause;
		if (c->body == NULL || reads_cpu(c->pred) || reads_cpu(c->body))
			return 1;
		for (size_t i = 0; i < c->nrecs; i++)
			if (c->recs[i].action != D_ACT_AGG &&
			    c->recs[i].action != D_ACT_COMMIT &&
			    c->recs[i].action != D_ACT_DISCARD)
				return 1;
	}
	return 0;
}

/*
 * Must a firing of p happen while its thread is stopped in the call? As
 * for a pid site (pid_site_sync), a clause that reads the target's
 * memory or /proc (copyin*, curpsinfo, fds[]): reported late, it would
 * read memory the program has since reused, an image an exec replaced,
 * or a process that is gone. And one whose raise(), stop() or copyout()
 * acts on the thread (act_target), which must still be in the call.
 * system(), freopen() and ftruncate() act in udtrace: no stop.
 */
static int needs_stop(const udt_probe_t *p)
{
	for (const udt_ecb_t *e = p != NULL ? p->ecbs : NULL; e != NULL;
	    e = e->next) {
		const d_clause_prog_t *c = e->clause;
		if ((pid_difo_needs(c->pred) | pid_difo_needs(c->body)) &
		    UDT_NEED_USERMEM)
			return 1;
		for (size_t i = 0; i < c->nrecs; i++)
			if (c->recs[i].action == D_ACT_RAISE ||
			    c->recs[i].action == D_ACT_STOP ||
			    c->recs[i].action == D_ACT_COPYOUT)
				return 1;
	}
	return 0;
}

int syscall_sync(udt_handle_t *h)
{
	struct syscall_state *ss = h->sysst;
	if (ss == NULL)
		return 0;
	ss->set.cpu = 0;
	for (unsigned i = 0; i < SYSCALL_NR; i++)
		if ((ss->entry[i] && needs_cpu(ss->entry[i])) ||
		    (ss->ret[i] && needs_cpu(ss->ret[i])))
			ss->set.cpu = 1;
	/* the proc provider's signal and exec calls ride along */
	udt_sysset_t set = ss->set, pset;
	memset(&pset, 0, sizeof(pset));
	proc_sysset(h, &pset);
	if (set_empty(&set) && !ss->pushed_any && h->scst == NULL &&
	    set_empty(&pset))
		return 0;
	/* with no -c or -p, the whole machine: the backend is made for it */
	int global = h->procs.nuser == 0;
	udt_backend_t *be = global ? procs_backend(h) : h->procs.be;
	if (be == NULL) {
		snprintf(h->prov_err, sizeof(h->prov_err), "%.1000s", h->errmsg);
		return -1;
	}
	/* what the kernel can count costs no report per call */
	if (syscall_count_begin(h, be) != 0) {
		snprintf(h->prov_err, sizeof(h->prov_err), "Cannot allocate "
		    "memory");
		return -1;
	}
	unsigned ok = 0;
	for (int pass = 0; pass < 2; pass++)
		for (unsigned i = 0; i < SYSCALL_NR; i++)
			for (int r = 0; r < 2; r++) {
				uint64_t *w = r ? set.ret : set.entry;
				udt_probe_t *p = r ? ss->ret[i] : ss->entry[i];
				if (!udt_sysset_has(w, i) ||
				    udt_sysset_has(r ? pset.ret : pset.entry, i))
					continue;
				if (pass == 0)
					ok += (unsigned)syscall_count_ok(h, p, i,
					    global);
				else if (ok <= SYSCALL_COUNT_MAX &&
				    syscall_count_probe(h, p, i, r, global))
					set_bit(w, i, 0);
			}
	syscall_count_end(h, ok > SYSCALL_COUNT_MAX ? ok : 0);
	for (size_t i = 0; i < UDT_SYS_MAX / 64; i++) {
		set.entry[i] |= pset.entry[i];
		set.ret[i] |= pset.ret[i];
	}
	set.ptp |= pset.ptp;
	for (unsigned i = 0; i < SYSCALL_NR; i++) {
		if (udt_sysset_has(set.entry, i) && needs_stop(ss->entry[i]))
			set_bit(set.sync_entry, i, 1);
		if (udt_sysset_has(set.ret, i) && needs_stop(ss->ret[i]))
			set_bit(set.sync_ret, i, 1);
	}
	/*
	 * Calls are reported one by one anyway: have the ones that change a
	 * process's ids reported too, so its cached ppid, uid and gid are
	 * read again after them (never the only calls: on ptrace that would
	 * stop every call, and on the tracepoints cost every call a filter).
	 */
	if ((h->pneeds & UDT_NEED_IDENT) && !calls_empty(&set))
		for (size_t i = 0; i < sizeof(idcalls) / sizeof(idcalls[0]); i++)
			set_bit(set.ret, idcalls[i], 1);
	if (memcmp(&set, &ss->pushed, sizeof(set)) == 0 &&
	    (ss->pushed_any || set_empty(&set)))
		return 0;
	if (be->ops->syscalls == NULL) {
		snprintf(h->prov_err, sizeof(h->prov_err), "the %s backend "
		    "cannot report system calls", be->ops->name);
		return -1;
	}
	if (be->ops->syscalls(be, &set, global) != 0) {
		snprintf(h->prov_err, sizeof(h->prov_err), "%s",
		    be->ops->errmsg ? be->ops->errmsg(be) : "error");
		return -1;
	}
	ss->pushed = set;
	ss->pushed_any = 1;
	return 0;
}

/*
 * The kernel's restart codes: a call a signal interrupted. The program
 * sees EINTR, or (SA_RESTART, restart_syscall) the call made again,
 * which fires its entry again; DTrace reports such a return as EINTR.
 */
static int user_errno(int64_t rv)
{
	if (rv >= 0 || rv < -4095)
		return 0;
	if (rv >= -516 && rv <= -512)
		return EINTR;
	return (int)-rv;
}

/* ---- the hit path: no allocation below ---- */

void syscall_hit(void *arg, const udt_hit_t *uh, int nr, int ret)
{
	udt_handle_t *h = arg;
	struct syscall_state *ss = h->sysst;
	if (ss == NULL || nr < 0 || nr >= SYSCALL_NR || h->exiting)
		return;
	udt_tproc_t *t = uh->proc != NULL ? procs_of(&h->procs, uh->proc) :
	    NULL;
	int ident = (h->pneeds & UDT_NEED_IDENT) != 0;
	if (ret && ident && is_idcall(nr)) {
		/* its ids may have changed: the next hit reads them */
		if (t != NULL && t->pid == uh->pid)
			procs_ident_forget(t);
		else
			hitctx_ident_forget(uh->pid);
	}
	proc_on_syscall(h, uh, nr, ret);
	/*
	 * An exec renames the process: without an exec event (ptrace sends
	 * none for a process udtrace does not trace itself) a name read at
	 * or before this entry would otherwise serve its next hits for a
	 * quarter second. A failed exec costs one more /proc read.
	 */
	int execing = !ret && (nr == SYS_execve || nr == SYS_execveat) &&
	    !(t != NULL && t->pid == uh->pid);
	udt_probe_t *p = ret ? ss->ret[nr] : ss->entry[nr];
	if (p == NULL || p->ecbs == NULL) {
		if (execing)
			hitctx_ident_forget(uh->pid);
		return;
	}
	dif_hit_t *hit = &h->phit;
	unsigned have = UDT_CLOCK_TS;

	hit->pid = uh->pid;
	hit->tid = uh->tid ? uh->tid : uh->pid;
	if (t != NULL && t->pid == uh->pid) {
		if (ident)
			procs_ident_at(t, uh->time);
		hit->ppid = t->ppid;
		hit->uid = t->uid;
		hit->gid = t->gid;
		hit->execname = t->execname;
	} else {
		/* a descendant, or any process system-wide */
		const hitctx_ident_t *id = hitctx_ident(hit->pid, uh->time,
		    ident);
		if (udt_symbolize == NULL)
			udt_symbolize = sym_lookup_pid;
		hit->ppid = uh->ppid ? uh->ppid : id->ppid;
		hit->uid = id->uid;
		hit->gid = id->gid;
		hit->execname = uh->comm != NULL ? uh->comm : id->execname;
	}
	hit->cpu = uh->cpu;
	hit->timestamp = uh->time;
	hit->uregs = uh->regs;
	hit->nuregs = UDT_NREGS;
	hit->read_mem = hitctx_read;
	hit->read_arg = (void *)uh;
	hit->xlate = procinfo_xlate;
	hit->xlate_arg = hit;
	hit->ustack = NULL;
	hit->nustack = 0;
	hit->ustackdepth = 0;
	hit->ucaller = 0;
	memset(hit->args, 0, sizeof(hit->args));
	if (ret) {
		/* as DTrace: a failed call returns -1, its error in errno */
		int64_t rv = (int64_t)uh->regs[R_RAX];
		hit->errno_val = user_errno(rv);
		if (hit->errno_val != 0)
			rv = -1;
		hit->args[0] = hit->args[1] = (uint64_t)rv;
	} else {
		hit->args[0] = uh->regs[R_RDI];
		hit->args[1] = uh->regs[R_RSI];
		hit->args[2] = uh->regs[R_RDX];
		hit->args[3] = uh->regs[R_R10];
		hit->args[4] = uh->regs[R_R8];
		hit->args[5] = uh->regs[R_R9];
		hit->errno_val = 0;
	}
	h->fire_tproc = t;
	h->fire_tid = hit->tid;
	ecb_fire_clk(h, p, hit, have);
	h->fire_tproc = NULL;
	h->fire_tid = 0;
	if (execing)            /* the name this firing read is the old one */
		hitctx_ident_forget(uh->pid);
}

void syscall_state_free(udt_handle_t *h)
{
	syscall_count_free(h);
	free(h->sysst);
	h->sysst = NULL;
}
