/*
 * cg_actval.c — an action or aggregating function called where a value
 * is wanted (`x = trace(1)`, `-avg(1)`, `clear(count())`, `avg(1);`).
 *
 * DTrace cooks such a call like any function: its own arguments are
 * checked against the prototype it declares in dt_open.c, the call then
 * has that prototype's return type (void), and the construct around it
 * reports the error it would report for any void operand. Only a call
 * that survives the whole statement's checks is refused, by code
 * generation: D_CG_EXPR. Because udtrace types and generates code in one
 * pass, that last error is held back until the statement (or predicate)
 * is cooked whole: cg_actval_done() raises it.
 *
 * Owns: the prototypes of actions and aggregating functions as values.
 * Must not: record anything or generate code for the call (it has no
 * value to compute); actions as statements are cg_actions.c's.
 * Invariant: a pending D_CG_EXPR names the first such call of the
 * statement, as dt_cg_node meets the first one.
 */
#include <string.h>
#include "cg_impl.h"

enum { P_ANY, P_INT, P_STR };   /* "@", an integer type, a string */

typedef struct actproto {
	const char *name;
	int agg;          /* DT_IDENT_AGGFUNC, else DT_IDENT_ACTFUNC */
	int min, max;     /* max -1: "..." */
	int args[5];
	const char *argnames[5];
} actproto_t;

/* illumos dt_open.c's _dtrace_globals, for the names that are actions */
static const actproto_t protos[] = {
	{ "trace", 0, 1, 1, { P_ANY }, { "@" } },
	{ "print", 0, 1, 1, { P_ANY }, { "@" } },
	{ "printf", 0, 1, -1, { P_ANY }, { "@" } },
	{ "printa", 0, 1, -1, { P_ANY }, { "@" } },
	{ "system", 0, 1, -1, { P_ANY }, { "@" } },
	{ "freopen", 0, 1, -1, { P_ANY }, { "@" } },
	{ "exit", 0, 1, 1, { P_INT }, { "int" } },
	{ "speculate", 0, 1, 1, { P_INT }, { "int" } },
	{ "commit", 0, 1, 1, { P_INT }, { "int" } },
	{ "discard", 0, 1, 1, { P_INT }, { "int" } },
	{ "raise", 0, 1, 1, { P_INT }, { "int" } },
	{ "clear", 0, 0, -1, { 0 }, { 0 } },
	{ "trunc", 0, 0, -1, { 0 }, { 0 } },
	{ "normalize", 0, 0, -1, { 0 }, { 0 } },
	{ "denormalize", 0, 0, -1, { 0 }, { 0 } },
	{ "setopt", 0, 1, 2, { P_STR, P_STR }, { "char *", "char *" } },
	{ "tracemem", 0, 2, -1, { P_ANY, P_INT }, { "@", "size_t" } },
	{ "ftruncate", 0, 0, 0, { 0 }, { 0 } },
	{ "stop", 0, 0, 0, { 0 }, { 0 } },
	{ "count", 1, 0, 0, { 0 }, { 0 } },
	{ "sum", 1, 1, 1, { P_ANY }, { "@" } },
	{ "avg", 1, 1, 1, { P_ANY }, { "@" } },
	{ "min", 1, 1, 1, { P_ANY }, { "@" } },
	{ "max", 1, 1, 1, { P_ANY }, { "@" } },
	{ "stddev", 1, 1, 1, { P_ANY }, { "@" } },
	{ "quantize", 1, 1, -1, { P_ANY }, { "@" } },
	{ "lquantize", 1, 3, -1, { P_ANY, P_INT, P_INT },
	    { "@", "int32_t", "int32_t" } },
	{ "llquantize", 1, 5, -1, { P_ANY, P_INT, P_INT, P_INT, P_INT },
	    { "@", "int32_t", "int32_t", "int32_t", "int32_t" } },
};

static const actproto_t *proto_of(const char *name)
{
	for (size_t i = 0; i < sizeof(protos) / sizeof(protos[0]); i++)
		if (strcmp(protos[i].name, name) == 0)
			return &protos[i];
	return NULL;
}

int cg_is_actval(const d_node_t *n)
{
	return n != NULL && n->kind == N_CALL && proto_of(n->name) != NULL;
}

int cg_is_actfunc(const d_node_t *n)
{
	if (n == NULL || n->kind != N_CALL)
		return 0;
	const actproto_t *p = proto_of(n->name);
	return p != NULL && !p->agg;
}

static int arg_fits(int kind, const d_type_t *t)
{
	switch (kind) {
	case P_INT: return d_is_int(t);
	case P_STR: return d_is_stringlike(t) || d_is_ptr(t);
	default: return 1;
	}
}

int cg_actval(cg_t *g, d_node_t *n, val_t *out)
{
	const actproto_t *p = proto_of(n->name);
	if (p == NULL)
		return 0;
	int argc = cg_count_args(n->args);
	cg_proto_len(g, n, argc, p->min, p->max < 0 ? 1 << 30 : p->max);
	/* the arguments are cooked for their errors; no code is kept */
	size_t nt = g->text.n;
	unsigned regs = g->regs;
	int i = 0;
	for (d_node_t *a = n->args; a != NULL; a = a->next, i++) {
		val_t v = cg_expr(g, a);
		cg_reg_free(g, v.reg);
		if (i >= 5 || p->args[i] == P_ANY || (p->max < 0 && i >= p->min))
			continue;
		if (!arg_fits(p->args[i], v.type) || d_is_void(v.type))
			d_error(g->cc, n->line, "D_PROTO_ARG",
			    "%s( ) argument #%d is incompatible with prototype:\n"
			    "\tprototype: %s\n\t argument: %s\n", n->name, i + 1,
			    p->argnames[i], v.type->name);
	}
	g->text.n = nt;
	g->action_of.n = nt;
	g->regs = regs;
	if (g->cgexpr_name == NULL) {
		g->cgexpr_name = n->name;
		g->cgexpr_agg = p->agg;
		g->cgexpr_line = n->line;
	}
	*out = cg_val(0, d_t_void(g->ts));
	return 1;
}

/*
 * An aggregation where a value is wanted is an operand of type
 * "aggregation" to DTrace (dt_cook_ident gives it a dynamic type), so
 * the construct around it reports first (D_OP_INCOMPAT, D_PRINTF_ARG_TYPE,
 * ...); one that survives the statement is refused at its end.
 */
val_t cg_aggval(cg_t *g, d_node_t *n)
{
	d_type_t *t = d_alloc(g->cc, sizeof(*t));
	t->kind = TK_FUNC;   /* neither scalar nor data: nothing takes it */
	t->name = "aggregation";
	t->align = 1;
	t->complete = 1;
	if (g->cgexpr_name == NULL) {
		g->cgexpr_name = n->name != NULL ? n->name : "";
		g->cgexpr_agg = 2;
		g->cgexpr_line = n->line;
	}
	return cg_val(0, t);
}

void cg_actval_done(cg_t *g)
{
	const char *name = g->cgexpr_name;
	if (name == NULL)
		return;
	g->cgexpr_name = NULL;
	if (g->cgexpr_agg == 2)
		d_error(g->cc, g->cgexpr_line, "D_AGG_SCALAR", "aggregations may "
		    "only be used as the left-hand side of an assignment or as "
		    "arguments of aggregation actions");
	d_error(g->cc, g->cgexpr_line, "D_CG_EXPR", "%s %s( ) may not be "
	    "called from a D expression (D program context required)",
	    g->cgexpr_agg ? "aggregating function" : "tracing function", name);
}
