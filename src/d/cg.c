/*
 * cg.c — type checking and DIF code generation for D predicates and
 * clause bodies, in one pass over the parse tree: emission, registers,
 * operators and expressions, statements and DIFOs.
 *
 * Owns: expression typing (D's conversions, string and pointer rules),
 * the compile-time errors about operators, register allocation, and the
 * DIFO assembly. Variables, lvalues and assignment are cg_lvalue.c's;
 * subroutine calls cg_call.c's; actions' records cg_actions.c's;
 * aggregations cg_agg.c's.
 * Must not: know about probes or output; what an action prints is the
 * consumer's (src/consumer/output.c, printf.c).
 * Invariant: every value in a register is a 64-bit quantity; values are
 * narrowed to their static type only where D-REFERENCE §2.7 says
 * (casts, stores, records, keys), and every branch goes forward.
 */
#include <stdlib.h>
#include <string.h>
#include "cg_impl.h"
#include "depth.h"
#include "dwtypes.h"
#include "udtrace/regs.h"
#include "consumer/printf.h"




/* ------------------------------------------------------------------ */
/* emission */

size_t cg_emit(cg_t *g, int op, int rd, int r1, int r2, uint32_t imm)
{
	dif_instr_t in = { (uint8_t)op, (uint8_t)rd, (uint8_t)r1, (uint8_t)r2, imm };
	VEC_PUSH(g, g->text, in);
	VEC_PUSH(g, g->action_of, (uint16_t)g->action);
	return g->text.n - 1;
}

void cg_patch(cg_t *g, size_t at)
{
	g->text.v[at].imm = (uint32_t)g->text.n;
}

int cg_reg_alloc(cg_t *g)
{
	for (int r = 1; r < DIF_NREGS; r++)
		if (!(g->regs & (1u << r))) {
			g->regs |= 1u << r;
			return r;
		}
	d_error(g->cc, g->line, "D_NOREG",
	    "Insufficient registers to generate code");
}

void cg_reg_free(cg_t *g, int r)
{
	if (r > 0)
		g->regs &= ~(1u << r);
}

uint32_t cg_int_index(cg_t *g, uint64_t v)
{
	for (size_t i = 0; i < g->ints.n; i++)
		if (g->ints.v[i] == v)
			return (uint32_t)i;
	VEC_PUSH(g, g->ints, v);
	return (uint32_t)(g->ints.n - 1);
}

static uint32_t str_index(cg_t *g, const char *s, size_t len)
{
	/* reuse an identical string already in the table */
	for (size_t i = 0; i < g->strs.n; ) {
		size_t l = strnlen(g->strs.v + i, g->strs.n - i);
		if (l == len && memcmp(g->strs.v + i, s, len) == 0)
			return (uint32_t)i;
		i += l + 1;
	}
	uint32_t off = (uint32_t)g->strs.n;
	for (size_t i = 0; i < len; i++)
		VEC_PUSH(g, g->strs, s[i]);
	VEC_PUSH(g, g->strs, '\0');
	return off;
}

int cg_setx(cg_t *g, uint64_t v)
{
	int r = cg_reg_alloc(g);
	cg_emit(g, DIF_SETX, r, 0, 0, cg_int_index(g, v));
	return r;
}

/* Narrow register r to integer type t (sign- or zero-extend from its size). */
void cg_narrow(cg_t *g, int r, const d_type_t *t)
{
	size_t sz = d_sizeof(t);
	if (!d_is_int(t) || sz >= 8 || sz == 0)
		return;
	int s = cg_setx(g, 64 - 8 * sz);
	cg_emit(g, DIF_SLL, r, r, s, 0);
	cg_emit(g, d_is_signed(t) ? DIF_SRA : DIF_SRL, r, r, s, 0);
	cg_reg_free(g, s);
}

/* ------------------------------------------------------------------ */
/* names and messages */

const char *cg_opstr(int op)
{
	static const char *const s[] = {
		[D_OP_NEG] = "-", [D_OP_PLUS] = "+", [D_OP_LNOT] = "!",
		[D_OP_BNOT] = "~", [D_OP_DEREF] = "*", [D_OP_ADDROF] = "&",
		[D_OP_INC] = "++", [D_OP_DEC] = "--", [D_OP_MUL] = "*",
		[D_OP_DIV] = "/", [D_OP_MOD] = "%", [D_OP_ADD] = "+",
		[D_OP_SUB] = "-", [D_OP_SHL] = "<<", [D_OP_SHR] = ">>",
		[D_OP_LT] = "<", [D_OP_GT] = ">", [D_OP_LE] = "<=",
		[D_OP_GE] = ">=", [D_OP_EQ] = "==", [D_OP_NE] = "!=",
		[D_OP_BAND] = "&", [D_OP_BXOR] = "^", [D_OP_BOR] = "|",
		[D_OP_LAND] = "&&", [D_OP_LXOR] = "^^", [D_OP_LOR] = "||",
		[D_OP_ASSIGN] = "=", [D_OP_MUL_EQ] = "*=", [D_OP_DIV_EQ] = "/=",
		[D_OP_MOD_EQ] = "%=", [D_OP_ADD_EQ] = "+=", [D_OP_SUB_EQ] = "-=",
		[D_OP_SHL_EQ] = "<<=", [D_OP_SHR_EQ] = ">>=",
		[D_OP_AND_EQ] = "&=", [D_OP_XOR_EQ] = "^=", [D_OP_OR_EQ] = "|=",
		[D_OP_COMMA] = ",", [D_OP_DOT] = ".", [D_OP_ARROW] = "->",
	};
	if (op >= 0 && (size_t)op < sizeof(s) / sizeof(s[0]) && s[op])
		return s[op];
	return "?";
}

d_type_t *cg_t_int(cg_t *g) { return d_typedef_lookup(g->ts, "int"); }

/* ------------------------------------------------------------------ */
/* conversions */

void cg_incompat(cg_t *g, int line, const d_type_t *a, const char *op,
    const d_type_t *b)
{
	d_error(g->cc, line, "D_OP_INCOMPAT",
	    "operands have incompatible types: \"%s\" %s \"%s\"",
	    a->name, op, b->name);
}

/* Types a null pointer constant (integer constant 0) converts to. */
int cg_is_ptr_or_string(const d_type_t *t)
{
	const d_type_t *rt = d_resolve(t);
	return rt->kind == TK_PTR || rt->kind == TK_STRING;
}

/* May a value of type `from` be assigned to something of type `to`? */
int cg_assignable(const d_type_t *to, const d_type_t *from)
{
	const d_type_t *rt = d_resolve(to), *rf = d_resolve(from);
	if (d_is_arith(rt) && d_is_arith(rf))
		return 1;
	if (rt->kind == TK_STRING)
		return rf->kind == TK_STRING || d_is_char_array(rf);
	if (rt->kind == TK_PTR && rf->kind == TK_ARRAY)
		/* an array is a pointer to its first element */
		return d_is_void(rt->base) ||
		    d_type_compat(rt->base, rf->base);
	if (rt->kind == TK_PTR)
		return rf->kind == TK_PTR ? d_type_compat(rt, rf) :
		    d_is_int(rf) ? 0 : 0;
	if (rt->kind == TK_STRUCT || rt->kind == TK_UNION)
		return d_resolve(rt) == d_resolve(rf);
	if (rt->kind == TK_ARRAY)
		return d_type_compat(rt, rf);
	return 0;
}

/* ------------------------------------------------------------------ */
/* expressions */

val_t cg_val(int r, d_type_t *t)
{
	val_t v = { r, t };
	return v;
}

static val_t cg_ident(cg_t *g, d_node_t *n)
{
	int64_t cv;
	d_type_t *t;
	const cg_builtin_t *b;
	cg_inline_t *in;
	cg_var_t *v;
	val_t bv;

	if (n->scope == NULL && cg_bind_ref(g, n, &bv))
		return bv;
	if (n->scope == NULL && d_enumconst_lookup(g->ts, n->name, &cv, &t) == 0)
		return cg_val(cg_setx(g, (uint64_t)cv), t);
	if (n->scope == NULL && (in = cg_inline_lookup(g, n->name)) != NULL) {
		cg_attr_user(g, n->name);
		if (in->assoc)
			d_error(g->cc, n->line, "D_IDENT_BADREF",
			    "associative array '%s' may not be referenced as "
			    "scalar", n->name);
		int saved = g->line;
		val_t iv = cg_expr(g, in->value);
		g->line = saved;
		/* an integer constant stands for itself, its type included;
		 * translated data stays translated (dt_node_resolve) */
		if (cg_parse_int(g, in->value) || cg_is_xlated_type(g, iv.type))
			return iv;
		cg_narrow(g, iv.reg, in->type);
		return cg_val(iv.reg, in->type);
	}
	if (n->scope == NULL && (v = cg_var_lookup(g, n->name,
	    DIF_SCOPE_GLOBAL)) != NULL) {
		if (v->assoc)
			d_error(g->cc, n->line, "D_IDENT_BADREF",
			    "associative array '%s' may not be referenced as "
			    "scalar", n->name);
		cg_attr_user(g, n->name);
		int r = cg_reg_alloc(g);
		cg_emit(g, DIF_LDGS, r, 0, 0, v->id);
		return cg_val(r, v->type);
	}
	/* NULL is `inline long NULL = 0`, which D reads as the int 0 */
	if (n->scope == NULL && strcmp(n->name, "NULL") == 0)
		return cg_val(cg_setx(g, 0), cg_t_int(g));
	if ((b = cg_builtin_lookup(g, n->name)) != NULL) {
		cg_attr_ident(g, b->name);
		int r = cg_reg_alloc(g);
		cg_emit(g, DIF_LDGS, r, 0, 0, b->id);
		return cg_val(r, cg_builtin_type(g, b));
	}
	if (strcmp(n->name, "args") == 0 || strcmp(n->name, "uregs") == 0)
		d_error(g->cc, n->line, "D_IDENT_BADREF",
		    "associative array '%s' may not be referenced as scalar",
		    n->name);
	d_error(g->cc, n->line, "D_IDENT_UNDEF",
	    "failed to resolve %s%s%s: Unknown variable name",
	    n->scope ? n->scope : "", n->scope ? "`" : "", n->name);
}

/* Address of a struct/union member (left.name or left->name). */
/* A pointer into the traced process (from DWARF): deref copies in. */
int cg_is_user_ptr(const d_type_t *t)
{
	return t->user || d_resolve(t)->user;
}

/* reg holds an address in the traced process: replace it with a scratch copy. */
void cg_user_copyin(cg_t *g, int reg, size_t size)
{
	int sz = cg_setx(g, size ? size : 1);
	cg_emit(g, DIF_FLUSHTS, 0, 0, 0, 0);
	cg_emit(g, DIF_PUSHTV, 0, reg, 0, 0);
	cg_emit(g, DIF_PUSHTV, 0, sz, 0, 0);
	cg_emit(g, DIF_CALL, reg, 0, 0, DIF_SUBR_COPYIN);
	cg_reg_free(g, sz);
}

/*
 * Address of a struct/union member (left.name or left->name). *user is
 * set when the address is in the traced process (-> through a DWARF
 * pointer): the caller copies in what it reads.
 */
val_t cg_addr_of_member(cg_t *g, d_node_t *n, d_tmember_t **mp,
    int *user)
{
	val_t b = cg_expr(g, n->left);
	const d_type_t *bt = d_resolve(b.type);
	*user = 0;
	if (n->op == D_OP_ARROW) {
		if (bt->kind != TK_PTR)
			d_error(g->cc, n->line, "D_OP_PTR",
			    "operator -> must be applied to a pointer");
		*user = cg_is_user_ptr(b.type);
		bt = d_resolve(bt->base);
	}
	if (bt->kind != TK_STRUCT && bt->kind != TK_UNION) {
		if (n->op == D_OP_ARROW)
			d_error(g->cc, n->line, "D_OP_SOU",
			    "operator -> cannot be applied to pointer to type "
			    "\"%s\"; must be applied to a struct or union "
			    "pointer", d_resolve(b.type)->base->name);
		d_error(g->cc, n->line, "D_OP_SOU",
		    "operator . cannot be applied to type \"%s\"; must be "
		    "applied to a struct or union", b.type->name);
	}
	if (!bt->complete)
		d_error(g->cc, n->line, "D_OP_INCOMPLETE",
		    "operator %s cannot be applied to a forward declaration: "
		    "no %s definition is available%s",
		    cg_opstr(n->op), bt->name, d_dw_hint(g, bt));
	d_tmember_t *m = d_member_lookup(bt, n->name);
	if (m == NULL)
		d_error(g->cc, n->line, "D_TYPE_MEMBER",
		    "%s is not a member of %s", n->name, bt->name);
	if (m->off != 0) {
		int o = cg_setx(g, m->off);
		cg_emit(g, DIF_ADD, b.reg, b.reg, o, 0);
		cg_reg_free(g, o);
	}
	*mp = m;
	return cg_val(b.reg, m->type);
}

val_t cg_load_from_addr(cg_t *g, int r, d_type_t *t)
{
	if (!d_is_byref(t))
		cg_emit(g, cg_ld_op(t), r, r, 0, 0);
	return cg_val(r, t);
}

/*
 * D lets a string act as a pointer to its bytes for [ ], unary * and
 * pointer arithmetic (illumos dt_cook_op1/op2): seen through this, a
 * resolved string type is a char *; any other type is returned as is.
 */
const d_type_t *cg_str_as_ptr(cg_t *g, const d_type_t *rt)
{
	if (rt->kind != TK_STRING)
		return rt;
	return d_resolve(d_t_ptr(g->ts, d_typedef_lookup(g->ts, "char")));
}

/*
 * A struct (by-reference) element of an associative array loads as 0 when
 * absent, so it can be neither read through nor written: as DTrace's
 * dt_cg_array_op epilogue, store a zeroed scratch copy to create the
 * element and load again for its storage address. The key tuple is still
 * on the tuple stack from the load, so the store and reload reuse it.
 */
static void cg_assoc_fault_in(cg_t *g, cg_var_t *v, int r)
{
	size_t br = cg_emit(g, DIF_BNZ, 0, r, 0, 0);
	int sz = cg_setx(g, d_sizeof(v->type));
	cg_emit(g, DIF_ALLOCS, r, sz, 0, 0);
	cg_reg_free(g, sz);
	cg_emit(g, cg_var_st_op(v), 0, r, 0, v->id);
	cg_emit(g, cg_var_ld_op(v), r, 0, 0, v->id);
	cg_patch(g, br);
}

static val_t cg_index(cg_t *g, d_node_t *n)
{
	d_node_t *b = n->left;
	cg_inline_t *in;
	if (b->kind == N_IDENT && b->scope == NULL &&
	    (in = cg_inline_lookup(g, b->name)) != NULL && in->assoc)
		return cg_inline_index(g, n, in);
	if (b->kind == N_IDENT && b->scope == NULL &&
	    cg_var_lookup(g, b->name, DIF_SCOPE_GLOBAL) == NULL &&
	    (strcmp(b->name, "args") == 0 || strcmp(b->name, "uregs") == 0)) {
		int isargs = b->name[0] == 'a';
		cg_attr_ident(g, b->name);
		if (n->args == NULL || n->args->next != NULL)
			d_error(g->cc, b->line, "D_ARR_BADREF",
			    "%s[ ] requires exactly one subscript", b->name);
		int64_t idx = -1;
		int isconst = cg_const(g, n->args, &idx) == 0;
		if (isargs && !isconst) {
			/* illumos dt_idcook_args: the subscript must be an
			 * integer constant, so args[ ] can be typed */
			int saved = g->line;
			val_t t = cg_expr(g, n->args);
			g->line = saved;
			d_error(g->cc, b->line, "D_PROTO_ARG",
			    "args[ ] argument #1 is incompatible with "
			    "prototype:\n\tprototype: integer constant\n"
			    "\t argument: %s", t.type->name);
		}
		/* dt_idcook_args: an inline or translator is cooked where it
		 * is declared, outside any clause (pcb_pdesc NULL) */
		if (isargs && !g->in_clause)
			d_error(g->cc, b->line, "D_ARGS_NONE", "args[ ] may not "
			    "be referenced outside of a probe clause");
		if (isargs && isconst && g->args_desc != NULL &&
		    (idx < 0 || idx >= g->nargtypes))
			d_error(g->cc, b->line, "D_ARGS_IDX",
			    "index %lld is out of range for %s args[ ]",
			    (long long)idx, g->args_desc);
		if (isargs && isconst && g->noargs_desc != NULL)
			d_error(g->cc, b->line, "D_ARGS_IDX",
			    "index %lld is out of range for %s args[ ]",
			    (long long)idx, g->noargs_desc);
		if (isconst) {
			if (!isargs && (idx < 0 || idx >= UDT_NREGS))
				d_error(g->cc, b->line, "D_REGS_IDX",
				    "index %lld is out of range for uregs[ ]",
				    (long long)idx);
			if (isargs && (idx < 0 || idx > 11))
				d_error(g->cc, b->line, "D_ARGS_IDX",
				    "index %lld is out of range for args[ ]",
				    (long long)idx);
		}
		if (isargs && isconst && idx >= 0 && idx < g->nargtypes &&
		    g->argmapped)
			return cg_usdt_arg(g, b, (int)idx);
		val_t i = cg_expr(g, n->args);
		if (!d_is_int(i.type))
			d_error(g->cc, b->line, "D_ARR_BADREF",
			    "%s[ ] subscript must be of integral type", b->name);
		cg_emit(g, DIF_LDGA, i.reg, i.reg, 0,
		    isargs ? DIF_VAR_ARGS : DIF_VAR_UREGS);
		/* proc: a pid or tid the emulator translates (dif/xlate.c) */
		if (isargs && idx >= 0 && idx < g->nargtypes &&
		    g->argxl[idx] == 3) {
			/* a path in the process: copyinstr(), as DTrace's
			 * translator does */
			cg_emit(g, DIF_FLUSHTS, 0, 0, 0, 0);
			cg_emit(g, DIF_PUSHTV, 0, i.reg, 0, 0);
			cg_emit(g, DIF_CALL, i.reg, 0, 0, DIF_SUBR_COPYINSTR);
			return cg_val(i.reg, g->argtypes[idx]);
		}
		if (isargs && idx >= 0 && idx < g->nargtypes && g->argxl[idx]) {
			cg_emit(g, DIF_LDGA, i.reg, i.reg, 0, g->argxl[idx] == 1 ?
			    DIF_VAR_PSINFO : g->argxl[idx] == 4 ?
			    DIF_VAR_SIGINFO : DIF_VAR_LWPSINFO);
			return cg_val(i.reg, g->argtypes[idx]);
		}
		/* pid probes: the parameter's declared type, from DWARF */
		if (isargs && idx >= 0 && idx < g->nargtypes &&
		    g->argtypes[idx] != NULL && !d_is_void(g->argtypes[idx]) &&
		    !d_is_byref(g->argtypes[idx])) {
			cg_narrow(g, i.reg, g->argtypes[idx]);
			return cg_val(i.reg, g->argtypes[idx]);
		}
		return cg_val(i.reg, d_t_named(g->ts, isargs ? "int64_t" : "uint64_t"));
	}
	if (b->kind == N_IDENT && b->scope == NULL &&
	    cg_var_lookup(g, b->name, DIF_SCOPE_GLOBAL) == NULL &&
	    strcmp(b->name, "fds") == 0) {
		/* io.d's inline fileinfo_t fds[int fd]: the emulator's slot */
		if (n->args == NULL || n->args->next != NULL)
			d_error(g->cc, b->line, "D_ARR_BADREF",
			    "fds[ ] requires exactly one subscript");
		val_t i = cg_expr(g, n->args);
		if (!d_is_int(i.type))
			d_error(g->cc, b->line, "D_ARR_BADREF",
			    "fds[ ] subscript must be of integral type");
		cg_emit(g, DIF_LDGA, i.reg, i.reg, 0, DIF_VAR_FDS);
		return cg_val(i.reg, d_t_named(g->ts, "fileinfo_t"));
	}
	if (b->kind == N_IDENT || b->kind == N_SELF) {
		int scope = b->kind == N_SELF ? DIF_SCOPE_THREAD : DIF_SCOPE_GLOBAL;
		cg_var_t *v = cg_var_lookup(g, b->name, scope);
		if (v == NULL && b->kind == N_IDENT && b->scope == NULL &&
		    cg_builtin_lookup(g, b->name) == NULL &&
		    d_typedef_lookup(g->ts, b->name) == NULL) {
			int64_t dummy; d_type_t *dt;
			if (d_enumconst_lookup(g->ts, b->name, &dummy, &dt) != 0 &&
			    cg_inline_lookup(g, b->name) == NULL)
				d_error(g->cc, b->line, "D_VAR_UNDEF",
				    "%s has not yet been declared or assigned",
				    b->name);
		}
		if (v == NULL && scope == DIF_SCOPE_THREAD)
			d_error(g->cc, b->line, "D_VAR_UNDEF",
			    "%s has not yet been declared or assigned",
			    cg_var_display(g, scope, b->name));
		if (v != NULL && v->assoc) {
			lval_t lv = { .kind = LV_ASSOC, .var = v, .keys = n->args,
			    .type = v->type, .line = b->line };
			if (scope == DIF_SCOPE_GLOBAL)
				cg_attr_user(g, b->name);
			int r = cg_reg_alloc(g);
			cg_lval_load(g, &lv, r);
			if (d_is_byref(v->type) && !d_is_string(v->type))
				cg_assoc_fault_in(g, v, r);
			return cg_val(r, v->type);
		}
	}
	/* dt_cook_op2: a this-> variable not yet assigned would become an
	 * associative array, which a local may not be */
	if (b->kind == N_THIS && cg_var_lookup(g, b->name, DIF_SCOPE_LOCAL) == NULL)
		d_error(g->cc, n->line, "D_ARR_LOCAL",
		    "local variables may not be used as associative arrays: %s",
		    b->name);
	val_t base = cg_expr(g, b);
	const d_type_t *bt = cg_index_type(g, n, base.type);
	cg_index_addr(g, n, base.reg, bt);
	if (bt->kind == TK_PTR && cg_is_user_ptr(base.type))
		cg_user_copyin(g, base.reg, d_sizeof(bt->base));
	return cg_load_from_addr(g, base.reg, bt->base);
}

/* Compare two operands (types already checked); result 0/1 in a.reg. */
static void emit_compare(cg_t *g, int op, val_t a, val_t b, int is_str,
    int is_unsigned)
{
	int ra = a.reg, rb = b.reg;
	if (is_str) {
		cg_emit(g, DIF_SCMP, ra, ra, rb, 0);
		rb = 0;
		is_unsigned = 0;
	}
	int lt = is_unsigned ? DIF_CLTU : DIF_CLT;
	int le = is_unsigned ? DIF_CLEU : DIF_CLE;
	switch (op) {
	case D_OP_EQ: cg_emit(g, DIF_CEQ, a.reg, ra, rb, 0); break;
	case D_OP_NE: cg_emit(g, DIF_CNE, a.reg, ra, rb, 0); break;
	case D_OP_LT: cg_emit(g, lt, a.reg, ra, rb, 0); break;
	case D_OP_LE: cg_emit(g, le, a.reg, ra, rb, 0); break;
	case D_OP_GT: cg_emit(g, lt, a.reg, rb, ra, 0); break;
	case D_OP_GE: cg_emit(g, le, a.reg, rb, ra, 0); break;
	}
}

/*
 * Convert an integer operand to the common type of a binary operation:
 * only a narrowing to an unsigned type changes the 64-bit register.
 */
void cg_convert_int(cg_t *g, val_t *v, d_type_t *to)
{
	if (!d_is_int(to) || !d_is_int(v->type))
		return;
	if (d_sizeof(to) < 8 && !d_is_signed(to) && d_is_signed(v->type))
		cg_narrow(g, v->reg, to);
}

int cg_arith_op(int op, int is_unsigned)
{
	switch (op) {
	case D_OP_ADD: case D_OP_ADD_EQ: return DIF_ADD;
	case D_OP_SUB: case D_OP_SUB_EQ: return DIF_SUB;
	case D_OP_MUL: case D_OP_MUL_EQ: return DIF_MUL;
	case D_OP_DIV: case D_OP_DIV_EQ: return is_unsigned ? DIF_UDIV : DIF_SDIV;
	case D_OP_MOD: case D_OP_MOD_EQ: return is_unsigned ? DIF_UREM : DIF_SREM;
	case D_OP_SHL: case D_OP_SHL_EQ: return DIF_SLL;
	case D_OP_SHR: case D_OP_SHR_EQ: return is_unsigned ? DIF_SRL : DIF_SRA;
	case D_OP_BAND: case D_OP_AND_EQ: return DIF_AND;
	case D_OP_BOR: case D_OP_OR_EQ: return DIF_OR;
	case D_OP_BXOR: case D_OP_XOR_EQ: return DIF_XOR;
	}
	return DIF_NOP;
}

int cg_base_op(int op)
{
	switch (op) {
	case D_OP_ADD_EQ: return D_OP_ADD;
	case D_OP_SUB_EQ: return D_OP_SUB;
	case D_OP_MUL_EQ: return D_OP_MUL;
	case D_OP_DIV_EQ: return D_OP_DIV;
	case D_OP_MOD_EQ: return D_OP_MOD;
	case D_OP_SHL_EQ: return D_OP_SHL;
	case D_OP_SHR_EQ: return D_OP_SHR;
	case D_OP_AND_EQ: return D_OP_BAND;
	case D_OP_OR_EQ: return D_OP_BOR;
	case D_OP_XOR_EQ: return D_OP_BXOR;
	}
	return op;
}

/* A pointer to void or to a function: its pointee has no known size. */
int cg_is_vfptr(const d_type_t *t)
{
	t = d_resolve(t);
	if (t->kind != TK_PTR)
		return 0;
	const d_type_t *b = d_resolve(t->base);
	return b->kind == TK_VOID || b->kind == TK_FUNC;
}

/*
 * Type-check and emit a binary arithmetic/bitwise operation a OP b,
 * leaving the result in a.reg. `op` is the plain operator.
 */
d_type_t *cg_arith(cg_t *g, int op, val_t *a, val_t *b, int line,
    const char *opname)
{
	const d_type_t *ra = d_resolve(a->type), *rb = d_resolve(b->type);
	switch (op) {
	case D_OP_ADD: case D_OP_SUB:
		/* illumos: no arithmetic through void or function pointers */
		if (cg_is_vfptr(ra) || cg_is_vfptr(rb))
			cg_incompat(g, line, a->type, opname, b->type);
		/* s + n, n + s and s - n are the string n bytes along */
		if ((ra->kind == TK_STRING && d_is_int(rb)) ||
		    (op == D_OP_ADD && d_is_int(ra) && rb->kind == TK_STRING)) {
			cg_emit(g, cg_arith_op(op, 0), a->reg, a->reg, b->reg, 0);
			return ra->kind == TK_STRING ? a->type : b->type;
		}
		if (ra->kind == TK_PTR && d_is_int(rb)) {
			int sz = cg_setx(g, d_sizeof(ra->base) ? d_sizeof(ra->base) : 1);
			cg_emit(g, DIF_MUL, b->reg, b->reg, sz, 0);
			cg_reg_free(g, sz);
			cg_emit(g, cg_arith_op(op, 0), a->reg, a->reg, b->reg, 0);
			return a->type;
		}
		if (op == D_OP_ADD && d_is_int(ra) && rb->kind == TK_PTR) {
			int sz = cg_setx(g, d_sizeof(rb->base) ? d_sizeof(rb->base) : 1);
			cg_emit(g, DIF_MUL, a->reg, a->reg, sz, 0);
			cg_reg_free(g, sz);
			cg_emit(g, DIF_ADD, a->reg, a->reg, b->reg, 0);
			return b->type;
		}
		if (op == D_OP_SUB && ra->kind == TK_PTR && rb->kind == TK_PTR) {
			if (!d_type_compat(ra, rb))
				cg_incompat(g, line, a->type, opname, b->type);
			cg_emit(g, DIF_SUB, a->reg, a->reg, b->reg, 0);
			size_t es = d_sizeof(ra->base);
			if (es > 1) {
				int sz = cg_setx(g, es);
				cg_emit(g, DIF_SDIV, a->reg, a->reg, sz, 0);
				cg_reg_free(g, sz);
			}
			return d_t_named(g->ts, "ptrdiff_t") ?
			    d_t_named(g->ts, "ptrdiff_t") : d_t_named(g->ts, "long");
		}
		if (!d_is_arith(ra) || !d_is_arith(rb))
			cg_incompat(g, line, a->type, opname, b->type);
		break;
	case D_OP_MUL: case D_OP_DIV:
		if (!d_is_arith(ra) || !d_is_arith(rb))
			d_error(g->cc, line, "D_OP_ARITH",
			    "operator %s requires operands of arithmetic type",
			    opname);
		break;
	default:   /* % << >> & | ^ */
		if (!d_is_int(ra) || !d_is_int(rb))
			d_error(g->cc, line, "D_OP_INT",
			    "operator %s requires operands of integral type",
			    opname);
		break;
	}
	d_type_t *t;
	if (op == D_OP_SHL || op == D_OP_SHR)
		t = a->type;
	else
		t = d_arith_conv(g->ts, a->type, b->type);
	if (op != D_OP_SHL && op != D_OP_SHR) {
		cg_convert_int(g, a, t);
		cg_convert_int(g, b, t);
	}
	cg_emit(g, cg_arith_op(op, !d_is_signed(t)), a->reg, a->reg, b->reg, 0);
	return t;
}


/*
 * sizeof(type) and offsetof(type, member): DTrace folds both into integer
 * constants in the grammar action that reduces them (dt_node_op1,
 * dt_node_offsetof), so they see the types declared so far and their
 * errors come as soon as they are read. The value is left in n->ival.
 */
void cg_fold_typeop(cg_t *g, d_node_t *n)
{
	d_type_t *t = cg_tname(g, n->tname);
	const d_type_t *rt = d_resolve(t);
	n->flags |= D_NF_FOLDED;
	if (n->kind == N_SIZEOF_T) {
		if (d_is_void(t))
			d_error(g->cc, n->line, "D_SIZEOF_TYPE",
			    "cannot apply sizeof to an operand of unknown size");
		if (!rt->complete) {
			/* illumos dt_node_op1's wording; udtrace names the
			 * type only to explain a target without debug info */
			const char *hint = d_dw_hint(g, rt);
			if (hint[0] == '\0')
				d_error(g->cc, n->line, "D_SIZEOF_TYPE",
				    "cannot apply sizeof to an operand of "
				    "unknown size");
			d_error(g->cc, n->line, "D_SIZEOF_TYPE",
			    "cannot apply sizeof to an incomplete type: %s%s",
			    t->name, hint);
		}
		n->ival = d_sizeof(t);
		return;
	}
	/* DTrace's texts: a forward-declared tag is not a struct yet,
	 * and an unknown member is libctf's refusal */
	if ((rt->kind != TK_STRUCT && rt->kind != TK_UNION) || !rt->complete)
		d_error(g->cc, n->line, "D_OFFSETOF_TYPE",
		    "offsetof operand must be a struct or union type");
	d_tmember_t *m = d_member_lookup(rt, n->name);
	if (m == NULL)
		d_error(g->cc, n->line, "D_UNKNOWN",
		    "failed to determine offset of %s: Invalid member "
		    "name", n->name);
	if (m->bits)
		d_error(g->cc, n->line, "D_OFFSETOF_BITFIELD",
		    "cannot take offset of a bit-field: %s", n->name);
	n->ival = m->off;
}

val_t cg_expr(cg_t *g, d_node_t *n)
{
	d_depth_guard(g->cc, n->line);
	int saved_line = g->line;
	g->line = n->line;
	val_t v;
	switch (n->kind) {
	case N_INT:
		v = cg_val(cg_setx(g, n->ival), d_t_lit(g->ts, n->itype));
		break;
	case N_STRING: {
		int r = cg_reg_alloc(g);
		cg_emit(g, DIF_SETS, r, 0, 0, str_index(g, n->str, n->slen));
		v = cg_val(r, d_t_string(g->ts));
		break;
	}
	case N_IDENT:
		v = cg_ident(g, n);
		break;
	case N_SELF: case N_THIS: {
		int scope = n->kind == N_SELF ? DIF_SCOPE_THREAD : DIF_SCOPE_LOCAL;
		cg_var_t *var = cg_var_lookup(g, n->name, scope);
		if (var == NULL)
			d_error(g->cc, n->line, "D_VAR_UNDEF",
			    "%s has not yet been declared or assigned",
			    cg_var_display(g, scope, n->name));
		if (var->assoc)
			d_error(g->cc, n->line, "D_IDENT_BADREF",
			    "associative array '%s' may not be referenced as "
			    "scalar", n->name);
		int r = cg_reg_alloc(g);
		cg_emit(g, cg_var_ld_op(var), r, 0, 0, var->id);
		v = cg_val(r, var->type);
		break;
	}
	case N_AGG:
		v = cg_aggval(g, n);
		break;
	case N_INDEX:
		cg_agg_mdim_check(g, n);
		v = cg_index(g, n);
		break;
	case N_MEMBER: {
		d_tmember_t *m;
		int user;
		if (cg_xlate_member(g, n, &v))
			break;
		v = cg_addr_of_member(g, n, &m, &user);
		if (user)
			cg_user_copyin(g, v.reg, d_sizeof(m->type));
		if (m->bits) {
			lval_t lv = { .kind = LV_MEM, .addr = v.reg, .type = m->type,
			    .bits = m->bits, .bitoff = m->bitoff };
			cg_lval_load(g, &lv, v.reg);
		} else {
			v = cg_load_from_addr(g, v.reg, m->type);
		}
		break;
	}
	case N_UNARY:
		switch (n->op) {
		case D_OP_INC: case D_OP_DEC:
			v = cg_incdec(g, n, 0);
			break;
		case D_OP_NEG: case D_OP_PLUS:
			v = cg_expr(g, n->left);
			if (!d_is_arith(v.type))
				d_error(g->cc, n->line, "D_OP_ARITH",
				    "operator %s requires an operand of arithmetic "
				    "type", cg_opstr(n->op));
			if (n->op == D_OP_NEG)
				cg_emit(g, DIF_SUB, v.reg, 0, v.reg, 0);
			break;
		case D_OP_BNOT:
			v = cg_expr(g, n->left);
			if (!d_is_int(v.type))
				d_error(g->cc, n->line, "D_OP_INT",
				    "operator ~ requires an operand of integral type");
			cg_emit(g, DIF_NOT, v.reg, v.reg, 0, 0);
			break;
		case D_OP_LNOT:
			v = cg_expr(g, n->left);
			if (!d_is_scalar(v.type))
				d_error(g->cc, n->line, "D_OP_SCALAR",
				    "operator ! requires an operand of scalar type");
			cg_emit(g, DIF_CEQ, v.reg, v.reg, 0, 0);
			/* dt_node_op1 folds ! of a constant keeping its type */
			if (!cg_parse_int(g, n->left))
				v.type = cg_t_int(g);
			break;
		case D_OP_DEREF: {
			if (cg_xlate_deref(g, n, &v))
				break;
			v = cg_expr(g, n->left);
			const d_type_t *pt = cg_str_as_ptr(g, d_resolve(v.type));
			if (pt->kind != TK_PTR)
				d_error(g->cc, n->line, "D_DEREF_NONPTR",
				    "cannot dereference non-pointer type");
			if (d_is_void(pt->base))
				d_error(g->cc, n->line, "D_DEREF_VOID",
				    "cannot dereference pointer to void");
			if (cg_is_user_ptr(v.type))
				cg_user_copyin(g, v.reg, d_sizeof(pt->base));
			v = cg_load_from_addr(g, v.reg, pt->base);
			break;
		}
		case D_OP_ADDROF: {
			d_node_t *o = n->left;
			/* an inline of a constant (NULL too) is a constant node
			 * already where dt_cook_op1 checks the operand */
			if (o->kind == N_IDENT && cg_parse_int(g, o))
				d_error(g->cc, n->line, "D_ADDROF_LVAL",
				    "unacceptable operand for unary & operator");
			if (o->kind == N_AGG ||
			    o->kind == N_IDENT || o->kind == N_SELF ||
			    o->kind == N_THIS || (o->kind == N_INDEX &&
			    (o->left->kind == N_IDENT || o->left->kind == N_SELF) &&
			    cg_var_lookup(g, o->left->name, o->left->kind == N_SELF ?
			    DIF_SCOPE_THREAD : DIF_SCOPE_GLOBAL) &&
			    cg_var_lookup(g, o->left->name, o->left->kind == N_SELF ?
			    DIF_SCOPE_THREAD : DIF_SCOPE_GLOBAL)->assoc)) {
				d_error(g->cc, n->line, "D_ADDROF_VAR",
				    "cannot take address of dynamic variable");
			}
			if (o->kind == N_UNARY && o->op == D_OP_DEREF) {
				v = cg_expr(g, o->left);
				break;
			}
			/* & of a value that is no lvalue at all (a constant,
			 * an arithmetic result) is D_ADDROF_LVAL, as illumos */
			if (o->kind != N_IDENT && o->kind != N_SELF &&
			    o->kind != N_THIS && o->kind != N_INDEX &&
			    o->kind != N_MEMBER)
				d_error(g->cc, n->line, "D_ADDROF_LVAL",
				    "unacceptable operand for unary & operator");
			lval_t lv = cg_lvalue(g, o, "&", 0);
			if (lv.kind != LV_MEM)
				d_error(g->cc, n->line, "D_ADDROF_LVAL",
				    "unacceptable operand for unary & operator");
			if (lv.bits)
				d_error(g->cc, n->line, "D_ADDROF_BITFIELD",
				    "cannot take address of bit-field");
			v = cg_val(lv.addr, d_t_ptr(g->ts, lv.type));
			if (lv.user) {
				/* still an address in the traced process */
				d_type_t *ut = d_alloc(g->cc, sizeof(*ut));
				*ut = *v.type;
				ut->user = 1;
				v.type = ut;
			}
			break;
		}
		default:
			d_error(g->cc, n->line, "D_UNKNOWN", "unknown operator");
		}
		break;
	case N_POSTFIX:
		v = cg_incdec(g, n, 1);
		break;
	case N_BINARY:
		switch (n->op) {
		case D_OP_ASSIGN: case D_OP_MUL_EQ: case D_OP_DIV_EQ:
		case D_OP_MOD_EQ: case D_OP_ADD_EQ: case D_OP_SUB_EQ:
		case D_OP_SHL_EQ: case D_OP_SHR_EQ: case D_OP_AND_EQ:
		case D_OP_XOR_EQ: case D_OP_OR_EQ:
			v = cg_assign(g, n);
			break;
		case D_OP_COMMA: {
			val_t a = cg_expr(g, n->left);
			cg_reg_free(g, a.reg);
			v = cg_expr(g, n->right);
			if (cg_is_xlated_type(g, a.type) ||
			    cg_is_xlated_type(g, v.type))
				d_error(g->cc, n->line, "D_OP_DYN", "operator , "
				    "operands cannot be of dynamic type");
			if (cg_is_actfunc(n->left) || cg_is_actfunc(n->right))
				d_error(g->cc, n->line, "D_OP_ACT", "operator , "
				    "operands cannot be actions");
			break;
		}
		case D_OP_LAND: case D_OP_LOR: {
			val_t a = cg_expr(g, n->left);
			if (!d_is_scalar(a.type))
				d_error(g->cc, n->line, "D_OP_SCALAR",
				    "operator %s requires operands of scalar type",
				    cg_opstr(n->op));
			size_t br = cg_emit(g, n->op == D_OP_LAND ? DIF_BZ : DIF_BNZ,
			    0, a.reg, 0, 0);
			val_t b = cg_expr(g, n->right);
			if (!d_is_scalar(b.type))
				d_error(g->cc, n->line, "D_OP_SCALAR",
				    "operator %s requires operands of scalar type",
				    cg_opstr(n->op));
			cg_emit(g, DIF_CNE, a.reg, b.reg, 0, 0);
			cg_reg_free(g, b.reg);
			size_t end = cg_emit(g, DIF_BA, 0, 0, 0, 0);
			cg_patch(g, br);
			if (n->op == D_OP_LAND)
				cg_emit(g, DIF_MOV, a.reg, 0, 0, 0);
			else
				cg_emit(g, DIF_CNE, a.reg, a.reg, 0, 0);
			cg_patch(g, end);
			v = cg_val(a.reg, cg_t_int(g));
			break;
		}
		case D_OP_LXOR: {
			val_t a = cg_expr(g, n->left);
			val_t b = cg_expr(g, n->right);
			if (!d_is_scalar(a.type) || !d_is_scalar(b.type))
				d_error(g->cc, n->line, "D_OP_SCALAR",
				    "operator ^^ requires operands of scalar type");
			cg_emit(g, DIF_CNE, a.reg, a.reg, 0, 0);
			cg_emit(g, DIF_CNE, b.reg, b.reg, 0, 0);
			cg_emit(g, DIF_XOR, a.reg, a.reg, b.reg, 0);
			cg_reg_free(g, b.reg);
			v = cg_val(a.reg, cg_t_int(g));
			break;
		}
		case D_OP_LT: case D_OP_GT: case D_OP_LE: case D_OP_GE:
		case D_OP_EQ: case D_OP_NE: {
			val_t a = cg_expr(g, n->left);
			val_t b = cg_expr(g, n->right);
			const d_type_t *ra = d_resolve(a.type), *rb = d_resolve(b.type);
			int is_str = 0, uns = 0;
			if (d_is_stringlike(ra) && d_is_stringlike(rb) &&
			    (ra->kind == TK_STRING || rb->kind == TK_STRING ||
			    d_is_char_array(ra) || d_is_char_array(rb))) {
				is_str = 1;
			} else if (d_is_arith(ra) && d_is_arith(rb)) {
				d_type_t *t = d_arith_conv(g->ts, a.type, b.type);
				cg_convert_int(g, &a, t);
				cg_convert_int(g, &b, t);
				uns = !d_is_signed(t);
			} else if ((ra->kind == TK_STRING &&
			    cg_is_null_const(g, n->right)) ||
			    (rb->kind == TK_STRING &&
			    cg_is_null_const(g, n->left))) {
				/* illumos compares with SCMP whenever one side is a
				 * string, and SCMP reads NULL as "" */
				is_str = 1;
			} else if ((ra->kind == TK_PTR || d_is_int(ra)) &&
			    (rb->kind == TK_PTR || d_is_int(rb)) &&
			    (ra->kind != TK_PTR || rb->kind != TK_PTR ||
			    d_type_compat(ra, rb))) {
				uns = 1;
			} else {
				cg_incompat(g, n->line, a.type, cg_opstr(n->op), b.type);
			}
			emit_compare(g, n->op, a, b, is_str, uns);
			cg_reg_free(g, b.reg);
			v = cg_val(a.reg, cg_t_int(g));
			break;
		}
		default: {
			int64_t cv;
			if ((n->op == D_OP_DIV || n->op == D_OP_MOD) &&
			    cg_const(g, n->right, &cv) == 0 && cv == 0)
				d_error(g->cc, n->line, "D_DIV_ZERO",
				    "expression contains division by zero");
			val_t a = cg_expr(g, n->left);
			val_t b = cg_expr(g, n->right);
			d_type_t *t = cg_arith(g, n->op, &a, &b, n->line, cg_opstr(n->op));
			cg_reg_free(g, b.reg);
			v = cg_val(a.reg, t);
			break;
		}
		}
		break;
	case N_TERNARY: {
		int64_t cv;
		/* dt_node_op3 keeps only the branch a constant condition
		 * chooses, so the other is never typed or generated */
		if (cg_parse_int(g, n->cond) && cg_const(g, n->cond, &cv) == 0) {
			v = cg_expr(g, cv ? n->left : n->right);
			break;
		}
		val_t c = cg_expr(g, n->cond);
		if (!d_is_scalar(c.type))
			d_error(g->cc, n->line, "D_OP_SCALAR",
			    "operator ?: expression must be of scalar type");
		size_t br = cg_emit(g, DIF_BZ, 0, c.reg, 0, 0);
		/*
		 * As illumos, hold no register across a branch: the
		 * condition is dead after the test, and the left result's
		 * register is dead on the right path, so it is free while
		 * the right side is generated and receives its result —
		 * nesting in the right branch costs no register.
		 */
		cg_reg_free(g, c.reg);
		val_t a = cg_expr(g, n->left);
		int res = a.reg;
		size_t end = cg_emit(g, DIF_BA, 0, 0, 0, 0);
		cg_patch(g, br);
		cg_reg_free(g, res);
		val_t b = cg_expr(g, n->right);
		if (b.reg != res) {
			/* everything the right side allocated is freed but
			 * its result, so res is free again */
			g->regs |= 1u << res;
			cg_emit(g, DIF_MOV, res, b.reg, 0, 0);
			cg_reg_free(g, b.reg);
		}
		cg_patch(g, end);
		c.reg = res;
		if (cg_is_xlated_type(g, a.type) || cg_is_xlated_type(g, b.type))
			d_error(g->cc, n->line, "D_OP_DYN", "operator ?: "
			    "operands cannot be of dynamic type");
		const d_type_t *ra = d_resolve(a.type), *rb = d_resolve(b.type);
		d_type_t *t;
		if (d_is_arith(ra) && d_is_arith(rb))
			t = d_arith_conv(g->ts, a.type, b.type);
		else if (ra->kind == TK_STRING && rb->kind == TK_STRING)
			t = a.type;
		else if (d_is_stringlike(ra) && d_is_stringlike(rb) &&
		    (ra->kind == TK_STRING || rb->kind == TK_STRING))
			t = d_t_string(g->ts);
		/* two char * stay char *: string only when a branch is one */
		else if (d_type_compat(ra, rb) && ra->kind == rb->kind)
			t = a.type;
		else if (d_is_stringlike(ra) && d_is_stringlike(rb))
			t = d_t_string(g->ts);
		else if (cg_is_ptr_or_string(ra) && cg_is_null_const(g, n->right))
			t = a.type;
		else if (cg_is_ptr_or_string(rb) && cg_is_null_const(g, n->left))
			t = b.type;
		else
			d_error(g->cc, n->line, "D_OP_INCOMPAT",
			    "operator ?: operands must have compatible types");
		if (cg_is_actfunc(n->left) || cg_is_actfunc(n->right))
			d_error(g->cc, n->line, "D_OP_ACT",
			    "action cannot be used in a conditional context");
		v = cg_val(c.reg, t);
		break;
	}
	case N_CAST: {
		d_type_t *t = cg_tname(g, n->tname);
		cg_attr_type(g, t);
		v = cg_expr(g, n->left);
		const d_type_t *rt = d_resolve(t), *rf = d_resolve(v.type);
		/* dt_cook_op2 DT_TOK_LPAR: the same type (ctf_type_compat) is
		 * always a valid cast, structs and unions included */
		int ok = d_type_compat(t, v.type) ||
		    (d_is_scalar(rt) && (d_is_scalar(rf) ||
		    rf->kind == TK_FUNC)) ||
		    (rt->kind == TK_PTR && (rf->kind == TK_PTR ||
		    rf->kind == TK_ARRAY)) ||
		    (d_is_void(rt)) ||
		    (d_is_scalar(rt) && rf->kind == TK_ARRAY) ||
		    /* dt_cook_op2: D adds casts from scalars to strings; the
		     * register already holds the address the string reads */
		    (rt->kind == TK_STRING && (d_is_scalar(rf) ||
		    rf->kind == TK_ARRAY || rf->kind == TK_STRING));
		if (!ok)
			d_error(g->cc, n->line, "D_CAST_INVAL",
			    "invalid cast expression: \"%s\" to \"%s\"",
			    v.type->name, t->name);
		cg_narrow(g, v.reg, t);
		v.type = t;
		break;
	}
	case N_SIZEOF_T:
	case N_OFFSETOF:
		if (!(n->flags & D_NF_FOLDED))
			cg_fold_typeop(g, n);
		/* the folded constant keeps its type's stability, as
		 * dt_node_op1 turns the type node itself into the integer */
		if (n->kind == N_SIZEOF_T)
			cg_attr_type(g, cg_tname(g, n->tname));
		v = cg_val(cg_setx(g, n->ival), d_t_named(g->ts, "size_t"));
		break;
	case N_SIZEOF_E: {
		if (n->left->kind == N_STRING) {
			/* a string constant's size is its length, as in DTrace */
			v = cg_val(cg_setx(g, n->left->slen + 1),
			    d_t_named(g->ts, "size_t"));
			break;
		}
		/* type only: generate, then drop the code */
		size_t nt = g->text.n;
		unsigned regs = g->regs;
		g->typing++;
		val_t e = cg_expr(g, n->left);
		g->typing--;
		if (n->left->kind == N_MEMBER) {
			d_tmember_t *m;
			int user;
			(void)cg_addr_of_member(g, n->left, &m, &user);
			if (m->bits)
				d_error(g->cc, n->line, "D_SIZEOF_BITFIELD",
				    "cannot apply sizeof to a bit-field");
		}
		g->text.n = nt;
		g->action_of.n = nt;
		g->regs = regs;
		/* dt_node_sizeof: translated data has the size of what the
		 * translation yields (the output type, or a pointer to it) */
		const d_type_t *st = cg_is_xlated_type(g, e.type) ?
		    e.type->base : e.type;
		if (d_is_void(st) || d_sizeof(st) == 0)
			d_error(g->cc, n->line, "D_SIZEOF_TYPE",
			    "cannot apply sizeof to an operand of unknown size");
		v = cg_val(cg_setx(g, d_sizeof(st)), d_t_named(g->ts, "size_t"));
		break;
	}
	case N_STRINGOF: {
		v = cg_expr(g, n->left);
		const d_type_t *rt = d_resolve(v.type);
		if (!(d_is_scalar(rt) || rt->kind == TK_STRING ||
		    d_is_char_array(rt)))
			d_error(g->cc, n->line, "D_STRINGOF_TYPE",
			    "cannot apply stringof to a value of type %s",
			    v.type->name);
		v.type = d_t_string(g->ts);
		break;
	}
	case N_XLATE:
		v = cg_xlate(g, n);
		break;
	case N_CALL:
		v = cg_call(g, n);
		break;
	default:
		d_error(g->cc, n->line, "D_UNKNOWN", "unexpected expression");
	}
	g->line = saved_line;
	return v;
}

/* ------------------------------------------------------------------ */
/* statements and DIFOs */

static void cg_stmt(cg_t *g, d_node_t *s)
{
	d_depth_guard(g->cc, s->line);
	g->line = s->line;
	switch (s->kind) {
	case S_EXPR: {
		d_node_t *e = s->left;
		int64_t cv;
		g->action++;
		/*
		 * dt_node_op3 has already replaced a ?: whose condition is an
		 * integer constant (inlines included) by the branch it picks,
		 * so `OPT ? @a[k] = count() : 1;` is an aggregation statement
		 * and `OPT ? printa(@a) : 1;` an action, as the DTraceToolkit
		 * writes them
		 */
		while (e->kind == N_TERNARY && cg_parse_int(g, e->cond) &&
		    cg_const(g, e->cond, &cv) == 0)
			e = cv ? e->left : e->right;
		if (e->kind == N_BINARY && e->op == D_OP_ASSIGN &&
		    e->left->kind == N_AGG) {
			cg_agg_stmt(g, e);
		} else if (e->kind == N_CALL && cg_action_stmt(g, e)) {
			/* an action: it recorded what it needs */
		} else if (e->kind == N_AGG && e->args == NULL &&
		    !cg_agg_known(g, e->name ? e->name : "")) {
			/* dt_cook_ident looks a bare @a up without creating
			 * it (a subscript creates it: D_AGG_NULL) */
			d_error(g->cc, e->line, "D_IDENT_UNDEF",
			    "failed to resolve @%s: Unknown variable name",
			    e->name ? e->name : "");
		} else if (e->kind == N_AGG) {
			d_error(g->cc, e->line, "D_AGG_NULL",
			    "expression has null effect: @%s",
			    e->name ? e->name : "");
		} else {
			val_t v = cg_expr(g, e);
			/* dt_cg: each statement is a DIF expression, which
			 * may not yield a translated pointer */
			if (cg_xlate_ptr(g, v.type))
				d_error(g->cc, e->line, "D_CG_DYN",
				    "expression cannot evaluate to result of "
				    "a translated pointer");
			cg_reg_free(g, v.reg);
		}
		cg_actval_done(g);
		break;
	}
	case S_IF: {
		val_t c = cg_expr(g, s->cond);
		if (!d_is_scalar(c.type))
			d_error(g->cc, s->line, "D_IF_SCALAR",
			    "if-statement condition must be of scalar type");
		cg_actval_done(g);
		size_t br = cg_emit(g, DIF_BZ, 0, c.reg, 0, 0);
		cg_reg_free(g, c.reg);
		cg_stmt(g, s->then_s);
		if (s->else_s != NULL) {
			size_t end = cg_emit(g, DIF_BA, 0, 0, 0, 0);
			cg_patch(g, br);
			cg_stmt(g, s->else_s);
			cg_patch(g, end);
		} else {
			cg_patch(g, br);
		}
		break;
	}
	case S_BLOCK:
		for (d_node_t *b = s->body; b; b = b->next)
			cg_stmt(g, b);
		break;
	default:
		d_error(g->cc, s->line, "D_UNKNOWN", "unexpected statement");
	}
}

static void difo_reset(cg_t *g)
{
	/* a body that failed (and is compiled again, see compile_clause)
	 * left formats that are still ours */
	for (size_t i = 0; i < g->rdescs.n; i++)
		if (g->rdescs.v[i].fmt != NULL)
			pfmt_free(g->rdescs.v[i].fmt);
	g->text.n = g->action_of.n = g->ints.n = g->strs.n = 0;
	g->recs.n = g->rdescs.n = 0;
	g->regs = 0;
	g->action = 0;
	g->clause_exits = 0;
	g->cl_datarec = g->cl_spec = g->cl_commit = 0;
	g->attr_off = 0;
}

#define DUP(dst, src, n) do { \
	(dst) = NULL; \
	if ((n) > 0) { \
		(dst) = malloc((n) * sizeof(*(src))); \
		if ((dst) == NULL) \
			d_error(g->cc, 0, "D_NOMEM", "out of memory"); \
		memcpy((dst), (src), (n) * sizeof(*(src))); \
	} \
} while (0)

static difo_t *difo_take(cg_t *g)
{
	difo_t *dp = calloc(1, sizeof(*dp));
	if (dp == NULL)
		d_error(g->cc, 0, "D_NOMEM", "out of memory");
	DUP(dp->text, g->text.v, g->text.n);
	dp->ntext = g->text.n;
	DUP(dp->action_of, g->action_of.v, g->action_of.n);
	DUP(dp->inttab, g->ints.v, g->ints.n);
	dp->nint = g->ints.n;
	DUP(dp->strtab, g->strs.v, g->strs.n);
	dp->nstr = g->strs.n;
	DUP(dp->rectab, g->recs.v, g->recs.n);
	dp->nrec = g->recs.n;
	return dp;
}

void difo_free(difo_t *dp)
{
	if (dp == NULL)
		return;
	free(dp->text);
	free(dp->action_of);
	free(dp->inttab);
	free(dp->strtab);
	free(dp->rectab);
	free(dp);
}

difo_t *cg_predicate(cg_t *g, d_node_t *pred, int clause_line)
{
	difo_reset(g);
	g->cc->region = "predicate";
	val_t v = cg_expr(g, pred);
	/* dt_cook_clause raises this with the clause node's line */
	if (!d_is_scalar(v.type))
		d_error(g->cc, clause_line, "D_PRED_SCALAR",
		    "predicate result must be of scalar type");
	cg_actval_done(g);
	cg_emit(g, DIF_RET, 0, v.reg, 0, 0);
	g->cc->region = NULL;
	return difo_take(g);
}

difo_t *cg_body(cg_t *g, d_node_t *stmts, d_recdesc_t **recs, size_t *nrecs)
{
	difo_reset(g);
	g->cc->region = "action list";
	for (d_node_t *s = stmts; s; s = s->next)
		cg_stmt(g, s);
	cg_emit(g, DIF_RET, 0, 0, 0, 0);
	g->cc->region = NULL;
	difo_t *dp = difo_take(g);
	*nrecs = g->rdescs.n;
	*recs = NULL;
	if (g->rdescs.n > 0) {
		*recs = malloc(g->rdescs.n * sizeof(d_recdesc_t));
		if (*recs == NULL) {
			difo_free(dp);
			d_error(g->cc, 0, "D_NOMEM", "out of memory");
		}
		memcpy(*recs, g->rdescs.v, g->rdescs.n * sizeof(d_recdesc_t));
	}
	g->rdescs.n = 0;   /* ownership of the formats moved to *recs */
	return dp;
}

void cg_init(cg_t *g, d_cc_t *cc)
{
	memset(g, 0, sizeof(*g));
	g->cc = cc;
	g->ts = d_types_create(cc);
}

void cg_fini(cg_t *g)
{
	/* formats of a body that failed to compile are still ours */
	for (size_t i = 0; i < g->rdescs.n; i++)
		if (g->rdescs.v[i].fmt != NULL)
			pfmt_free(g->rdescs.v[i].fmt);
	free(g->vars.v);
	free(g->text.v);
	free(g->action_of.v);
	free(g->ints.v);
	free(g->strs.v);
	free(g->recs.v);
	free(g->rdescs.v);
	free(g->aggs.v);
	memset(g, 0, sizeof(*g));
}
