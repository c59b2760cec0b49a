/*
 * usdtargs.c — args[] of USDT probes whose provider the script defines,
 * `provider p { probe q(native...) : (translated...); };`, as DTrace
 * types them from the probe's declaration (dt_probe.c, dt_idcook_args).
 *
 * Owns: matching a clause's first description to a declared probe, the
 * mapping of each translated argument to the native one of the same name
 * (dt_probe_argmap), args[n]'s type (the translated type when it is
 * compatible with the native one, else translated data through the
 * translator from the native type), reading args[n] from the native
 * argument it maps to, and the provider's own check that every
 * translated argument can be had (D_PROV_PRXLATOR).
 * Must not: type USDT probes the script does not declare (compile.c
 * gives those the widths of their <sys/sdt.h> argument specs), or parse.
 * Invariant: a native pointer argument points into the traced process,
 * so what is read through it is copied in, as for pid probes' args.
 */
#include <fnmatch.h>
#include <stdio.h>
#include <string.h>
#include "cg_impl.h"
#include "usdt/usdt.h"

/* A provider name as a description names it: p, p<pid>, or a glob of those. */
static int prov_matches(const char *pat, const char *name)
{
	size_t n = strlen(name);
	if (strncmp(pat, name, n) == 0 &&
	    strspn(pat + n, "0123456789") == strlen(pat + n))
		return 1;
	if (strpbrk(pat, "*?[\\") == NULL)
		return 0;
	char withpid[160];
	snprintf(withpid, sizeof(withpid), "%s1", name);
	return fnmatch(pat, name, 0) == 0 || fnmatch(pat, withpid, 0) == 0;
}

/* The probe a description names, among the script's provider definitions. */
static const d_probe_decl_t *declared_probe(cg_t *g, const d_pdesc_t *d,
    const char **prov)
{
	if (d->prov[0] == '\0' || d->name[0] == '\0' ||
	    strpbrk(d->name, "*?[\\") != NULL)
		return NULL;
	for (d_node_t *n = g->cc->top; n != NULL; n = n->next) {
		if (n->kind != D_PROVIDER ||
		    !prov_matches(d->prov, n->provider.name))
			continue;
		for (const d_probe_decl_t *pd = n->provider.probes; pd;
		    pd = pd->next) {
			char name[256];
			usdt_probe_name(pd->name, name, sizeof(name));
			if (strcmp(name, d->name) == 0) {
				*prov = n->provider.name;
				return pd;
			}
		}
	}
	return NULL;
}

/* dt_probe_argmap: the native argument a named translated one stands for. */
static int argmap(const d_probe_decl_t *pd, const d_node_t *x, int i)
{
	if (x->tn.ident == NULL)
		return i;
	int j = 0;
	for (const d_node_t *a = pd->args; a != NULL; a = a->next, j++)
		if (a->tn.ident != NULL && strcmp(a->tn.ident, x->tn.ident) == 0)
			return j;
	return i;   /* the parser refused an undeclared name */
}

static d_node_t *nth(d_node_t *list, int i)
{
	while (list != NULL && i-- > 0)
		list = list->next;
	return list;
}

/* A native argument's type; a pointer points into the traced process. */
static d_type_t *native_type(cg_t *g, d_node_t *a)
{
	d_type_t *t = cg_tname(g, a);
	if (d_resolve(t)->kind != TK_PTR)
		return t;
	d_type_t *u = d_alloc(g->cc, sizeof(*u));
	*u = *d_resolve(t);
	u->name = t->name;
	u->user = 1;
	return u;
}

static int is_void_list(const d_node_t *l)
{
	return l != NULL && l->next == NULL && l->tn.dcl == NULL &&
	    l->tn.spec.kind == D_SPEC_BASE &&
	    (l->tn.spec.base_flags & D_BASE_VOID);
}

int cg_usdt_argtypes(cg_t *g, const d_pdesc_t *d0)
{
	const char *prov;
	const d_probe_decl_t *pd = declared_probe(g, d0, &prov);
	if (pd == NULL)
		return 0;
	d_node_t *list = pd->xargs != NULL ? pd->xargs : pd->args;
	int n = 0;
	if (!is_void_list(list))
		for (d_node_t *x = list; x != NULL && n < 10; x = x->next, n++) {
			int m = pd->xargs != NULL ? argmap(pd, x, n) : n;
			d_node_t *na = nth(pd->args, m);
			d_type_t *nt = na != NULL ? native_type(g, na) :
			    d_t_named(g->ts, "int64_t");
			g->argmap[n] = m;
			g->argnative[n] = nt;
			g->argnoxl[n] = 0;
			if (pd->xargs == NULL) {
				g->argtypes[n] = nt;
				continue;
			}
			/* dt_idcook_args: no translation when the types are
			 * compatible, else the translator from the native
			 * type, else D_ARGS_XLATOR when args[n] is used */
			d_type_t *xt = cg_tname(g, x), *dyn;
			if (cg_argcompat(g, xt, nt))
				g->argtypes[n] = xt;
			else if ((dyn = cg_xlate_dyn(g, nt, xt)) != NULL)
				g->argtypes[n] = dyn;
			else {
				g->argtypes[n] = xt;
				g->argnoxl[n] = 1;
			}
		}
	g->nargtypes = n;
	g->argmapped = 1;
	g->args_desc = d_sprintf(g->cc, "%s:%s:%s:%s", d0->prov, d0->mod,
	    d0->func, d0->name);
	return 1;
}

val_t cg_usdt_arg(cg_t *g, d_node_t *b, int idx)
{
	d_type_t *t = g->argtypes[idx];
	if (g->argnoxl[idx])
		d_error(g->cc, b->line, "D_ARGS_XLATOR", "translator for "
		    "args[%d] from %s to %s is not defined", idx,
		    g->argnative[idx]->name, t->name);
	int r = cg_setx(g, (uint64_t)g->argmap[idx]);
	cg_emit(g, DIF_LDGA, r, r, 0, DIF_VAR_ARGS);
	if (cg_is_xlated_type(g, t))
		return cg_val(r, t);       /* translated on reference */
	if (d_is_string(t) && cg_is_user_ptr(g->argnative[idx])) {
		/* a string in the traced process: copied in, as the
		 * translators of udtrace's own providers do */
		cg_emit(g, DIF_FLUSHTS, 0, 0, 0, 0);
		cg_emit(g, DIF_PUSHTV, 0, r, 0, 0);
		cg_emit(g, DIF_CALL, r, 0, 0, DIF_SUBR_COPYINSTR);
		return cg_val(r, t);
	}
	if (!d_is_byref(t))
		cg_narrow(g, r, t);
	/* a native pointer keeps pointing into the traced process */
	return cg_val(r, d_resolve(t)->kind == TK_PTR &&
	    cg_is_user_ptr(g->argnative[idx]) && t != g->argnative[idx] ?
	    g->argnative[idx] : t);
}

/*
 * dt_cook_probe, for each probe of a provider definition: every
 * translated argument is compatible with its native one or has a
 * translator from it.
 */
void cg_usdt_provider_check(cg_t *g, d_node_t *prov)
{
	for (const d_probe_decl_t *pd = prov->provider.probes; pd;
	    pd = pd->next) {
		if (pd->xargs == NULL)
			continue;
		char name[256];
		usdt_probe_name(pd->name, name, sizeof(name));
		int i = 0;
		for (d_node_t *x = pd->xargs; x != NULL; x = x->next, i++) {
			if (is_void_list(pd->xargs))
				break;
			d_node_t *na = nth(pd->args, argmap(pd, x, i));
			if (na == NULL)
				continue;
			d_type_t *nt = cg_tname(g, na), *xt = cg_tname(g, x);
			if (cg_xlate_dyn(g, nt, xt) != NULL ||
			    cg_argcompat(g, nt, xt))
				continue;
			d_error(g->cc, pd->line, "D_PROV_PRXLATOR",
			    "translator for %s:::%s output argument #%d from "
			    "%s to %s is not defined", prov->provider.name,
			    name, i + 1, nt->name, xt->name);
		}
	}
}
