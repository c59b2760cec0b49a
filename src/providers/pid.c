/*
 * pid.c — the pid provider in the consumer: descriptions become
 * probes (src/pid/'s enumeration), enabled probes become planted sites
 * (one record per address, providers/site.c), and backend hits become firings
 * with DTrace's built-in variables (D-REFERENCE §3, §9.1).
 *
 * Owns: per-probe kind and sites, the descriptions kept for exec and
 * dlopen, the hit's context: SysV x86-64 arguments, uregs, ucaller and
 * the user stack, gathered only when an enabled program reads them.
 * Must not: allocate on the hit path (the stack buffer is made at
 * udt_go), or decode instructions and read symbols itself.
 * Invariant: a probe has ECBs iff its sites are in the backend; probes
 * found after an exec or a dlopen get the ECBs of every remembered
 * description that matches them, in program order.
 */
#include "consumer/procinfo.h"
#include "consumer/handle.h"
#include "providers/idtab.h"
#include "providers/pid.h"
#include "providers/usdt.h"
#include "consumer/hitctx.h"
#include "consumer/symfmt.h"
#include "pid/pid.h"
#include "sym/sym.h"

#include <ctype.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Frames unwound for ustack()/ustackdepth: DTrace's own ceiling. */
#define PID_MAX_FRAMES 1024

typedef struct pid_info {
	udt_tproc_t *t;
	int kind;                   /* enum pid_kind */
	pid_site_t *sites; size_t nsites;
	char *path;
	int planted;
	/* the descriptions src/pid/ reported it for (its module aliases) */
	const d_pdesc_t **descs; size_t ndescs, capdescs;
} pid_info_t;

typedef struct pid_enabling {
	udt_prog_t *prog;
	const d_clause_prog_t *c;
	const d_pdesc_t *d;
	udt_tproc_t *t;
} pid_enabling_t;

/* (process, module, function, name) -> probe, to create each probe once. */
typedef struct pid_name {
	udt_probe_t *p;
	udt_tproc_t *t;
	uint64_t hash;
	struct pid_name *next;
} pid_name_t;

struct pid_state {
	idtab_t info;         /* pid_info_t by probe id */
	pidsite_tab_t sites;
	pid_name_t **nb; size_t nnb, nn;
	pid_enabling_t *en; size_t nen, encap;
	uint64_t *pcs;                        /* PID_MAX_FRAMES, from udt_go */
	/*
	 * Some site's clauses read or reset aggregations or exit (site_seal):
	 * then no site counts in the target. Its counters are read at the
	 * end of a drain, after such a hit's record (no epoch orders them, as
	 * it does folds), so hits after an exit() were counted where records,
	 * in order, give what the other backends give.
	 */
	int sealing;
};

static struct pid_state *state(udt_handle_t *h)
{
	if (h->pidst == NULL)
		h->pidst = calloc(1, sizeof(*h->pidst));
	return h->pidst;
}

static void prov_error(udt_handle_t *h, const char *tag, const char *fmt,
    ...) __attribute__((format(printf, 3, 4)));
static void prov_error(udt_handle_t *h, const char *tag, const char *fmt,
    ...)
{
	va_list ap;
	if (h->prov_err[0] != '\0')
		return;       /* the first failure is the one to report */
	snprintf(h->prov_tag, sizeof(h->prov_tag), "%s", tag);
	va_start(ap, fmt);
	vsnprintf(h->prov_err, sizeof(h->prov_err), fmt, ap);
	va_end(ap);
}

int32_t pid_desc_pid(const d_pdesc_t *d)
{
	if (d->id != 0 || strncmp(d->prov, "pid", 3) != 0)
		return 0;
	const char *s = d->prov + 3;
	if (*s == '\0')
		return 0;
	long long v = 0;
	for (; *s; s++) {
		if (!isdigit((unsigned char)*s))
			return 0;
		v = v * 10 + (*s - '0');
		if (v > INT32_MAX)
			return 0;
	}
	return (int32_t)v;
}

static uint64_t name_hash(const udt_tproc_t *t, const char *mod,
    const char *func, const char *name)
{
	uint64_t h = 1469598103934665603ULL ^ (uint64_t)(uintptr_t)t;
	const char *parts[3] = { mod, func, name };
	for (int i = 0; i < 3; i++) {
		for (const char *s = parts[i]; *s; s++)
			h = (h ^ (unsigned char)*s) * 1099511628211ULL;
		h = (h ^ 0xff) * 1099511628211ULL;
	}
	return h;
}

static udt_probe_t *name_find(struct pid_state *ps, const udt_tproc_t *t,
    const char *mod, const char *func, const char *name, uint64_t hv)
{
	if (ps->nnb == 0)
		return NULL;
	for (pid_name_t *n = ps->nb[hv & (ps->nnb - 1)]; n; n = n->next)
		if (n->hash == hv && n->t == t && strcmp(n->p->mod, mod) == 0 &&
		    strcmp(n->p->func, func) == 0 &&
		    strcmp(n->p->name, name) == 0)
			return n->p;
	return NULL;
}

static int name_add(struct pid_state *ps, udt_tproc_t *t, udt_probe_t *p,
    uint64_t hv)
{
	if (ps->nn + 1 > ps->nnb) {
		size_t nb = ps->nnb ? ps->nnb * 2 : 1024;
		pid_name_t **b = calloc(nb, sizeof(*b));
		if (b == NULL)
			return -1;
		for (size_t i = 0; i < ps->nnb; i++) {
			pid_name_t *n = ps->nb[i];
			while (n) {
				pid_name_t *next = n->next;
				n->next = b[n->hash & (nb - 1)];
				b[n->hash & (nb - 1)] = n;
				n = next;
			}
		}
		free(ps->nb);
		ps->nb = b;
		ps->nnb = nb;
	}
	pid_name_t *n = malloc(sizeof(*n));
	if (n == NULL)
		return -1;
	*n = (pid_name_t){ p, t, hv, ps->nb[hv & (ps->nnb - 1)] };
	ps->nb[hv & (ps->nnb - 1)] = n;
	ps->nn++;
	return 0;
}

static pid_info_t *info_of(const udt_handle_t *h, const udt_probe_t *p)
{
	const struct pid_state *ps = h->pidst;
	return ps ? idtab_get(&ps->info, p->id) : NULL;
}

static int set_sites(pid_info_t *pi, const pid_probe_t *pp)
{
	pid_site_t *s = NULL;
	char *path = strdup(pp->path ? pp->path : "");
	if (path == NULL)
		return -1;
	if (pp->nsites > 0) {
		s = malloc(pp->nsites * sizeof(*s));
		if (s == NULL) {
			free(path);
			return -1;
		}
		memcpy(s, pp->sites, pp->nsites * sizeof(*s));
	}
	free(pi->sites);
	free(pi->path);
	pi->sites = s;
	pi->nsites = pp->nsites;
	pi->path = path;
	return 0;
}

struct enum_ctx {
	udt_handle_t *h;
	udt_tproc_t *t;
	const d_pdesc_t *d;        /* the description being enumerated */
	int resolve;               /* exec: existing probes take the new sites */
	udt_probe_t **fresh; size_t nfresh, capfresh;   /* probes made now */
	int failed;
};

static int note_desc(pid_info_t *pi, const d_pdesc_t *d)
{
	for (size_t i = 0; i < pi->ndescs; i++)
		if (pi->descs[i] == d)
			return 0;
	if (pi->ndescs == pi->capdescs) {
		size_t n = pi->capdescs ? pi->capdescs * 2 : 2;
		const d_pdesc_t **nd = realloc(pi->descs, n * sizeof(*nd));
		if (nd == NULL)
			return -1;
		pi->descs = nd;
		pi->capdescs = n;
	}
	pi->descs[pi->ndescs++] = d;
	return 0;
}

static int enum_one(void *arg, const pid_probe_t *pp)
{
	struct enum_ctx *ec = arg;
	udt_handle_t *h = ec->h;
	struct pid_state *ps = h->pidst;
	uint64_t hv = name_hash(ec->t, pp->mod, pp->func, pp->name);
	udt_probe_t *p = name_find(ps, ec->t, pp->mod, pp->func, pp->name, hv);

	if (p != NULL) {
		pid_info_t *pi = info_of(h, p);
		if (ec->resolve && pi != NULL && set_sites(pi, pp) != 0)
			goto nomem;
		if (pi != NULL && note_desc(pi, ec->d) != 0)
			goto nomem;
		return 0;
	}
	pid_info_t *pi = calloc(1, sizeof(*pi));
	if (pi == NULL)
		goto nomem;
	pi->t = ec->t;
	pi->kind = pp->kind;
	if (set_sites(pi, pp) != 0 ||
	    (p = probe_create(&h->reg, ec->t->pv, pp->mod, pp->func,
	    pp->name)) == NULL) {
		free(pi->sites);
		free(pi->path);
		free(pi);
		goto nomem;
	}
	if (idtab_set(&ps->info, p->id, pi) != 0 || name_add(ps, ec->t, p, hv) != 0 ||
	    note_desc(pi, ec->d) != 0)
		goto nomem;
	if (ec->nfresh == ec->capfresh) {
		size_t n = ec->capfresh ? ec->capfresh * 2 : 16;
		udt_probe_t **nf = realloc(ec->fresh, n * sizeof(*nf));
		if (nf == NULL)
			goto nomem;
		ec->fresh = nf;
		ec->capfresh = n;
	}
	ec->fresh[ec->nfresh++] = p;
	return 0;
nomem:
	ec->failed = 1;
	prov_error(h, "D_UNKNOWN", "Cannot allocate memory");
	return 1;
}

static const udt_provider_ops_t pid_ops;

/* The process of pid, grabbed if udtrace does not trace it yet. */
static udt_tproc_t *pid_proc(udt_handle_t *h, int32_t pid)
{
	udt_tproc_t *t = procs_find(&h->procs, pid);
	if (t == NULL) {
		char err[1024];
		udt_proc_t *p = proc_grab(pid, err, sizeof(err));
		if (p == NULL) {
			/* as dt_pid_create_probes: the reason is not shown */
			prov_error(h, "D_PROC_GRAB", "failed to grab process %d",
			    (int)pid);
			return NULL;
		}
		if ((t = procs_add(h, p, 0)) == NULL) {
			prov_error(h, "D_PROC_GRAB", "%s", h->errmsg);
			return NULL;
		}
	}
	if (t->pv == NULL) {
		char name[32];
		snprintf(name, sizeof(name), "pid%d", (int)pid);
		t->pv = probe_add_provider(&h->reg, name, &pid_ops, h);
		if (t->pv == NULL) {
			prov_error(h, "D_PROC_GRAB", "failed to grab pid %d: "
			    "too many providers", (int)pid);
			return NULL;
		}
	}
	return t;
}

static int enumerate(udt_handle_t *h, struct enum_ctx *ec,
    const d_pdesc_t *d)
{
	char tag[64] = "", err[1024] = "";
	ec->d = d;
	int n = pid_enumerate(ec->t->proc, d->mod, d->func, d->name,
	    enum_one, ec, tag, sizeof(tag), err, sizeof(err));
	if (ec->failed)
		return -1;
	if (n < 0) {
		prov_error(h, tag[0] ? tag : "D_PROC_LIB", "%s",
		    err[0] ? err : "failed to create probes");
		return -1;
	}
	return 0;
}

int pid_provide(udt_handle_t *h, const d_pdesc_t *d)
{
	int32_t pid = pid_desc_pid(d);
	if (pid <= 0)
		return 0;
	if (state(h) == NULL) {
		prov_error(h, "D_UNKNOWN", "Cannot allocate memory");
		return -1;
	}
	udt_tproc_t *t = pid_proc(h, pid);
	if (t == NULL)
		return -1;
	if (!t->alive)
		return 0;
	struct enum_ctx ec = { h, t, d, 0, NULL, 0, 0, 0 };
	int rc = enumerate(h, &ec, d);
	free(ec.fresh);
	return rc;
}

int pid_site_sync(const udt_handle_t *h)
{
	return h->opts.destructive || (h->pneeds & UDT_NEED_USERMEM) != 0;
}

unsigned pid_stack_bytes(const udt_handle_t *h)
{
	/* a stack deep enough for ustack(), else the words above rsp */
	if (h->pneeds & (UDT_NEED_USTACK | UDT_NEED_UCALLER))
		return 16384;
	return (h->pneeds & UDT_NEED_STACKARGS) ? 64 : 0;
}

unsigned usdt_stack_bytes(const udt_handle_t *h)
{
	/* arguments live in the probe's frame, read after the thread ran on */
	unsigned n = pid_stack_bytes(h);
	return (h->pneeds & UDT_NEED_ARGS) && n < 2048 ? 2048 : n;
}

uint64_t pid_regs_skip(const udt_handle_t *h)
{
	/*
	 * Every register, or none: a record may serve pid and USDT probes
	 * at once, and a USDT argument may name any register. R_RIP is the
	 * site, which every hit knows.
	 */
	if (h->opts.destructive || (h->pneeds & (UDT_NEED_ARGS |
	    UDT_NEED_UREGS | UDT_NEED_STACKARGS | UDT_NEED_UCALLER |
	    UDT_NEED_USTACK | UDT_NEED_USERMEM)))
		return 0;
	return ((1ull << UDT_NREGS) - 1) & ~(1ull << R_RIP);
}

/*
 * Registers rec's hits need not carry: pid_regs_skip's, but a pid site
 * (no USDT probe: its arguments may name any register) whose programs
 * read only arg0..arg5 by name carries only those arguments' registers
 * (at a return site, arg1 is rax), so a backend may write less per hit
 * (the trampoline a one-line record). The registers left out read 0,
 * as the uprobe backend's unsampled ones always did; R_FS_BASE (the
 * thread) a backend keeps for itself.
 */
static uint64_t site_regs_skip(const udt_handle_t *h, const pidsite_t *rec)
{
	static const int argreg[6] = { R_RDI, R_RSI, R_RDX, R_RCX, R_R8, R_R9 };
	uint64_t skip = pid_regs_skip(h), need = 0;

	if (skip == 0 && !h->opts.destructive && (h->pneeds & (UDT_NEED_UREGS |
	    UDT_NEED_STACKARGS | UDT_NEED_UCALLER | UDT_NEED_USTACK |
	    UDT_NEED_USERMEM)) == 0) {
		for (size_t i = 0; i < rec->nents; i++) {
			if (rec->ents[i].kind == PIDSITE_USDT)
				return 0;
			if (rec->ents[i].kind == PID_RETURN) {
				if (h->pneeds & UDT_NEED_ARGN(1))
					need |= 1ull << R_RAX;
				continue;
			}
			for (int a = 0; a < 6; a++)
				if (h->pneeds & UDT_NEED_ARGN(a))
					need |= 1ull << argreg[a];
		}
		skip = ((1ull << UDT_NREGS) - 1) & ~(1ull << R_RIP) & ~need;
	}
	return skip;
}

/*
 * May the backend count rec's hits (site.counted)? On the trampoline,
 * when every ECB of every probe at the site is counted (ecb_counted).
 */
static int site_counted(const udt_handle_t *h, const pidsite_t *rec)
{
	udt_backend_t *be = h->procs.be;

	if (be == NULL || be->ops->name == NULL || rec->site.sync ||
	    strcmp(be->ops->name, "trampoline") != 0 || rec->nents == 0 ||
	    (h->pidst != NULL && h->pidst->sealing))
		return 0;
	for (size_t i = 0; i < rec->nents; i++) {
		const udt_probe_t *p = rec->ents[i].probe;
		if (p == NULL || p->ecbs == NULL)
			return 0;
		for (const udt_ecb_t *e = p->ecbs; e != NULL; e = e->next)
			if (!ecb_counted(e))
				return 0;
	}
	return 1;
}

/*
 * The site's in-target program (site.kagg), one allocation: the kagg
 * first (free_site frees it through site.kagg), then per clause the ECB
 * it folds into and its ops.
 */
typedef struct pid_kagg {
	udt_kagg_t k;
	udt_kclause_t c[UDT_KCL_MAX];
	const udt_ecb_t *ecb[UDT_KCL_MAX];
	uint32_t rec[UDT_KCL_MAX];    /* the statement's record in its clause */
	udt_kop_t ops[UDT_KCL_MAX][UDT_KOPS_MAX];
} pid_kagg_t;

/*
 * May the backend aggregate rec's hits in the target (site.kagg)? On the
 * trampoline, when every ECB of every probe at the site translates
 * (ecb_kclause) and they are few. A new program, or NULL.
 */
static pid_kagg_t *site_kagg(const udt_handle_t *h, const pidsite_t *rec)
{
	static const int entreg[6] = { R_RDI, R_RSI, R_RDX, R_RCX, R_R8, R_R9 };
	udt_backend_t *be = h->procs.be;
	pid_kagg_t *k;

	if (be == NULL || be->ops->name == NULL || rec->site.sync ||
	    strcmp(be->ops->name, "trampoline") != 0 || rec->nents == 0 ||
	    (k = calloc(1, sizeof *k)) == NULL)
		return NULL;
	k->k.c = k->c;
	for (size_t i = 0; i < rec->nents; i++) {
		const pidsite_ent_t *en = &rec->ents[i];
		int reg[6];
		uint64_t cst[6] = { 0 };
		if (en->probe == NULL || en->probe->ecbs == NULL ||
		    (en->kind != PID_ENTRY && en->kind != PID_OFFSET &&
		    en->kind != PID_RETURN))
			goto no;
		memcpy(reg, entreg, sizeof reg);
		if (en->kind == PID_RETURN) {
			/* as pid_hit: the offset and the return value */
			for (int a = 0; a < 6; a++)
				reg[a] = -1;
			cst[0] = en->insn_off;
			reg[1] = R_RAX;
		}
		for (const udt_ecb_t *e = en->probe->ecbs; e != NULL;
		    e = e->next) {
			int na = ecb_kaggs(e);
			if (na < 0)
				goto no;
			for (int j = 0; j < na; j++) {
				if (k->k.n == UDT_KCL_MAX ||
				    ecb_kclause(e, reg, cst, j, &k->c[k->k.n],
				    k->ops[k->k.n], &k->rec[k->k.n]) != 0)
					goto no;
				k->ecb[k->k.n++] = e;
			}
		}
	}
	return k;
no:
	free(k);
	return NULL;
}

/*
 * Do rec's hits read or reset aggregations (site.seal: a backend that
 * aggregates in the target reports what came before each such hit first)?
 */
static int site_seal(const pidsite_t *rec)
{
	for (size_t i = 0; i < rec->nents; i++) {
		const udt_probe_t *p = rec->ents[i].probe;
		for (const udt_ecb_t *e = p != NULL ? p->ecbs : NULL; e != NULL;
		    e = e->next)
			for (size_t r = 0; r < e->clause->nrecs; r++)
				switch (e->clause->recs[r].action) {
				case D_ACT_PRINTA: case D_ACT_CLEAR:
				case D_ACT_TRUNC: case D_ACT_NORMALIZE:
				case D_ACT_DENORMALIZE: case D_ACT_EXIT:
					return 1;
				default:
					break;
				}
	}
	return 0;
}

/* Do a and b run the same clauses the same way? */
static int kagg_same(const pid_kagg_t *a, const pid_kagg_t *b)
{
	if (a == NULL || b == NULL)
		return a == b;
	if (a->k.n != b->k.n)
		return 0;
	for (size_t i = 0; i < a->k.n; i++)
		if (a->ecb[i] != b->ecb[i] || a->rec[i] != b->rec[i] ||
		    a->c[i].nops != b->c[i].nops ||
		    memcmp(a->ops[i], b->ops[i], a->c[i].nops *
		    sizeof(udt_kop_t)) != 0)
			return 0;
	return 1;
}

void pid_kfold(void *arg, void *cookie, udt_proc_t *p, unsigned clause,
    const uint64_t *keys, unsigned nkeys, uint64_t n, int64_t val)
{
	udt_handle_t *h = arg;
	pidsite_t *rec = cookie;
	const pid_kagg_t *k = rec != NULL ?
	    (const pid_kagg_t *)(const void *)rec->site.kagg : NULL;

	(void)p;
	if (k == NULL || clause >= k->k.n || nkeys != k->c[clause].nkeys)
		return;
	ecb_kfold(h, k->ecb[clause], k->rec[clause], keys, nkeys, n, val);
}

/* Plant rec again if it needs more than it carries (or counts no more). */
static int replant_one(udt_handle_t *h, pidsite_t *rec)
{
	udt_backend_t *be = h->procs.be;
	int usdt = 0;

	if (!rec->planted || rec->site.sync)
		return 0;
	for (size_t j = 0; j < rec->nents; j++)
		if (rec->ents[j].kind == PIDSITE_USDT)
			usdt = 1;
	unsigned stack = usdt ? usdt_stack_bytes(h) : pid_stack_bytes(h);
	uint64_t skip = site_regs_skip(h, rec);
	int counted = site_counted(h, rec);
	pid_kagg_t *kagg = site_kagg(h, rec);
	int seal = site_seal(rec);
	if (rec->site.stack >= stack && (rec->site.regs_skip & ~skip) == 0 &&
	    rec->site.counted == counted && rec->site.seal == seal &&
	    kagg_same(kagg, (const pid_kagg_t *)(const void *)rec->site.kagg)) {
		free(kagg);
		return 0;
	}
	/* the backend folds what it holds for the old program first */
	(void)be->ops->remove_site(be, &rec->site);
	free((void *)(uintptr_t)rec->site.kagg);
	rec->site.kagg = kagg != NULL ? &kagg->k : NULL;
	if (stack > rec->site.stack)
		rec->site.stack = stack;
	rec->site.regs_skip &= skip;
	rec->site.counted = counted;
	rec->site.seal = seal;
	if (be->ops->add_site(be, &rec->site) != 0) {
		rec->planted = 0;
		prov_error(h, "D_PROC_FUNC", "failed to enable a probe site "
		    "again: %s", be->ops->errmsg ? be->ops->errmsg(be) : "error");
		return -1;
	}
	return 0;
}

/* ptrace hits come from a stopped thread: nothing is copied */
static int copies(const udt_handle_t *h)
{
	udt_backend_t *be = h->procs.be;

	return be != NULL && (be->ops->name == NULL ||
	    strcmp(be->ops->name, "ptrace") != 0);
}

int pid_replant(udt_handle_t *h)
{
	struct pid_state *ps = h->pidst;
	int rc = 0;

	if (ps == NULL || !copies(h))
		return 0;
	for (size_t i = 0; i < ps->sites.nb; i++)
		for (pidsite_t *rec = ps->sites.b[i]; rec; rec = rec->hnext)
			if (site_seal(rec))
				ps->sealing = 1;
	for (size_t i = 0; i < ps->sites.nb; i++)
		for (pidsite_t *rec = ps->sites.b[i]; rec; rec = rec->hnext)
			if (replant_one(h, rec) != 0)
				rc = -1;
	return rc;
}

int pid_site_refresh(udt_handle_t *h, pidsite_t *rec)
{
	int usdt = 0;

	if (!copies(h) || !rec->planted || rec->site.sync)
		return 0;
	for (size_t j = 0; j < rec->nents; j++)
		if (rec->ents[j].kind == PIDSITE_USDT)
			usdt = 1;
	/* counting is settled once every ECB exists (pid_replant after enabling) */
	if (rec->site.stack >= (usdt ? usdt_stack_bytes(h) : pid_stack_bytes(h)) &&
	    (rec->site.regs_skip & ~site_regs_skip(h, rec)) == 0)
		return 0;
	return replant_one(h, rec);
}

/* Plant every site of probe p (it got its first ECB). */
static int plant(udt_handle_t *h, udt_probe_t *p, pid_info_t *pi)
{
	struct pid_state *ps = h->pidst;
	udt_backend_t *be = h->procs.be;
	int rc = 0;

	pi->planted = 1;
	if (!pi->t->alive || be == NULL)
		return 0;
	for (size_t i = 0; i < pi->nsites; i++) {
		const pid_site_t *s = &pi->sites[i];
		pidsite_t *rec = pidsite_get(&ps->sites, pi->t, s->addr);
		if (rec == NULL ||
		    pidsite_add(rec, p, pi->kind, s->insn_off) != 0) {
			prov_error(h, "D_UNKNOWN", "Cannot allocate memory");
			return -1;
		}
		if (rec->planted) {
			if (pid_site_refresh(h, rec) != 0)
				rc = -1;
			continue;
		}
		rec->site.proc = pi->t->proc;
		rec->site.path = pi->path;
		rec->site.off = s->foff;
		rec->site.refctr_off = 0;
		rec->site.stack = pid_stack_bytes(h);
		rec->site.regs_skip = site_regs_skip(h, rec);
		rec->site.sync = pid_site_sync(h);
		if (be->ops->add_site(be, &rec->site) != 0) {
			prov_error(h, "D_PROC_FUNC", "failed to enable %s:%s:%s:%s:"
			    " %s", p->prov, p->mod, p->func, p->name,
			    be->ops->errmsg ? be->ops->errmsg(be) : "error");
			rc = -1;
			continue;
		}
		rec->planted = 1;
	}
	return rc;
}

static int pid_enable_op(udt_provider_t *pv, udt_probe_t *p)
{
	udt_handle_t *h = pv->arg;
	pid_info_t *pi = info_of(h, p);
	if (pi == NULL)
		return 0;
	return plant(h, p, pi);
}

/*
 * A description names a pid probe when src/pid/ reported the probe for
 * it (a.out, libc, a full path name a module the probe lists by its
 * basename), or when its globs match the probe's names; a glob in the
 * provider field names no pid probe (§9.1).
 */
static int pid_match_op(udt_provider_t *pv, const d_pdesc_t *d,
    const udt_probe_t *p)
{
	udt_handle_t *h = pv->arg;
	if (pid_desc_pid(d) == 0 || strcmp(d->prov, p->prov) != 0)
		return 0;
	const pid_info_t *pi = info_of(h, p);
	for (size_t i = 0; pi != NULL && i < pi->ndescs; i++)
		if (pi->descs[i] == d)
			return 1;
	return probe_glob(d->mod, p->mod) && probe_glob(d->func, p->func) &&
	    probe_glob(d->name, p->name);
}

/* provider, module, function, name, args: illumos pid_attr in uts/common/dtrace/fasttrap.c */
static const d_pattr_t pid_attr = {
	{ D_STAB_EVOLVING, D_STAB_EVOLVING, D_CLASS_ISA },
	{ D_STAB_PRIVATE, D_STAB_PRIVATE, D_CLASS_UNKNOWN },
	{ D_STAB_PRIVATE, D_STAB_PRIVATE, D_CLASS_UNKNOWN },
	{ D_STAB_EVOLVING, D_STAB_EVOLVING, D_CLASS_ISA },
	{ D_STAB_PRIVATE, D_STAB_PRIVATE, D_CLASS_UNKNOWN },
};

static const udt_provider_ops_t pid_ops = {
	NULL, pid_enable_op, NULL, pid_match_op, &pid_attr
};

int pid_note_enabling(udt_handle_t *h, udt_prog_t *p,
    const d_clause_prog_t *c, const d_pdesc_t *d)
{
	int32_t pid = pid_desc_pid(d);
	struct pid_state *ps = state(h);
	udt_tproc_t *t;
	if (pid <= 0 || ps == NULL || (t = procs_find(&h->procs, pid)) == NULL)
		return 0;
	if (ps->nen == ps->encap) {
		size_t n = ps->encap ? ps->encap * 2 : 8;
		pid_enabling_t *ne = realloc(ps->en, n * sizeof(*ne));
		if (ne == NULL)
			return -1;
		ps->en = ne;
		ps->encap = n;
	}
	ps->en[ps->nen++] = (pid_enabling_t){ p, c, d, t };
	return 0;
}

/*
 * Enumerate every remembered description of t again; probes that are new
 * get the ECBs of the matching descriptions, in program order.
 */
static void reresolve(udt_handle_t *h, udt_tproc_t *t, int resolve)
{
	struct pid_state *ps = h->pidst;
	struct enum_ctx ec = { h, t, NULL, resolve, NULL, 0, 0, 0 };

	h->prov_err[0] = '\0';
	for (size_t i = 0; i < ps->nen && !ec.failed; i++)
		if (ps->en[i].t == t)
			(void)enumerate(h, &ec, ps->en[i].d);
	if (resolve) {
		/* the probes that already had ECBs are planted at their new sites */
		for (size_t id = 1; id <= ps->info.n; id++) {
			pid_info_t *pi = ps->info.v[id - 1];
			udt_probe_t *p = probe_by_id(&h->reg, (uint32_t)id);
			if (pi != NULL && pi->t == t && p != NULL && p->necbs > 0)
				(void)plant(h, p, pi);
		}
	}
	for (size_t k = 0; k < ec.nfresh; k++)
		for (size_t i = 0; i < ps->nen; i++)
			if (ps->en[i].t == t && probe_match(ps->en[i].d, ec.fresh[k]))
				(void)ecb_create(h, ps->en[i].prog, ps->en[i].c,
				    ec.fresh[k]);
	free(ec.fresh);
	if (h->prov_err[0] != '\0' && !h->opts.quiet) {
		fflush(h->outfp);
		fprintf(h->errfp, "%s: pid %d: %s\n", UDT_PROGNAME, (int)t->pid,
		    h->prov_err);
	}
	h->prov_err[0] = '\0';
}

void pid_exec(void *arg, udt_proc_t *p)
{
	udt_handle_t *h = arg;
	udt_tproc_t *t = procs_of(&h->procs, p);
	if (t == NULL)
		return;
	procs_identity(t);
	procs_prime_syms(t);
	struct pid_state *ps = h->pidst;
	if (ps == NULL)
		return;
	/* the old image's sites went with it */
	pidsite_drop_proc(&ps->sites, t);
	for (size_t i = 0; i < ps->info.n; i++) {
		pid_info_t *pi = ps->info.v[i];
		if (pi != NULL && pi->t == t) {
			free(pi->sites);
			pi->sites = NULL;
			pi->nsites = 0;
			pi->planted = 0;
		}
	}
	reresolve(h, t, 1);
}

void pid_objects(void *arg, udt_proc_t *p)
{
	udt_handle_t *h = arg;
	udt_tproc_t *t = procs_of(&h->procs, p);
	if (t == NULL)
		return;
	procs_prime_syms(t);
	if (h->pidst != NULL)
		reresolve(h, t, 0);
}

pidsite_tab_t *pid_site_tab(udt_handle_t *h)
{
	struct pid_state *ps = state(h);
	return ps != NULL ? &ps->sites : NULL;
}

int pid_prepare(udt_handle_t *h)
{
	struct pid_state *ps = h->pidst;
	if (ps == NULL || ps->pcs != NULL ||
	    !(h->pneeds & (UDT_NEED_USTACK | UDT_NEED_UCALLER)))
		return 0;
	ps->pcs = calloc(PID_MAX_FRAMES, sizeof(*ps->pcs));
	return ps->pcs != NULL ? 0 : -1;
}

unsigned pid_difo_needs(const difo_t *dp)
{
	unsigned n = 0;
	for (size_t i = 0; dp != NULL && i < dp->ntext; i++) {
		const dif_instr_t *in = &dp->text[i];
		if (in->op == DIF_LDGS) {
			if (in->imm >= DIF_VAR_ARG0 && in->imm <= DIF_VAR_ARG9)
				n |= UDT_NEED_ARGS;
			if (in->imm >= DIF_VAR_ARG0 && in->imm < DIF_VAR_ARG0 + 6)
				n |= UDT_NEED_ARGN(in->imm - DIF_VAR_ARG0);
			if (in->imm >= DIF_VAR_ARG0 + 6 && in->imm <= DIF_VAR_ARG9)
				n |= UDT_NEED_STACKARGS;
			else if (in->imm == DIF_VAR_UCALLER)
				n |= UDT_NEED_UCALLER;
			else if (in->imm == DIF_VAR_USTACKDEPTH)
				n |= UDT_NEED_USTACK;
			else if (in->imm == DIF_VAR_CURPSINFO ||
			    in->imm == DIF_VAR_CURLWPSINFO)
				n |= UDT_NEED_USERMEM;
			else if (in->imm == DIF_VAR_PPID ||
			    in->imm == DIF_VAR_UID || in->imm == DIF_VAR_GID)
				n |= UDT_NEED_IDENT;
		} else if (in->op == DIF_LDGA && (in->imm == DIF_VAR_FDS ||
		    in->imm == DIF_VAR_PSINFO || in->imm == DIF_VAR_LWPSINFO)) {
			/*
			 * /proc read while the thread is held at the probe: a
			 * descriptor's offset, the thread's state are the hit's
			 */
			n |= UDT_NEED_USERMEM;
		} else if (in->op == DIF_LDGA && in->imm == DIF_VAR_ARGS) {
			n |= UDT_NEED_STACKARGS | UDT_NEED_ARGS;
		} else if (in->op == DIF_LDGA && in->imm == DIF_VAR_UREGS) {
			n |= UDT_NEED_UREGS;
		} else if (in->op == DIF_CALL && in->imm == DIF_SUBR_USTACK) {
			n |= UDT_NEED_USTACK;
		} else if (in->op == DIF_CALL && in->imm == DIF_SUBR_PROGENYOF) {
			n |= UDT_NEED_IDENT;
		} else if (in->op == DIF_CALL && (in->imm == DIF_SUBR_COPYIN ||
		    in->imm == DIF_SUBR_COPYINSTR ||
		    in->imm == DIF_SUBR_COPYINTO)) {
			n |= UDT_NEED_USERMEM;
		}
	}
	return n;
}

/* ---- the hit path: no allocation below ---- */

/* The words at regs[R_RSP] + off, from the hit's stack copy if it has them. */
static int stack_words(const udt_hit_t *uh, uint64_t off, uint64_t *w,
    size_t n)
{
	return hitctx_stack_words(uh, off, w, n);
}

/*
 * The stack of a sampled hit (the thread ran on). At a return site the
 * frame is already torn down and CFI may name saved registers below
 * rsp, which neither the copy nor the thread holds any more: unwind from
 * the return address on top of the stack instead, as the ret itself
 * would, so both backends give the same frames.
 */
static int sampled_ustack(const pidsite_t *rec, const udt_hit_t *uh,
    uint64_t *pcs)
{
	int ret = 0;
	for (size_t i = 0; i < rec->nents; i++)
		if (rec->ents[i].kind == PID_RETURN)
			ret = 1;
	if (!ret || uh->stack == NULL || uh->stacklen < 8)
		return hitctx_ustack(uh, 0, pcs, PID_MAX_FRAMES);
	udt_hit_t up = *uh;
	memcpy(&up.regs[R_RIP], uh->stack, 8);
	up.regs[R_RSP] += 8;
	up.stack = (const char *)uh->stack + 8;
	up.stacklen = uh->stacklen - 8;
	pcs[0] = uh->regs[R_RIP];
	return 1 + hitctx_ustack(&up, 0, pcs + 1, PID_MAX_FRAMES - 1);
}

/* The thread's CPU time: another process's thread clock is not readable. */
static uint64_t thread_cputime(pid_t pid, pid_t tid)
{
	char path[64], buf[128];
	snprintf(path, sizeof(path), "/proc/%d/task/%d/schedstat", (int)pid,
	    (int)tid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	ssize_t n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	return strtoull(buf, NULL, 10);
}

void pid_hit(void *arg, const udt_hit_t *uh)
{
	udt_handle_t *h = arg;
	pidsite_t *rec = uh->cookie;
	if (rec == NULL || rec->nents == 0)
		return;
	udt_tproc_t *t = rec->t;
	struct pid_state *ps = h->pidst;
	dif_hit_t *hit = &h->phit;
	unsigned have = UDT_CLOCK_TS;

	hit->pid = uh->pid ? uh->pid : t->pid;
	hit->tid = uh->tid ? uh->tid : hit->pid;
	if (t != NULL) {
		if (h->pneeds & UDT_NEED_IDENT)
			procs_ident_at(t, uh->time);
		hit->ppid = t->ppid;
		hit->uid = t->uid;
		hit->gid = t->gid;
		hit->execname = t->execname;
	} else {
		/* a system-wide site (decision 6): a process we do not trace */
		int fresh = (h->pneeds & UDT_NEED_IDENT) != 0;
		const hitctx_ident_t *id = hitctx_ident(hit->pid, uh->time,
		    fresh);
		if (fresh && uh->comm != NULL && id->known &&
		    strcmp(uh->comm, id->execname) != 0) {
			/* renamed by an exec (of a set-id file, maybe) since */
			hitctx_ident_forget(hit->pid);
			id = hitctx_ident(hit->pid, uh->time, fresh);
		}
		if (udt_symbolize == NULL)      /* no process added it */
			udt_symbolize = sym_lookup_pid;
		/* gone before /proc could say: the fork the kernel announced */
		hit->ppid = id->ppid || !uh->ppid ? id->ppid : uh->ppid;
		hit->uid = id->uid;
		hit->gid = id->gid;
		if (!id->known && uh->idknown) {
			/*
			 * never read live here: what the backend read while it
			 * lived (held at its mapping, or its parent's at fork)
			 */
			hit->uid = uh->uid;
			hit->gid = uh->gid;
		}
		/* the backend's record of its name outlives the process */
		hit->execname = uh->comm != NULL ? uh->comm : id->execname;
	}
	hit->cpu = uh->cpu;
	hit->errno_val = 0;
	hit->timestamp = uh->time;
	if (h->clocks & UDT_CLOCK_VTS) {
		hit->vtimestamp = thread_cputime(hit->pid, hit->tid);
		have |= UDT_CLOCK_VTS;
	}
	hit->uregs = uh->regs;
	hit->nuregs = UDT_NREGS;
	/* the sampled stack first, then the process (a failed read faults) */
	hit->read_mem = hitctx_read;
	hit->read_arg = (void *)uh;
	hit->xlate = procinfo_xlate;
	hit->xlate_arg = hit;
	hit->ustack = NULL;
	hit->nustack = 0;
	hit->ustackdepth = 0;
	hit->ucaller = 0;

	uint64_t top = 0, sargs[4] = { 0, 0, 0, 0 };
	int have_top = 0;
	if (h->pneeds & UDT_NEED_STACKARGS)
		(void)stack_words(uh, 8, sargs, 4);
	int need_unwind = (h->pneeds & UDT_NEED_USTACK) != 0;
	if (h->pneeds & UDT_NEED_UCALLER) {
		for (size_t i = 0; i < rec->nents; i++)
			if (rec->ents[i].kind == PID_OFFSET ||
			    rec->ents[i].kind == PIDSITE_USDT)
				need_unwind = 1;
		have_top = stack_words(uh, 0, &top, 1) == 0;
	}
	if (need_unwind && ps != NULL && ps->pcs != NULL) {
		int n = hitctx_stopped(h->procs.be) ? hitctx_ustack(uh, 1,
		    ps->pcs, PID_MAX_FRAMES) : sampled_ustack(rec, uh, ps->pcs);
		if (n > 0) {
			hit->ustack = ps->pcs;
			hit->nustack = (size_t)n;
			hit->ustackdepth = (uint64_t)n;
		}
	}
	h->fire_tproc = t;
	h->fire_tid = hit->tid;
	for (size_t i = 0; i < rec->nents && !h->exiting; i++) {
		const pidsite_ent_t *e = &rec->ents[i];
		if (e->kind == PID_RETURN) {
			memset(hit->args, 0, sizeof(hit->args));
			hit->args[0] = e->insn_off;
			hit->args[1] = uh->regs[R_RAX];
		} else if (e->kind == PIDSITE_USDT) {
			/* no program reads them: spare the stack and /proc reads */
			if (h->pneeds & UDT_NEED_ARGS)
				usdt_hit_args(h, e, uh, hit);
			else
				memset(hit->args, 0, sizeof(hit->args));
		} else {
			hit->args[0] = uh->regs[R_RDI];
			hit->args[1] = uh->regs[R_RSI];
			hit->args[2] = uh->regs[R_RDX];
			hit->args[3] = uh->regs[R_RCX];
			hit->args[4] = uh->regs[R_R8];
			hit->args[5] = uh->regs[R_R9];
			memcpy(&hit->args[6], sargs, sizeof(sargs));
		}
		/*
		 * At entry and at a ret or tail jump the return address is on
		 * top of the stack; elsewhere only the unwinder knows it.
		 */
		if (e->kind != PID_OFFSET && e->kind != PIDSITE_USDT)
			hit->ucaller = have_top ? top : 0;
		else
			hit->ucaller = hit->nustack > 1 ? hit->ustack[1] : 0;
		ecb_fire_clk(h, e->probe, hit, have);
	}
	h->fire_tproc = NULL;
	h->fire_tid = 0;
}

void pid_hits(void *arg, void *cookie, udt_proc_t *p, uint64_t n)
{
	static const uint64_t noregs[UDT_NREGS];
	udt_handle_t *h = arg;
	pidsite_t *rec = cookie;
	dif_hit_t *hit = &h->phit;

	if (rec == NULL || rec->nents == 0 || n == 0)
		return;
	/* what a counted program may read: the probe and the process */
	udt_tproc_t *t = rec->t;
	memset(hit->args, 0, sizeof(hit->args));
	hit->pid = t != NULL ? t->pid : proc_pid(p);
	hit->tid = hit->pid;
	hit->ppid = t != NULL ? t->ppid : 0;
	hit->uid = t != NULL ? t->uid : 0;
	hit->gid = t != NULL ? t->gid : 0;
	hit->execname = t != NULL ? t->execname : "";
	hit->cpu = 0;
	hit->errno_val = 0;
	hit->timestamp = 0;
	hit->uregs = noregs;
	hit->nuregs = UDT_NREGS;
	hit->read_mem = NULL;
	hit->read_arg = NULL;
	hit->ustack = NULL;
	hit->nustack = 0;
	hit->ustackdepth = 0;
	hit->ucaller = 0;
	for (size_t i = 0; i < rec->nents && !h->exiting; i++)
		ecb_fire_n(h, rec->ents[i].probe, hit, n);
}

void pid_state_free(udt_handle_t *h)
{
	struct pid_state *ps = h->pidst;
	if (ps == NULL)
		return;
	for (size_t i = 0; i < ps->info.n; i++) {
		pid_info_t *pi = ps->info.v[i];
		if (pi != NULL) {
			free(pi->sites);
			free(pi->path);
			free(pi->descs);
			free(pi);
		}
	}
	idtab_free(&ps->info);
	for (size_t i = 0; i < ps->nnb; i++) {
		pid_name_t *n = ps->nb[i];
		while (n) {
			pid_name_t *next = n->next;
			free(n);
			n = next;
		}
	}
	free(ps->nb);
	pidsite_fini(&ps->sites);
	free(ps->en);
	free(ps->pcs);
	free(ps);
	h->pidst = NULL;
}
