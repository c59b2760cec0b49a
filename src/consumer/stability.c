/*
 * stability.c — what dtrace -v reports of a program: the minimum
 * stability attributes of its probe descriptions and of its statements.
 *
 * Owns: matching each description against the probes to find its
 * provider, as illumos dt_probe_info does at compile time; udtrace does
 * it once the program is enabled, when every provider has made the
 * probes the description names (pid, USDT).
 * Must not: change a probe or the program: it only reads them.
 * Invariant: descattr/stmtattr are set before the program is marked
 * enabled, and only udt_prog_stability reads them.
 */
#include "handle.h"

/* The first probe a description matches, and whether it matches more. */
struct first_match { udt_probe_t *first; int n; };

static int first_match_cb(udt_probe_t *pr, void *arg)
{
	struct first_match *fm = arg;
	if (fm->n++ == 0)
		fm->first = pr;
	return fm->n > 1;
}

/*
 * dtrace_program_info: each description's attributes (dt_probe_info,
 * from the provider of the first probe it matches) and its clause's
 * statement attributes, the probe-context names taking that provider's
 * (dt_setcontext); the program's are the minimum over them all.
 */
void prog_stability(udt_handle_t *h, udt_prog_t *p)
{
	const d_program_t *dp = p->dp;
	int any = 0;
	p->descattr = p->stmtattr = d_attr_max;
	for (size_t i = 0; i < dp->nclauses; i++) {
		const d_clause_prog_t *c = &dp->clauses[i];
		for (size_t j = 0; j < c->ndescs; j++) {
			const d_pdesc_t *d = &c->descs[j];
			struct first_match fm = { NULL, 0 };
			(void)probe_iter(&h->reg, d, first_match_cb, &fm);
			const udt_provider_ops_t *ops = fm.first == NULL ?
			    NULL : fm.first->provider->ops;
			const d_pattr_t *pv = fm.first == NULL ? NULL :
			    ops != NULL && ops->attr != NULL ? ops->attr :
			    &d_pattr_unstable;
			d_attr_t desc;
			d_pattr_t ctx;
			d_pdesc_attrs(d->prov, d->mod, d->func, d->name, fm.n, pv,
			    &desc, &ctx);
			d_attr_t stmt = c->stab_attr;
			if (c->stab_ctx & D_CTX_PROV)
				stmt = d_attr_min(stmt, ctx.provider);
			if (c->stab_ctx & D_CTX_MOD)
				stmt = d_attr_min(stmt, ctx.mod);
			if (c->stab_ctx & D_CTX_FUNC)
				stmt = d_attr_min(stmt, ctx.func);
			if (c->stab_ctx & D_CTX_NAME)
				stmt = d_attr_min(stmt, ctx.name);
			if (c->stab_ctx & D_CTX_ARGS)
				stmt = d_attr_min(stmt, ctx.args);
			p->descattr = d_attr_min(p->descattr, desc);
			p->stmtattr = d_attr_min(p->stmtattr, stmt);
			any = 1;
		}
	}
	if (!any)
		p->descattr = p->stmtattr = d_attr_def;
}

int udt_prog_stability(const udt_prog_t *p, const char *desc[3],
    const char *stmt[3])
{
	if (!p->enabled)
		return -1;
	desc[0] = d_stability_name(p->descattr.name);
	desc[1] = d_stability_name(p->descattr.data);
	desc[2] = d_class_name(p->descattr.cls);
	stmt[0] = d_stability_name(p->stmtattr.name);
	stmt[1] = d_stability_name(p->stmtattr.data);
	stmt[2] = d_class_name(p->stmtattr.cls);
	return 0;
}

