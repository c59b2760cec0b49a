/*
 * decl.c — D declarations: type names, struct/union/enum bodies,
 * typedefs, inlines, variable declarations, and integer constant
 * expressions (array sizes, enumerators, compile-time folding).
 *
 * Owns: the compiler's variable and inline tables. Must not: emit DIF.
 * Invariant: a declaration either completes or reports a D_DECL_* /
 * D_TYPE_* error; it never leaves a half-defined name visible.
 */
#include <stdlib.h>
#include <string.h>
#include "cg.h"
#include "dwtypes.h"


cg_var_t *cg_var_lookup(cg_t *g, const char *name, int scope)
{
	for (size_t i = 0; i < g->vars.n; i++)
		if (g->vars.v[i].scope == scope &&
		    strcmp(g->vars.v[i].name, name) == 0)
			return &g->vars.v[i];
	return NULL;
}

cg_var_t *cg_var_add(cg_t *g, const char *name, int scope, d_type_t *t)
{
	cg_var_t v = { .name = name, .scope = scope, .type = t,
	    .id = DIF_VAR_USER_BASE + (uint32_t)g->vars.n };
	VEC_PUSH(g, g->vars, v);
	return &g->vars.v[g->vars.n - 1];
}

cg_inline_t *cg_inline_lookup(cg_t *g, const char *name)
{
	for (cg_inline_t *i = g->inlines; i; i = i->next)
		if (strcmp(i->name, name) == 0)
			return i;
	return NULL;
}

static int64_t narrow(int64_t v, const d_type_t *t)
{
	size_t sz = d_sizeof(t);
	if (sz >= 8 || sz == 0)
		return v;
	unsigned sh = (unsigned)(64 - 8 * sz);
	uint64_t u = (uint64_t)v << sh;
	if (d_is_signed(t))
		return (int64_t)u >> sh;
	return (int64_t)(u >> sh);
}

/*
 * A null pointer constant: an integer constant expression of value 0
 * (NULL included). Like illumos dt_node_is_ptrcompat, it is compatible
 * with every pointer type and with string.
 */
int cg_is_null_const(cg_t *g, d_node_t *n)
{
	int64_t v;
	return cg_const(g, n, &v) == 0 && v == 0;
}

/*
 * Would DTrace's parser have built n as an integer constant node?
 * dt_node_op1/op2/op3 fold operators over constants while they build
 * the tree, sizeof of a type or a string and offsetof are constants, a
 * cast of a constant to an integer type is one (dt_node_op2's
 * DT_TOK_LPAR), and dt_node_ident clones an inline whose value is one.
 * An inline whose value is such a node stands for a copy of it, its own
 * type included, never the inline's declared type.
 */
/*
 * dt_node_op3 returns the branch an integer-constant condition chooses
 * in place of the ?: node, so that branch is all later stages see: an
 * lvalue stays one, translated data keeps its members. The node is
 * overwritten with the branch, as the parser hands n on.
 */
void cg_fold_ternary(cg_t *g, d_node_t *n)
{
	int64_t c;
	if (cg_parse_int(g, n->cond) && cg_const(g, n->cond, &c) == 0)
		*n = *(c ? n->left : n->right);
}

int cg_parse_int(cg_t *g, d_node_t *n)
{
	int64_t c;
	cg_inline_t *in;
	switch (n->kind) {
	case N_INT:
	case N_SIZEOF_T:
	case N_OFFSETOF:
		return 1;
	case N_SIZEOF_E:
		return n->left->kind == N_STRING;
	case N_IDENT:
		if (n->scope != NULL)
			return 0;
		if ((in = cg_inline_lookup(g, n->name)) != NULL)
			return !in->assoc && in->value != NULL &&
			    cg_parse_int(g, in->value);
		/* an enumerator is an inline of an INT node (dt_decl_enumerator) */
		d_type_t *et;
		if (d_enumconst_lookup(g->ts, n->name, &c, &et) == 0)
			return 1;
		return strcmp(n->name, "NULL") == 0 &&
		    cg_var_lookup(g, n->name, DIF_SCOPE_GLOBAL) == NULL;
	case N_UNARY:
		return (n->op == D_OP_NEG || n->op == D_OP_PLUS ||
		    n->op == D_OP_BNOT || n->op == D_OP_LNOT) &&
		    cg_parse_int(g, n->left);
	case N_CAST:
		return d_is_int(cg_tname(g, n->tname)) &&
		    cg_parse_int(g, n->left);
	case N_TERNARY:
		if (!cg_parse_int(g, n->cond) || cg_const(g, n->cond, &c) != 0)
			return 0;
		return cg_parse_int(g, c ? n->left : n->right);
	case N_BINARY:
		switch (n->op) {
		case D_OP_LOR: case D_OP_LXOR: case D_OP_LAND:
		case D_OP_BOR: case D_OP_BXOR: case D_OP_BAND:
		case D_OP_EQ: case D_OP_NE: case D_OP_LT: case D_OP_LE:
		case D_OP_GT: case D_OP_GE: case D_OP_SHL: case D_OP_SHR:
		case D_OP_ADD: case D_OP_SUB: case D_OP_MUL: case D_OP_DIV:
		case D_OP_MOD:
			return cg_parse_int(g, n->left) &&
			    cg_parse_int(g, n->right);
		default:
			return 0;
		}
	default:
		return 0;
	}
}

/*
 * Integer constant expressions. Only what DTrace folds: literals,
 * enumerators, inlines of constants, sizeof, offsetof, and operators
 * over them.
 */
int cg_const(cg_t *g, d_node_t *n, int64_t *out)
{
	int64_t a, b, c;
	d_type_t *t;
	if (n == NULL)
		return -1;
	switch (n->kind) {
	case N_INT:
		*out = (int64_t)n->ival;
		return 0;
	case N_IDENT: {
		cg_inline_t *in;
		if (n->scope == NULL &&
		    d_enumconst_lookup(g->ts, n->name, out, &t) == 0)
			return 0;
		if ((in = cg_inline_lookup(g, n->name)) != NULL &&
		    d_is_int(in->type) && cg_const(g, in->value, &a) == 0) {
			*out = cg_parse_int(g, in->value) ? a :
			    narrow(a, in->type);
			return 0;
		}
		/* the built-in `inline long NULL = 0`, unless a variable hides it */
		if (n->scope == NULL && strcmp(n->name, "NULL") == 0 &&
		    cg_var_lookup(g, n->name, DIF_SCOPE_GLOBAL) == NULL) {
			*out = 0;
			return 0;
		}
		return -1;
	}
	case N_SIZEOF_T:
	case N_OFFSETOF:
		/* integer constants once read (dt_node_op1, dt_node_offsetof) */
		if (!(n->flags & D_NF_FOLDED))
			cg_fold_typeop(g, n);
		*out = (int64_t)n->ival;
		return 0;
	case N_CAST:
		if (cg_const(g, n->left, &a) != 0)
			return -1;
		t = cg_tname(g, n->tname);
		if (!d_is_int(t))
			return -1;
		*out = narrow(a, t);
		return 0;
	case N_UNARY:
		if (cg_const(g, n->left, &a) != 0)
			return -1;
		switch (n->op) {
		case D_OP_NEG: *out = (int64_t)(0 - (uint64_t)a); return 0;
		case D_OP_PLUS: *out = a; return 0;
		case D_OP_BNOT: *out = ~a; return 0;
		case D_OP_LNOT: *out = !a; return 0;
		default: return -1;
		}
	case N_TERNARY:
		if (cg_const(g, n->cond, &c) != 0 || cg_const(g, n->left, &a) != 0 ||
		    cg_const(g, n->right, &b) != 0)
			return -1;
		*out = c ? a : b;
		return 0;
	case N_BINARY: {
		if (cg_const(g, n->left, &a) != 0 || cg_const(g, n->right, &b) != 0)
			return -1;
		uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
		switch (n->op) {
		case D_OP_ADD: *out = (int64_t)(ua + ub); return 0;
		case D_OP_SUB: *out = (int64_t)(ua - ub); return 0;
		case D_OP_MUL: *out = (int64_t)(ua * ub); return 0;
		case D_OP_DIV: case D_OP_MOD:
			if (b == 0)
				d_error(g->cc, n->line, "D_DIV_ZERO",
				    "expression contains division by zero");
			if (a == INT64_MIN && b == -1)
				*out = n->op == D_OP_DIV ? a : 0;
			else
				*out = n->op == D_OP_DIV ? a / b : a % b;
			return 0;
		case D_OP_SHL: *out = (int64_t)(ua << (ub & 63)); return 0;
		case D_OP_SHR: *out = a >> (ub & 63); return 0;
		case D_OP_BAND: *out = a & b; return 0;
		case D_OP_BOR: *out = a | b; return 0;
		case D_OP_BXOR: *out = a ^ b; return 0;
		case D_OP_LAND: *out = a && b; return 0;
		case D_OP_LOR: *out = a || b; return 0;
		case D_OP_LXOR: *out = !a != !b; return 0;
		case D_OP_LT: *out = a < b; return 0;
		case D_OP_GT: *out = a > b; return 0;
		case D_OP_LE: *out = a <= b; return 0;
		case D_OP_GE: *out = a >= b; return 0;
		case D_OP_EQ: *out = a == b; return 0;
		case D_OP_NE: *out = a != b; return 0;
		case D_OP_COMMA: *out = b; return 0;
		default: return -1;
		}
	}
	default:
		return -1;
	}
}

static d_type_t *spec_base(cg_t *g, d_node_t *tn)
{
	const d_spec_t *s = &tn->tn.spec;
	d_type_t *t;
	switch (s->kind) {
	case D_SPEC_BASE: {
		unsigned f = s->base_flags;
		/*
		 * DTrace spells the attributes in a fixed order, drops `int`
		 * after short or long, and looks the result up: a mix C has no
		 * type for (short long, short double) fails to resolve.
		 */
		static const struct { const char *canon, *name; } known[] = {
			{ "void", "void" }, { "char", "char" },
			{ "signed char", "signed char" },
			{ "unsigned char", "unsigned char" },
			{ "short", "short" }, { "signed short", "short" },
			{ "unsigned short", "unsigned short" },
			{ "int", "int" }, { "signed int", "int" },
			{ "signed", "int" }, { "unsigned int", "unsigned int" },
			{ "unsigned", "unsigned int" },
			{ "long", "long" }, { "signed long", "long" },
			{ "unsigned long", "unsigned long" },
			{ "long long", "long long" },
			{ "signed long long", "long long" },
			{ "unsigned long long", "unsigned long long" },
			{ "float", "float" }, { "double", "double" },
			{ "long double", "long double" }, { NULL, NULL }
		};
		static const struct { unsigned f; const char *w; } words[] = {
			{ D_BASE_SIGNED, "signed " }, { D_BASE_UNSIGNED, "unsigned " },
			{ D_BASE_SHORT, "short " }, { D_BASE_LONG, "long " },
			{ D_BASE_LONGLONG, "long long " }, { 0, NULL }
		};
		static const struct { unsigned f; const char *w; } names[] = {
			{ D_BASE_VOID, "void" }, { D_BASE_CHAR, "char" },
			{ D_BASE_INT, "int" }, { D_BASE_FLOAT, "float" },
			{ D_BASE_DOUBLE, "double" }, { 0, NULL }
		};
		unsigned sizes = D_BASE_SHORT | D_BASE_LONG | D_BASE_LONGLONG;
		char canon[64] = "";
		for (int i = 0; words[i].w != NULL; i++)
			if (f & words[i].f)
				strcat(canon, words[i].w);
		int named = 0;
		for (int i = 0; names[i].w != NULL; i++)
			if (f & names[i].f) {
				named = 1;
				if (!(f & sizes) || (names[i].f &
				    (D_BASE_FLOAT | D_BASE_DOUBLE)))
					strcat(canon, names[i].w);
			}
		if (!named && canon[0] == '\0')
			strcat(canon, "int");
		char trimmed[64];
		size_t cl = strlen(canon);
		memcpy(trimmed, canon, cl + 1);
		if (cl > 0 && trimmed[cl - 1] == ' ')
			trimmed[cl - 1] = '\0';
		const char *name = NULL;
		for (int i = 0; known[i].canon != NULL && name == NULL; i++)
			if (strcmp(known[i].canon, trimmed) == 0)
				name = known[i].name;
		if (name == NULL)
			d_error(g->cc, tn->line, "D_UNKNOWN",
			    "failed to resolve type %s: Unknown type name", canon);
		return d_typedef_lookup(g->ts, name);
	}
	case D_SPEC_TYPEDEF:
		t = s->scope ? NULL : d_t_named(g->ts, s->name);
		if (t == NULL && (t = d_dw_type(g, s->scope, 0, s->name)) != NULL)
			t->dwarf = 1;
		if (t == NULL)
			d_error(g->cc, tn->line, "D_TYPE_ERR",
			    "failed to resolve type %s%s%s: Unknown type name",
			    s->scope ? s->scope : "", s->scope ? "`" : "", s->name);
		return t;
	default: {
		int kind = s->kind == D_SPEC_STRUCT ? TK_STRUCT :
		    s->kind == D_SPEC_UNION ? TK_UNION : TK_ENUM;
		if (!s->has_body) {
			if (s->name == NULL)
				d_error(g->cc, tn->line, "D_DECL_TYPERED",
				    "anonymous type used without a body");
			/*
			 * A tag D does not know (or one scoped to an object,
			 * a.out`struct foo) comes from the traced program's
			 * DWARF; the first one found stays for this compile.
			 */
			t = s->scope ? NULL : d_tag_lookup(g->ts, kind, s->name);
			if (t != NULL && (t->complete || g->cc->ndwobjs == 0))
				return t;
			d_type_t *dt = d_dw_type(g, s->scope, kind, s->name);
			if (dt != NULL) {
				dt->dwarf = 1;
				if (s->scope == NULL)
					d_tag_register(g->ts, kind, s->name, dt);
				return dt;
			}
			if (s->scope != NULL)
				d_error(g->cc, tn->line, "D_TYPE_ERR",
				    "failed to resolve type %s`%s %s: Unknown type "
				    "name", s->scope, kind == TK_STRUCT ? "struct" :
				    kind == TK_UNION ? "union" : "enum", s->name);
			return t ? t : d_tag_declare(g->ts, kind, s->name);
		}
		/* `struct s { ... } a, b;` defines s once, for a */
		if (*s->defined != NULL)
			return *s->defined;
		if (s->name != NULL) {
			t = d_tag_lookup(g->ts, kind, s->name);
			if (t != NULL && t->complete && !t->builtin)
				d_error(g->cc, tn->line, "D_DECL_TYPERED",
				    "type redeclared: %s", t->name);
			/* a predefined tag is shadowed, as D's own container shadows the kernel's */
			if (t != NULL && t->builtin) {
				const char *name = t->name;
				t = d_anon(g->ts, kind);
				t->name = name;
				t->tag = s->name;
				d_tag_register(g->ts, kind, s->name, t);
			} else {
				t = d_tag_declare(g->ts, kind, s->name);
			}
		} else {
			t = d_anon(g->ts, kind);
		}
		*s->defined = t;
		if (kind == TK_ENUM) {
			int64_t next = 0;
			for (d_member_t *m = s->members; m; m = m->next) {
				int64_t v, dummy;
				d_type_t *dt;
				if (m->value != NULL && cg_const(g, m->value, &v) != 0)
					d_error(g->cc, m->line, "D_DECL_ENCONST",
					    "enumerator '%s' must be assigned "
					    "to an integral constant expression", m->name);
				if (m->value == NULL)
					v = next;
				if (v > INT32_MAX || v < INT32_MIN)
					d_error(g->cc, m->line, "D_DECL_ENOFLOW",
					    "enumerator '%s' value overflows INT_MAX "
					    "(%d)", m->name, INT32_MAX);
				/* a repeat inside this enum is libctf's refusal;
				 * D_DECL_IDRED is a clash with another definition */
				for (d_enumval_t *o = t->enums; o; o = o->next)
					if (strcmp(o->name, m->name) == 0)
						d_error(g->cc, m->line, "D_UNKNOWN",
						    "failed to define enumerator '%s': "
						    "Duplicate member name definition",
						    m->name);
				if (d_enumconst_lookup(g->ts, m->name, &dummy, &dt) == 0)
					d_error(g->cc, m->line, "D_DECL_IDRED",
					    "identifier redeclared: %s", m->name);
				d_enumconst_add(g->ts, m->name, v, t);
				d_enumval_t *ev = d_alloc(g->cc, sizeof(*ev));
				ev->name = m->name;
				ev->value = v;
				ev->next = t->enums;
				t->enums = ev;
				next = v + 1;
			}
			t->complete = 1;
			return t;
		}
		d_tmember_t *head = NULL, **tail = &head;
		for (d_member_t *m = s->members; m; m = m->next) {
			d_tmember_t *tm = d_alloc(g->cc, sizeof(*tm));
			tm->type = cg_tname(g, m->tname);
			tm->name = m->tname->tn.ident ? m->tname->tn.ident : m->name;
			if (tm->name != NULL && strchr(tm->name, '`') != NULL)
				d_error(g->cc, m->line, "D_DECL_SCOPE",
				    "D scoping operator may not be used in a "
				    "member name (%s)", tm->name);
			/* a function has no size: DTrace calls it a void member */
			if (m->tname->tn.dcl != NULL &&
			    m->tname->tn.dcl->kind == D_DCL_FUNC)
				d_error(g->cc, m->line, "D_DECL_VOIDOBJ",
				    "cannot have void member: %s",
				    tm->name ? tm->name : "(null)");
			const char *idname = tm->name ? tm->name : "(anon)";
			const d_type_t *rt = d_resolve(tm->type);
			if ((rt->kind == TK_STRUCT || rt->kind == TK_UNION) &&
			    !rt->complete)
				/*
				 * DTrace names a tag only declared forward
				 * `struct`: a forward has no kind until defined.
				 */
				d_error(g->cc, m->line, "D_DECL_INCOMPLETE",
				    "incomplete struct/union/enum %s: %s",
				    rt != t && rt->kind == TK_UNION ?
				    d_sprintf(g->cc, "struct %s", rt->tag) :
				    tm->type->name, tm->name ? tm->name : "(null)");
			if (!rt->complete || d_is_void(tm->type))
				d_error(g->cc, m->line, "D_DECL_VOIDOBJ",
				    "cannot have void member: %s",
				    tm->name ? tm->name : "(null)");
			if (m->value != NULL) {
				/* DTrace's order: width, base type, then fit */
				int64_t bits;
				if (cg_const(g, m->value, &bits) == 0 && bits == 0 &&
				    tm->name == NULL) {
					/* `int : 0;` closes a unit; D ignores it */
					continue;
				}
				if (cg_const(g, m->value, &bits) != 0 || bits <= 0)
					d_error(g->cc, m->line, "D_DECL_BFCONST",
					    "positive integral constant expression "
					    "expected as bit-field size");
				if (rt->kind != TK_INT)
					d_error(g->cc, m->line, "D_DECL_BFTYPE",
					    "invalid type for bit-field: %s", idname);
				if ((size_t)bits > d_sizeof(tm->type) * 8)
					d_error(g->cc, m->line, "D_DECL_BFSIZE",
					    "bit-field too big for type: %s", idname);
				tm->bits = (int)bits;
			}
			if (tm->name != NULL)
				for (d_tmember_t *o = head; o; o = o->next)
					if (o->name && strcmp(o->name, tm->name) == 0)
						d_error(g->cc, m->line, "D_UNKNOWN",
						    "failed to define member '%s': Duplicate "
						    "member name definition", tm->name);
			*tail = tm;
			tail = &tm->next;
		}
		t->members = head;
		d_struct_layout_ctf(g->ts, t);
		return t;
	}
	}
}

d_type_t *cg_tname(cg_t *g, d_node_t *tn)
{
	d_type_t *t = spec_base(g, tn);
	d_dcl_t *stack[32];
	int n = 0;
	for (d_dcl_t *d = tn->tn.dcl; d && n < 32; d = d->next)
		stack[n++] = d;
	/* the list is outermost first: build from the innermost */
	for (int i = n - 1; i >= 0; i--) {
		d_dcl_t *d = stack[i];
		if (d->kind == D_DCL_PTR) {
			t = d_t_ptr(g->ts, t);
		} else if (d->kind == D_DCL_ARRAY) {
			int64_t dim;
			if (d->keys != NULL)
				continue;   /* associative: handled by the declaration */
			if (d->dim == NULL) {
				t = d_t_array(g->ts, t, 0);
				continue;
			}
			if (cg_const(g, d->dim, &dim) != 0 || dim <= 0)
				d_error(g->cc, tn->line, "D_DECL_ARRSUB",
				    "positive integral constant expression or "
				    "tuple signature expected as array declaration "
				    "subscript");
			if ((uint64_t)dim > UINT32_MAX)
				d_error(g->cc, tn->line, "D_DECL_ARRBIG",
				    "array dimension too big");
			if (d_is_void(t))
				d_error(g->cc, tn->line, "D_DECL_VOIDOBJ",
				    "cannot have array of void");
			t = d_t_array(g->ts, t, (size_t)dim);
		} else {
			/* function declarators only appear in provider prototypes */
			t = d_t_ptr(g->ts, t);
		}
	}
	return t;
}

static d_dcl_t *assoc_dcl(d_node_t *tn)
{
	for (d_dcl_t *d = tn->tn.dcl; d; d = d->next)
		if (d->kind == D_DCL_ARRAY && d->keys != NULL)
			return d;
	return NULL;
}

static void decl_var(cg_t *g, d_node_t *decl, d_node_t *tn)
{
	int st = decl->decl.storage;
	int scope = st == D_ST_SELF ? DIF_SCOPE_THREAD :
	    st == D_ST_THIS ? DIF_SCOPE_LOCAL : DIF_SCOPE_GLOBAL;
	const char *name = tn->tn.ident;
	d_dcl_t *ad = assoc_dcl(tn);
	if (tn->tn.dcl != NULL && tn->tn.dcl->kind == D_DCL_ARRAY &&
	    tn->tn.dcl->dim == NULL && tn->tn.dcl->keys == NULL)
		d_error(g->cc, tn->line, "D_DECL_ARRNULL",
		    "array declaration requires array dimension or tuple "
		    "signature: %s", name);
	d_type_t *t = cg_tname(g, tn);

	if (d_is_void(t))
		d_error(g->cc, tn->line, "D_DECL_VOIDOBJ",
		    "cannot declare void object : %s", name);
	if (ad != NULL && scope == DIF_SCOPE_LOCAL)
		d_error(g->cc, tn->line, "D_DECL_LOCASSC",
		    "associative arrays may not be declared as local variables:"
		    " %s", name);
	cg_var_t *v = cg_var_lookup(g, name, scope);
	if (v != NULL) {
		if (!d_type_compat(v->type, t) || (ad != NULL) != v->assoc)
			d_error(g->cc, tn->line, "D_DECL_IDRED",
			    "identifier redeclared: %s\n\t current: %s\n"
			    "\tprevious: %s\n", name, t->name, v->type->name);
		return;
	}
	v = cg_var_add(g, name, scope, t);
	if (ad != NULL) {
		int nk = 0;
		for (d_node_t *k = ad->keys; k; k = k->next)
			nk++;
		v->assoc = 1;
		v->nkeys = nk;
		v->keys = d_alloc(g->cc, sizeof(d_type_t *) * (size_t)(nk ? nk : 1));
		nk = 0;
		for (d_node_t *k = ad->keys; k; k = k->next) {
			d_type_t *kt = cg_tname(g, k);
			/* DTrace checks a signature as a prototype list */
			if (d_is_void(kt))
				d_error(g->cc, k->line, "D_DECL_PROTO_TYPE",
				    "array prototype may not use parameter of type "
				    "%s: %s, parameter #%d", kt->name,
				    k->tn.ident ? k->tn.ident : "(anonymous)", nk + 1);
			const d_type_t *rk = d_resolve(kt);
			if (!(d_is_scalar(kt) || d_is_string(kt) ||
			    rk->kind == TK_STRUCT || rk->kind == TK_UNION))
				d_error(g->cc, k->line, "D_KEY_TYPE",
				    "invalid key type for associative array %s",
				    name);
			v->keys[nk++] = kt;
		}
	}
}

/*
 * dt_node_inline: an inline of array type must have a tuple signature,
 * whose named parameters its expression may use.
 */
static void inline_params(cg_t *g, d_node_t *tn, cg_inline_t *in)
{
	d_dcl_t *d = tn->tn.dcl;
	if (d == NULL || d->kind != D_DCL_ARRAY)
		return;
	if (d->keys == NULL && d->dim == NULL)
		d_error(g->cc, tn->line, "D_DECL_ARRNULL",
		    "inline declaration requires array tuple signature: %s",
		    tn->tn.ident);
	if (d->keys == NULL)
		d_error(g->cc, tn->line, "D_DECL_ARRNULL",
		    "inline declaration cannot be of scalar array type: %s",
		    tn->tn.ident);
	int nk = 0;
	for (d_node_t *k = d->keys; k; k = k->next)
		nk++;
	in->assoc = 1;
	in->nkeys = nk;
	in->keys = d_alloc(g->cc, sizeof(d_type_t *) * (size_t)nk);
	in->pnames = d_alloc(g->cc, sizeof(char *) * (size_t)nk);
	nk = 0;
	for (d_node_t *k = d->keys; k; k = k->next, nk++) {
		in->keys[nk] = cg_tname(g, k);
		in->pnames[nk] = k->tn.ident;
	}
}

void cg_decl(cg_t *g, d_node_t *decl)
{
	int st = decl->decl.storage;
	for (d_node_t *tn = decl->decl.tnames; tn; tn = tn->next) {
		if (tn->tn.ident == NULL) {
			/* `struct s { ... };` or `enum e { ... };`; anything
			 * else without a name declares nothing */
			int k = tn->tn.spec.kind;
			if ((k != D_SPEC_STRUCT && k != D_SPEC_UNION &&
			    k != D_SPEC_ENUM) || tn->tn.dcl != NULL)
				d_error(g->cc, tn->line, "D_DECL_USELESS",
				    "useless declaration");
			(void)cg_tname(g, tn);
			continue;
		}
		if (strchr(tn->tn.ident, '`') != NULL)
			d_error(g->cc, tn->line, "D_DECL_SCOPE",
			    "D scoping operator may not be used in a "
			    "declaration name (%s)", tn->tn.ident);
		/*
		 * dt_node_decl: a global or static function prototype is an
		 * extern declaration, of a symbol D cannot call or read, so
		 * it defines nothing here once its types are checked.
		 */
		if (tn->tn.dcl != NULL && tn->tn.dcl->kind == D_DCL_FUNC &&
		    (st == D_ST_NONE || st == D_ST_STATIC ||
		    st == D_ST_EXTERN)) {
			(void)cg_tname(g, tn);
			for (d_node_t *a = tn->tn.dcl->params; a; a = a->next)
				(void)cg_tname(g, a);
			continue;
		}
		switch (st) {
		case D_ST_TYPEDEF: {
			d_type_t *t = cg_tname(g, tn);
			if (d_typedef_add(g->ts, tn->tn.ident, t) != 0)
				d_error(g->cc, tn->line, "D_DECL_IDRED",
				    "typedef redeclared: %s", tn->tn.ident);
			break;
		}
		case D_ST_INLINE: {
			d_type_t *t = cg_tname(g, tn);
			const char *prev = cg_ident_kind(g, tn->tn.ident);
			if (prev != NULL)
				d_error(g->cc, tn->line, "D_DECL_IDRED",
				    "identifier redefined: %s\n\t current: "
				    "inline definition\n\tprevious: %s",
				    tn->tn.ident, prev);
			cg_inline_t *in = d_alloc(g->cc, sizeof(*in));
			in->name = tn->tn.ident;
			in->type = t;
			in->value = decl->decl.init;
			inline_params(g, tn, in);
			if (decl->decl.init == NULL)
				d_error(g->cc, tn->line, "D_DECL_INIT",
				    "inline %s must be initialized", tn->tn.ident);
			/*
			 * As illumos: the right-hand side is cooked here, before
			 * the name exists, so it is checked even if never used
			 * and cannot refer to itself.
			 */
			d_type_t *it = cg_inline_body_type(g, in,
			    decl->decl.init);
			if (!cg_inline_xlate_check(g, in, it,
			    decl->decl.init->line) && !cg_assignable(t, it))
				d_error(g->cc, decl->decl.init->line, "D_OP_INCOMPAT",
				    "inline %s definition uses incompatible types: "
				    "\"%s\" = \"%s\"", tn->tn.ident, t->name,
				    it->name);
			in->next = g->inlines;
			g->inlines = in;
			break;
		}
		case D_ST_AUTO: case D_ST_REGISTER: case D_ST_STATIC:
			d_error(g->cc, tn->line, "D_DECL_BADCLASS",
			    "specified storage class not appropriate in D");
		default:
			decl_var(g, decl, tn);
		}
	}
}
