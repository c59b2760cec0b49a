/*
 * xlator.c — D translators and parameterised inlines: `translator`
 * definitions, the xlate<T>(e) operator, `inline T f[K k, ...] = e;`
 * references, and the name bindings both are evaluated with.
 *
 * Owns: the program's translators, checked when defined as illumos
 * dt_node_xlator and dt_cook_xlator check them; translator lookup in
 * dt_xlator_lookup's order (exact input type, then an argument-compatible
 * one); member translation on reference; the bindings of a translator's
 * input name and of an inline's parameters; the bounded string copy
 * translated structs and string members are stored with.
 * Must not: parse (parse.c keeps the definitions as written) or
 * translate a member nobody reads: only a use of the whole struct
 * (trace, print, an assignment) translates every member.
 * Invariant: xlate<T>(e) evaluates e once, into a register; `.m` / `->m`
 * then evaluates only m's expression, with the input name bound to that
 * register, as DTrace translates members on reference. The value of an
 * xlate is "translated data" (or a pointer to it): a void type no
 * operator accepts, so it can only be translated, as in DTrace. An
 * inline parameter stands for the argument expression, evaluated where
 * the parameter is used, in the scope of the reference.
 */
#include <stdlib.h>
#include <string.h>
#include "cg_impl.h"

struct cg_xlator {
	d_type_t *src;          /* input type, as declared */
	d_type_t *dst;          /* output struct or union, as declared */
	const char *param;      /* the input's name in member expressions */
	d_node_t *members;      /* N_BINARY(=, N_IDENT member, expr) list */
	d_type_t dyn[4];        /* the types of translated data through this
	                         * translator, [2 * user + ptr]: ptr for
	                         * xlate<dst *>, user when the input is an
	                         * address in the traced process (members
	                         * then copy in what they read through it) */
	struct cg_xlator *next;
};

struct cg_bind {
	const char *name;
	d_type_t *type;
	int reg;                /* > 0: the value is in this register */
	d_node_t *expr;         /* else evaluated at each reference, with
	                         * the bindings `outer` in scope */
	struct cg_bind *outer;
	struct cg_bind *next;
};

/* ------------------------------------------------------------------ */
/* bindings */

int cg_bind_ref(cg_t *g, d_node_t *n, val_t *out)
{
	cg_bind_t *b;
	for (b = g->binds; b; b = b->next)
		if (strcmp(b->name, n->name) == 0)
			break;
	if (b == NULL)
		return 0;
	if (b->reg > 0) {
		int r = cg_reg_alloc(g);
		cg_emit(g, DIF_MOV, r, b->reg, 0, 0);
		*out = cg_val(r, b->type);
		return 1;
	}
	/* dt_cg_inline: the argument's code, cast to the parameter's type */
	cg_bind_t *saved = g->binds;
	g->binds = b->outer;
	val_t v = cg_expr(g, b->expr);
	g->binds = saved;
	if (d_is_int(b->type) && d_is_int(v.type))
		cg_narrow(g, v.reg, b->type);
	v.type = b->type;
	*out = v;
	return 1;
}

static cg_bind_t *bind_reg(cg_t *g, const char *name, d_type_t *t, int reg,
    cg_bind_t *next)
{
	cg_bind_t *b = d_alloc(g->cc, sizeof(*b));
	b->name = name;
	b->type = t;
	b->reg = reg;
	b->next = next;
	return b;
}

/* ------------------------------------------------------------------ */
/* type rules */

/* libctf's ctf_type_compat: the same type once typedefs are resolved. */
static int same_type(const d_type_t *a, const d_type_t *b)
{
	a = d_resolve(a);
	b = d_resolve(b);
	if (a == b)
		return 1;
	if (a->kind != b->kind)
		return 0;
	switch (a->kind) {
	case TK_INT: case TK_FLOAT:
		return a->size == b->size && a->is_signed == b->is_signed;
	case TK_VOID: case TK_STRING:
		return 1;
	case TK_PTR:
		return same_type(a->base, b->base);
	case TK_ARRAY:
		return a->nelems == b->nelems && same_type(a->base, b->base);
	case TK_STRUCT: case TK_UNION: case TK_ENUM:
		return a->tag != NULL && b->tag != NULL &&
		    strcmp(a->tag, b->tag) == 0 && a->size == b->size;
	default:
		return 0;
	}
}

static int is_char(const d_type_t *t)
{
	t = d_resolve(t);
	return t->kind == TK_INT && t->size == 1;
}

/* dt_node_is_strcompat: string, or pointer to / array of char */
static int strcompat(const d_type_t *t)
{
	t = d_resolve(t);
	return t->kind == TK_STRING || ((t->kind == TK_PTR ||
	    t->kind == TK_ARRAY) && is_char(t->base));
}

static int ptr_or_null(cg_t *g, const d_type_t *t, d_node_t *n)
{
	t = d_resolve(t);
	return t->kind == TK_PTR || t->kind == TK_ARRAY ||
	    (n != NULL && d_is_int(t) && cg_is_null_const(g, n));
}

/*
 * dt_node_is_argcompat(l, r): may r be passed where l is declared? ln and
 * rn are the expressions, when there are some (a constant 0 is a null
 * pointer).
 */
static int argcompat(cg_t *g, const d_type_t *l, d_node_t *ln,
    const d_type_t *r, d_node_t *rn)
{
	const d_type_t *rl = d_resolve(l), *rr = d_resolve(r);
	if (d_is_int(rl) && d_is_int(rr))
		return 1;
	if (strcompat(rl) && strcompat(rr))
		return 1;
	if (rl->kind == TK_STRUCT || rl->kind == TK_UNION ||
	    rl->kind == TK_FUNC)
		return same_type(rl, rr);
	/* dt_node_is_ptrcompat */
	if (!ptr_or_null(g, rl, ln) || !ptr_or_null(g, rr, rn))
		return 0;
	if ((ln != NULL && d_is_int(rl)) || (rn != NULL && d_is_int(rr)))
		return 1;
	return d_is_void(rl->base) || d_is_void(rr->base) ||
	    same_type(rl->base, rr->base);
}

/* ------------------------------------------------------------------ */
/* translator definitions */

/*
 * dt_xlator_lookup: a translator from `st` (the expression sn, when there
 * is one) to `dt` or, for a pointer `dt`, to what it points to. First
 * one whose input is the same type, then (unless exact) one whose input
 * the expression may be passed as.
 */
static cg_xlator_t *xlator_lookup(cg_t *g, d_type_t *st, d_node_t *sn,
    d_type_t *dt, int exact)
{
	const d_type_t *rd = d_resolve(dt);
	if (rd->kind == TK_PTR)
		rd = d_resolve(rd->base);
	for (cg_xlator_t *x = g->xlators; x; x = x->next)
		if (same_type(x->src, st) && same_type(x->dst, rd))
			return x;
	if (exact)
		return NULL;
	for (cg_xlator_t *x = g->xlators; x; x = x->next)
		if (same_type(x->dst, rd) && argcompat(g, st, sn, x->src, NULL))
			return x;
	return NULL;
}

static d_node_t *xlator_member(const cg_xlator_t *x, const char *name)
{
	for (d_node_t *m = x->members; m; m = m->next)
		if (strcmp(m->left->name, name) == 0)
			return m;
	return NULL;
}

/* DTrace cooks a definition when it has read its last `;`: errors name it. */
static void relabel(d_node_t *n, int line)
{
	if (n == NULL)
		return;
	n->line = line;
	relabel(n->left, line);
	relabel(n->right, line);
	relabel(n->cond, line);
	if (n->tname != NULL)
		n->tname->line = line;
	for (d_node_t *a = n->args; a; a = a->next)
		relabel(a, line);
}

/* The type of member expression e, the input name bound to a value of type src. */
static d_type_t *member_type(cg_t *g, cg_xlator_t *x, d_node_t *e)
{
	unsigned regs = g->regs;
	cg_bind_t *saved = g->binds;
	g->binds = bind_reg(g, x->param, x->src, cg_reg_alloc(g), NULL);
	d_type_t *t = cg_expr_type(g, e);
	g->binds = saved;
	g->regs = regs;
	return t;
}

void cg_xlator_define(cg_t *g, d_node_t *n)
{
	int line = (int)n->ival;
	n->tname->line = n->left->line = line;
	for (d_node_t *m = n->args; m; m = m->next)
		relabel(m, line);
	d_type_t *dst = cg_tname(g, n->tname);
	d_type_t *src = cg_tname(g, n->left);

	if (xlator_lookup(g, src, NULL, dst, 1) != NULL)
		d_error(g->cc, line, "D_XLATE_REDECL",
		    "translator from %s to %s has already been declared",
		    src->name, dst->name);
	const d_type_t *rd = d_resolve(dst);
	if ((rd->kind == TK_STRUCT || rd->kind == TK_UNION ||
	    rd->kind == TK_ENUM) && !rd->complete)
		d_error(g->cc, line, "D_XLATE_SOU",
		    "incomplete struct/union/enum %s", dst->name);
	if (rd->kind != TK_STRUCT && rd->kind != TK_UNION)
		d_error(g->cc, line, "D_XLATE_SOU",
		    "translator output type must be a struct or union");

	cg_xlator_t *x = d_alloc(g->cc, sizeof(*x));
	x->src = src;
	x->dst = dst;
	x->param = n->left->tn.ident;
	x->members = n->args;
	for (int i = 0; i < 4; i++) {
		x->dyn[i].kind = TK_VOID;
		x->dyn[i].complete = 1;
		x->dyn[i].name = i & 1 ? "pointer to translated data" :
		    "translated data";
		x->dyn[i].base = i & 1 ? d_t_ptr(g->ts, dst) : dst;
	}
	cg_xlator_t **tail = &g->xlators;
	while (*tail != NULL)
		tail = &(*tail)->next;
	*tail = x;

	/* dt_cook_xlator: each member, with the input name in scope */
	for (d_node_t *m = n->args; m; m = m->next) {
		d_tmember_t *tm = d_member_lookup(rd, m->left->name);
		if (tm == NULL)
			d_error(g->cc, line, "D_XLATE_MEMB",
			    "translator member %s is not a member of %s",
			    m->left->name, dst->name);
		d_type_t *t = member_type(g, x, m->right);
		if (!argcompat(g, tm->type, NULL, t, m->right))
			d_error(g->cc, line, "D_XLATE_INCOMPAT",
			    "translator member %s definition uses incompatible "
			    "types: \"%s\" = \"%s\"", m->left->name,
			    tm->type->name, t->name);
	}
}

d_type_t *cg_xlate_dyn(cg_t *g, d_type_t *from, d_type_t *to)
{
	cg_xlator_t *x = xlator_lookup(g, from, NULL, to, 0);
	if (x == NULL)
		return NULL;
	int user = cg_is_user_ptr(from) && d_resolve(x->src)->kind == TK_PTR;
	return &x->dyn[2 * user + (d_resolve(to)->kind == TK_PTR)];
}

int cg_argcompat(cg_t *g, const d_type_t *to, const d_type_t *from)
{
	return argcompat(g, to, NULL, from, NULL);
}

/* ------------------------------------------------------------------ */
/* xlate<T>(e) */

/*
 * The translator behind a translated value's type; *ptr for xlate<T *>,
 * *user (if not NULL) when its input is a traced-process address.
 */
static cg_xlator_t *xlated_u(cg_t *g, const d_type_t *t, int *ptr, int *user)
{
	for (cg_xlator_t *x = g->xlators; x; x = x->next)
		if (t >= &x->dyn[0] && t < &x->dyn[4]) {
			int i = (int)(t - &x->dyn[0]);
			*ptr = i & 1;
			if (user != NULL)
				*user = i >> 1;
			return x;
		}
	return NULL;
}

static cg_xlator_t *xlated(cg_t *g, const d_type_t *t, int *ptr)
{
	return xlated_u(g, t, ptr, NULL);
}

val_t cg_xlate(cg_t *g, d_node_t *n)
{
	d_type_t *to = cg_tname(g, n->tname);
	val_t v = cg_expr(g, n->left);
	cg_xlator_t *x = xlator_lookup(g, v.type, n->left, to, 0);
	if (x == NULL)
		d_error(g->cc, n->line, "D_XLATE_NONE",
		    "cannot translate from \"%s\" to \"%s\"", v.type->name,
		    to->name);
	int user = cg_is_user_ptr(v.type) &&
	    d_resolve(x->src)->kind == TK_PTR;
	v.type = &x->dyn[2 * user + (d_resolve(to)->kind == TK_PTR)];
	return v;
}

/*
 * Does n evaluate to translated data? Decided from the tree, before any
 * code is generated for it: xlate itself, `*` of a translated pointer,
 * and inlines or parameters standing for one.
 */
static int is_xlated(cg_t *g, d_node_t *n)
{
	switch (n->kind) {
	case N_XLATE:
		return 1;
	case N_UNARY:
		return n->op == D_OP_DEREF && is_xlated(g, n->left);
	case N_IDENT: {
		if (n->scope != NULL)
			return 0;
		for (cg_bind_t *b = g->binds; b; b = b->next)
			if (strcmp(b->name, n->name) == 0)
				return b->expr != NULL && is_xlated(g, b->expr);
		cg_inline_t *in = cg_inline_lookup(g, n->name);
		return in != NULL && !in->assoc && is_xlated(g, in->value);
	}
	case N_INDEX: {
		/* args[n] of a probe whose argument is translated */
		int64_t i;
		d_node_t *b = n->left;
		return b->kind == N_IDENT && b->scope == NULL &&
		    strcmp(b->name, "args") == 0 &&
		    cg_var_lookup(g, "args", DIF_SCOPE_GLOBAL) == NULL &&
		    g->argmapped && n->args != NULL && n->args->next == NULL &&
		    cg_const(g, n->args, &i) == 0 && i >= 0 &&
		    i < g->nargtypes && cg_is_xlated_type(g, g->argtypes[i]);
	}
	default:
		return 0;
	}
}

/* `*xlate<T *>(e)`: translated data itself, still translated on reference. */
int cg_xlate_deref(cg_t *g, d_node_t *n, val_t *out)
{
	int ptr;
	if (!is_xlated(g, n->left))
		return 0;
	int user;
	val_t v = cg_expr(g, n->left);
	cg_xlator_t *x = xlated_u(g, v.type, &ptr, &user);
	if (x == NULL || !ptr)
		d_error(g->cc, n->line, "D_DEREF_NONPTR",
		    "cannot dereference non-pointer type");
	v.type = &x->dyn[2 * user];
	*out = v;
	return 1;
}

/*
 * Member m's translation of the input in register in, cast to m's type;
 * *et, if not NULL, receives the expression's own type.
 */
static val_t translate(cg_t *g, cg_xlator_t *x, d_node_t *m, int in,
    int user, d_type_t *mt, d_type_t **et)
{
	cg_bind_t *saved = g->binds;
	int saved_line = g->line;
	d_type_t *st = x->src;
	if (user) {
		/* udtrace traces user space: an input that came from the
		 * traced process is read there, as args[] of pid probes */
		st = d_alloc(g->cc, sizeof(*st));
		*st = *d_resolve(x->src);
		st->name = x->src->name;
		st->user = 1;
	}
	g->binds = bind_reg(g, x->param, st, in, NULL);
	val_t v = cg_expr(g, m->right);
	g->binds = saved;
	g->line = saved_line;
	if (et != NULL)
		*et = v.type;
	if (d_is_int(mt) && d_is_int(v.type))
		cg_narrow(g, v.reg, mt);
	v.type = mt;
	return v;
}

int cg_xlate_member(cg_t *g, d_node_t *n, val_t *out)
{
	int ptr, user;
	if (!is_xlated(g, n->left))
		return 0;
	val_t v = cg_expr(g, n->left);
	cg_xlator_t *x = xlated_u(g, v.type, &ptr, &user);
	if (x == NULL)
		return 0;	/* cannot be: is_xlated said so */
	/* dt_cook_op2 DT_TOK_DOT / DT_TOK_PTR, in its order */
	d_node_t *m = xlator_member(x, n->name);
	if (m == NULL)
		d_error(g->cc, n->line, "D_XLATE_NOCONV",
		    "translator does not define conversion for member: %s",
		    n->name);
	if (n->op == D_OP_ARROW && !ptr)
		d_error(g->cc, n->line, "D_OP_PTR",
		    "operator -> must be applied to a pointer");
	if (n->op == D_OP_DOT && ptr)
		d_error(g->cc, n->line, "D_OP_SOU",
		    "operator . cannot be applied to type \"%s\"; must be "
		    "applied to a struct or union", x->dyn[1].base->name);
	d_tmember_t *tm = d_member_lookup(x->dst, n->name);
	if (g->typing) {
		/* dt_cook_op2 types a translated member from the output
		 * type alone; only code generation lowers its expression */
		*out = cg_val(v.reg, tm->type);
		return 1;
	}
	*out = translate(g, x, m, v.reg, user, tm->type, NULL);
	cg_reg_free(g, v.reg);
	return 1;
}

int cg_xlate_ptr(cg_t *g, const d_type_t *t)
{
	int ptr;
	return xlated(g, t, &ptr) != NULL && ptr;
}

int cg_is_xlated_type(cg_t *g, const d_type_t *t)
{
	int ptr;
	return xlated(g, t, &ptr) != NULL;
}

/*
 * dt_cook_inline: translated data initialises an inline of the
 * translator's output type or a pointer to it (either, whichever xlate
 * was used: the translation decides what `.` and `->` accept).
 */
int cg_inline_xlate_check(cg_t *g, cg_inline_t *in, d_type_t *it, int line)
{
	int ptr;
	cg_xlator_t *x = xlated(g, it, &ptr);
	if (x == NULL)
		return 0;
	const d_type_t *lt = d_resolve(in->type);
	if (lt->kind == TK_PTR)
		lt = d_resolve(lt->base);
	if (!same_type(lt, x->dst))
		d_error(g->cc, line, "D_OP_INCOMPAT",
		    "inline %s definition uses incompatible types: "
		    "\"%s\" = \"%s\"", in->name, lt->name,
		    d_resolve(x->dst)->name);
	return 1;
}

/*
 * Copy the string in register str into the n bytes at register dst:
 * strlen + 1 bytes at most, so a short string constant is not read past
 * its end; the rest of dst stays as it was (zero: fresh scratch).
 */
void cg_copy_string(cg_t *g, int dst, int str, size_t n)
{
	int len = cg_reg_alloc(g);
	cg_emit(g, DIF_FLUSHTS, 0, 0, 0, 0);
	cg_emit(g, DIF_PUSHTV, 0, str, 0, 0);
	cg_emit(g, DIF_CALL, len, 0, 0, DIF_SUBR_STRLEN);
	int k = cg_setx(g, 1), t = cg_reg_alloc(g);
	cg_emit(g, DIF_ADD, len, len, k, 0);
	cg_emit(g, DIF_SETX, k, 0, 0, cg_int_index(g, n));
	cg_emit(g, DIF_CLEU, t, len, k, 0);
	size_t br = cg_emit(g, DIF_BNZ, 0, t, 0, 0);
	cg_emit(g, DIF_MOV, len, k, 0, 0);
	cg_patch(g, br);
	cg_emit(g, DIF_COPYS, dst, str, len, 0);
	cg_reg_free(g, t);
	cg_reg_free(g, k);
	cg_reg_free(g, len);
}

/*
 * Translated data used whole (trace, print, an assignment): as illumos
 * dt_cg_xlate_expand, a buffer of the output type in scratch with every
 * member the translator defines translated into it; the others are 0.
 */
val_t cg_xlate_expand(cg_t *g, val_t v)
{
	int ptr, user;
	cg_xlator_t *x = xlated_u(g, v.type, &ptr, &user);
	if (x == NULL || ptr)
		return v;
	const d_type_t *rd = d_resolve(x->dst);
	int buf = cg_setx(g, d_sizeof(rd) ? d_sizeof(rd) : 1);
	cg_emit(g, DIF_ALLOCS, buf, buf, 0, 0);
	for (d_tmember_t *tm = rd->members; tm; tm = tm->next) {
		d_node_t *m = tm->name ? xlator_member(x, tm->name) : NULL;
		if (m == NULL)
			continue;
		d_type_t *et;
		val_t e = translate(g, x, m, v.reg, user, tm->type, &et);
		lval_t lv = { .kind = LV_MEM, .type = tm->type, .bits = tm->bits,
		    .bitoff = tm->bitoff };
		lv.addr = cg_setx(g, tm->off);
		cg_emit(g, DIF_ADD, lv.addr, buf, lv.addr, 0);
		if (d_is_byref(tm->type) && d_is_stringlike(tm->type) &&
		    d_is_stringlike(et))
			cg_copy_string(g, lv.addr, e.reg, d_sizeof(tm->type));
		else
			cg_lval_store(g, &lv, e.reg);
		cg_lval_done(g, &lv);
		cg_reg_free(g, e.reg);
	}
	cg_reg_free(g, v.reg);
	return cg_val(buf, x->dst);
}

/* ------------------------------------------------------------------ */
/* parameterised inlines */

d_type_t *cg_inline_body_type(cg_t *g, cg_inline_t *in, d_node_t *body)
{
	unsigned regs = g->regs;
	cg_bind_t *saved = g->binds, *b = NULL;
	for (int i = in->nkeys - 1; i >= 0; i--)
		if (in->pnames[i] != NULL)
			b = bind_reg(g, in->pnames[i], in->keys[i],
			    cg_reg_alloc(g), b);
	g->binds = b;
	d_type_t *t = cg_expr_type(g, body);
	g->binds = saved;
	g->regs = regs;
	return t;
}

/* f[a, b]: the inline's expression with its parameters bound to a and b. */
val_t cg_inline_index(cg_t *g, d_node_t *n, cg_inline_t *in)
{
	int nk = cg_count_args(n->args), i = 0;
	if (nk != in->nkeys)
		d_error(g->cc, n->left->line, "D_PROTO_LEN",
		    "%s[ ] prototype mismatch: %d key%s passed, %d expected",
		    in->name, nk, nk == 1 ? "" : "s", in->nkeys);
	cg_bind_t *b = NULL, **tail = &b;
	for (d_node_t *a = n->args; a; a = a->next, i++) {
		d_type_t *t = cg_expr_type(g, a);
		if (!argcompat(g, in->keys[i], NULL, t, a))
			d_error(g->cc, n->left->line, "D_PROTO_ARG",
			    "%s[ ] key #%d is incompatible with prototype:\n"
			    "\tprototype: %s\n\t%9s: %s\n", in->name, i + 1,
			    in->keys[i]->name, "key", t->name);
		if (in->pnames[i] == NULL)
			continue;
		cg_bind_t *p = bind_reg(g, in->pnames[i], in->keys[i], 0, NULL);
		p->expr = a;
		p->outer = g->binds;
		*tail = p;
		tail = &p->next;
	}
	cg_bind_t *saved = g->binds;
	int saved_line = g->line;
	g->binds = b;
	val_t v = cg_expr(g, in->value);
	g->binds = saved;
	g->line = saved_line;
	if (d_is_int(in->type) && d_is_int(v.type))
		cg_narrow(g, v.reg, in->type);
	v.type = in->type;
	return v;
}
