/*
 * cg_attr.c — what a clause's code uses, seen as DTrace's stability
 * attributes (dtrace -v) and its D version (-x version).
 *
 * illumos computes a statement's attributes while cooking: the minimum
 * over every identifier, type and probe-context variable the clause
 * reads (dt_node_attr_assign along the tree), except inside an
 * aggregating function's arguments (dt_cook_aggregation keeps only the
 * aggregation and its keys). udtrace types and lowers in one pass, so
 * the same minimum is gathered as names are resolved.
 *
 * Owns: cl_attr and cl_ctx of the clause being lowered, and which
 * built-in names the chosen D version hides (dt_reduce removes them).
 * Must not: decide what a name means: callers ask after resolving.
 * Invariant: attr_off > 0 exactly while an aggregating function's
 * arguments are lowered; difo_reset clears it with the rest.
 */
#include <string.h>
#include "cg_impl.h"

static const struct { const char *name; unsigned bit; } ctxvars[] = {
	{ "probeprov", D_CTX_PROV }, { "probemod", D_CTX_MOD },
	{ "probefunc", D_CTX_FUNC }, { "probename", D_CTX_NAME },
	{ "args", D_CTX_ARGS },
};

void cg_attr_ident(cg_t *g, const char *name)
{
	if (g->attr_off > 0)
		return;
	/* their attributes are the matched provider's (dt_setcontext) */
	for (size_t i = 0; i < sizeof(ctxvars) / sizeof(ctxvars[0]); i++)
		if (strcmp(ctxvars[i].name, name) == 0) {
			g->cl_ctx |= ctxvars[i].bit;
			return;
		}
	const d_ident_info_t *in = d_ident_info(name);
	if (in != NULL)
		g->cl_attr = d_attr_min(g->cl_attr, in->attr);
}

void cg_attr_user(cg_t *g, const char *name)
{
	if (g->attr_off > 0)
		return;
	for (struct d_pragat *a = g->cc->pragats; a != NULL; a = a->next)
		if (a->has_attr && strcmp(a->name, name) == 0)
			g->cl_attr = d_attr_min(g->cl_attr, a->attr);
}

/*
 * A type named in a cast or sizeof: one of the traced program's own
 * (DWARF, as illumos's module CTF) is _dtrace_typattr, Private
 * (dt_node_type); D's and the program's declared types are Stable.
 */
void cg_attr_type(cg_t *g, const d_type_t *t)
{
	if (g->attr_off > 0)
		return;
	for (int depth = 0; t != NULL && depth < 64; depth++) {
		if (t->dwarf) {
			g->cl_attr = d_attr_min(g->cl_attr, d_attr_typ);
			return;
		}
		if (t->tdef_of != NULL)
			t = t->tdef_of;
		else if (t->kind == TK_PTR || t->kind == TK_ARRAY)
			t = t->base;
		else
			return;
	}
}

int cg_ident_hidden(cg_t *g, const char *name)
{
	return d_ident_hidden(name, g->cc->version);
}
