/*
 * compile.c — the D compiler's driver: source -> parse tree -> checked
 * clauses -> a d_program_t the consumer can enable.
 *
 * Owns: the order of compilation (declarations and clauses in text
 * order), probe-description splitting, the program's memory.
 * Must not: match descriptions against probes (the consumer does, after
 * compilation) or keep pointers into the compile arena in the program.
 * Invariant: on error nothing of a half-built program survives: every
 * piece is reachable from the program and freed by d_program_free.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cg_impl.h"
#include "dwtypes.h"
#include "consumer/printf.h"

typedef struct pmem {
	struct pmem *next;
	_Alignas(16) char data[];
} pmem_t;

void *d_program_alloc(d_program_t *p, size_t n)
{
	pmem_t *m = calloc(1, sizeof(*m) + n);
	if (m == NULL)
		return NULL;
	m->next = p->mem;
	p->mem = m;
	return m->data;
}

char *d_program_strdup(d_program_t *p, const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = d_program_alloc(p, n);
	if (d != NULL)
		memcpy(d, s, n);
	return d;
}

static char *pstrdup(d_program_t *p, const char *s)
{
	return d_program_strdup(p, s);
}

void d_program_free(d_program_t *p)
{
	if (p == NULL)
		return;
	for (size_t i = 0; i < p->nclauses; i++) {
		d_clause_prog_t *c = &p->clauses[i];
		free(c->descs);
		difo_free(c->pred);
		difo_free(c->body);
		for (size_t j = 0; j < c->nrecs; j++)
			if (c->recs[j].fmt != NULL)
				pfmt_free(c->recs[j].fmt);
		free(c->recs);
	}
	free(p->clauses);
	free(p->vars);
	free(p->provs);
	for (pmem_t *m = p->mem, *n; m; m = n) {
		n = m->next;
		free(m);
	}
	free(p);
}

static int copy_field(char *dst, size_t cap, const char *s, size_t n)
{
	if (n >= cap)
		return -1;
	memcpy(dst, s, n);
	dst[n] = '\0';
	return 0;
}

int d_pdesc_parse(const char *text, int kind, d_pdesc_t *out, char *msg,
    size_t msglen)
{
	memset(out, 0, sizeof(*out));
	out->text = text;
	if (kind == D_PROG_ID)
		kind = D_PROG_NAME;     /* ids were taken by pdesc_id */
	/* the field the rightmost part belongs to */
	int last = kind == D_PROG_PROV ? 0 : kind == D_PROG_MOD ? 1 :
	    kind == D_PROG_FUNC ? 2 : 3;
	const char *parts[8];
	size_t lens[8];
	int n = 0;
	const char *s = text, *start = text;
	for (;; s++) {
		if (*s == '\\' && s[1] != '\0') {
			s++;
			continue;
		}
		if (*s == ':' || *s == '\0') {
			if (n == 8)
				break;
			parts[n] = start;
			lens[n] = (size_t)(s - start);
			n++;
			if (*s == '\0')
				break;
			start = s + 1;
		}
	}
	if (n > last + 1) {
		snprintf(msg, msglen, "invalid probe description \"%s\": "
		    "Overspecified probe description", text);
		return -1;
	}
	char *fields[4] = { out->prov, out->mod, out->func, out->name };
	size_t caps[4] = { sizeof(out->prov), sizeof(out->mod),
	    sizeof(out->func), sizeof(out->name) };
	for (int i = 0; i < n; i++) {
		int f = last - (n - 1 - i);
		if (copy_field(fields[f], caps[f], parts[i], lens[i]) != 0) {
			snprintf(msg, msglen, "invalid probe description \"%s\": "
			    "Description field is too long", text);
			return -1;
		}
	}
	return 0;
}

/*
 * USDT clauses: args[n] has the width and signedness of the probes'
 * argument specs (-4@ is an int, 8@ a uint64_t), when every description
 * and every probe agree. 1 if the clause is typed so.
 */
static int usdt_argtypes(cg_t *g, const d_clause_prog_t *c)
{
	d_cc_t *cc = g->cc;
	int size[12], sgn[12], n = -1;
	if (cc->argwidths == NULL)
		return 0;
	for (size_t i = 0; i < c->ndescs; i++) {
		int s2[12], g2[12];
		int k = cc->argwidths(cc->argwidths_arg, &c->descs[i], s2, g2, 12);
		if (k < 0 || (n >= 0 && (k != n || memcmp(s2, size,
		    sizeof(int) * (size_t)k) != 0 || memcmp(g2, sgn,
		    sizeof(int) * (size_t)k) != 0)))
			return 0;
		n = k;
		memcpy(size, s2, sizeof(size));
		memcpy(sgn, g2, sizeof(sgn));
	}
	if (n <= 0)
		return 0;
	if (n > 10)
		n = 10;
	for (int k = 0; k < n; k++)
		g->argtypes[k] = d_t_int(g->ts, (size_t)size[k], sgn[k]);
	g->nargtypes = n;
	return 1;
}

/* A type name of a provider's table: "T" or "T *". */
static d_type_t *named_type(cg_t *g, const char *name)
{
	size_t n = strlen(name);
	if (n > 2 && strcmp(name + n - 2, " *") == 0) {
		char base[64];
		snprintf(base, sizeof(base), "%.*s", (int)(n - 2), name);
		d_type_t *b = d_t_named(g->ts, base);
		return b != NULL ? d_t_ptr(g->ts, b) : NULL;
	}
	return d_t_named(g->ts, name);
}

/*
 * A provider that declares its probes' args[] (proc): the first
 * description's probe, named exactly, types them (as illumos does from
 * the first description). 1 if it did.
 */
static int prov_argtypes(cg_t *g, const d_pdesc_t *d0)
{
	d_cc_t *cc = g->cc;
	const char *types[10];
	int xl[10];
	if (cc->provargs == NULL || strpbrk(d0->prov, "*?[\\") != NULL ||
	    strpbrk(d0->name, "*?[\\") != NULL)
		return 0;
	int n = cc->provargs(cc->provargs_arg, d0, types, xl, 10);
	if (n < 0)
		return 0;
	const char *desc = d_sprintf(cc, "%s:%s:%s:%s", d0->prov, d0->mod,
	    d0->func, d0->name);
	if (n == 0) {
		g->noargs_desc = desc;
		return 1;
	}
	for (int k = 0; k < n && k < 10; k++) {
		g->argtypes[k] = named_type(g, types[k]);
		g->argxl[k] = xl[k];
	}
	g->nargtypes = n;
	g->args_desc = desc;
	return 1;
}

/*
 * args[] types for a clause: when every description names a pid probe
 * of one function (entry or return) whose DWARF gives its parameters,
 * args[n] has the declared type (return: args[1] the return type).
 * Anything else keeps DTrace's untyped int64_t args.
 */
static void clause_argtypes(cg_t *g, const d_clause_prog_t *c)
{
	d_type_t *types[10], *ret = NULL;
	int n = -1, isret = -1;
	g->nargtypes = 0;
	g->argmapped = 0;
	g->noargs_desc = NULL;
	g->args_desc = NULL;
	memset(g->argxl, 0, sizeof(g->argxl));
	if (c->ndescs == 0)
		return;
	/* illumos types args[] from the clause's first description; the
	 * dtrace provider's probes declare none */
	const d_pdesc_t *d0 = &c->descs[0];
	if ((strcmp(d0->prov, "dtrace") == 0 || d0->prov[0] == '\0') &&
	    d0->mod[0] == '\0' &&
	    d0->func[0] == '\0' && (strcmp(d0->name, "BEGIN") == 0 ||
	    strcmp(d0->name, "END") == 0 || strcmp(d0->name, "ERROR") == 0))
		g->noargs_desc = d_sprintf(g->cc, "dtrace:::%s", d0->name);
	if (prov_argtypes(g, d0))
		return;
	/* a USDT probe the script declares: its declared (translated) args */
	if (cg_usdt_argtypes(g, d0))
		return;
	if (usdt_argtypes(g, c))
		return;
	if (g->cc->ndwobjs == 0)
		return;
	for (size_t i = 0; i < c->ndescs; i++) {
		const d_pdesc_t *d = &c->descs[i];
		int r = strcmp(d->name, "return") == 0;
		if (strncmp(d->prov, "pid", 3) != 0 || d->prov[3] == '\0' ||
		    strspn(d->prov + 3, "0123456789") != strlen(d->prov + 3) ||
		    (!r && strcmp(d->name, "entry") != 0) ||
		    d->func[0] == '\0' || strpbrk(d->func, "*?[\\") != NULL ||
		    strpbrk(d->mod, "*?[\\") != NULL)
			return;
		d_type_t *t[10] = { 0 }, *rt = NULL;
		int k = d_dw_func(g, d->mod, d->func, t, 10, &rt);
		if (k < 0 || (isret >= 0 && isret != r))
			return;
		if (n >= 0) {
			/* several descriptions must agree exactly */
			if (k != n || !d_type_compat(rt, ret))
				return;
			for (int j = 0; j < k; j++)
				if (!d_type_compat(t[j], types[j]))
					return;
		}
		n = k;
		isret = r;
		ret = rt;
		memcpy(types, t, sizeof(types));
	}
	if (isret) {
		g->argtypes[0] = d_t_named(g->ts, "int");
		g->argtypes[1] = ret;
		g->nargtypes = 2;
	} else {
		memcpy(g->argtypes, types, sizeof(types));
		g->nargtypes = n;
	}
}

static void *xcalloc(d_cc_t *cc, size_t n, size_t sz)
{
	void *p = calloc(n ? n : 1, sz);
	if (p == NULL)
		d_error(cc, 0, "D_NOMEM", "out of memory");
	return p;
}

static void compile_body(cg_t *g, d_program_t *p, d_clause_prog_t *c,
    d_node_t *cl)
{
	c->body = cg_body(g, cl->clause.body, &c->recs, &c->nrecs);
	for (size_t i = 0; i < c->nrecs; i++)
		if (c->recs[i].type_name != NULL)
			c->recs[i].type_name = pstrdup(p, c->recs[i].type_name);
}

/*
 * A probe description that is an integer constant is a probe id, whatever
 * option gave it, as in illumos, whose lexer returns DT_TOK_INT there and
 * dt_node_pdesc_by_id refuses ids above UINT_MAX and ids given to -P, -m
 * or -f. Returns 1 with *id set, 0 when text is not an integer constant.
 */
static int pdesc_id(d_cc_t *cc, const char *text, int line, uint32_t *id)
{
	static const char *const specs[] = { "providers", "modules",
	    "functions" };
	const char *s = text, *p;
	while (isspace((unsigned char)*s))
		s++;
	p = s;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') &&
	    isxdigit((unsigned char)p[2])) {
		for (p += 2; isxdigit((unsigned char)*p); p++)
			;
	} else {
		while (isdigit((unsigned char)*p))
			p++;
	}
	if (p == s)
		return 0;
	if (*p == 'u' || *p == 'U')
		p++;
	for (int i = 0; i < 2 && (*p == 'l' || *p == 'L'); i++)
		p++;
	while (isspace((unsigned char)*p))
		p++;
	if (*p != '\0')
		return 0;
	/* the lexer refused bad digits and overflow (D_INT_DIGIT/OFLOW) */
	unsigned long long v = strtoull(s, NULL, 0);
	if (v > UINT32_MAX)
		d_error(cc, line, "D_PDESC_INVAL", "identifier %llu exceeds "
		    "maximum probe id", v);
	if (cc->kind == D_PROG_PROV || cc->kind == D_PROG_MOD ||
	    cc->kind == D_PROG_FUNC)
		d_error(cc, line, "D_PDESC_INVAL", "probe identifier %llu not "
		    "permitted when specifying %s", v,
		    specs[cc->kind - D_PROG_PROV]);
	/*
	 * Probe ids start at 1; id 0 names no probe (dtrace -i 0 is refused
	 * as matching nothing). d_pdesc_t's id 0 means "no id given", so
	 * keep it apart as UINT32_MAX, which no probe has either.
	 */
	*id = v == 0 ? UINT32_MAX : (uint32_t)v;
	return 1;
}

static void compile_clause(cg_t *g, d_program_t *p, d_node_t *cl)
{
	d_cc_t *cc = g->cc;
	d_clause_prog_t *c = &p->clauses[p->nclauses];
	g->in_clause = 1;
	memset(c, 0, sizeof(*c));
	p->nclauses++;      /* from here on, d_program_free owns its parts */
	size_t nd = 0;
	for (d_pdesc_text_t *t = cl->clause.descs; t; t = t->next)
		nd++;
	c->descs = xcalloc(cc, nd, sizeof(d_pdesc_t));
	c->line = cl->clause.descs ? cl->clause.descs->line : cl->line;
	for (d_pdesc_text_t *t = cl->clause.descs; t; t = t->next) {
		char msg[512];
		d_pdesc_t *d = &c->descs[c->ndescs];
		uint32_t id;
		if (pdesc_id(cc, t->text, t->line, &id)) {
			memset(d, 0, sizeof(*d));
			d->id = id;
		} else if (d_pdesc_parse(t->text, cc->kind, d, msg,
		    sizeof(msg)) != 0) {
			d_error(cc, t->line, "D_PDESC_INVAL", "%s", msg);
		}
		d->text = pstrdup(p, t->text);
		d->line = t->line;
		c->ndescs++;
	}
	clause_argtypes(g, c);
	/*
	 * As illumos dt_cook_clause (dt_cc.c): the action list is typed
	 * before the predicate, so a predicate may read a variable first
	 * assigned in its own body; when the actions fail on an undefined
	 * name (D_IDENT_UNDEF, D_VAR_UNDEF) the predicate, which may assign
	 * it, goes first and the actions are tried once more.
	 */
	int has_body = cl->clause.has_body && cl->clause.body != NULL;
	g->cl_attr = d_attr_def;
	g->cl_ctx = 0;
	jmp_buf outer;
	volatile int tries = 0;
	memcpy(outer, cc->jb, sizeof(jmp_buf));
	if (has_body && cl->clause.pred != NULL && setjmp(cc->jb) != 0) {
		memcpy(cc->jb, outer, sizeof(jmp_buf));
		if (tries++ != 0 || (strcmp(cc->errtag, "D_IDENT_UNDEF") != 0 &&
		    strcmp(cc->errtag, "D_VAR_UNDEF") != 0))
			longjmp(cc->jb, 1);
	}
	if (tries == 0 && has_body) {
		compile_body(g, p, c, cl);
		memcpy(cc->jb, outer, sizeof(jmp_buf));
	}
	if (cl->clause.pred != NULL)
		c->pred = cg_predicate(g, cl->clause.pred,
		    cl->clause.end_line);
	if (tries != 0)
		compile_body(g, p, c, cl);
	/* dt_compile_one_clause: a clause of no actions is _dtrace_defattr */
	c->stab_attr = has_body ? g->cl_attr : d_attr_def;
	c->stab_ctx = has_body ? g->cl_ctx : 0;
	g->in_clause = 0;
}

/* A provider definition, kept for -h (types resolved, names as written). */
static void add_provider(cg_t *g, d_program_t *p, d_node_t *n)
{
	size_t np = 0;
	for (d_probe_decl_t *pd = n->provider.probes; pd; pd = pd->next)
		np++;
	d_provdef_t *nv = realloc(p->provs, sizeof(*nv) * (p->nprovs + 1));
	if (nv == NULL)
		d_error(g->cc, n->line, "D_NOMEM", "out of memory");
	p->provs = nv;
	cg_usdt_provider_check(g, n);
	d_provdef_t *pv = &p->provs[p->nprovs++];
	memset(pv, 0, sizeof(*pv));
	pv->name = pstrdup(p, n->provider.name);
	pv->probes = d_program_alloc(p, sizeof(d_provprobe_t) * (np ? np : 1));
	if (pv->probes == NULL)
		d_error(g->cc, n->line, "D_NOMEM", "out of memory");
	for (d_probe_decl_t *pd = n->provider.probes; pd; pd = pd->next) {
		d_provprobe_t *pp = &pv->probes[pv->nprobes++];
		pp->name = pstrdup(p, pd->name);
		pp->line = pd->line;
		for (d_node_t *a = pd->args; a; a = a->next)
			pp->nargs++;
		pp->argtypes = d_program_alloc(p, sizeof(char *) *
		    (size_t)(pp->nargs ? pp->nargs : 1));
		int i = 0;
		for (d_node_t *a = pd->args; a; a = a->next) {
			d_type_t *t = cg_tname(g, a);
			pp->argtypes[i++] = pstrdup(p, t->name);
		}
		/* `probe p(void)` declares no argument */
		if (pp->nargs == 1 && strcmp(pp->argtypes[0], "void") == 0)
			pp->nargs = 0;
	}
}

static void build_vars(cg_t *g, d_program_t *p)
{
	d_cc_t *cc = g->cc;
	p->nvars = g->vars.n;
	p->vars = xcalloc(cc, g->vars.n, sizeof(dif_var_t));
	for (size_t i = 0; i < g->vars.n; i++) {
		cg_var_t *v = &g->vars.v[i];
		dif_var_t *dv = &p->vars[i];
		dv->id = v->id;
		dv->scope = (uint8_t)v->scope;
		dv->name = pstrdup(p, v->name);
		if (d_is_byref(v->type)) {
			dv->flags |= DIF_VF_BYREF;
			if (d_is_string(v->type))
				dv->flags |= DIF_VF_STRING;
			dv->size = (uint32_t)d_sizeof(v->type);
			if (dv->size == 0)
				dv->size = 1;
		} else {
			dv->size = 8;
		}
		if (v->assoc)
			dv->flags |= DIF_VF_ASSOC;
	}
}

/*
 * Declarations and translators are defined as the parser reads them, so
 * their errors are reported before anything later in the file (illumos
 * defines them in the grammar actions), and every clause, compiled after
 * the parse, sees the whole file's declarations, as in illumos.
 */
static void define_at_parse(void *arg, d_node_t *n)
{
	cg_t *g = arg;
	if (n->kind == N_SIZEOF_T || n->kind == N_OFFSETOF)
		cg_fold_typeop(g, n);
	else if (n->kind == N_TERNARY)
		cg_fold_ternary(g, n);
	else if (n->kind == D_DECL)
		cg_decl(g, n);
	else
		cg_xlator_define(g, n);
}

/*
 * A D library's clauses: compiled as the program's are, so that their
 * errors fail the compile naming the library, into a program of their
 * own that is then freed (illumos destroys the library's program).
 */
static void compile_dropped(void *arg, d_node_t *top)
{
	cg_t *g = arg;
	d_cc_t *cc = g->cc;
	volatile size_t n = 0;
	for (d_node_t *c = top; c != NULL; c = c->next)
		n += c->kind == D_CLAUSE;
	if (n == 0)
		return;
	d_program_t *volatile lp = calloc(1, sizeof(*lp));
	d_program_t *prog = g->prog;
	jmp_buf outer;
	memcpy(outer, cc->jb, sizeof(jmp_buf));
	if (setjmp(cc->jb) != 0) {
		g->prog = prog;
		d_program_free(lp);
		memcpy(cc->jb, outer, sizeof(jmp_buf));
		longjmp(cc->jb, 1);
	}
	if (lp == NULL)
		d_error(cc, 0, "D_NOMEM", "out of memory");
	lp->kind = cc->kind;
	lp->clauses = xcalloc(cc, n, sizeof(d_clause_prog_t));
	g->prog = lp;
	for (d_node_t *c = top; c != NULL; c = c->next)
		if (c->kind == D_CLAUSE)
			compile_clause(g, lp, c);
	g->prog = prog;
	memcpy(cc->jb, outer, sizeof(jmp_buf));
	d_program_free(lp);
}

int d_compile(d_cc_t *cc, d_program_t **out)
{
	d_program_t *volatile p = NULL;
	cg_t g;
	memset(&g, 0, sizeof(g));
	*out = NULL;

	if (setjmp(cc->jb) != 0) {
		cg_fini(&g);
		d_program_free(p);
		return -1;
	}
	if (cc->cpp)
		cc->src = d_cpp(cc, cc->src, cc->cppargs, cc->ncppargs);
	cg_init(&g, cc);
	p = calloc(1, sizeof(*p));
	if (p == NULL)
		d_error(cc, 0, "D_NOMEM", "out of memory");
	p->kind = cc->kind;
	p->name = pstrdup(p, cc->srcname ? cc->srcname : "");
	g.prog = p;
	d_libs_load(cc, define_at_parse, compile_dropped, &g);
	cc->on_decl = define_at_parse;
	cc->on_decl_arg = &g;
	d_parse(cc);
	cc->on_decl = NULL;

	size_t nclauses = 0;
	for (d_node_t *n = cc->top; n; n = n->next)
		if (n->kind == D_CLAUSE)
			nclauses++;
	p->clauses = xcalloc(cc, nclauses, sizeof(d_clause_prog_t));

	for (d_node_t *n = cc->top; n; n = n->next) {
		switch (n->kind) {
		case D_CLAUSE:
			compile_clause(&g, p, n);
			break;
		case D_PROVIDER:
			add_provider(&g, p, n);
			break;
		default:   /* declarations and translators: define_at_parse */
			break;
		}
	}
	d_pragma_unused(&g);
	build_vars(&g, p);
	cg_agg_build(&g, p);
	cg_fini(&g);
	*out = p;
	return 0;
}
