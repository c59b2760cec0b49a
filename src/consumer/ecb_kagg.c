/*
 * ecb_kagg.c — ECBs a backend may run inside the target: a clause whose
 * predicate and whose one aggregation (count, sum, avg, min or max) are
 * integer functions of the hit's argument registers and of constants,
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

int ecb_kclause(const udt_ecb_t *e, const int *argreg, const uint64_t *argk,
    udt_kclause_t *c, udt_kop_t *ops)
{
	const d_clause_prog_t *cl = e->clause;
	const difo_t *pd = cl->pred, *dp = cl->body;
	const d_program_t *prog = e->prog->dp;
	size_t n = 0, base;
	int agg = -1, flushed = 0;
	unsigned nkeys = 0;

	memset(c, 0, sizeof *c);
	if (dp == NULL || cl->nrecs != 1 || cl->recs[0].action != D_ACT_AGG ||
	    cl->recs[0].agg >= prog->naggs || e->prog->agg == NULL ||
	    dp->nrec != 1 || dp->rectab[0].kind != DIF_REC_AGG)
		return -1;
	switch (prog->aggs[cl->recs[0].agg].func) {
	case D_AGG_COUNT: c->func = UDT_KF_COUNT; break;
	case D_AGG_SUM: c->func = UDT_KF_SUM; break;
	case D_AGG_AVG: c->func = UDT_KF_AVG; break;
	case D_AGG_MIN: c->func = UDT_KF_MIN; break;
	case D_AGG_MAX: c->func = UDT_KF_MAX; break;
	default: return -1;
	}
	/* the predicate: forward branches inside it, one ret, last */
	if (pd != NULL) {
		if (pd->ntext == 0 || pd->ntext + dp->ntext > UDT_KOPS_MAX)
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
	} else if (dp->ntext > UDT_KOPS_MAX)
		return -1;
	/* the body: straight, keys pushed by value, one agg, then ret */
	base = n;
	for (size_t i = 0; i < dp->ntext; i++) {
		const dif_instr_t *in = &dp->text[i];
		udt_kop_t *o = &ops[n++];
		memset(o, 0, sizeof *o);
		if (agg >= 0) {
			/* after the agg: only the end */
			if (in->op != DIF_RET && in->op != DIF_NOP &&
			    in->op != DIF_FLUSHTS)
				return -1;
			n--;
			continue;
		}
		switch (in->op) {
		case DIF_FLUSHTS:
			if (nkeys)
				return -1;   /* keys already handed on */
			flushed = 1;
			n--;
			continue;
		case DIF_PUSHTV:
			if (nkeys == UDT_KKEYS_MAX || in->r1 >= UDT_KREGS)
				return -1;
			o->op = UDT_K_KEY;
			o->r1 = in->r1;
			nkeys++;
			continue;
		case DIF_AGG:
			if (in->imm != 0 || in->r1 >= UDT_KREGS ||
			    dp->rectab[0].size != 16 + 8 * nkeys)
				return -1;
			o->op = UDT_K_VAL;
			o->r1 = in->r1;
			agg = (int)i;
			continue;
		default:
			if (plain_op(dp, in, argreg, argk, o) < 0)
				return -1;
		}
	}
	(void)flushed;
	(void)base;
	if (agg < 0 || prog->aggs[cl->recs[0].agg].keysize != 8 * nkeys)
		return -1;
	c->nkeys = nkeys;
	c->ops = ops;
	c->nops = n;
	return 0;
}

void ecb_kfold(udt_handle_t *h, const udt_ecb_t *e, const uint64_t *keys,
    unsigned nkeys, uint64_t n, int64_t val)
{
	const d_clause_prog_t *cl = e->clause;

	if (h->exiting)
		return;
	(void)agg_fold(e->prog->agg, cl->recs[0].agg, keys, 8 * (size_t)nkeys,
	    0, n, val);
}
