/*
 * cg.c — type checking and DIF code generation for D predicates and
 * clause bodies, in one pass over the parse tree.
 *
 * Owns: expression typing (C's promotions and conversions, D's string
 * and variable rules), the compile-time errors about them, register
 * allocation, and the record descriptors of actions (trace, printf, exit).
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

static uint32_t int_index(cg_t *g, uint64_t v)
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
	cg_emit(g, DIF_SETX, r, 0, 0, int_index(g, v));
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

static const char *opstr(int op)
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

static d_type_t *t_int(cg_t *g) { return d_typedef_lookup(g->ts, "int"); }

/* ------------------------------------------------------------------ */
/* built-in variables */

typedef struct builtin {
	const char *name;
	uint32_t id;
	const char *type;
} builtin_t;

static const builtin_t builtins[] = {
	{ "arg0", DIF_VAR_ARG0 + 0, "int64_t" }, { "arg1", DIF_VAR_ARG0 + 1, "int64_t" },
	{ "arg2", DIF_VAR_ARG0 + 2, "int64_t" }, { "arg3", DIF_VAR_ARG0 + 3, "int64_t" },
	{ "arg4", DIF_VAR_ARG0 + 4, "int64_t" }, { "arg5", DIF_VAR_ARG0 + 5, "int64_t" },
	{ "arg6", DIF_VAR_ARG0 + 6, "int64_t" }, { "arg7", DIF_VAR_ARG0 + 7, "int64_t" },
	{ "arg8", DIF_VAR_ARG0 + 8, "int64_t" }, { "arg9", DIF_VAR_ARG0 + 9, "int64_t" },
	{ "timestamp", DIF_VAR_TIMESTAMP, "uint64_t" },
	{ "vtimestamp", DIF_VAR_VTIMESTAMP, "uint64_t" },
	{ "walltimestamp", DIF_VAR_WALLTIMESTAMP, "int64_t" },
	{ "pid", DIF_VAR_PID, "pid_t" }, { "ppid", DIF_VAR_PPID, "pid_t" },
	{ "tid", DIF_VAR_TID, "id_t" }, { "uid", DIF_VAR_UID, "uid_t" },
	{ "gid", DIF_VAR_GID, "gid_t" }, { "execname", DIF_VAR_EXECNAME, "string" },
	{ "probeprov", DIF_VAR_PROBEPROV, "string" },
	{ "probemod", DIF_VAR_PROBEMOD, "string" },
	{ "probefunc", DIF_VAR_PROBEFUNC, "string" },
	{ "probename", DIF_VAR_PROBENAME, "string" },
	{ "id", DIF_VAR_ID, "uint_t" }, { "epid", DIF_VAR_EPID, "uint_t" },
	{ "cpu", DIF_VAR_CPU, "processorid_t" }, { "errno", DIF_VAR_ERRNO, "int" },
	{ "ucaller", DIF_VAR_UCALLER, "uint64_t" },
	{ "ustackdepth", DIF_VAR_USTACKDEPTH, "uint32_t" },
	{ "curthread", DIF_VAR_CURTHREAD, "uintptr_t" },
};

static const builtin_t *builtin_lookup(const char *name)
{
	for (size_t i = 0; i < sizeof(builtins) / sizeof(builtins[0]); i++)
		if (strcmp(builtins[i].name, name) == 0)
			return &builtins[i];
	return NULL;
}

/* ------------------------------------------------------------------ */
/* variables */

static int var_ld_op(const cg_var_t *v)
{
	if (v->assoc)
		return v->scope == DIF_SCOPE_THREAD ? DIF_LDTAA : DIF_LDGAA;
	return v->scope == DIF_SCOPE_GLOBAL ? DIF_LDGS :
	    v->scope == DIF_SCOPE_THREAD ? DIF_LDTS : DIF_LDLS;
}

static int var_st_op(const cg_var_t *v)
{
	if (v->assoc)
		return v->scope == DIF_SCOPE_THREAD ? DIF_STTAA : DIF_STGAA;
	return v->scope == DIF_SCOPE_GLOBAL ? DIF_STGS :
	    v->scope == DIF_SCOPE_THREAD ? DIF_STTS : DIF_STLS;
}

static const char *var_display(cg_t *g, int scope, const char *name)
{
	if (scope == DIF_SCOPE_THREAD)
		return d_sprintf(g->cc, "self->%s", name);
	if (scope == DIF_SCOPE_LOCAL)
		return d_sprintf(g->cc, "this->%s", name);
	return name;
}

/* Push the keys of an associative reference onto the tuple stack. */
static void push_keys(cg_t *g, cg_var_t *v, d_node_t *keys, int line)
{
	int nk = 0;
	for (d_node_t *k = keys; k; k = k->next)
		nk++;
	const char *name = var_display(g, v->scope, v->name);
	if (v->keys != NULL && nk != v->nkeys)
		d_error(g->cc, line, "D_PROTO_LEN",
		    "%s[ ] prototype mismatch: %d key%s passed, %d expected",
		    name, nk, nk == 1 ? "" : "s", v->nkeys);
	/*
	 * illumos evaluates every key into one of its seven usable DIF
	 * registers (%r1-%r7) before pushing any, so a tuple of more keys
	 * cannot be generated there: refuse it the same way rather than
	 * accept programs DTrace rejects.
	 */
	if (nk > 7)
		d_error(g->cc, line, "D_NOREG",
		    "Insufficient registers to generate code");
	d_type_t *kt[DIF_TUPLE_MAX];
	val_t kv[DIF_TUPLE_MAX];
	int i = 0;
	for (d_node_t *k = keys; k; k = k->next, i++) {
		kv[i] = cg_expr(g, k);
		kt[i] = kv[i].type;
		if (d_is_void(kt[i]) || !(d_is_scalar(kt[i]) || d_is_string(kt[i])))
			d_error(g->cc, line, "D_KEY_TYPE",
			    "%s[ ] key #%d is of invalid type: %s", name, i + 1,
			    kt[i]->name);
		if (v->keys != NULL) {
			int ok = d_is_string(v->keys[i]) ? d_is_string(kt[i]) :
			    d_is_scalar(kt[i]) && !d_is_string(kt[i]);
			if (!ok)
				d_error(g->cc, line, "D_PROTO_ARG",
				    "%s[ ] key #%d is incompatible with prototype:\n"
				    "\tprototype: %s\n\t%9s: %s\n", name,
				    i + 1, v->keys[i]->name, "key", kt[i]->name);
		}
	}
	if (v->keys == NULL) {
		v->nkeys = nk;
		v->keys = d_alloc(g->cc, sizeof(d_type_t *) * (size_t)(nk ? nk : 1));
		memcpy(v->keys, kt, sizeof(d_type_t *) * (size_t)nk);
	}
	cg_emit(g, DIF_FLUSHTS, 0, 0, 0, 0);
	for (i = 0; i < nk; i++) {
		if (d_is_string(kt[i])) {
			int sz = cg_setx(g, (uint64_t)g->cc->strsize);
			cg_emit(g, DIF_PUSHTR, 0, kv[i].reg, sz, 1);
			cg_reg_free(g, sz);
		} else {
			/* keys are narrowed to their declared type */
			cg_narrow(g, kv[i].reg, v->keys[i]);
			cg_emit(g, DIF_PUSHTV, 0, kv[i].reg, 0, 0);
		}
		cg_reg_free(g, kv[i].reg);
	}
}

/* ------------------------------------------------------------------ */
/* lvalues */

enum lv_kind { LV_VAR, LV_ASSOC, LV_MEM };
typedef struct lval {
	int kind;
	cg_var_t *var;      /* LV_VAR, LV_ASSOC (NULL for a new variable) */
	const char *name;   /* new variable name */
	int scope;
	d_node_t *keys;     /* LV_ASSOC */
	int addr;           /* LV_MEM: register with the address */
	d_type_t *type;     /* NULL for a variable not yet typed */
	int bits, bitoff;   /* LV_MEM bit-field */
	int user;           /* LV_MEM: addr is in the traced process */
} lval_t;

static void check_writable_ident(cg_t *g, d_node_t *n, const char *op)
{
	if (builtin_lookup(n->name) != NULL)
		d_error(g->cc, n->line, "D_OP_WRITE",
		    "operator %s can only be applied to a writable variable", op);
}

static val_t cg_addr_of_member(cg_t *g, d_node_t *n, d_tmember_t **mp,
    int *user);
static void user_copyin(cg_t *g, int reg, size_t size);
static int is_user_ptr(const d_type_t *t);

/* base[index] of array or pointer type bt: base register += index * element size (n: the N_INDEX). */
static void index_addr(cg_t *g, d_node_t *n, int base, const d_type_t *bt)
{
	d_node_t *b = n->left;
	if (n->args != NULL && n->args->next != NULL &&
	    (b->kind == N_IDENT || b->kind == N_SELF || b->kind == N_THIS))
		d_error(g->cc, n->line, "D_ARR_BADREF",
		    "cannot access scalar %s as an associative array", b->name);
	if (n->args == NULL || n->args->next != NULL)
		d_error(g->cc, n->line, "D_ARR_BADREF",
		    "array subscript must have exactly one index");
	val_t i = cg_expr(g, n->args);
	if (!d_is_int(i.type))
		d_error(g->cc, n->line, "D_ARR_BADREF",
		    "array subscript must be of integral type");
	int sz = cg_setx(g, d_sizeof(bt->base));
	cg_emit(g, DIF_MUL, i.reg, i.reg, sz, 0);
	cg_emit(g, DIF_ADD, base, base, i.reg, 0);
	cg_reg_free(g, sz);
	cg_reg_free(g, i.reg);
}

static lval_t cg_lvalue(cg_t *g, d_node_t *n, const char *op, int creating)
{
	lval_t lv = { 0 };
	switch (n->kind) {
	case N_IDENT: {
		int64_t dummy;
		d_type_t *dt;
		if (n->scope == NULL)
			check_writable_ident(g, n, op);
		if (d_enumconst_lookup(g->ts, n->name, &dummy, &dt) == 0 ||
		    cg_inline_lookup(g, n->name) != NULL)
			d_error(g->cc, n->line, "D_OP_LVAL",
			    "operator %s requires modifiable lvalue as an operand", op);
		lv.kind = LV_VAR;
		lv.scope = DIF_SCOPE_GLOBAL;
		lv.name = n->name;
		lv.var = cg_var_lookup(g, n->name, DIF_SCOPE_GLOBAL);
		if (lv.var == NULL && !creating)
			d_error(g->cc, n->line, "D_IDENT_UNDEF",
			    "failed to resolve %s: Unknown variable name", n->name);
		if (lv.var != NULL && lv.var->assoc)
			d_error(g->cc, n->line, "D_IDENT_BADREF",
			    "associative array '%s' may not be referenced as "
			    "scalar", n->name);
		lv.type = lv.var ? lv.var->type : NULL;
		return lv;
	}
	case N_SELF: case N_THIS: {
		lv.kind = LV_VAR;
		lv.scope = n->kind == N_SELF ? DIF_SCOPE_THREAD : DIF_SCOPE_LOCAL;
		lv.name = n->name;
		lv.var = cg_var_lookup(g, n->name, lv.scope);
		if (lv.var == NULL && !creating)
			d_error(g->cc, n->line, "D_VAR_UNDEF",
			    "%s has not yet been declared or assigned",
			    var_display(g, lv.scope, n->name));
		lv.type = lv.var ? lv.var->type : NULL;
		return lv;
	}
	case N_INDEX: {
		d_node_t *b = n->left;
		if (b->kind == N_IDENT || b->kind == N_SELF) {
			int scope = b->kind == N_SELF ? DIF_SCOPE_THREAD :
			    DIF_SCOPE_GLOBAL;
			if (b->kind == N_IDENT && b->scope == NULL)
				check_writable_ident(g, b, op);
			cg_var_t *v = cg_var_lookup(g, b->name, scope);
			if (v == NULL || v->assoc) {
				if (v == NULL && !creating)
					d_error(g->cc, b->line, scope == DIF_SCOPE_THREAD ?
					    "D_VAR_UNDEF" : "D_IDENT_UNDEF",
					    scope == DIF_SCOPE_THREAD ?
					    "%s has not yet been declared or assigned" :
					    "failed to resolve %s: Unknown variable name",
					    var_display(g, scope, b->name));
				lv.kind = LV_ASSOC;
				lv.var = v;
				lv.name = b->name;
				lv.scope = scope;
				lv.keys = n->args;
				lv.type = v ? v->type : NULL;
				return lv;
			}
		}
		if (b->kind == N_THIS) {
			cg_var_t *v = cg_var_lookup(g, b->name, DIF_SCOPE_LOCAL);
			if (v == NULL)
				d_error(g->cc, n->line, "D_ARR_LOCAL",
				    "local variables may not be used as "
				    "associative arrays: %s", b->name);
		}
		break;
	}
	default:
		break;
	}
	/* memory lvalues: *p, p->m, s.m, a[i] */
	if (n->kind == N_UNARY && n->op == D_OP_DEREF) {
		val_t p = cg_expr(g, n->left);
		if (!d_is_ptr(p.type))
			d_error(g->cc, n->line, "D_DEREF_NONPTR",
			    "cannot dereference non-pointer type");
		lv.kind = LV_MEM;
		lv.addr = p.reg;
		lv.type = d_resolve(p.type)->base;
		lv.user = is_user_ptr(p.type);
		return lv;
	}
	if (n->kind == N_MEMBER) {
		d_tmember_t *m;
		val_t a = cg_addr_of_member(g, n, &m, &lv.user);
		lv.kind = LV_MEM;
		lv.addr = a.reg;
		lv.type = m->type;
		lv.bits = m->bits;
		lv.bitoff = m->bitoff;
		return lv;
	}
	if (n->kind == N_INDEX) {
		val_t b = cg_expr(g, n->left);
		const d_type_t *bt = d_resolve(b.type);
		if (bt->kind == TK_ARRAY || bt->kind == TK_PTR) {
			index_addr(g, n, b.reg, bt);
			lv.kind = LV_MEM;
			lv.addr = b.reg;
			lv.type = bt->base;
			lv.user = bt->kind == TK_PTR && is_user_ptr(b.type);
			return lv;
		}
	}
	d_error(g->cc, n->line, "D_OP_LVAL",
	    "operator %s requires modifiable lvalue as an operand", op);
}

static int ld_op_for(const d_type_t *t)
{
	size_t sz = d_sizeof(t);
	int sgn = d_is_signed(t);
	switch (sz) {
	case 1: return sgn ? DIF_LDSB : DIF_LDUB;
	case 2: return sgn ? DIF_LDSH : DIF_LDUH;
	case 4: return sgn ? DIF_LDSW : DIF_LDUW;
	default: return DIF_LDX;
	}
}

static int st_op_for(const d_type_t *t)
{
	switch (d_sizeof(t)) {
	case 1: return DIF_STB;
	case 2: return DIF_STH;
	case 4: return DIF_STW;
	default: return DIF_STX;
	}
}

static void lval_load(cg_t *g, lval_t *lv, int rd)
{
	switch (lv->kind) {
	case LV_VAR:
		cg_emit(g, var_ld_op(lv->var), rd, 0, 0, lv->var->id);
		break;
	case LV_ASSOC:
		push_keys(g, lv->var, lv->keys, g->line);
		cg_emit(g, var_ld_op(lv->var), rd, 0, 0, lv->var->id);
		break;
	case LV_MEM:
		if (lv->user) {
			/* the traced process's memory: read a copy */
			cg_emit(g, DIF_MOV, rd, lv->addr, 0, 0);
			user_copyin(g, rd, d_sizeof(lv->type));
			if (!d_is_byref(lv->type))
				cg_emit(g, ld_op_for(lv->type), rd, rd, 0, 0);
		} else if (d_is_byref(lv->type))
			cg_emit(g, DIF_MOV, rd, lv->addr, 0, 0);
		else
			cg_emit(g, ld_op_for(lv->type), rd, lv->addr, 0, 0);
		if (lv->bits) {
			int s = cg_setx(g, (uint64_t)(64 - lv->bitoff - lv->bits));
			cg_emit(g, DIF_SLL, rd, rd, s, 0);
			cg_emit(g, DIF_SETX, s, 0, 0, int_index(g, (uint64_t)(64 - lv->bits)));
			cg_emit(g, d_is_signed(lv->type) ? DIF_SRA : DIF_SRL, rd, rd, s, 0);
			cg_reg_free(g, s);
		}
		break;
	}
}

/* Store register r (already converted to lv->type) into the lvalue. */
static void lval_store(cg_t *g, lval_t *lv, int r)
{
	if (lv->kind == LV_MEM && lv->user)
		d_error(g->cc, g->line, "D_OP_WRITE", "cannot write to the "
		    "traced process through a pointer: use copyout( )");
	switch (lv->kind) {
	case LV_VAR:
		cg_emit(g, var_st_op(lv->var), 0, r, 0, lv->var->id);
		break;
	case LV_ASSOC:
		push_keys(g, lv->var, lv->keys, g->line);
		cg_emit(g, var_st_op(lv->var), 0, r, 0, lv->var->id);
		break;
	case LV_MEM:
		if (d_is_byref(lv->type)) {
			int sz = cg_setx(g, d_sizeof(lv->type));
			cg_emit(g, DIF_COPYS, lv->addr, r, sz, 0);
			cg_reg_free(g, sz);
		} else if (lv->bits) {
			/* read-modify-write of the storage unit */
			int old = cg_reg_alloc(g), m = cg_reg_alloc(g), t = cg_reg_alloc(g);
			uint64_t mask = (lv->bits >= 64 ? ~0ULL :
			    ((1ULL << lv->bits) - 1)) << lv->bitoff;
			cg_emit(g, ld_op_for(lv->type), old, lv->addr, 0, 0);
			cg_emit(g, DIF_SETX, m, 0, 0, int_index(g, ~mask));
			cg_emit(g, DIF_AND, old, old, m, 0);
			cg_emit(g, DIF_SETX, t, 0, 0, int_index(g, (uint64_t)lv->bitoff));
			cg_emit(g, DIF_SLL, m, r, t, 0);
			cg_emit(g, DIF_SETX, t, 0, 0, int_index(g, mask));
			cg_emit(g, DIF_AND, m, m, t, 0);
			cg_emit(g, DIF_OR, old, old, m, 0);
			cg_emit(g, st_op_for(lv->type), lv->addr, old, 0, 0);
			cg_reg_free(g, old); cg_reg_free(g, m); cg_reg_free(g, t);
		} else {
			cg_emit(g, st_op_for(lv->type), lv->addr, r, 0, 0);
		}
		break;
	}
}

static void lval_done(cg_t *g, lval_t *lv)
{
	if (lv->kind == LV_MEM)
		cg_reg_free(g, lv->addr);
}

/* ------------------------------------------------------------------ */
/* conversions */

static void incompat(cg_t *g, int line, const d_type_t *a, const char *op,
    const d_type_t *b)
{
	d_error(g->cc, line, "D_OP_INCOMPAT",
	    "operands have incompatible types: \"%s\" %s \"%s\"",
	    a->name, op, b->name);
}

/* Types a null pointer constant (integer constant 0) converts to. */
static int is_ptr_or_string(const d_type_t *t)
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

static val_t mkval(int r, d_type_t *t)
{
	val_t v = { r, t };
	return v;
}

static val_t cg_ident(cg_t *g, d_node_t *n)
{
	int64_t cv;
	d_type_t *t;
	const builtin_t *b;
	cg_inline_t *in;
	cg_var_t *v;

	if (n->scope == NULL && d_enumconst_lookup(g->ts, n->name, &cv, &t) == 0)
		return mkval(cg_setx(g, (uint64_t)cv), t);
	if (n->scope == NULL && (in = cg_inline_lookup(g, n->name)) != NULL) {
		int saved = g->line;
		val_t iv = cg_expr(g, in->value);
		g->line = saved;
		/* an integer constant stands for itself, its type included */
		if (in->value->kind == N_INT)
			return iv;
		cg_narrow(g, iv.reg, in->type);
		return mkval(iv.reg, in->type);
	}
	if (n->scope == NULL && (v = cg_var_lookup(g, n->name,
	    DIF_SCOPE_GLOBAL)) != NULL) {
		if (v->assoc)
			d_error(g->cc, n->line, "D_IDENT_BADREF",
			    "associative array '%s' may not be referenced as "
			    "scalar", n->name);
		int r = cg_reg_alloc(g);
		cg_emit(g, DIF_LDGS, r, 0, 0, v->id);
		return mkval(r, v->type);
	}
	/* NULL is `inline long NULL = 0`, which D reads as the int 0 */
	if (n->scope == NULL && strcmp(n->name, "NULL") == 0)
		return mkval(cg_setx(g, 0), t_int(g));
	if ((b = builtin_lookup(n->name)) != NULL) {
		int r = cg_reg_alloc(g);
		cg_emit(g, DIF_LDGS, r, 0, 0, b->id);
		return mkval(r, d_t_named(g->ts, b->type));
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
static int is_user_ptr(const d_type_t *t)
{
	return t->user || d_resolve(t)->user;
}

/* reg holds an address in the traced process: replace it with a scratch copy. */
static void user_copyin(cg_t *g, int reg, size_t size)
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
static val_t cg_addr_of_member(cg_t *g, d_node_t *n, d_tmember_t **mp,
    int *user)
{
	val_t b = cg_expr(g, n->left);
	const d_type_t *bt = d_resolve(b.type);
	*user = 0;
	if (n->op == D_OP_ARROW) {
		if (bt->kind != TK_PTR)
			d_error(g->cc, n->line, "D_OP_PTR",
			    "operator -> must be applied to a pointer");
		*user = is_user_ptr(b.type);
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
		    "operator %s cannot be applied to incomplete type %s%s",
		    opstr(n->op), bt->name, d_dw_hint(g, bt));
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
	return mkval(b.reg, m->type);
}

static val_t load_from_addr(cg_t *g, int r, d_type_t *t)
{
	if (!d_is_byref(t))
		cg_emit(g, ld_op_for(t), r, r, 0, 0);
	return mkval(r, t);
}

static val_t cg_index(cg_t *g, d_node_t *n)
{
	d_node_t *b = n->left;
	if (b->kind == N_IDENT && b->scope == NULL &&
	    cg_var_lookup(g, b->name, DIF_SCOPE_GLOBAL) == NULL &&
	    (strcmp(b->name, "args") == 0 || strcmp(b->name, "uregs") == 0)) {
		int isargs = b->name[0] == 'a';
		if (n->args == NULL || n->args->next != NULL)
			d_error(g->cc, n->line, "D_ARR_BADREF",
			    "%s[ ] requires exactly one subscript", b->name);
		int64_t idx = -1;
		int isconst = cg_const(g, n->args, &idx) == 0;
		if (isargs && !isconst) {
			/* illumos dt_idcook_args: the subscript must be an
			 * integer constant, so args[ ] can be typed */
			int saved = g->line;
			val_t t = cg_expr(g, n->args);
			g->line = saved;
			d_error(g->cc, n->line, "D_PROTO_ARG",
			    "args[ ] argument #1 is incompatible with "
			    "prototype:\n\tprototype: integer constant\n"
			    "\t argument: %s", t.type->name);
		}
		if (isargs && isconst && g->noargs_desc != NULL)
			d_error(g->cc, n->line, "D_ARGS_IDX",
			    "index %lld is out of range for %s args[ ]",
			    (long long)idx, g->noargs_desc);
		if (isconst) {
			if (!isargs && (idx < 0 || idx >= UDT_NREGS))
				d_error(g->cc, n->line, "D_REGS_IDX",
				    "index %lld is out of range for uregs[ ]",
				    (long long)idx);
			if (isargs && (idx < 0 || idx > 11))
				d_error(g->cc, n->line, "D_ARGS_IDX",
				    "index %lld is out of range for args[ ]",
				    (long long)idx);
		}
		val_t i = cg_expr(g, n->args);
		if (!d_is_int(i.type))
			d_error(g->cc, n->line, "D_ARR_BADREF",
			    "%s[ ] subscript must be of integral type", b->name);
		cg_emit(g, DIF_LDGA, i.reg, i.reg, 0,
		    isargs ? DIF_VAR_ARGS : DIF_VAR_UREGS);
		/* pid probes: the parameter's declared type, from DWARF */
		if (isargs && idx >= 0 && idx < g->nargtypes &&
		    g->argtypes[idx] != NULL && !d_is_void(g->argtypes[idx]) &&
		    !d_is_byref(g->argtypes[idx])) {
			cg_narrow(g, i.reg, g->argtypes[idx]);
			return mkval(i.reg, g->argtypes[idx]);
		}
		return mkval(i.reg, d_t_named(g->ts, isargs ? "int64_t" : "uint64_t"));
	}
	if (b->kind == N_IDENT || b->kind == N_SELF) {
		int scope = b->kind == N_SELF ? DIF_SCOPE_THREAD : DIF_SCOPE_GLOBAL;
		cg_var_t *v = cg_var_lookup(g, b->name, scope);
		if (v == NULL && b->kind == N_IDENT && b->scope == NULL &&
		    builtin_lookup(b->name) == NULL &&
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
			    var_display(g, scope, b->name));
		if (v != NULL && v->assoc) {
			lval_t lv = { .kind = LV_ASSOC, .var = v, .keys = n->args,
			    .type = v->type };
			int r = cg_reg_alloc(g);
			lval_load(g, &lv, r);
			return mkval(r, v->type);
		}
	}
	if (b->kind == N_THIS && cg_var_lookup(g, b->name, DIF_SCOPE_LOCAL) == NULL)
		d_error(g->cc, n->line, "D_VAR_UNDEF",
		    "%s has not yet been declared or assigned",
		    var_display(g, DIF_SCOPE_LOCAL, b->name));
	val_t base = cg_expr(g, b);
	const d_type_t *bt = d_resolve(base.type);
	if (bt->kind != TK_ARRAY && bt->kind != TK_PTR)
		d_error(g->cc, n->line, "D_OP_ARRPTR",
		    "operator [ ] may not be applied to operand of type \"%s\"",
		    base.type->name);
	index_addr(g, n, base.reg, bt);
	if (bt->kind == TK_PTR && is_user_ptr(base.type))
		user_copyin(g, base.reg, d_sizeof(bt->base));
	return load_from_addr(g, base.reg, bt->base);
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
static void convert_int(cg_t *g, val_t *v, d_type_t *to)
{
	if (!d_is_int(to) || !d_is_int(v->type))
		return;
	if (d_sizeof(to) < 8 && !d_is_signed(to) && d_is_signed(v->type))
		cg_narrow(g, v->reg, to);
}

static int arith_op(int op, int is_unsigned)
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

static int base_op(int op)
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
static int is_vfptr(const d_type_t *t)
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
static d_type_t *arith(cg_t *g, int op, val_t *a, val_t *b, int line,
    const char *opname)
{
	const d_type_t *ra = d_resolve(a->type), *rb = d_resolve(b->type);
	switch (op) {
	case D_OP_ADD: case D_OP_SUB:
		/* illumos: no arithmetic through void or function pointers */
		if (is_vfptr(ra) || is_vfptr(rb))
			incompat(g, line, a->type, opname, b->type);
		if (ra->kind == TK_PTR && d_is_int(rb)) {
			int sz = cg_setx(g, d_sizeof(ra->base) ? d_sizeof(ra->base) : 1);
			cg_emit(g, DIF_MUL, b->reg, b->reg, sz, 0);
			cg_reg_free(g, sz);
			cg_emit(g, arith_op(op, 0), a->reg, a->reg, b->reg, 0);
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
				incompat(g, line, a->type, opname, b->type);
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
			incompat(g, line, a->type, opname, b->type);
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
		t = d_promote(g->ts, a->type);
	else
		t = d_arith_conv(g->ts, a->type, b->type);
	if (op != D_OP_SHL && op != D_OP_SHR) {
		convert_int(g, a, t);
		convert_int(g, b, t);
	}
	cg_emit(g, arith_op(op, !d_is_signed(t)), a->reg, a->reg, b->reg, 0);
	return t;
}

/*
 * Give a variable seen for the first time its type. `++` and `--` on a
 * variable never assigned make it an int64_t starting at 0, as DTrace
 * does (`self->depth++` in flowindent scripts).
 */
static void lval_create(cg_t *g, lval_t *lv, d_type_t *t)
{
	if (lv->type != NULL || lv->kind == LV_MEM)
		return;
	if (t == NULL)
		t = d_t_named(g->ts, "int64_t");
	if (d_is_char_array(t))
		t = d_t_string(g->ts);
	lv->var = cg_var_add(g, lv->name, lv->scope, t);
	if (lv->kind == LV_ASSOC)
		lv->var->assoc = 1;
	lv->type = t;
}

static val_t cg_assign(cg_t *g, d_node_t *n)
{
	const char *op = opstr(n->op);
	int creating = n->op == D_OP_ASSIGN;
	lval_t lv;

	if (n->left->kind == N_AGG)
		d_error(g->cc, n->line, "D_AGG_FUNC",
		    "@%s must be assigned the result of an aggregating function",
		    n->left->name ? n->left->name : "");
	/* the right side first: `x = x + 1` with x unknown is an error */
	val_t r;
	int loaded = -1;
	if (creating) {
		r = cg_expr(g, n->right);
		lv = cg_lvalue(g, n->left, op, 1);
	} else {
		int64_t cv;
		if ((n->op == D_OP_DIV_EQ || n->op == D_OP_MOD_EQ) &&
		    cg_const(g, n->right, &cv) == 0 && cv == 0)
			d_error(g->cc, n->line, "D_DIV_ZERO",
			    "expression contains division by zero");
		/* illumos cooks the left side of x op= e as a read: a
		 * variable never assigned is D_VAR_UNDEF */
		lv = cg_lvalue(g, n->left, op, 1);
		if (lv.kind != LV_MEM && lv.var == NULL)
			d_error(g->cc, n->line, "D_VAR_UNDEF",
			    "%s has not yet been declared or assigned",
			    var_display(g, lv.scope, lv.name));
		/* and loads it before evaluating the right side, so
		 * i += i++ adds the old i */
		loaded = cg_reg_alloc(g);
		lval_t copy = lv;
		lval_load(g, &copy, loaded);
		r = cg_expr(g, n->right);
		/* the right side may have declared variables: re-find ours */
		if (lv.kind != LV_MEM && lv.var != NULL)
			lv.var = cg_var_lookup(g, lv.var->name, lv.scope);
	}
	if (d_is_void(r.type))
		d_error(g->cc, n->line, "D_OP_VOID",
		    "operator %s cannot be applied to a void expression", op);
	/* first assignment fixes the variable's type */
	lval_create(g, &lv, r.type);
	if (d_resolve(lv.type)->kind == TK_ARRAY ||
	    d_resolve(lv.type)->kind == TK_FUNC)
		d_error(g->cc, n->line, "D_OP_ARRFUN",
		    "operator %s may not be applied to operand of type \"%s\"",
		    op, lv.type->name);
	if (!creating) {
		val_t a = mkval(loaded, lv.type);
		if (d_is_string(lv.type))
			incompat(g, n->line, lv.type, op, r.type);
		/* illumos: x += e / x -= e other than on arithmetic
		 * operands needs a pointer of known size and an integer */
		if ((n->op == D_OP_ADD_EQ || n->op == D_OP_SUB_EQ) &&
		    !(d_is_arith(d_resolve(lv.type)) &&
		    d_is_arith(d_resolve(r.type)))) {
			const d_type_t *lt = d_resolve(lv.type);
			if (lt->kind != TK_PTR || is_vfptr(lt))
				d_error(g->cc, n->line, "D_OP_VFPTR",
				    "operator %s requires left-hand scalar "
				    "operand of known size", op);
			if (!d_is_int(d_resolve(r.type)))
				d_error(g->cc, n->line, "D_OP_INT",
				    "operator %s requires right-hand integral "
				    "operand", op);
		}
		(void)arith(g, base_op(n->op), &a, &r, n->line, op);
		cg_reg_free(g, r.reg);
		r = a;
	} else if (!cg_assignable(lv.type, r.type) &&
	    !(is_ptr_or_string(lv.type) && cg_is_null_const(g, n->right))) {
		incompat(g, n->line, lv.type, op, r.type);
	}
	cg_narrow(g, r.reg, lv.type);
	lval_store(g, &lv, r.reg);
	lval_done(g, &lv);
	return mkval(r.reg, lv.type);
}

static val_t cg_incdec(cg_t *g, d_node_t *n, int post)
{
	const char *op = opstr(n->op);
	lval_t lv = cg_lvalue(g, n->left, op, 1);
	lval_create(g, &lv, NULL);
	if (!d_is_scalar(lv.type))
		d_error(g->cc, n->line, "D_OP_SCALAR",
		    "operator %s requires operand of scalar type", op);
	int r = cg_reg_alloc(g);
	lval_load(g, &lv, r);
	int res = post ? cg_reg_alloc(g) : r;
	if (post)
		cg_emit(g, DIF_MOV, res, r, 0, 0);
	const d_type_t *rt = d_resolve(lv.type);
	int one = cg_setx(g, rt->kind == TK_PTR ? d_sizeof(rt->base) : 1);
	cg_emit(g, n->op == D_OP_INC ? DIF_ADD : DIF_SUB, r, r, one, 0);
	cg_reg_free(g, one);
	cg_narrow(g, r, lv.type);
	lval_store(g, &lv, r);
	lval_done(g, &lv);
	if (post)
		cg_reg_free(g, r);
	return mkval(res, lv.type);
}

static val_t cg_call(cg_t *g, d_node_t *n);

val_t cg_expr(cg_t *g, d_node_t *n)
{
	d_depth_guard(g->cc, n->line);
	int saved_line = g->line;
	g->line = n->line;
	val_t v;
	switch (n->kind) {
	case N_INT:
		v = mkval(cg_setx(g, n->ival), d_t_lit(g->ts, n->itype));
		break;
	case N_STRING: {
		int r = cg_reg_alloc(g);
		cg_emit(g, DIF_SETS, r, 0, 0, str_index(g, n->str, n->slen));
		v = mkval(r, d_t_string(g->ts));
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
			    var_display(g, scope, n->name));
		if (var->assoc)
			d_error(g->cc, n->line, "D_IDENT_BADREF",
			    "associative array '%s' may not be referenced as "
			    "scalar", n->name);
		int r = cg_reg_alloc(g);
		cg_emit(g, var_ld_op(var), r, 0, 0, var->id);
		v = mkval(r, var->type);
		break;
	}
	case N_AGG:
		d_error(g->cc, n->line, "D_AGG_SCALAR",
		    "aggregations may only be used as the left-hand side of an "
		    "assignment or as arguments of aggregation actions");
	case N_INDEX:
		v = cg_index(g, n);
		break;
	case N_MEMBER: {
		d_tmember_t *m;
		int user;
		v = cg_addr_of_member(g, n, &m, &user);
		if (user)
			user_copyin(g, v.reg, d_sizeof(m->type));
		if (m->bits) {
			lval_t lv = { .kind = LV_MEM, .addr = v.reg, .type = m->type,
			    .bits = m->bits, .bitoff = m->bitoff };
			lval_load(g, &lv, v.reg);
		} else {
			v = load_from_addr(g, v.reg, m->type);
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
				    "type", opstr(n->op));
			v.type = d_promote(g->ts, v.type);
			if (n->op == D_OP_NEG)
				cg_emit(g, DIF_SUB, v.reg, 0, v.reg, 0);
			break;
		case D_OP_BNOT:
			v = cg_expr(g, n->left);
			if (!d_is_int(v.type))
				d_error(g->cc, n->line, "D_OP_INT",
				    "operator ~ requires an operand of integral type");
			v.type = d_promote(g->ts, v.type);
			cg_emit(g, DIF_NOT, v.reg, v.reg, 0, 0);
			break;
		case D_OP_LNOT:
			v = cg_expr(g, n->left);
			if (!d_is_scalar(v.type))
				d_error(g->cc, n->line, "D_OP_SCALAR",
				    "operator ! requires an operand of scalar type");
			cg_emit(g, DIF_CEQ, v.reg, v.reg, 0, 0);
			v.type = t_int(g);
			break;
		case D_OP_DEREF: {
			v = cg_expr(g, n->left);
			const d_type_t *pt = d_resolve(v.type);
			if (pt->kind != TK_PTR)
				d_error(g->cc, n->line, "D_DEREF_NONPTR",
				    "cannot dereference non-pointer type");
			if (d_is_void(pt->base))
				d_error(g->cc, n->line, "D_DEREF_VOID",
				    "cannot dereference pointer to void");
			if (is_user_ptr(v.type))
				user_copyin(g, v.reg, d_sizeof(pt->base));
			v = load_from_addr(g, v.reg, pt->base);
			break;
		}
		case D_OP_ADDROF: {
			d_node_t *o = n->left;
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
			v = mkval(lv.addr, d_t_ptr(g->ts, lv.type));
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
			break;
		}
		case D_OP_LAND: case D_OP_LOR: {
			val_t a = cg_expr(g, n->left);
			if (!d_is_scalar(a.type))
				d_error(g->cc, n->line, "D_OP_SCALAR",
				    "operator %s requires operands of scalar type",
				    opstr(n->op));
			size_t br = cg_emit(g, n->op == D_OP_LAND ? DIF_BZ : DIF_BNZ,
			    0, a.reg, 0, 0);
			val_t b = cg_expr(g, n->right);
			if (!d_is_scalar(b.type))
				d_error(g->cc, n->line, "D_OP_SCALAR",
				    "operator %s requires operands of scalar type",
				    opstr(n->op));
			cg_emit(g, DIF_CNE, a.reg, b.reg, 0, 0);
			cg_reg_free(g, b.reg);
			size_t end = cg_emit(g, DIF_BA, 0, 0, 0, 0);
			cg_patch(g, br);
			if (n->op == D_OP_LAND)
				cg_emit(g, DIF_MOV, a.reg, 0, 0, 0);
			else
				cg_emit(g, DIF_CNE, a.reg, a.reg, 0, 0);
			cg_patch(g, end);
			v = mkval(a.reg, t_int(g));
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
			v = mkval(a.reg, t_int(g));
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
				convert_int(g, &a, t);
				convert_int(g, &b, t);
				uns = !d_is_signed(t);
			} else if ((ra->kind == TK_STRING &&
			    cg_is_null_const(g, n->right)) ||
			    (rb->kind == TK_STRING &&
			    cg_is_null_const(g, n->left))) {
				uns = 1;	/* a string against NULL: the address */
			} else if ((ra->kind == TK_PTR || d_is_int(ra)) &&
			    (rb->kind == TK_PTR || d_is_int(rb)) &&
			    (ra->kind != TK_PTR || rb->kind != TK_PTR ||
			    d_type_compat(ra, rb))) {
				uns = 1;
			} else {
				incompat(g, n->line, a.type, opstr(n->op), b.type);
			}
			emit_compare(g, n->op, a, b, is_str, uns);
			cg_reg_free(g, b.reg);
			v = mkval(a.reg, t_int(g));
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
			d_type_t *t = arith(g, n->op, &a, &b, n->line, opstr(n->op));
			cg_reg_free(g, b.reg);
			v = mkval(a.reg, t);
			break;
		}
		}
		break;
	case N_TERNARY: {
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
		else if (is_ptr_or_string(ra) && cg_is_null_const(g, n->right))
			t = a.type;
		else if (is_ptr_or_string(rb) && cg_is_null_const(g, n->left))
			t = b.type;
		else
			d_error(g->cc, n->line, "D_OP_INCOMPAT",
			    "operator ?: operands must have compatible types");
		v = mkval(c.reg, t);
		break;
	}
	case N_CAST: {
		d_type_t *t = cg_tname(g, n->tname);
		v = cg_expr(g, n->left);
		const d_type_t *rt = d_resolve(t), *rf = d_resolve(v.type);
		int ok = (d_is_scalar(rt) && d_is_scalar(rf)) ||
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
	case N_SIZEOF_T: {
		d_type_t *t = cg_tname(g, n->tname);
		if (d_is_void(t))
			d_error(g->cc, n->line, "D_SIZEOF_TYPE",
			    "cannot apply sizeof to an operand of unknown size");
		if (!d_resolve(t)->complete)
			d_error(g->cc, n->line, "D_SIZEOF_TYPE",
			    "cannot apply sizeof to an incomplete type: %s%s",
			    t->name, d_dw_hint(g, d_resolve(t)));
		v = mkval(cg_setx(g, d_sizeof(t)), d_t_named(g->ts, "size_t"));
		break;
	}
	case N_SIZEOF_E: {
		if (n->left->kind == N_STRING) {
			/* a string constant's size is its length, as in DTrace */
			v = mkval(cg_setx(g, n->left->slen + 1),
			    d_t_named(g->ts, "size_t"));
			break;
		}
		/* type only: generate, then drop the code */
		size_t nt = g->text.n;
		unsigned regs = g->regs;
		val_t e = cg_expr(g, n->left);
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
		if (d_is_void(e.type))
			d_error(g->cc, n->line, "D_SIZEOF_TYPE",
			    "cannot apply sizeof to an expression of type void");
		v = mkval(cg_setx(g, d_sizeof(e.type)), d_t_named(g->ts, "size_t"));
		break;
	}
	case N_STRINGOF: {
		v = cg_expr(g, n->left);
		const d_type_t *rt = d_resolve(v.type);
		if (!(d_is_scalar(rt) || rt->kind == TK_STRING ||
		    d_is_char_array(rt)))
			d_error(g->cc, n->line, "D_STRINGOF_TYPE",
			    "stringof( ) may not be applied to operand of type %s",
			    v.type->name);
		v.type = d_t_string(g->ts);
		break;
	}
	case N_OFFSETOF: {
		d_type_t *t = cg_tname(g, n->tname);
		const d_type_t *rt = d_resolve(t);
		/* DTrace's texts: a forward-declared tag is not a struct yet,
		 * and an unknown member is libctf's refusal */
		if ((rt->kind != TK_STRUCT && rt->kind != TK_UNION) ||
		    !rt->complete)
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
		v = mkval(cg_setx(g, m->off), d_t_named(g->ts, "size_t"));
		break;
	}
	case N_XLATE:
		d_error(g->cc, n->line, "D_XLATE_NONE",
		    "No translator available to translate to %s",
		    cg_tname(g, n->tname)->name);
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
/* subroutines */

/* argument kinds of subroutine prototypes */
enum { A_STR, A_INT, A_PTR, A_ANY };

typedef struct subr {
	const char *name;
	uint32_t id;
	int min, max;
	int args[4];
	const char *argnames[4];
	const char *ret;
} subr_t;

static const subr_t subrs[] = {
	{ "strlen", DIF_SUBR_STRLEN, 1, 1, { A_STR }, { "char *" }, "size_t" },
	{ "strjoin", DIF_SUBR_STRJOIN, 2, 2, { A_STR, A_STR }, { "char *", "char *" }, "string" },
	{ "substr", DIF_SUBR_SUBSTR, 2, 3, { A_STR, A_INT, A_INT }, { "char *", "int", "int" }, "string" },
	{ "index", DIF_SUBR_INDEX, 2, 3, { A_STR, A_STR, A_INT }, { "char *", "char *", "int" }, "int" },
	{ "rindex", DIF_SUBR_RINDEX, 2, 3, { A_STR, A_STR, A_INT }, { "char *", "char *", "int" }, "int" },
	{ "strstr", DIF_SUBR_STRSTR, 2, 2, { A_STR, A_STR }, { "char *", "char *" }, "string" },
	{ "strchr", DIF_SUBR_STRCHR, 2, 2, { A_STR, A_INT }, { "char *", "char" }, "string" },
	{ "strrchr", DIF_SUBR_STRRCHR, 2, 2, { A_STR, A_INT }, { "char *", "char" }, "string" },
	{ "strtok", DIF_SUBR_STRTOK, 2, 2, { A_STR, A_STR }, { "char *", "char *" }, "string" },
	{ "basename", DIF_SUBR_BASENAME, 1, 1, { A_STR }, { "char *" }, "string" },
	{ "dirname", DIF_SUBR_DIRNAME, 1, 1, { A_STR }, { "char *" }, "string" },
	{ "cleanpath", DIF_SUBR_CLEANPATH, 1, 1, { A_STR }, { "char *" }, "string" },
	{ "lltostr", DIF_SUBR_LLTOSTR, 1, 2, { A_INT, A_INT }, { "int64_t", "int" }, "string" },
	{ "toupper", DIF_SUBR_TOUPPER, 1, 1, { A_STR }, { "char *" }, "string" },
	{ "tolower", DIF_SUBR_TOLOWER, 1, 1, { A_STR }, { "char *" }, "string" },
	{ "strtoll", DIF_SUBR_STRTOLL, 1, 2, { A_STR, A_INT }, { "char *", "int" }, "int64_t" },
	{ "htons", DIF_SUBR_HTONS, 1, 1, { A_INT }, { "uint16_t" }, "uint16_t" },
	{ "htonl", DIF_SUBR_HTONL, 1, 1, { A_INT }, { "uint32_t" }, "uint32_t" },
	{ "htonll", DIF_SUBR_HTONLL, 1, 1, { A_INT }, { "uint64_t" }, "uint64_t" },
	{ "ntohs", DIF_SUBR_NTOHS, 1, 1, { A_INT }, { "uint16_t" }, "uint16_t" },
	{ "ntohl", DIF_SUBR_NTOHL, 1, 1, { A_INT }, { "uint32_t" }, "uint32_t" },
	{ "ntohll", DIF_SUBR_NTOHLL, 1, 1, { A_INT }, { "uint64_t" }, "uint64_t" },
	{ "rand", DIF_SUBR_RAND, 0, 0, { 0 }, { 0 }, "int" },
	{ "alloca", DIF_SUBR_ALLOCA, 1, 1, { A_INT }, { "size_t" }, "void *" },
	{ "bcopy", DIF_SUBR_BCOPY, 3, 3, { A_PTR, A_PTR, A_INT }, { "void *", "void *", "size_t" }, "void" },
	{ "copyin", DIF_SUBR_COPYIN, 2, 2, { A_INT, A_INT }, { "uintptr_t", "size_t" }, "void *" },
	{ "copyinstr", DIF_SUBR_COPYINSTR, 1, 2, { A_INT, A_INT }, { "uintptr_t", "size_t" }, "string" },
	{ "copyinto", DIF_SUBR_COPYINTO, 3, 3, { A_INT, A_INT, A_PTR }, { "uintptr_t", "size_t", "void *" }, "void" },
	{ "progenyof", DIF_SUBR_PROGENYOF, 1, 1, { A_INT }, { "pid_t" }, "int" },
	{ "inet_ntoa", DIF_SUBR_INET_NTOA, 1, 1, { A_PTR }, { "ipaddr_t *" }, "string" },
	{ "inet_ntoa6", DIF_SUBR_INET_NTOA6, 1, 1, { A_PTR }, { "in6_addr_t *" }, "string" },
	{ "inet_ntop", DIF_SUBR_INET_NTOP, 2, 2, { A_INT, A_PTR }, { "int", "void *" }, "string" },
	{ "json", DIF_SUBR_JSON, 2, 2, { A_STR, A_STR }, { "char *", "char *" }, "string" },
	{ "speculation", DIF_SUBR_SPECULATION, 0, 0, { 0 }, { 0 }, "int" },
};

int cg_count_args(d_node_t *a)
{
	int n = 0;
	for (; a; a = a->next)
		n++;
	return n;
}

void cg_proto_len(cg_t *g, d_node_t *n, int got, int min, int max)
{
	if (got >= min && got <= max)
		return;
	int want = got < min ? min : max;
	d_error(g->cc, n->line, "D_PROTO_LEN",
	    "%s( ) prototype mismatch: %d arg%s passed, %s%d expected",
	    n->name, got, got == 1 ? "" : "s",
	    (min != max && got < min) ? "at least " :
	    (min != max) ? "at most " : "", want);
}

static int arg_ok(int kind, const d_type_t *t)
{
	switch (kind) {
	case A_STR: return d_is_stringlike(t) || d_is_ptr(t);
	case A_INT: return d_is_int(t) || (d_is_ptr(t));
	case A_PTR: return d_is_ptr(t) || d_is_int(t) || d_is_byref(t);
	default: return 1;
	}
}

/*
 * DTrace's pointer-compatibility rule for a pointer parameter: a constant
 * 0, a void * either side, a pointer to a compatible type, or (for a
 * void * parameter) a string or array, whose address is passed.
 */
static int ptr_arg_ok(cg_t *g, const char *proto, d_node_t *a,
    const d_type_t *t)
{
	int64_t v;
	if (d_is_int(t))
		return cg_const(g, a, &v) == 0 && v == 0;
	int isvoid = strcmp(proto, "void *") == 0;
	if (!d_is_ptr(t))
		return isvoid && d_is_byref(t);
	if (isvoid || d_is_void(d_resolve(t)->base))
		return 1;
	char base[64];
	size_t n = strlen(proto);
	if (n < 3 || n - 2 >= sizeof(base))
		return 0;
	memcpy(base, proto, n - 2);   /* "T *" names T */
	base[n - 2] = '\0';
	const d_type_t *bt = d_t_named(g->ts, base);
	return bt != NULL && d_type_compat(bt, d_resolve(t)->base);
}

static val_t cg_subr(cg_t *g, d_node_t *n, const subr_t *s)
{
	int argc = cg_count_args(n->args);
	cg_proto_len(g, n, argc, s->min, s->max);
	val_t av[4];
	int i = 0;
	for (d_node_t *a = n->args; a; a = a->next, i++) {
		av[i] = cg_expr(g, a);
		int null_str = s->args[i] == A_STR && cg_is_null_const(g, a);
		if ((!arg_ok(s->args[i], av[i].type) && !null_str) ||
		    d_is_void(av[i].type) ||
		    (s->args[i] == A_PTR && !ptr_arg_ok(g, s->argnames[i], a,
		    av[i].type)))
			d_error(g->cc, n->line, "D_PROTO_ARG",
			    "%s( ) argument #%d is incompatible with prototype:\n"
			    "\tprototype: %s\n\t argument: %s\n", s->name, i + 1,
			    s->argnames[i], av[i].type->name);
	}
	cg_emit(g, DIF_FLUSHTS, 0, 0, 0, 0);
	for (i = 0; i < argc; i++) {
		if (d_is_byref(av[i].type)) {
			int sz = cg_setx(g, d_is_string(av[i].type) ?
			    (uint64_t)g->cc->strsize : d_sizeof(av[i].type));
			cg_emit(g, DIF_PUSHTR, 0, av[i].reg, sz,
			    d_is_string(av[i].type) || d_is_char_array(av[i].type));
			cg_reg_free(g, sz);
		} else {
			cg_emit(g, DIF_PUSHTV, 0, av[i].reg, 0, 0);
		}
		cg_reg_free(g, av[i].reg);
	}
	int r = cg_reg_alloc(g);
	cg_emit(g, DIF_CALL, r, 0, 0, s->id);
	d_type_t *rt;
	if (strcmp(s->ret, "void *") == 0)
		rt = d_t_ptr(g->ts, d_t_void(g->ts));
	else
		rt = d_t_named(g->ts, s->ret);
	return mkval(r, rt);
}

/* A called name that is no function: a variable or built-in is named as
 * such (D_FUNC_IDKIND), anything else is undefined, as dt_parser.c says. */
static _Noreturn void not_a_function(cg_t *g, const d_node_t *n)
{
	if (builtin_lookup(n->name) != NULL ||
	    cg_var_lookup(g, n->name, DIF_SCOPE_GLOBAL) != NULL)
		d_error(g->cc, n->line, "D_FUNC_IDKIND",
		    "%s is not a function", n->name);
	d_error(g->cc, n->line, "D_FUNC_UNDEF", "undefined function name: %s",
	    n->name);
}

/* functions DTrace knows that are not in subrs[] (actions, stack(), ...) */
static const char *const known_fns[] = { "stack", "ustack", "jstack",
	"sym", "func", "mod", "usym", "ufunc", "uaddr", "umod",
	"breakpoint", "chill", "panic", "trace", "printf", "exit",
	"printa", "clear", "trunc", "normalize", "denormalize", "setopt",
	"speculate", "commit", "discard", "tracemem", "print", "system",
	"freopen", "ftruncate", "raise", "stop", "copyout", "copyoutstr",
	"count", "sum", "avg", "min", "max", "stddev", "quantize",
	"lquantize", "llquantize", NULL };

/*
 * DTrace resolves a callee's name as it parses the call, whatever the
 * context: an unknown name is D_FUNC_UNDEF and a variable or built-in
 * D_FUNC_IDKIND even where the call itself would be refused later.
 */
void cg_resolve_callee(cg_t *g, d_node_t *n)
{
	for (size_t i = 0; i < sizeof(subrs) / sizeof(subrs[0]); i++)
		if (strcmp(subrs[i].name, n->name) == 0)
			return;
	for (int i = 0; known_fns[i]; i++)
		if (strcmp(known_fns[i], n->name) == 0)
			return;
	not_a_function(g, n);
}

/* Type of an expression: cooked for its checks and errors, code dropped. */
d_type_t *cg_expr_type(cg_t *g, d_node_t *n)
{
	size_t nt = g->text.n;
	unsigned regs = g->regs;
	val_t e = cg_expr(g, n);
	g->text.n = nt;
	g->action_of.n = nt;
	g->regs = regs;
	return e.type;
}

static const char *const actions[] = { "trace", "printf", "exit",
	"printa", "clear", "trunc", "normalize", "denormalize", "setopt",
	"speculate", "commit", "discard", "tracemem", "print", "system",
	"freopen", "ftruncate", "raise", "stop", "copyout", "copyoutstr",
	"count", "sum", "avg", "min", "max", "stddev", "quantize",
	"lquantize", "llquantize", NULL };

/*
 * What a global name already denotes, worded as illumos's D_DECL_IDRED
 * "previous:" line (identifier kind, then "inline" or nothing), or NULL
 * when the name is free for a new inline.
 */
const char *cg_ident_kind(cg_t *g, const char *name)
{
	cg_var_t *v;
	if (cg_inline_lookup(g, name) != NULL || strcmp(name, "NULL") == 0)
		return "scalar inline";
	for (size_t i = 0; i < sizeof(subrs) / sizeof(subrs[0]); i++)
		if (strcmp(subrs[i].name, name) == 0)
			return "function ";
	for (int i = 0; known_fns[i]; i++)
		if (strcmp(known_fns[i], name) == 0)
			return "function ";
	if (builtin_lookup(name) != NULL)
		return "scalar ";
	if (strcmp(name, "args") == 0 || strcmp(name, "uregs") == 0)
		return "array ";
	if ((v = cg_var_lookup(g, name, DIF_SCOPE_GLOBAL)) != NULL)
		return v->assoc ? "array " : "scalar ";
	return NULL;
}

static val_t cg_call(cg_t *g, d_node_t *n)
{
	val_t v;
	for (size_t i = 0; i < sizeof(subrs) / sizeof(subrs[0]); i++)
		if (strcmp(subrs[i].name, n->name) == 0)
			return cg_subr(g, n, &subrs[i]);
	if (cg_special_call(g, n, &v))
		return v;
	for (int i = 0; actions[i]; i++)
		if (strcmp(actions[i], n->name) == 0)
			d_error(g->cc, n->line, "D_ACT_EXPR",
			    "%s( ) may only be used as a statement", n->name);
	not_a_function(g, n);
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
		g->action++;
		if (e->kind == N_BINARY && e->op == D_OP_ASSIGN &&
		    e->left->kind == N_AGG) {
			cg_agg_stmt(g, e);
		} else if (e->kind == N_CALL && cg_action_stmt(g, e)) {
			/* an action: it recorded what it needs */
		} else if (e->kind == N_AGG) {
			d_error(g->cc, e->line, "D_AGG_NULL",
			    "expression has null effect: @%s",
			    e->name ? e->name : "");
		} else {
			val_t v = cg_expr(g, e);
			cg_reg_free(g, v.reg);
		}
		break;
	}
	case S_IF: {
		val_t c = cg_expr(g, s->cond);
		if (!d_is_scalar(c.type))
			d_error(g->cc, s->line, "D_IF_SCALAR",
			    "if-statement condition must be of scalar type");
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
	g->text.n = g->action_of.n = g->ints.n = g->strs.n = 0;
	g->recs.n = g->rdescs.n = 0;
	g->regs = 0;
	g->action = 0;
	g->clause_exits = 0;
	g->cl_datarec = g->cl_spec = g->cl_commit = 0;
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

difo_t *cg_predicate(cg_t *g, d_node_t *pred)
{
	difo_reset(g);
	g->cc->region = "predicate";
	val_t v = cg_expr(g, pred);
	if (!d_is_scalar(v.type))
		d_error(g->cc, pred->line, "D_PRED_SCALAR",
		    "predicate result must be of scalar type");
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
