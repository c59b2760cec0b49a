/*
 * tramp_kagg.c — the trampoline backend's fold table, udtrace's side:
 * which points fold in the target (their sites carry a udt_kagg_t), the
 * kids (clause ids) their trampolines tag table entries with, and the
 * fold that hands each entry's gains to the consumer (cb.kfold).
 *
 * Owns: the kids of each process and the reading of the table (layout
 * and the producer's protocol in tramp_impl.h; tramp_code.c writes the
 * trampoline that fills it). Must not: allocate while folding.
 * Invariant: a hit counted in an entry is reported exactly once: count
 * and val are taken with xchg (count 0, val back to its empty state), so
 * a hit that lands after the exchange shows in the next fold. A kid
 * outlives its trampoline (a thread may still run an old one) and is
 * never given to another clause; once its site is removed (after a last
 * fold) its entries are skipped.
 */
#include <stdlib.h>
#include <string.h>
#include "backend/tramp_impl.h"
#include "udtrace/regs.h"

/* Registers a fold program may read: those the trampoline saved. */
static int kreg_ok(uint64_t r)
{
	return r == R_RAX || r == R_RCX || r == R_RDX || r == R_RSI ||
	    r == R_RDI || r == R_R8 || r == R_R9 || r == R_R10 || r == R_R11;
}

static int kagg_ok(const udt_kagg_t *k)
{
	if (!k || k->n == 0 || k->n > UDT_KCL_MAX)
		return 0;
	for (size_t i = 0; i < k->n; i++) {
		const udt_kclause_t *c = &k->c[i];
		if (c->nops == 0 || c->nops > UDT_KOPS_MAX ||
		    c->nkeys > UDT_KKEYS_MAX || c->func < UDT_KF_COUNT ||
		    c->func > UDT_KF_MAX || c->ops[c->nops - 1].op != UDT_K_VAL)
			return 0;
		for (size_t j = 0; j < c->nops; j++) {
			const udt_kop_t *o = &c->ops[j];
			if (o->rd >= UDT_KREGS || o->r1 >= UDT_KREGS ||
			    o->r2 >= UDT_KREGS || o->op > UDT_K_VAL ||
			    (o->op == UDT_K_REG && !kreg_ok(o->imm)) ||
			    ((o->op == UDT_K_BA || o->op == UDT_K_BZ ||
			    o->op == UDT_K_BNZ) && (o->tgt <= j ||
			    o->tgt > c->nops)) ||
			    (o->op == UDT_K_VAL && j + 1 != c->nops))
				return 0;
		}
	}
	return 1;
}

int tp_kaggable(const tp_point_t *pt)
{
	size_t n = 0;

	if (!pt->live)
		return 0;
	for (size_t i = 0; i < pt->nsites; i++) {
		const udt_site_t *s = pt->sites[i];
		if (!s)
			continue;
		if (!kagg_ok(s->kagg))
			return 0;
		n += s->kagg->n;
	}
	return n <= TP_KCL_MAX;
}

int tp_kagg_kids(tp_proc_t *tp, tp_point_t *pt)
{
	size_t need = 0;

	for (size_t i = 0; i < pt->nsites; i++)
		if (pt->sites[i])
			need += pt->sites[i]->kagg->n;
	/* tags are kid + 1, below TP_KT_BUSY */
	if (tp->nkids + need >= (1u << 31))
		return -1;
	if (tp->nkids + need > tp->capkids) {
		size_t nc = tp->capkids ? tp->capkids * 2 : 64;
		tp_kid_t *nv;
		while (nc < tp->nkids + need)
			nc *= 2;
		if (!(nv = realloc(tp->kids, nc * sizeof *nv)))
			return -1;
		tp->kids = nv;
		tp->capkids = nc;
	}
	pt->kid0 = (uint32_t)tp->nkids;
	pt->nk = (uint32_t)need;
	for (size_t i = 0; i < pt->nsites; i++) {
		udt_site_t *s = pt->sites[i];
		if (!s)
			continue;
		for (size_t c = 0; c < s->kagg->n; c++) {
			tp_kid_t *k = &tp->kids[tp->nkids++];
			k->site = s;
			k->kagg = s->kagg;
			k->clause = (unsigned)c;
			k->nkeys = s->kagg->c[c].nkeys;
			k->func = s->kagg->c[c].func;
		}
	}
	return 0;
}

void tp_kagg_forget(tp_backend_t *b, tp_proc_t *tp, const udt_site_t *s)
{
	int any = 0;

	for (size_t i = 0; i < tp->nkids; i++)
		if (tp->kids[i].site == s)
			any = 1;
	if (!any)
		return;
	tp_kagg_fold(b, tp, UINT64_MAX);
	for (size_t i = 0; i < tp->nkids; i++)
		if (tp->kids[i].site == s)
			tp->kids[i].site = NULL;
}

/* val's empty state: what a trampoline writes when it claims an entry */
static int64_t kval0(int func)
{
	return func == UDT_KF_MIN ? INT64_MAX : func == UDT_KF_MAX ?
	    INT64_MIN : 0;
}

void tp_kagg_fold(tp_backend_t *b, tp_proc_t *tp, uint64_t below)
{
	const udt_backend_cb_t *cb = &b->base.cb;
	unsigned char *kt;

	if (!tp->ring || !tp->nkids || !cb->kfold)
		return;
	kt = tp->ring + TP_H_KT;
	for (size_t i = 0; i < TP_KT_N; i++) {
		uint64_t *e = (uint64_t *)(void *)(kt + i * TP_KT_ENT);
		uint64_t tag = __atomic_load_n(&e[TP_K_TAG / 8], __ATOMIC_ACQUIRE),
		    n, keys[UDT_KKEYS_MAX];
		const tp_kid_t *k;
		int64_t v0, val;

		if (tag == 0 || (tag & TP_KT_BUSY) || tag > tp->nkids)
			continue;
		k = &tp->kids[tag - 1];
		if (!k->site || k->site->kagg != k->kagg ||
		    __atomic_load_n(&e[TP_K_EPOCH / 8], __ATOMIC_RELAXED) >= below)
			continue;
		v0 = kval0(k->func);
		/*
		 * count first: the trampoline adds to val before count, so
		 * a value may come a fold before its count, never after
		 */
		n = __atomic_exchange_n(&e[TP_K_CNT / 8], 0, __ATOMIC_SEQ_CST);
		val = k->func == UDT_KF_COUNT ? 0 : (int64_t)__atomic_exchange_n(
		    &e[TP_K_VAL / 8], (uint64_t)v0, __ATOMIC_SEQ_CST);
		if (n == 0 && val == v0)
			continue;
		memcpy(keys, &e[TP_K_KEYS / 8], sizeof keys);
		cb->kfold(cb->arg, k->site->cookie, tp->p, k->clause, keys,
		    k->nkeys, n, val);
	}
}
