/*
 * ecb.c — enabled probe blocks and what one probe firing does with them.
 *
 * Owns: ECB creation (enable time) and the fire path: per ECB in program
 * order dif_clause_begin, predicate, body, record to the principal
 * buffer (or to a speculation: spec_route); exit() ends the firing; a
 * fault becomes an error entry and fires dtrace:::ERROR (a fault inside
 * ERROR is only counted); the actions before it keep their effects
 * (aggregations, commit/discard, raise/stop/copyout, exit's draining)
 * while its records are forgotten, as in dtrace_probe().
 * Must not: allocate or print on the fire path; errors and records are
 * printed when the buffer is drained, in firing order.
 * Invariant: after exit() is recorded no probe but END fires. A counted
 * ECB (ecb_counted: count() and nothing else, the same every firing) may
 * be fired for many hits at once (ecb_fire_n).
 */
#include "consumer/output.h"
#include "consumer/procinfo.h"
#include "handle.h"

#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

udt_ecb_t *ecb_create(udt_handle_t *h, udt_prog_t *prog,
    const d_clause_prog_t *c, udt_probe_t *p)
{
	if (h->necbs == h->ecbcap) {
		size_t ncap = h->ecbcap ? h->ecbcap * 2 : 32;
		udt_ecb_t **ne = realloc(h->ecbs, ncap * sizeof(*ne));
		if (ne == NULL)
			return NULL;
		h->ecbs = ne;
		h->ecbcap = ncap;
	}
	udt_ecb_t *e = calloc(1, sizeof(*e));
	if (e == NULL)
		return NULL;
	e->probe = p;
	e->prog = prog;
	e->clause = c;
	e->spec_need = sizeof(buf_hdr_t);
	int prints = c->body == NULL;
	for (size_t i = 0; c->body != NULL && i < c->body->nrec; i++) {
		e->spec_need += sizeof(dif_rechdr_t) +
		    (((size_t)c->body->rectab[i].size + 7) & ~(size_t)7);
		int act = i < c->nrecs ? c->recs[i].action : -1;
		if (act != D_ACT_AGG && act != D_ACT_COMMIT &&
		    act != D_ACT_DISCARD)
			prints = 1;
	}
	e->buf_need = prints ? e->spec_need : 0;
	h->ecbs[h->necbs++] = e;
	e->epid = (uint32_t)h->necbs;
	if (p->necbs == 0 && p->provider->ops && p->provider->ops->enable)
		p->provider->ops->enable(p->provider, p);
	if (p->ecbs_tail)
		p->ecbs_tail->next = e;
	else
		p->ecbs = e;
	p->ecbs_tail = e;
	p->necbs++;
	return e;
}

int ecb_counted(const udt_ecb_t *e)
{
	const d_clause_prog_t *c = e->clause;
	const difo_t *dp = c->body;

	if (c->pred != NULL || dp == NULL || c->nrecs == 0 ||
	    e->prog->agg == NULL)
		return 0;
	for (size_t i = 0; i < c->nrecs; i++)
		if (c->recs[i].action != D_ACT_AGG ||
		    c->recs[i].agg >= e->prog->dp->naggs ||
		    e->prog->dp->aggs[c->recs[i].agg].func != D_AGG_COUNT)
			return 0;
	for (size_t i = 0; i < dp->ntext; i++) {
		const dif_instr_t *in = &dp->text[i];
		switch (in->op) {
		case DIF_NOP: case DIF_OR: case DIF_XOR: case DIF_AND:
		case DIF_SLL: case DIF_SRL: case DIF_SRA: case DIF_ADD:
		case DIF_SUB: case DIF_MUL: case DIF_NOT: case DIF_MOV:
		case DIF_CEQ: case DIF_CNE: case DIF_CLT: case DIF_CLTU:
		case DIF_CLE: case DIF_CLEU: case DIF_BA: case DIF_BZ:
		case DIF_BNZ: case DIF_RET: case DIF_SETX: case DIF_SETS:
		case DIF_PUSHTV: case DIF_PUSHTR: case DIF_POPTS:
		case DIF_FLUSHTS: case DIF_AGG:
			break;
		case DIF_LDGS:
			/* the probe's own names and ids, and the process id */
			if (in->imm == DIF_VAR_PID || in->imm == DIF_VAR_ID ||
			    in->imm == DIF_VAR_EPID ||
			    in->imm == DIF_VAR_PROBEPROV ||
			    in->imm == DIF_VAR_PROBEMOD ||
			    in->imm == DIF_VAR_PROBEFUNC ||
			    in->imm == DIF_VAR_PROBENAME)
				break;
			return 0;
		default:
			return 0;
		}
	}
	return 1;
}

static uint64_t clock_ns(clockid_t c)
{
	struct timespec ts;
	clock_gettime(c, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/* Did this clause record exit()? The status goes to *status. */
static int find_exit(const d_clause_prog_t *c, const unsigned char *recs,
    size_t len, int *status)
{
	size_t off = 0;
	while (off + sizeof(dif_rechdr_t) <= len) {
		dif_rechdr_t rh;
		memcpy(&rh, recs + off, sizeof(rh));
		off += sizeof(rh);
		if (rh.rec < c->nrecs && c->recs[rh.rec].action == D_ACT_EXIT &&
		    off + rh.len <= len) {
			int64_t v = 0;
			if (rh.len == 8) {
				memcpy(&v, recs + off, 8);
			} else if (rh.len >= 4) {
				int32_t w;
				memcpy(&w, recs + off, 4);
				v = w;
			} else if (rh.len == 2) {
				int16_t w;
				memcpy(&w, recs + off, 2);
				v = w;
			} else if (rh.len == 1) {
				v = (int8_t)recs[off];
			}
			*status = (int)v;
			return 1;
		}
		off += (rh.len + 7) & ~(size_t)7;
	}
	return 0;
}

static void ecb_fault(udt_handle_t *h, udt_ecb_t *e, dif_hit_t *hit,
    const difo_t *dp, uint32_t action, const dif_result_t *res)
{
	udt_probe_t *errp = probe_by_id(&h->reg, DTRACE_PROBE_ERROR);
	if (e->probe == errp) {
		h->error_errors++;
		return;
	}
	buf_err_t be;
	memset(&be, 0, sizeof(be));
	be.epid = e->epid;
	be.action = action;
	be.pc = dp ? (int64_t)res->pc : -1;
	be.fault = res->fault;
	be.addr = res->addr;
	buf_put(&h->buf, e->epid, hit->cpu, BUF_ERR, hit->timestamp, &be,
	    sizeof(be));
	if (errp == NULL || errp->ecbs == NULL)
		return;
	/* ERROR runs inside this firing with its own hit and the same context. */
	dif_hit_t *eh = &h->errhit;
	*eh = *hit;
	memset(eh->args, 0, sizeof(eh->args));
	eh->args[1] = e->epid;
	eh->args[2] = action;
	eh->args[3] = (uint64_t)be.pc;
	eh->args[4] = (uint64_t)res->fault;
	eh->args[5] = res->addr;
	ecb_fire(h, errp, eh);
}

static void spec_finish(udt_handle_t *h, const d_clause_prog_t *c,
    dif_hit_t *hit, const unsigned char *recs, size_t len);
static uint64_t rec_id(const unsigned char *data, uint32_t len);

/*
 * A clause faulted after recording len bytes. dtrace_probe() performs
 * each action as it comes and, on a fault, only gives back the ECB's
 * buffer space (principal or speculative): so the actions before the
 * fault keep their effects. Aggregations stay updated, commit() and
 * discard() are done, speculate() has claimed its id (ACTIVE becomes
 * ACTIVEONE, as dtrace_speculation_buffer()), raise(), stop() and
 * copyout() have acted, and exit() has begun the exit (the state is
 * draining) though its status, a record, is lost with the rest. The
 * fault is reported first (ERROR still fires while draining); returns
 * nothing, the caller's loop sees h->exiting.
 */
static void clause_fault(udt_handle_t *h, udt_ecb_t *e, dif_hit_t *hit,
    const difo_t *dp, uint32_t action, const dif_result_t *res,
    const unsigned char *recs, size_t len)
{
	const d_clause_prog_t *c = e->clause;
	udt_prog_t *prog = e->prog;
	int exited = 0;

	if (recs != NULL && len > 0) {
		if (prog->agg != NULL)
			agg_apply_records(prog->agg, c, recs, len, hit->cpu);
		size_t off = 0;
		const d_recdesc_t *d;
		const unsigned char *data;
		uint32_t dlen;
		while (out_rec_next(c, recs, len, &off, &d, &data, &dlen)) {
			int act = d->action;
			if (act == D_ACT_SPECULATE)
				spec_claim(&h->spec, rec_id(data, dlen),
				    hit->cpu);
			else if (act == D_ACT_EXIT)
				exited = 1;
		}
		spec_finish(h, c, hit, recs, len);
		if (prog->dp->destructive && h->fire_tproc != NULL)
			act_target(c, recs, len, h->fire_tproc->proc,
			    h->fire_tproc->pid, h->fire_tid);
	}
	ecb_fault(h, e, hit, dp, action, res);
	if (exited)
		h->exiting = 1;
}

/*
 * The id a speculate/commit/discard record holds (int64, or narrower),
 * cut to dtrace_specid_t's 32 bits as DTrace's kernel takes it.
 */
static uint64_t rec_id(const unsigned char *data, uint32_t len)
{
	if (len >= 8) {
		uint64_t v;
		memcpy(&v, data, 8);
		return (uint32_t)v;
	}
	if (len >= 4) {
		int32_t w;
		memcpy(&w, data, 4);
		return (uint32_t)w;
	}
	return len ? data[0] : 0;
}

/*
 * Speculation of one clause's records (D-REFERENCE §4.3), before they
 * reach the principal buffer. A speculate() record first sends the whole
 * entry (speculate record included, so a committed clause prints its
 * probe line like any other) to that speculation, or drops it when the
 * id is 0, above nspec or not active (dtrace_speculation_buffer() has no
 * buffer for it: the clause is dropped without an error). An id above
 * nspec in commit or discard faults with illegal operation, with no DIF
 * offset, and the clause records nothing. (Compiled clauses have these
 * ids vetted as they run, by spec_check_cb; this covers the records of
 * any other DIF.) Returns 1 when the records were consumed, -1 on a
 * fault, 0 when they go to the principal buffer.
 */
static int spec_route(udt_handle_t *h, udt_ecb_t *e, dif_hit_t *hit,
    const unsigned char *recs, size_t len)
{
	const d_clause_prog_t *c = e->clause;
	size_t off = 0;
	for (int first = 1; off + sizeof(dif_rechdr_t) <= len; first = 0) {
		dif_rechdr_t rh;
		memcpy(&rh, recs + off, sizeof(rh));
		off += sizeof(rh);
		if (rh.len > len - off)
			break;
		const unsigned char *data = recs + off;
		off += (rh.len + 7) & ~(size_t)7;
		if (rh.rec >= c->nrecs)
			continue;
		const d_recdesc_t *d = &c->recs[rh.rec];
		if (d->action != D_ACT_SPECULATE && d->action != D_ACT_COMMIT &&
		    d->action != D_ACT_DISCARD)
			continue;
		uint64_t id = rec_id(data, rh.len);
		if (first && d->action == D_ACT_SPECULATE &&
		    spec_illegal(&h->spec, id))
			return 1;
		if (spec_illegal(&h->spec, id)) {
			dif_result_t res;
			memset(&res, 0, sizeof(res));
			res.fault = DIF_FAULT_ILLOP;
			/* the records before this one are the actions done */
			clause_fault(h, e, hit, NULL, d->action_no, &res, recs,
			    (size_t)(data - recs) - sizeof(rh));
			return -1;
		}
		if (first && d->action == D_ACT_SPECULATE) {
			(void)spec_put(&h->spec, id, e->epid, hit->cpu, BUF_REC,
			    hit->timestamp, recs, len);
			return 1;
		}
	}
	return 0;
}

/*
 * commit()/discard() of a clause whose own entry is already in the
 * principal buffer: committed data follows the committing clause.
 */
static void spec_finish(udt_handle_t *h, const d_clause_prog_t *c,
    dif_hit_t *hit, const unsigned char *recs, size_t len)
{
	size_t off = 0;
	const d_recdesc_t *d;
	const unsigned char *data;
	uint32_t dlen;
	while (out_rec_next(c, recs, len, &off, &d, &data, &dlen)) {
		int act = d->action;
		if (act == D_ACT_COMMIT)
			(void)spec_commit(&h->spec, rec_id(data, dlen),
			    hit->cpu, hit->timestamp, &h->buf);
		else if (act == D_ACT_DISCARD)
			(void)spec_discard(&h->spec, rec_id(data, dlen),
			    hit->cpu);
	}
}

/*
 * Whether a clause's records make an entry of the principal buffer. As
 * in DTrace, aggregation updates and commit()/discard() records have no
 * size there, so a clause of only those (and assignments) prints nothing.
 */
static int records_print(const d_clause_prog_t *c, const unsigned char *recs,
    size_t len)
{
	if (!agg_records_print(c, recs, len))
		return 0;
	size_t off = 0;
	while (off + sizeof(dif_rechdr_t) <= len) {
		dif_rechdr_t rh;
		memcpy(&rh, recs + off, sizeof(rh));
		off += sizeof(rh) + ((rh.len + 7) & ~(size_t)7);
		if (rh.rec >= c->nrecs)
			return 1;
		int act = c->recs[rh.rec].action;
		if (act != D_ACT_AGG && act != D_ACT_COMMIT &&
		    act != D_ACT_DISCARD)
			return 1;
	}
	return 0;
}

/* The probe a firing is of, and the speculation hooks its actions call. */
static inline void hit_bind(udt_handle_t *h, const udt_probe_t *p,
    dif_hit_t *hit)
{
	hit->probe_id = p->id;
	hit->prov = p->prov;
	hit->mod = p->mod;
	hit->func = p->func;
	hit->name = p->name;
	hit->speculation = spec_hit_cb;
	hit->spec_check = spec_check_cb;
	hit->spec_arg = &h->spec;
}

/*
 * The bulk paths (n firings at once, of clauses that only count): run
 * e's body once, in firing gen of its program, for its records. 0, or
 * -1 if the body faulted (the counted clauses cannot: nothing to report).
 */
static int counted_body(udt_ecb_t *e, dif_hit_t *hit, uint64_t gen,
    const void **recs, size_t *len)
{
	udt_prog_t *prog = e->prog;
	dif_result_t res;

	hit->epid = e->epid;
	if (prog->fire_gen != gen) {
		dif_firing_begin(prog->st, hit);
		prog->fire_gen = gen;
	}
	dif_clause_begin(prog->st);
	memset(&res, 0, sizeof(res));
	if (dif_exec(prog->st, hit, e->clause->body, &res) != 0)
		return -1;
	*len = 0;
	*recs = dif_records(prog->st, len);
	return 0;
}

void ecb_fire_n(udt_handle_t *h, udt_probe_t *p, dif_hit_t *hit, uint64_t n)
{
	if (p->ecbs == NULL || h->exiting || n == 0)
		return;
	hit_bind(h, p, hit);
	uint64_t gen = ++h->firing_gen;
	h->fire_depth++;
	for (udt_ecb_t *e = p->ecbs; e != NULL; e = e->next) {
		const void *recs;
		size_t len;

		if (!ecb_counted(e) || counted_body(e, hit, gen, &recs,
		    &len) != 0)
			continue;
		agg_apply_records_n(e->prog->agg, e->clause, recs, len,
		    hit->cpu, n);
	}
	h->fire_depth--;
}

void ecb_fire(udt_handle_t *h, udt_probe_t *p, dif_hit_t *hit)
{
	ecb_fire_clk(h, p, hit, 0);
}

void ecb_fire_clk(udt_handle_t *h, udt_probe_t *p, dif_hit_t *hit,
    unsigned have)
{
	if (p->ecbs == NULL)
		return;
	if (h->exiting && p->id != DTRACE_PROBE_END)
		return;
	hit_bind(h, p, hit);
	/*
	 * Only the clocks some enabled program reads: CLOCK_THREAD_CPUTIME_ID
	 * is a system call, too dear to pay on every hit for nothing.
	 */
	unsigned need = h->clocks & ~have;
	if (need & UDT_CLOCK_TS)
		hit->timestamp = clock_ns(CLOCK_MONOTONIC);
	if (need & UDT_CLOCK_VTS)
		hit->vtimestamp = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	if (need & UDT_CLOCK_WTS)
		hit->walltimestamp = (int64_t)clock_ns(CLOCK_REALTIME);
	uint64_t gen = ++h->firing_gen;
	h->fire_depth++;

	for (udt_ecb_t *e = p->ecbs; e != NULL; e = e->next) {
		udt_prog_t *prog = e->prog;
		const d_clause_prog_t *c = e->clause;
		dif_state_t *st = prog->st;
		dif_result_t res;

		/* exit() in a nested ERROR firing ends this firing too. */
		if (h->exiting && p->id != DTRACE_PROBE_END)
			break;
		hit->epid = e->epid;
		/*
		 * A nested ERROR firing began its own firing on this state;
		 * begin again so later clauses see this hit.
		 */
		if (prog->fire_gen != gen) {
			dif_firing_begin(st, hit);
			prog->fire_gen = gen;
		}
		dif_clause_begin(st);
		/*
		 * No room for the entry: dtrace_probe's reservation fails and
		 * the ECB is skipped whole, predicate and assignments too.
		 * END keeps its own way (a fill buffer's END reserve).
		 */
		if (e->buf_need != 0 && p->id != DTRACE_PROBE_END &&
		    buf_room(&h->buf, e->buf_need, hit->cpu) != 0)
			continue;
		if (c->pred != NULL) {
			memset(&res, 0, sizeof(res));
			if (dif_exec(st, hit, c->pred, &res) != 0) {
				ecb_fault(h, e, hit, c->pred, 0, &res);
				continue;
			}
			if (res.rv == 0)
				continue;
		}
		const void *recs = NULL;
		size_t len = 0;
		if (c->body != NULL) {
			/* what a speculate( ) in the body must find room for */
			h->spec.cur_need = e->spec_need;
			h->spec.cur_cpu = hit->cpu;
			memset(&res, 0, sizeof(res));
			if (dif_exec(st, hit, c->body, &res) != 0) {
				uint32_t act = 0;
				if (c->body->action_of && res.pc < c->body->ntext)
					act = c->body->action_of[res.pc];
				recs = dif_records(st, &len);
				clause_fault(h, e, hit,
				    res.no_offset ? NULL : c->body, act, &res,
				    recs, len);
				continue;
			}
			recs = dif_records(st, &len);
		}
		int routed = recs != NULL ? spec_route(h, e, hit, recs, len) : 0;
		/* faulted, or speculative (which cannot exit: D_EXIT_SPEC) */
		if (routed != 0)
			continue;
		if (prog->agg != NULL && recs != NULL)
			agg_apply_records(prog->agg, c, recs, len, hit->cpu);
		/* a body that recorded nothing, or only aggregated or ended
		 * speculations, prints nothing */
		if (c->body == NULL || (len > 0 && records_print(c, recs, len)))
			buf_put(&h->buf, e->epid, hit->cpu, BUF_REC,
			    hit->timestamp, recs, len);
		if (recs != NULL)
			spec_finish(h, c, hit, recs, len);
		/* raise(), stop(), copyout() act on the traced thread now */
		if (prog->dp->destructive && h->fire_tproc != NULL && recs != NULL)
			act_target(c, recs, len, h->fire_tproc->proc,
			    h->fire_tproc->pid, h->fire_tid);
		int status;
		if (recs != NULL && find_exit(c, recs, len, &status)) {
			/* as dtrace(1M): the last exit record consumed (END's too) wins */
			h->exit_called = 1;
			h->exit_status = status;
			h->exiting = 1;
			break;
		}
	}
	h->fire_depth--;
}

int ecb_fire_count(udt_handle_t *h, udt_ecb_t *e, dif_hit_t *hit, uint64_t n)
{
	udt_prog_t *prog = e->prog;
	const d_clause_prog_t *c = e->clause;
	const void *recv;
	size_t len, off = 0;
	const d_recdesc_t *d;
	const unsigned char *data;
	uint32_t dlen;

	if (prog->agg == NULL || c->body == NULL)
		return -1;
	hit_bind(h, e->probe, hit);
	if (counted_body(e, hit, ++h->firing_gen, &recv, &len) != 0)
		return -1;
	const unsigned char *recs = recv;
	int rc = 0;
	while (out_rec_next(c, recs, len, &off, &d, &data, &dlen)) {
		/* a drop (n > 0) is counted by the table, and the rest go on */
		if (d->action != D_ACT_AGG ||
		    (agg_apply_count(prog->agg, d->agg, data, dlen, hit->cpu,
		    n) != 0 && n == 0))
			rc = -1;
	}
	return rc;
}

void ecb_fire_tracer(udt_handle_t *h, udt_probe_t *p, const uint64_t *args,
    int nargs)
{
	if (p == NULL || p->ecbs == NULL)
		return;
	dif_hit_t *hit = &h->hit;
	memset(hit->args, 0, sizeof(hit->args));
	for (int i = 0; i < nargs && i < 12; i++)
		hit->args[i] = args[i];
	hit->pid = h->pid;
	hit->ppid = h->ppid;
	hit->tid = h->pid;
	hit->uid = h->uid;
	hit->gid = h->gid;
	hit->execname = h->execname;
	int cpu = sched_getcpu();
	hit->cpu = cpu < 0 ? 0 : cpu;
	hit->errno_val = 0;
	hit->ucaller = 0;
	hit->ustackdepth = 0;
	hit->uregs = NULL;
	hit->nuregs = 0;
	hit->read_mem = NULL;
	hit->read_arg = NULL;
	hit->xlate = procinfo_xlate;
	hit->xlate_arg = hit;
	ecb_fire(h, p, hit);
}
