/*
 * ecb_kagg.c — ECBs a backend may run inside the target: a clause whose
 * predicate and whose aggregations (count, sum, avg, min or max: each a
 * program of its own) are integer functions of the hit's argument registers and of constants,
 * translated from its DIF into the backend's register program
 * (backend.h, udt_kagg_t), and the fold of the firings the backend
 * aggregated back into the real aggregation.
 *
 * Owns: which DIF is pure enough (ecb_kclause) and the fold (ecb_kfold).
 * Must not: allocate or print (the fold runs while the backend drains).
 * Invariant: the translation computes, for every hit, the same 64-bit
 * values the emulator would for the predicate, each key and the value
 * (the same operations on the same registers, one op per DIF
 * instruction), and the fold builds the key blob DIF_AGG would (each
 * integer key 8 bytes, in push order), so a folded aggregation prints
 * byte for byte as one fed record by record. Anything else is refused
 * (-1) and the clause's hits go through records.
 */
#include "handle.h"
#include "consumer/ecb.h"
#include "consumer/agg.h"
#include "udtrace/regs.h"

#include <string.h>

/* DIF's arithmetic, comparison and move opcodes, and the backend's. */
static int kop_of(int op)
{
	switch (op) {
	case DIF_OR: return UDT_K_OR;
	case DIF_XOR: return UDT_K_XOR;
	case DIF_AND: return UDT_K_AND;
	case DIF_SLL: return UDT_K_SLL;
	case DIF_SRL: return UDT_K_SRL;
	case DIF_SRA: return UDT_K_SRA;
	case DIF_ADD: return UDT_K_ADD;
	case DIF_SUB: return UDT_K_SUB;
	case DIF_MUL: return UDT_K_MUL;
	case DIF_NOT: return UDT_K_NOT;
	case DIF_MOV: return UDT_K_MOV;
	case DIF_CEQ: return UDT_K_CEQ;
	case DIF_CNE: return UDT_K_CNE;
	case DIF_CLT: return UDT_K_CLT;
	case DIF_CLTU: return UDT_K_CLTU;
	case DIF_CLE: return UDT_K_CLE;
	case DIF_CLEU: return UDT_K_CLEU;
	default: return -1;
	}
}

/*
 * One DIF instruction that only computes a register: its op, or -1.
 * args: per argN (N < 6) the register R_* it reads, or -1 with argk[N]
 * its constant value.
 */
static int plain_op(const difo_t *dp, const dif_instr_t *in,
    const int *argreg, const uint64_t *argk, udt_kop_t *o)
{
	int k;

	memset(o, 0, sizeof *o);
	o->rd = in->rd;
	o->r1 = in->r1;
	o->r2 = in->r2;
	if (in->rd >= UDT_KREGS || in->r1 >= UDT_KREGS || in->r2 >= UDT_KREGS)
		return -1;
	switch (in->op) {
	case DIF_NOP:
		o->op = UDT_K_MOV;    /* k0 = k0: nothing, one op for one */
		o->rd = o->r1 = o->r2 = 0;
		return 0;
	case DIF_SETX:
		if (in->imm >= dp->nint)
			return -1;
		o->op = UDT_K_CONST;
		o->imm = dp->inttab[in->imm];
		return 0;
	case DIF_LDGS:
		if (in->imm < DIF_VAR_ARG0 || in->imm >= DIF_VAR_ARG0 + 6)
			return -1;
		k = (int)(in->imm - DIF_VAR_ARG0);
		if (argreg[k] >= 0) {
			o->op = UDT_K_REG;
			o->imm = (uint64_t)argreg[k];
		} else {
			o->op = UDT_K_CONST;
			o->imm = argk[k];
		}
		return 0;
	default:
		if ((k = kop_of(in->op)) < 0)
			return -1;
		o->op = (uint8_t)k;
		return 0;
	}
}

/*
 * The body's DIF_AGG statements, if every instruction is one a fold
 * program can run (no branch, keys pushed by value, a ret only last) and
 * every record is an aggregation's; else -1.
 */
int ecb_kaggs(const udt_ecb_t *e)
{
	const d_clause_prog_t *cl = e->clause;
	const difo_t *dp = cl->body;
	int n = 0;

	if (dp == NULL || cl->nrecs == 0 || e->prog->agg == NULL ||
	    dp->nrec != cl->nrecs)
		return -1;
	for (size_t r = 0; r < cl->nrecs; r++)
		if (cl->recs[r].action != D_ACT_AGG ||
		    dp->rectab[r].kind != DIF_REC_AGG ||
		    cl->recs[r].agg >= e->prog->dp->naggs)
			return -1;
	for (size_t i = 0; i < dp->ntext; i++) {
		const dif_instr_t *in = &dp->text[i];
		udt_kop_t o;
		static const int none[6] = { -1, -1, -1, -1, -1, -1 };
		static const uint64_t zero[6];
		switch (in->op) {
		case DIF_FLUSHTS: case DIF_POPTS:
			break;
		case DIF_PUSHTV:
			if (in->r1 >= UDT_KREGS)
				return -1;
			break;
		case DIF_AGG:
			if (in->imm >= dp->nrec || in->r1 >= UDT_KREGS)
				return -1;
			n++;
			break;
		case DIF_RET:
			if (i + 1 != dp->ntext)
				return -1;
			break;
		default:
			if (plain_op(dp, in, none, zero, &o) < 0)
				return -1;
		}
	}
	return n > 0 && n <= UDT_KCL_MAX ? n : -1;
}

int ecb_kclause(const udt_ecb_t *e, const int *argreg, const uint64_t *argk,
    int which, udt_kclause_t *c, udt_kop_t *ops, uint32_t *rec)
{
	const d_clause_prog_t *cl = e->clause;
	const difo_t *pd = cl->pred, *dp = cl->body;
	const d_program_t *prog = e->prog->dp;
	size_t n = 0, aggpc = 0, tup[DIF_TUPLE_MAX], keep[UDT_KKEYS_MAX];
	unsigned nt = 0, nkeys = 0, k = 0;
	int seen = 0, found = 0;

	memset(c, 0, sizeof *c);
	if (ecb_kaggs(e) <= which)
		return -1;
	/* which pushes are the key of the which'th agg (the tuple stack's order) */
	for (size_t i = 0; i < dp->ntext && !found; i++) {
		const dif_instr_t *in = &dp->text[i];
		if (in->op == DIF_FLUSHTS)
			nt = 0;
		else if (in->op == DIF_POPTS && nt > 0)
			nt--;
		else if (in->op == DIF_PUSHTV) {
			if (nt == DIF_TUPLE_MAX)
				return -1;
			tup[nt++] = i;
		} else if (in->op == DIF_AGG && seen++ == which) {
			if (nt > UDT_KKEYS_MAX)
				return -1;
			memcpy(keep, tup, nt * sizeof *tup);
			nkeys = nt;
			aggpc = i;
			found = 1;
		}
	}
	if (!found)
		return -1;
	*rec = dp->text[aggpc].imm;
	if (dp->rectab[*rec].size != 16 + 8 * nkeys ||
	    prog->aggs[cl->recs[*rec].agg].keysize != 8 * nkeys)
		return -1;
	switch (prog->aggs[cl->recs[*rec].agg].func) {
	case D_AGG_COUNT: c->func = UDT_KF_COUNT; break;
	case D_AGG_SUM: c->func = UDT_KF_SUM; break;
	case D_AGG_AVG: c->func = UDT_KF_AVG; break;
	case D_AGG_MIN: c->func = UDT_KF_MIN; break;
	case D_AGG_MAX: c->func = UDT_KF_MAX; break;
	default: return -1;
	}
	/* the predicate: forward branches inside it, one ret, last */
	if (pd != NULL) {
		if (pd->ntext == 0 || pd->ntext > UDT_KOPS_MAX)
			return -1;
		for (size_t i = 0; i < pd->ntext; i++) {
			const dif_instr_t *in = &pd->text[i];
			udt_kop_t *o = &ops[n++];
			memset(o, 0, sizeof *o);
			if (in->op == DIF_RET) {
				if (i + 1 != pd->ntext || in->r1 >= UDT_KREGS)
					return -1;
				o->op = UDT_K_PRED;
				o->r1 = in->r1;
			} else if (in->op == DIF_BA || in->op == DIF_BZ ||
			    in->op == DIF_BNZ) {
				if (in->imm <= i || in->imm >= pd->ntext ||
				    in->r1 >= UDT_KREGS)
					return -1;
				o->op = in->op == DIF_BA ? UDT_K_BA :
				    in->op == DIF_BZ ? UDT_K_BZ : UDT_K_BNZ;
				o->r1 = in->r1;
				o->tgt = in->imm;
			} else if (plain_op(pd, in, argreg, argk, o) < 0)
				return -1;
		}
	}
	/*
	 * The body up to that agg, straight: its key's pushes become keys,
	 * other tuple operations and aggs nothing
	 */
	for (size_t i = 0; i <= aggpc; i++) {
		const dif_instr_t *in = &dp->text[i];
		udt_kop_t *o;
		if (in->op == DIF_FLUSHTS || in->op == DIF_POPTS ||
		    (in->op == DIF_AGG && i != aggpc) ||
		    (in->op == DIF_PUSHTV && (k == nkeys || keep[k] != i)))
			continue;
		if (n == UDT_KOPS_MAX)
			return -1;
		o = &ops[n++];
		memset(o, 0, sizeof *o);
		if (in->op == DIF_PUSHTV) {
			o->op = UDT_K_KEY;
			o->r1 = in->r1;
			k++;
		} else if (in->op == DIF_AGG) {
			o->op = UDT_K_VAL;
			o->r1 = in->r1;
		} else if (plain_op(dp, in, argreg, argk, o) < 0)
			return -1;
	}
	if (k != nkeys)
		return -1;
	c->nkeys = nkeys;
	c->ops = ops;
	c->nops = n;
	return 0;
}

void ecb_kfold(udt_handle_t *h, const udt_ecb_t *e, uint32_t rec,
    const uint64_t *keys, unsigned nkeys, uint64_t n, int64_t val)
{
	const d_clause_prog_t *cl = e->clause;

	if (h->exiting || rec >= cl->nrecs)
		return;
	(void)agg_fold(e->prog->agg, cl->recs[rec].agg, keys,
	    8 * (size_t)nkeys, 0, n, val);
}
