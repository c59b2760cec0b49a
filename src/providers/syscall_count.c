/*
 * syscall_count.c — the syscall provider's counting path: a probe whose
 * every clause only counts, into aggregations keyed by what is fixed per
 * probe (probefunc, probename, probemod, probeprov, id, constants), with
 * no predicate or `pid == P` for a traced process P, is counted by the
 * kernel (the backend's syscount_* ops) instead of reported call by
 * call; the counts enter the aggregations whenever the consumer is
 * about to read or change them (syscall_count_flush), as that many
 * firings would have.
 *
 * Owns: deciding which probes are counted (the rest are sampled: a
 * probe any other clause needs the firing of, a call the proc provider
 * reads, one udtrace may inject, one the kernel has no tracepoint for;
 * and all of them past SYSCALL_COUNT_MAX, as each counted call has a
 * tracepoint of its own, whose release costs an RCU grace period),
 * a counter per counted clause and how much of it the aggregations hold.
 * Must not: count what the sampled path would not report (the backend
 * keeps the same scope; a `pid == P` counter covers P's threads only,
 * as the predicate would), or apply counts after tracing stopped.
 * Invariant: for each counted ECB, base + the counter's reading is the
 * number of firings so far, and `applied` of them are in its
 * aggregations; after exit() or the end of tracing the totals are read
 * once more and then frozen, as the sampled path stops firing there.
 */
#include "consumer/handle.h"
#include "providers/syscall_count.h"
#include "providers/syscall_tab.h"
#include "proc/proc.h"

#include <stdlib.h>
#include <string.h>

typedef struct sc_ent {
	udt_ecb_t *e;
	int id;                /* the backend's counter, -1: none now */
	uint64_t base;         /* counted by counters closed since */
	uint64_t applied;      /* firings in the aggregations */
} sc_ent_t;

struct syscount_state {
	sc_ent_t *v; size_t n, cap;
	udt_backend_t *be;     /* whose counters the ids are */
	int frozen;
	dif_hit_t hit;
	unsigned ncounted, nsampled;
};

/* ---- which clauses can be counted ---- */

/* A probe-fixed builtin: the same value at every firing of one ECB. */
static int fixed_var(uint32_t v)
{
	return v == DIF_VAR_PROBEPROV || v == DIF_VAR_PROBEMOD ||
	    v == DIF_VAR_PROBEFUNC || v == DIF_VAR_PROBENAME ||
	    v == DIF_VAR_ID || v == DIF_VAR_EPID;
}

/*
 * Does body dp compute only from constants and probe-fixed builtins,
 * store nothing, call nothing and record nothing but aggregations? Then
 * every firing of one ECB makes the same records (a trial run shows
 * whether it completes).
 */
static int pure_body(const difo_t *dp)
{
	for (size_t i = 0; i < dp->ntext; i++) {
		const dif_instr_t *in = &dp->text[i];
		switch (in->op) {
		case DIF_NOP: case DIF_OR: case DIF_XOR: case DIF_AND:
		case DIF_SLL: case DIF_SRL: case DIF_SRA: case DIF_ADD:
		case DIF_SUB: case DIF_MUL: case DIF_NOT: case DIF_MOV:
		case DIF_CEQ: case DIF_CNE: case DIF_CLT: case DIF_CLTU:
		case DIF_CLE: case DIF_CLEU: case DIF_SCMP:
		case DIF_BA: case DIF_BZ: case DIF_BNZ: case DIF_RET:
		case DIF_SETX: case DIF_SETS:
		case DIF_PUSHTV: case DIF_PUSHTR: case DIF_POPTS:
		case DIF_FLUSHTS: case DIF_AGG:
			break;
		case DIF_LDGS:
			if (!fixed_var(in->imm))
				return 0;
			break;
		default:
			return 0;
		}
	}
	return 1;
}

/*
 * Is predicate dp exactly `pid == K` (either way round, through moves)?
 * Then *k = K. A straight-line walk that knows which register holds pid,
 * which a constant and which their comparison.
 */
static int pid_pred(const difo_t *dp, int64_t *k)
{
	enum { R_NONE, R_PID, R_CONST, R_EQ } kind[DIF_NREGS];
	int64_t val[DIF_NREGS];

	memset(kind, 0, sizeof kind);
	for (size_t i = 0; i < dp->ntext; i++) {
		const dif_instr_t *in = &dp->text[i];
		if (in->rd >= DIF_NREGS || in->r1 >= DIF_NREGS ||
		    in->r2 >= DIF_NREGS)
			return 0;
		switch (in->op) {
		case DIF_LDGS:
			if (in->imm != DIF_VAR_PID)
				return 0;
			kind[in->rd] = R_PID;
			break;
		case DIF_SETX:
			if (in->imm >= dp->nint)
				return 0;
			kind[in->rd] = R_CONST;
			val[in->rd] = (int64_t)dp->inttab[in->imm];
			break;
		case DIF_MOV:
			kind[in->rd] = kind[in->r1];
			val[in->rd] = val[in->r1];
			break;
		case DIF_CEQ: {
			int a = in->r1, b = in->r2;
			if (kind[a] == R_CONST && kind[b] == R_PID) {
				a = in->r2;
				b = in->r1;
			}
			if (kind[a] != R_PID || kind[b] != R_CONST)
				return 0;
			kind[in->rd] = R_EQ;
			val[in->rd] = val[b];
			break;
		}
		case DIF_RET:
			if (kind[in->r1] != R_EQ)
				return 0;
			*k = val[in->r1];
			return 1;
		default:
			return 0;
		}
		if (in->rd == 0)
			kind[0] = R_NONE;   /* %r0 stays 0 */
	}
	return 0;
}

/*
 * Can ECB e be counted, and in what scope (*only: 0 every traced
 * process, else that one)?
 */
static int countable(udt_handle_t *h, const udt_ecb_t *e, int global,
    pid_t *only)
{
	const d_clause_prog_t *c = e->clause;
	const udt_prog_t *prog = e->prog;
	int64_t k;

	if (prog->agg == NULL || c->body == NULL || c->nrecs == 0)
		return 0;
	for (size_t i = 0; i < c->nrecs; i++)
		if (c->recs[i].action != D_ACT_AGG ||
		    c->recs[i].agg >= prog->dp->naggs ||
		    prog->dp->aggs[c->recs[i].agg].func != D_AGG_COUNT)
			return 0;
	if (!pure_body(c->body))
		return 0;
	*only = 0;
	if (c->pred == NULL)
		return 1;
	/* pid == P: P's own threads, only where the backend watches P */
	if (global || !pid_pred(c->pred, &k) || k <= 0 || k > INT32_MAX ||
	    procs_find(&h->procs, (int32_t)k) == NULL)
		return 0;
	*only = (pid_t)k;
	return 1;
}

/* ---- counters ---- */

static sc_ent_t *ent_of(struct syscount_state *st, udt_ecb_t *e)
{
	for (size_t i = 0; i < st->n; i++)
		if (st->v[i].e == e)
			return &st->v[i];
	if (st->n == st->cap) {
		size_t nc = st->cap ? st->cap * 2 : 16;
		sc_ent_t *nv = realloc(st->v, nc * sizeof(*nv));
		if (nv == NULL)
			return NULL;
		st->v = nv;
		st->cap = nc;
	}
	st->v[st->n] = (sc_ent_t){ e, -1, 0, 0 };
	return &st->v[st->n++];
}

int syscall_count_begin(udt_handle_t *h, udt_backend_t *be)
{
	struct syscount_state *st = h->scst;

	if (st == NULL) {
		if ((st = calloc(1, sizeof(*st))) == NULL)
			return -1;
		h->scst = st;
	}
	/* the counts so far stay, in base; every counter is opened anew */
	for (size_t i = 0; i < st->n; i++) {
		sc_ent_t *s = &st->v[i];
		if (s->id >= 0 && st->be != NULL)
			s->base += st->be->ops->syscount_read(st->be, s->id);
		s->id = -1;
	}
	if (st->be != NULL && st->be->ops->syscount_close != NULL)
		st->be->ops->syscount_close(st->be);
	st->be = be;
	st->ncounted = st->nsampled = 0;
	return 0;
}

int syscall_count_ok(udt_handle_t *h, udt_probe_t *p, unsigned nr,
    int global)
{
	struct syscount_state *st = h->scst;
	udt_backend_t *be = st != NULL ? st->be : NULL;
	pid_t only;

	if (p == NULL || p->ecbs == NULL || be == NULL ||
	    be->ops->syscount_open == NULL ||
	    syscall_kernel_name(nr) == NULL || proc_may_inject((long)nr))
		return 0;
	for (udt_ecb_t *e = p->ecbs; e != NULL; e = e->next) {
		memset(&st->hit, 0, sizeof(st->hit));
		if (!countable(h, e, global, &only) ||
		    ecb_fire_count(h, e, &st->hit, 0) != 0)
			return 0;
	}
	return 1;
}

int syscall_count_probe(udt_handle_t *h, udt_probe_t *p, unsigned nr,
    int ret, int global)
{
	struct syscount_state *st = h->scst;
	udt_backend_t *be = st != NULL ? st->be : NULL;
	const char *name = syscall_kernel_name(nr);
	pid_t only;

	if (!syscall_count_ok(h, p, nr, global))
		goto sampled;
	for (udt_ecb_t *e = p->ecbs; e != NULL; e = e->next) {
		sc_ent_t *s = ent_of(st, e);
		(void)countable(h, e, global, &only);
		if (s == NULL ||
		    (s->id = be->ops->syscount_open(be, nr, ret, name, only,
		    global)) < 0) {
			/* the ECBs opened before fire from samples too */
			for (udt_ecb_t *o = p->ecbs; o != e; o = o->next)
				if ((s = ent_of(st, o)) != NULL) {
					s->base += be->ops->syscount_read(be,
					    s->id);
					s->id = -1;
				}
			goto sampled;
		}
	}
	st->ncounted++;
	return 1;
sampled:
	if (st != NULL)
		st->nsampled++;
	return 0;
}

void syscall_count_end(udt_handle_t *h, unsigned over)
{
	struct syscount_state *st = h->scst;

	if (st == NULL || !h->opts.verbose)
		return;
	if (over > 0)
		fprintf(h->errfp, "%s: syscall: %u probes could be counted in "
		    "the kernel, more than %d: every probe reported call by "
		    "call\n", UDT_PROGNAME, over, SYSCALL_COUNT_MAX);
	else if (st->ncounted > 0)
		fprintf(h->errfp, "%s: syscall: %u probe%s counted in the "
		    "kernel, %u reported call by call\n", UDT_PROGNAME,
		    st->ncounted, st->ncounted == 1 ? "" : "s", st->nsampled);
}

void syscall_count_flush(udt_handle_t *h)
{
	struct syscount_state *st = h->scst;

	if (st == NULL || st->frozen)
		return;
	for (size_t i = 0; i < st->n; i++) {
		sc_ent_t *s = &st->v[i];
		uint64_t total = s->base;
		if (s->id >= 0 && st->be != NULL)
			total += st->be->ops->syscount_read(st->be, s->id);
		if (total <= s->applied)
			continue;
		memset(&st->hit, 0, sizeof(st->hit));
		(void)ecb_fire_count(h, s->e, &st->hit, total - s->applied);
		s->applied = total;
	}
	/* after exit() or the end, the sampled path fires no more either */
	if (h->exiting || h->stopped)
		st->frozen = 1;
}

void syscall_count_free(udt_handle_t *h)
{
	struct syscount_state *st = h->scst;

	if (st == NULL)
		return;
	free(st->v);
	free(st);
	h->scst = NULL;
}
