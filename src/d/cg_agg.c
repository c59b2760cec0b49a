/*
 * cg_agg.c — aggregations: `@name[keys] = func(args)` statements, the
 * references printa/clear/trunc/normalize make to them, and the
 * aggregation descriptors of the program.
 *
 * Owns: the aggregation table of one compile (name, function, function
 * parameters, key signature) and DTrace's checks on them.
 * Must not: store aggregated data; the consumer does (src/consumer/agg.c).
 * Invariant: an aggregation's function, parameters and key signature are
 * fixed by its first appearance in program text; every later use must
 * match, so one key layout (d_aggdesc_t.keyoff) serves every update.
 */
#include <stdlib.h>
#include <string.h>
#include "cg_impl.h"

static const struct {
	const char *name;
	int func, min, max;
} aggfns[] = {
	{ "count", D_AGG_COUNT, 0, 0 },
	{ "sum", D_AGG_SUM, 1, 1 },
	{ "avg", D_AGG_AVG, 1, 1 },
	{ "min", D_AGG_MIN, 1, 1 },
	{ "max", D_AGG_MAX, 1, 1 },
	{ "stddev", D_AGG_STDDEV, 1, 1 },
	{ "quantize", D_AGG_QUANTIZE, 1, 2 },
	{ "lquantize", D_AGG_LQUANTIZE, 3, 5 },
	{ "llquantize", D_AGG_LLQUANTIZE, 5, 6 },
};

static const char *fname(int func)
{
	for (size_t i = 0; i < sizeof(aggfns) / sizeof(aggfns[0]); i++)
		if (aggfns[i].func == func)
			return aggfns[i].name;
	return "?";
}

static cg_agg_t *agg_lookup(cg_t *g, const char *name, uint32_t *idx)
{
	for (size_t i = 0; i < g->aggs.n; i++)
		if (strcmp(g->aggs.v[i].name, name) == 0) {
			if (idx)
				*idx = (uint32_t)i;
			return &g->aggs.v[i];
		}
	return NULL;
}

int cg_agg_known(cg_t *g, const char *name)
{
	return agg_lookup(g, name, NULL) != NULL;
}

void cg_agg_mdim_check(cg_t *g, const d_node_t *n)
{
	if (n->kind == N_INDEX && n->left->kind == N_AGG &&
	    n->left->args != NULL)
		d_error(g->cc, n->line, "D_AGG_MDIM",
		    "improper attempt to reference @%s as a "
		    "multi-dimensional array", n->left->name ? n->left->name : "");
}

uint32_t cg_agg_ref(cg_t *g, d_node_t *a, const char *func, int argno)
{
	const char *pfx = strcmp(func, "printa") == 0 ? "D_PRINTA" :
	    strcmp(func, "clear") == 0 ? "D_CLEAR" :
	    strcmp(func, "trunc") == 0 ? "D_TRUNC" : "D_NORMALIZE";
	if (a == NULL || a->kind != N_AGG) {
		const char *tn = "void";
		if (a != NULL) {
			size_t nt = g->text.n;
			unsigned regs = g->regs;
			val_t v = cg_expr(g, a);
			g->text.n = g->action_of.n = nt;
			g->regs = regs;
			tn = v.type->name;
		}
		d_error(g->cc, a ? a->line : g->line, d_sprintf(g->cc,
		    "%s_AGGARG", pfx), "%s( ) argument #%d is incompatible with "
		    "prototype:\n\tprototype: aggregation\n\t argument: %s\n",
		    func, argno, tn);
	}
	uint32_t idx;
	if (agg_lookup(g, a->name ? a->name : "", &idx) == NULL)
		d_error(g->cc, a->line, d_sprintf(g->cc, "%s_AGGBAD", pfx),
		    "undefined aggregation: @%s", a->name ? a->name : "");
	return idx;
}

static int key_compat(const d_type_t *proto, const d_type_t *t)
{
	if (proto->special || t->special)
		return proto->special == t->special;
	if (d_is_string(proto))
		return d_is_string(t);
	if (d_is_scalar(proto))
		return d_is_scalar(t) && !d_is_string(t);
	return d_type_compat(proto, t);
}

/* Evaluate and push the keys of @name[keys]; fixes the signature on first use. */
static void agg_keys(cg_t *g, cg_agg_t *ag, d_node_t *keys, int line)
{
	int nk = cg_count_args(keys);
	const char *name = d_sprintf(g->cc, "@%s", ag->name);
	if (ag->keys != NULL && nk != ag->nkeys)
		d_error(g->cc, line, "D_PROTO_LEN",
		    "%s[ ] prototype mismatch: %d key%s passed, %d expected",
		    name, nk, nk == 1 ? "" : "s", ag->nkeys);
	if (nk > DIF_TUPLE_MAX)
		d_error(g->cc, line, "D_AGG_KEYS",
		    "too many keys for aggregation %s", name);
	val_t kv[DIF_TUPLE_MAX];
	int i = 0;
	for (d_node_t *k = keys; k; k = k->next, i++) {
		if (k->kind == N_AGG)
			d_error(g->cc, line, "D_KEY_TYPE",
			    "%s[ ] key #%d is of invalid type: aggregation",
			    name, i + 1);
		g->action += i > 0;     /* cg_agg_stmt: a key, an action */
		if (k->kind == N_CALL && cg_special_call(g, k, &kv[i]))
			;
		else
			kv[i] = cg_expr(g, k);
		const d_type_t *kt = kv[i].type;
		if (d_is_void(kt))
			d_error(g->cc, line, "D_KEY_TYPE", "%s expression may "
			    "not be used as aggregation index: key #%d",
			    kt->name, i + 1);
		if ((!kt->special && !d_is_scalar(kt) &&
		    !d_is_string(kt) && !d_is_byref(kt)))
			d_error(g->cc, line, "D_KEY_TYPE",
			    "%s[ ] key #%d is of invalid type: %s", name, i + 1,
			    kt->name);
		if (d_is_char_array(kt))
			kv[i].type = d_t_string(g->ts);
		if (ag->keys != NULL && !key_compat(ag->keys[i], kv[i].type))
			d_error(g->cc, line, "D_PROTO_ARG",
			    "%s[ ] key #%d is incompatible with prototype:\n"
			    "\tprototype: %s\n\t%9s: %s\n", name, i + 1,
			    ag->keys[i]->name, "key", kv[i].type->name);
	}
	if (ag->keys == NULL) {
		ag->nkeys = nk;
		ag->keys = d_alloc(g->cc, sizeof(d_type_t *) * (size_t)(nk ? nk : 1));
		for (i = 0; i < nk; i++)
			ag->keys[i] = kv[i].type;
	}
	cg_emit(g, DIF_FLUSHTS, 0, 0, 0, 0);
	for (i = 0; i < nk; i++) {
		if (d_is_int(ag->keys[i]))
			cg_narrow(g, kv[i].reg, ag->keys[i]);
		val_t pv = { kv[i].reg, ag->keys[i] };
		cg_push_value(g, pv);
		cg_reg_free(g, kv[i].reg);
	}
}

/* Bytes the key of ag takes in the DIF_AGG record. */
static uint32_t key_bytes(cg_t *g, const d_type_t *t)
{
	const d_type_t *r = d_resolve(t);
	if (r->kind == TK_STRING)
		return (uint32_t)g->cc->strsize;
	if (d_is_byref(r) || t->special)
		return (uint32_t)r->size;
	return 8;
}

static int64_t const_arg(cg_t *g, d_node_t *a, const char *tag,
    const char *msg)
{
	int64_t v;
	if (a == NULL || cg_const(g, a, &v) != 0)
		d_error(g->cc, a ? a->line : g->line, tag, "%s", msg);
	return v;
}

static void lquantize_params(cg_t *g, cg_agg_t *ag, d_node_t *fn,
    d_node_t *a1, int first)
{
	int line = fn->line;
	d_node_t *a2 = a1->next, *a3 = a2->next;
	int64_t base = const_arg(g, a1, "D_LQUANT_BASETYPE",
	    "lquantize( ) argument #1 must be an integer constant");
	if (base < INT32_MIN || base > INT32_MAX)
		d_error(g->cc, line, "D_LQUANT_BASEVAL",
		    "lquantize( ) argument #1 must be a 32-bit quantity");
	int64_t lim = const_arg(g, a2, "D_LQUANT_LIMTYPE",
	    "lquantize( ) argument #2 must be an integer constant");
	if (lim < INT32_MIN || lim > INT32_MAX)
		d_error(g->cc, line, "D_LQUANT_LIMVAL",
		    "lquantize( ) argument #2 must be a 32-bit quantity");
	if (lim < base)
		d_error(g->cc, line, "D_LQUANT_MISMATCH",
		    "lquantize( ) base (argument #1) must be less than limit "
		    "(argument #2)");
	int64_t step = 1;
	if (a3 != NULL) {
		if (cg_const(g, a3, &step) != 0 || step <= 0)
			d_error(g->cc, line, "D_LQUANT_STEPTYPE",
			    "lquantize( ) argument #3 must be a non-zero positive "
			    "integer constant");
		if (step > UINT16_MAX)
			d_error(g->cc, line, "D_LQUANT_STEPVAL",
			    "lquantize( ) argument #3 must be a 16-bit quantity");
	}
	int64_t nlevels = (lim - base) / step;
	if (nlevels == 0)
		d_error(g->cc, line, "D_LQUANT_STEPLARGE",
		    "lquantize( ) step (argument #3) too large: must have at "
		    "least one quantization level");
	if (nlevels > UINT16_MAX)
		d_error(g->cc, line, "D_LQUANT_STEPSMALL",
		    "lquantize( ) step (argument #3) too small: number of "
		    "quantization levels must be a 16-bit quantity");
	if (first) {
		ag->lq_base = base;
		ag->lq_limit = base + nlevels * step;
		ag->lq_step = step;
		return;
	}
	if (ag->lq_base != base)
		d_error(g->cc, line, "D_LQUANT_MATCHBASE",
		    "lquantize( ) base (argument #1) doesn't match previous "
		    "declaration: expected %d, found %d", (int)ag->lq_base,
		    (int)base);
	if (ag->lq_limit != base + nlevels * step)
		d_error(g->cc, line, "D_LQUANT_MATCHLIM",
		    "lquantize( ) limit (argument #2) doesn't match previous "
		    "declaration: expected %d, found %d", (int)ag->lq_limit,
		    (int)(base + nlevels * step));
	if (ag->lq_step != step)
		d_error(g->cc, line, "D_LQUANT_MATCHSTEP",
		    "lquantize( ) step (argument #3) doesn't match previous "
		    "declaration: expected %d, found %d", (int)ag->lq_step,
		    (int)step);
}

static void llquantize_params(cg_t *g, cg_agg_t *ag, d_node_t *fn,
    d_node_t *a, int first)
{
	static const struct { const char *str, *type, *val, *match; } args[] = {
		{ "factor", "D_LLQUANT_FACTORTYPE", "D_LLQUANT_FACTORVAL",
		    "D_LLQUANT_FACTORMATCH" },
		{ "low magnitude", "D_LLQUANT_LOWTYPE", "D_LLQUANT_LOWVAL",
		    "D_LLQUANT_LOWMATCH" },
		{ "high magnitude", "D_LLQUANT_HIGHTYPE", "D_LLQUANT_HIGHVAL",
		    "D_LLQUANT_HIGHMATCH" },
		{ "linear steps per magnitude", "D_LLQUANT_NSTEPTYPE",
		    "D_LLQUANT_NSTEPVAL", "D_LLQUANT_NSTEPMATCH" },
	};
	int line = fn->line;
	int64_t v[4];
	for (int i = 0; i < 4; i++, a = a->next) {
		if (cg_const(g, a, &v[i]) != 0)
			d_error(g->cc, line, args[i].type, "llquantize( ) argument "
			    "#%d (%s) must be an integer constant", i + 1,
			    args[i].str);
		if ((uint64_t)v[i] > UINT16_MAX)
			d_error(g->cc, line, args[i].val, "llquantize( ) argument "
			    "#%d (%s) must be an unsigned 16-bit quantity", i + 1,
			    args[i].str);
	}
	if (v[0] < 2)
		d_error(g->cc, line, "D_LLQUANT_FACTORSMALL", "llquantize( ) "
		    "factor (argument #1) must be two or more");
	if (v[1] >= v[2])
		d_error(g->cc, line, "D_LLQUANT_MAGRANGE", "llquantize( ) high "
		    "magnitude (argument #3) must be greater than low magnitude "
		    "(argument #2)");
	if (v[3] < v[0])
		d_error(g->cc, line, "D_LLQUANT_FACTORNSTEPS", "llquantize( ) "
		    "factor (argument #1) must be less than or equal to the "
		    "number of linear steps per magnitude (argument #4)");
	uint64_t p = (uint64_t)v[0];
	while (p < (uint64_t)v[3])
		p *= (uint64_t)v[0];
	if ((v[3] % v[0]) != 0 || (p % (uint64_t)v[3]) != 0)
		d_error(g->cc, line, "D_LLQUANT_FACTOREVEN", "llquantize( ) "
		    "factor (argument #1) must evenly divide the number of steps "
		    "per magnitude (argument #4), and the number of steps per "
		    "magnitude must evenly divide a power of the factor");
	uint64_t order = 1;
	for (int i = 0; i <= v[2] + 1; i++) {
		if (order * (uint64_t)v[0] > order) {
			order *= (uint64_t)v[0];
			continue;
		}
		d_error(g->cc, line, "D_LLQUANT_MAGTOOBIG", "llquantize( ) "
		    "factor (%d) raised to power of high magnitude (%d) plus 1 "
		    "overflows 64-bits", (int)v[0], (int)v[2]);
	}
	if (first) {
		memcpy(ag->llq, v, sizeof(v));
		return;
	}
	for (int i = 0; i < 4; i++)
		if (ag->llq[i] != v[i])
			d_error(g->cc, line, args[i].match, "llquantize( ) %s "
			    "(argument #%d) doesn't match previous declaration: "
			    "expected %d, found %d", args[i].str, i + 1,
			    (int)ag->llq[i], (int)v[i]);
}

/*
 * The prototypes void(@, int32_t, int32_t, ...) and llquantize's four int32_t:
 * DTrace checks the arguments against them when it cooks the call, before
 * the constant checks of lquantize_params, so a string base is D_PROTO_ARG.
 * Typing an argument must leave no code behind, hence the rewind.
 */
static void proto_int32_args(cg_t *g, d_node_t *fn, int n)
{
	d_node_t *a = fn->args ? fn->args->next : NULL;
	for (int i = 0; i < n && a != NULL; i++, a = a->next) {
		size_t nt = g->text.n;
		unsigned regs = g->regs;
		val_t v = cg_expr(g, a);
		g->text.n = g->action_of.n = nt;
		g->regs = regs;
		if (!d_is_int(v.type))
			d_error(g->cc, fn->line, "D_PROTO_ARG",
			    "%s( ) argument #%d is incompatible with prototype:"
			    "\n\tprototype: int32_t\n\t argument: %s\n",
			    fn->name, i + 2, v.type->name);
	}
}

void cg_agg_stmt(cg_t *g, d_node_t *e)
{
	d_node_t *an = e->left, *fn = e->right;
	const char *name = an->name ? an->name : "";
	int line = e->line;
	if (fn->kind != N_CALL)
		d_error(g->cc, line, "D_AGG_FUNC", "@%s must be assigned the "
		    "result of an aggregating function", name);
	int fi = -1;
	for (size_t i = 0; i < sizeof(aggfns) / sizeof(aggfns[0]); i++)
		if (strcmp(aggfns[i].name, fn->name) == 0 &&
		    !cg_ident_hidden(g, fn->name))
			fi = (int)i;
	if (fi < 0)
		cg_resolve_callee(g, fn);
	if (fi < 0)
		d_error(g->cc, line, "D_AGG_FUNC", "@%s must be assigned the "
		    "result of an aggregating function", name);
	int argc = cg_count_args(fn->args);
	cg_proto_len(g, fn, argc, aggfns[fi].min, aggfns[fi].max);
	cg_spec_rule(g, line, CG_R_AGG);

	uint32_t idx;
	cg_agg_t *ag = agg_lookup(g, name, &idx);
	int first = ag == NULL;
	if (first) {
		cg_agg_t na = { .name = name, .func = aggfns[fi].func,
		    .line = line };
		VEC_PUSH(g, g->aggs, na);
		idx = (uint32_t)(g->aggs.n - 1);
		ag = &g->aggs.v[idx];
	} else if (ag->func != aggfns[fi].func) {
		d_error(g->cc, line, "D_AGG_REDEF", "aggregation redefined: "
		    "@%s\n\t current: @%s = %s( )\n\tprevious: @%s = %s( ) "
		    "[line %d]\n", name, name, fn->name, name,
		    fname(ag->func), ag->line);
	}
	/* dt_cook_aggregation: the function's arguments are not part of
	 * the statement's attributes, only the aggregation and its keys */
	g->attr_off++;
	d_node_t *x = fn->args, *incr = NULL;
	if (ag->func == D_AGG_LQUANTIZE)
		proto_int32_args(g, fn, 2);
	else if (ag->func == D_AGG_LLQUANTIZE)
		proto_int32_args(g, fn, 4);
	switch (ag->func) {
	case D_AGG_QUANTIZE:
		incr = x->next;
		break;
	case D_AGG_LQUANTIZE:
		lquantize_params(g, ag, fn, x->next, first);
		incr = x->next->next->next ? x->next->next->next->next : NULL;
		break;
	case D_AGG_LLQUANTIZE:
		llquantize_params(g, ag, fn, x->next, first);
		incr = x->next->next->next->next->next;
		break;
	}
	/*
	 * dt_compile_agg's actions: one per key, then the increment's,
	 * then the aggregating one computing the value; fault messages
	 * number them so, whatever order the code runs them in
	 */
	int base = g->action, nk = cg_count_args(an->args);
	int aggact = base + nk + (incr != NULL);
	int vreg = 0;
	g->action = aggact;
	if (x != NULL) {
		val_t v = cg_expr(g, x);
		if (!d_is_scalar(v.type))
			d_error(g->cc, line, "D_AGG_SCALAR", "%s( ) argument #1 "
			    "must be of scalar type", fn->name);
		vreg = v.reg;
	}
	int ireg;
	if (incr != NULL) {
		g->action = base + nk;
		val_t iv = cg_expr(g, incr);
		if (!d_is_scalar(iv.type))
			d_error(g->cc, line, "D_PROTO_ARG", "%s( ) increment value "
			    "(argument #%d) must be of scalar type", fn->name,
			    aggfns[fi].max);
		ireg = iv.reg;
	} else {
		ireg = cg_setx(g, 1);
	}
	g->attr_off--;
	g->action = base;
	agg_keys(g, ag, an->args, line);
	g->action = aggact;
	ag = &g->aggs.v[idx];   /* the vector may have moved */
	uint32_t keysize = 0;
	for (int i = 0; i < ag->nkeys; i++)
		keysize += key_bytes(g, ag->keys[i]);
	d_recdesc_t d = { .action = D_ACT_AGG, .agg = idx };
	uint32_t rec = cg_add_rec(g, DIF_REC_AGG, 16 + keysize, d);
	cg_emit(g, DIF_AGG, 0, vreg, ireg, rec);
	cg_reg_free(g, vreg);
	cg_reg_free(g, ireg);
}

void cg_agg_build(cg_t *g, d_program_t *p)
{
	p->naggs = g->aggs.n;
	if (p->naggs == 0)
		return;
	p->aggs = d_program_alloc(p, sizeof(d_aggdesc_t) * p->naggs);
	if (p->aggs == NULL)
		d_error(g->cc, 0, "D_NOMEM", "out of memory");
	for (size_t i = 0; i < g->aggs.n; i++) {
		cg_agg_t *ag = &g->aggs.v[i];
		d_aggdesc_t *d = &p->aggs[i];
		d->name = d_program_strdup(p, ag->name);
		d->func = ag->func;
		d->lq_base = ag->lq_base;
		d->lq_limit = ag->lq_limit;
		d->lq_step = ag->lq_step;
		d->llq_factor = ag->llq[0];
		d->llq_low = ag->llq[1];
		d->llq_high = ag->llq[2];
		d->llq_nsteps = ag->llq[3];
		d->nkeys = (uint32_t)ag->nkeys;
		d->line = ag->line;
		size_t nk = ag->nkeys ? (size_t)ag->nkeys : 1;
		d->keys = d_program_alloc(p, sizeof(d_recdesc_t) * nk);
		d->keyoff = d_program_alloc(p, sizeof(uint32_t) * nk);
		if (d->keys == NULL || d->keyoff == NULL)
			d_error(g->cc, 0, "D_NOMEM", "out of memory");
		uint32_t off = 0;
		for (int k = 0; k < ag->nkeys; k++) {
			cg_rec_fill(g, ag->keys[k], &d->keys[k]);
			d->keys[k].type_name = d_program_strdup(p,
			    ag->keys[k]->name);
			d->keyoff[k] = off;
			off += key_bytes(g, ag->keys[k]);
		}
		d->keysize = off;
	}
}
