/*
 * cg_lvalue.c — variables, lvalues and assignment for the code generator.
 *
 * Owns: the built-in variable table, loads and stores of D variables
 * (global, thread-local, clause-local, associative with their key tuples),
 * lvalues (variables, members, array elements, dereferences, bit-fields),
 * `=`, the compound assignments and `++`/`--`.
 * Must not: type ordinary operators or calls (cg.c, cg_call.c); decide a
 * variable's type anywhere but at its first assignment.
 * Invariant: an lval_t holds at most one register (the address of an
 * LV_MEM) until cg_lval_done; a variable's key signature is fixed by its
 * first reference and every later reference is checked against it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cg_impl.h"
#include "dwtypes.h"
/* ------------------------------------------------------------------ */
/* built-in variables */

static const cg_builtin_t builtins[] = {
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
	{ "caller", DIF_VAR_CALLER, "uintptr_t" },
	{ "stackdepth", DIF_VAR_STACKDEPTH, "uint32_t" },
	{ "ipl", DIF_VAR_IPL, "uint_t" },
	{ "zonename", DIF_VAR_ZONENAME, "string" },
	{ "curcpu", DIF_VAR_CURCPU, "cpuinfo_t *" },
	{ "curpsinfo", DIF_VAR_CURPSINFO, "psinfo_t *" },
	{ "curlwpsinfo", DIF_VAR_CURLWPSINFO, "lwpsinfo_t *" },
	{ "cwd", DIF_VAR_CWD, "string" }, { "root", DIF_VAR_ROOT, "string" },
};

/* NULL also for a built-in newer than -x version: dt_reduce deleted it */
const cg_builtin_t *cg_builtin_lookup(cg_t *g, const char *name)
{
	if (cg_ident_hidden(g, name))
		return NULL;
	for (size_t i = 0; i < sizeof(builtins) / sizeof(builtins[0]); i++)
		if (strcmp(builtins[i].name, name) == 0)
			return &builtins[i];
	return NULL;
}

/* A built-in's D type: a type name, or "T *" for a pointer to T. */
d_type_t *cg_builtin_type(cg_t *g, const cg_builtin_t *b)
{
	size_t n = strlen(b->type);
	if (n > 2 && strcmp(b->type + n - 2, " *") == 0) {
		char base[32];
		snprintf(base, sizeof(base), "%.*s", (int)(n - 2), b->type);
		return d_t_ptr(g->ts, d_t_named(g->ts, base));
	}
	return d_t_named(g->ts, b->type);
}

/* ------------------------------------------------------------------ */
/* variables */

int cg_var_ld_op(const cg_var_t *v)
{
	if (v->assoc)
		return v->scope == DIF_SCOPE_THREAD ? DIF_LDTAA : DIF_LDGAA;
	return v->scope == DIF_SCOPE_GLOBAL ? DIF_LDGS :
	    v->scope == DIF_SCOPE_THREAD ? DIF_LDTS : DIF_LDLS;
}

int cg_var_st_op(const cg_var_t *v)
{
	if (v->assoc)
		return v->scope == DIF_SCOPE_THREAD ? DIF_STTAA : DIF_STGAA;
	return v->scope == DIF_SCOPE_GLOBAL ? DIF_STGS :
	    v->scope == DIF_SCOPE_THREAD ? DIF_STTS : DIF_STLS;
}

const char *cg_var_display(cg_t *g, int scope, const char *name)
{
	if (scope == DIF_SCOPE_THREAD)
		return d_sprintf(g->cc, "self->%s", name);
	if (scope == DIF_SCOPE_LOCAL)
		return d_sprintf(g->cc, "this->%s", name);
	return name;
}

/* A key held by reference and compared by its bytes: a struct or union. */
static int key_by_content(const d_type_t *t)
{
	const d_type_t *r = d_resolve(t);
	return (r->kind == TK_STRUCT || r->kind == TK_UNION) && r->size > 0;
}

/* Push the keys of an associative reference onto the tuple stack. */
void cg_push_keys(cg_t *g, cg_var_t *v, d_node_t *keys, int line)
{
	int nk = 0;
	for (d_node_t *k = keys; k; k = k->next)
		nk++;
	const char *name = cg_var_display(g, v->scope, v->name);
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
		if (d_is_void(kt[i]))
			d_error(g->cc, line, "D_KEY_TYPE", "%s expression may "
			    "not be used as associative array index: key #%d",
			    kt[i]->name, i + 1);
		/* illumos (dt_idcook_assc) refuses only void and dynamic
		 * keys: a struct or union key is its bytes, compared by
		 * content */
		if (!(d_is_scalar(kt[i]) ||
		    d_is_string(kt[i]) || key_by_content(kt[i])))
			d_error(g->cc, line, "D_KEY_TYPE",
			    "%s[ ] key #%d is of invalid type: %s", name, i + 1,
			    kt[i]->name);
		if (v->keys != NULL) {
			int ok = d_is_string(v->keys[i]) ? d_is_string(kt[i]) :
			    key_by_content(v->keys[i]) ?
			    d_type_compat(v->keys[i], kt[i]) :
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
		} else if (key_by_content(kt[i])) {
			int sz = cg_setx(g, d_sizeof(kt[i]));
			cg_emit(g, DIF_PUSHTR, 0, kv[i].reg, sz, 0);
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

void cg_check_writable(cg_t *g, d_node_t *n, const char *op)
{
	if (cg_builtin_lookup(g, n->name) != NULL)
		d_error(g->cc, n->line, "D_OP_WRITE",
		    "operator %s can only be applied to a writable variable", op);
}

/* dt_node_name for the operand of a subscript, in DTrace's words */
static const char *index_operand_name(cg_t *g, const d_node_t *b)
{
	switch (b->kind) {
	case N_IDENT: case N_SELF: case N_THIS:
		return d_sprintf(g->cc, "scalar %s", b->name);
	case N_CALL:
		return d_sprintf(g->cc, "function %s( )", b->name);
	case N_INT:
		return d_sprintf(g->cc, "integer constant 0x%llx",
		    (unsigned long long)b->ival);
	case N_STRING:
		return d_sprintf(g->cc, "string constant \"%s\"", b->str);
	case N_MEMBER:
		return b->op == D_OP_ARROW ? "operator ->" : "operator .";
	case N_INDEX:
		return "operator *";     /* E1[E2] is *(E1 + E2) */
	case N_CAST:
		return "operator (";
	case N_TERNARY:
		return "operator ?";
	case N_UNARY: case N_POSTFIX: case N_BINARY:
		return d_sprintf(g->cc, "operator %s", cg_opstr(b->op));
	default:
		return "expression";
	}
}

/*
 * base[index] with base of type lt: DTrace cooks E1[E2] as *((E1)+(E2)),
 * so it checks the addition, then a tuple, then the dereference, in that
 * order (dt_cook_op2). Returns the pointer or array type (a string as
 * char *) the element is read through.
 */
const d_type_t *cg_index_type(cg_t *g, d_node_t *n, const d_type_t *lt)
{
	const d_type_t *l = d_resolve(lt);
	d_type_t *rt = cg_expr_type(g, n->args);
	int lptr = l->kind == TK_STRING || ((l->kind == TK_PTR ||
	    l->kind == TK_ARRAY) && !cg_is_vfptr(l));
	if (!d_is_int(rt) || (!lptr && !d_is_int(l)))
		d_error(g->cc, n->line, "D_OP_INCOMPAT", "operands have "
		    "incompatible types: \"%s\" + \"%s\"", lt->name, rt->name);
	if (n->args->next != NULL)
		d_error(g->cc, n->line, "D_ARR_BADREF",
		    "cannot access %s as an associative array",
		    index_operand_name(g, n->left));
	if (!lptr)
		d_error(g->cc, n->line, "D_DEREF_NONPTR",
		    "cannot dereference non-pointer type");
	return cg_str_as_ptr(g, l);
}

/* base[index] of array or pointer type bt (checked by cg_index_type):
 * base register += index * element size (n: the N_INDEX). */
void cg_index_addr(cg_t *g, d_node_t *n, int base, const d_type_t *bt)
{
	val_t i = cg_expr(g, n->args);
	int sz = cg_setx(g, d_sizeof(bt->base));
	cg_emit(g, DIF_MUL, i.reg, i.reg, sz, 0);
	cg_emit(g, DIF_ADD, base, base, i.reg, 0);
	cg_reg_free(g, sz);
	cg_reg_free(g, i.reg);
}

lval_t cg_lvalue(cg_t *g, d_node_t *n, const char *op, int creating)
{
	lval_t lv = { 0 };
	switch (n->kind) {
	case N_IDENT: {
		int64_t dummy;
		d_type_t *dt;
		if (n->scope == NULL)
			cg_check_writable(g, n, op);
		if (d_enumconst_lookup(g->ts, n->name, &dummy, &dt) == 0 ||
		    cg_inline_lookup(g, n->name) != NULL)
			d_error(g->cc, n->line, "D_OP_LVAL",
			    "operator %s requires modifiable lvalue as an operand", op);
		lv.kind = LV_VAR;
		lv.scope = DIF_SCOPE_GLOBAL;
		lv.name = n->name;
		cg_attr_user(g, n->name);
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
			    cg_var_display(g, lv.scope, n->name));
		lv.type = lv.var ? lv.var->type : NULL;
		return lv;
	}
	case N_INDEX: {
		d_node_t *b = n->left;
		cg_agg_mdim_check(g, n);
		if (b->kind == N_IDENT || b->kind == N_SELF) {
			int scope = b->kind == N_SELF ? DIF_SCOPE_THREAD :
			    DIF_SCOPE_GLOBAL;
			if (b->kind == N_IDENT && b->scope == NULL) {
				cg_check_writable(g, b, op);
				cg_attr_user(g, b->name);
			}
			cg_var_t *v = cg_var_lookup(g, b->name, scope);
			if (v == NULL || v->assoc) {
				if (v == NULL && !creating)
					d_error(g->cc, b->line, scope == DIF_SCOPE_THREAD ?
					    "D_VAR_UNDEF" : "D_IDENT_UNDEF",
					    scope == DIF_SCOPE_THREAD ?
					    "%s has not yet been declared or assigned" :
					    "failed to resolve %s: Unknown variable name",
					    cg_var_display(g, scope, b->name));
				lv.kind = LV_ASSOC;
				lv.var = v;
				lv.name = b->name;
				lv.scope = scope;
				lv.keys = n->args;
				lv.line = b->line;
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
		const d_type_t *pt = cg_str_as_ptr(g, d_resolve(p.type));
		if (pt->kind != TK_PTR)
			d_error(g->cc, n->line, "D_DEREF_NONPTR",
			    "cannot dereference non-pointer type");
		lv.kind = LV_MEM;
		lv.addr = p.reg;
		lv.type = pt->base;
		lv.user = cg_is_user_ptr(p.type);
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
		const d_type_t *bt = cg_index_type(g, n, b.type);
		cg_index_addr(g, n, b.reg, bt);
		lv.kind = LV_MEM;
		lv.addr = b.reg;
		lv.type = bt->base;
		lv.user = bt->kind == TK_PTR && cg_is_user_ptr(b.type);
		return lv;
	}
	d_error(g->cc, n->line, "D_OP_LVAL",
	    "operator %s requires modifiable lvalue as an operand", op);
}

int cg_ld_op(const d_type_t *t)
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

int cg_st_op(const d_type_t *t)
{
	switch (d_sizeof(t)) {
	case 1: return DIF_STB;
	case 2: return DIF_STH;
	case 4: return DIF_STW;
	default: return DIF_STX;
	}
}

void cg_lval_load(cg_t *g, lval_t *lv, int rd)
{
	switch (lv->kind) {
	case LV_VAR:
		cg_emit(g, cg_var_ld_op(lv->var), rd, 0, 0, lv->var->id);
		break;
	case LV_ASSOC:
		cg_push_keys(g, lv->var, lv->keys, lv->line ? lv->line : g->line);
		cg_emit(g, cg_var_ld_op(lv->var), rd, 0, 0, lv->var->id);
		break;
	case LV_MEM:
		if (lv->user) {
			/* the traced process's memory: read a copy */
			cg_emit(g, DIF_MOV, rd, lv->addr, 0, 0);
			cg_user_copyin(g, rd, d_sizeof(lv->type));
			if (!d_is_byref(lv->type))
				cg_emit(g, cg_ld_op(lv->type), rd, rd, 0, 0);
		} else if (d_is_byref(lv->type))
			cg_emit(g, DIF_MOV, rd, lv->addr, 0, 0);
		else
			cg_emit(g, cg_ld_op(lv->type), rd, lv->addr, 0, 0);
		if (lv->bits) {
			int s = cg_setx(g, (uint64_t)(64 - lv->bitoff - lv->bits));
			cg_emit(g, DIF_SLL, rd, rd, s, 0);
			cg_emit(g, DIF_SETX, s, 0, 0, cg_int_index(g, (uint64_t)(64 - lv->bits)));
			cg_emit(g, d_is_signed(lv->type) ? DIF_SRA : DIF_SRL, rd, rd, s, 0);
			cg_reg_free(g, s);
		}
		break;
	}
}

/* Store register r (already converted to lv->type) into the lvalue. */
void cg_lval_store(cg_t *g, lval_t *lv, int r)
{
	if (lv->kind == LV_MEM && lv->user)
		d_error(g->cc, g->line, "D_OP_WRITE", "cannot write to the "
		    "traced process through a pointer: use copyout( )");
	switch (lv->kind) {
	case LV_VAR:
		cg_emit(g, cg_var_st_op(lv->var), 0, r, 0, lv->var->id);
		break;
	case LV_ASSOC:
		cg_push_keys(g, lv->var, lv->keys, lv->line ? lv->line : g->line);
		cg_emit(g, cg_var_st_op(lv->var), 0, r, 0, lv->var->id);
		break;
	case LV_MEM:
		if (d_is_string(lv->type)) {
			/* a string member: up to the NUL, as illumos copies a
			 * string constant's strlen + 1 bytes (not strsize) */
			cg_copy_string(g, lv->addr, r, d_sizeof(lv->type));
		} else if (d_is_byref(lv->type)) {
			int sz = cg_setx(g, d_sizeof(lv->type));
			cg_emit(g, DIF_COPYS, lv->addr, r, sz,
			    d_is_string(lv->type) ? 1 : 0);
			cg_reg_free(g, sz);
		} else if (lv->bits) {
			/* read-modify-write of the storage unit */
			int old = cg_reg_alloc(g), m = cg_reg_alloc(g), t = cg_reg_alloc(g);
			uint64_t mask = (lv->bits >= 64 ? ~0ULL :
			    ((1ULL << lv->bits) - 1)) << lv->bitoff;
			cg_emit(g, cg_ld_op(lv->type), old, lv->addr, 0, 0);
			cg_emit(g, DIF_SETX, m, 0, 0, cg_int_index(g, ~mask));
			cg_emit(g, DIF_AND, old, old, m, 0);
			cg_emit(g, DIF_SETX, t, 0, 0, cg_int_index(g, (uint64_t)lv->bitoff));
			cg_emit(g, DIF_SLL, m, r, t, 0);
			cg_emit(g, DIF_SETX, t, 0, 0, cg_int_index(g, mask));
			cg_emit(g, DIF_AND, m, m, t, 0);
			cg_emit(g, DIF_OR, old, old, m, 0);
			cg_emit(g, cg_st_op(lv->type), lv->addr, old, 0, 0);
			cg_reg_free(g, old); cg_reg_free(g, m); cg_reg_free(g, t);
		} else {
			cg_emit(g, cg_st_op(lv->type), lv->addr, r, 0, 0);
		}
		break;
	}
}

void cg_lval_done(cg_t *g, lval_t *lv)
{
	if (lv->kind == LV_MEM)
		cg_reg_free(g, lv->addr);
}


/*
 * Give a variable seen for the first time its type. `++` and `--` on a
 * variable never assigned make it an int64_t starting at 0, as DTrace
 * does (`self->depth++` in flowindent scripts).
 */
void cg_lval_create(cg_t *g, lval_t *lv, d_type_t *t)
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

val_t cg_assign(cg_t *g, d_node_t *n)
{
	const char *op = cg_opstr(n->op);
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
		r = cg_xlate_expand(g, cg_expr(g, n->right));
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
			    cg_var_display(g, lv.scope, lv.name));
		/* and loads it before evaluating the right side, so
		 * i += i++ adds the old i */
		loaded = cg_reg_alloc(g);
		lval_t copy = lv;
		cg_lval_load(g, &copy, loaded);
		r = cg_expr(g, n->right);
		/* the right side may have declared variables: re-find ours */
		if (lv.kind != LV_MEM && lv.var != NULL)
			lv.var = cg_var_lookup(g, lv.var->name, lv.scope);
	}
	/*
	 * A void value (an action, bcopy(), copyout()) fails illumos's
	 * dt_node_is_argcompat even against a new variable, which takes
	 * the right side's type first: void = void is no integer, string
	 * or pointer pair (dt_cook_op2, DT_TOK_ASGN). Compound assignments
	 * fail their own operand checks below.
	 */
	if (creating && d_is_void(r.type))
		cg_incompat(g, n->line, lv.type != NULL ? lv.type : r.type, op,
		    r.type);
	/* first assignment fixes the variable's type */
	cg_lval_create(g, &lv, r.type);
	if (d_resolve(lv.type)->kind == TK_ARRAY ||
	    d_resolve(lv.type)->kind == TK_FUNC)
		d_error(g->cc, n->line, "D_OP_ARRFUN",
		    "operator %s may not be applied to operand of type \"%s\"",
		    op, lv.type->name);
	if (!creating) {
		val_t a = cg_val(loaded, lv.type);
		if (d_is_string(lv.type))
			cg_incompat(g, n->line, lv.type, op, r.type);
		/* illumos: x += e / x -= e other than on arithmetic
		 * operands needs a pointer of known size and an integer */
		if ((n->op == D_OP_ADD_EQ || n->op == D_OP_SUB_EQ) &&
		    !(d_is_arith(d_resolve(lv.type)) &&
		    d_is_arith(d_resolve(r.type)))) {
			const d_type_t *lt = d_resolve(lv.type);
			if (lt->kind != TK_PTR || cg_is_vfptr(lt))
				d_error(g->cc, n->line, "D_OP_VFPTR",
				    "operator %s requires left-hand scalar "
				    "operand of known size", op);
			if (!d_is_int(d_resolve(r.type)))
				d_error(g->cc, n->line, "D_OP_INT",
				    "operator %s requires right-hand integral "
				    "operand", op);
		}
		(void)cg_arith(g, cg_base_op(n->op), &a, &r, n->line, op);
		cg_reg_free(g, r.reg);
		r = a;
	} else if (!cg_assignable(lv.type, r.type) &&
	    !(cg_is_ptr_or_string(lv.type) && cg_is_null_const(g, n->right))) {
		cg_incompat(g, n->line, lv.type, op, r.type);
	}
	/*
	 * dt_cg_asgn_op stores a variable's whole register (DIF_OP_STGS,
	 * STTS...): an int variable may hold 64 bits, narrowed only where
	 * recorded (self->t = 0 in BEGIN, then self->t = timestamp, as
	 * procsystime does, keeps the time). Memory takes the type's size.
	 */
	if (lv.kind == LV_MEM)
		cg_narrow(g, r.reg, lv.type);
	cg_lval_store(g, &lv, r.reg);
	cg_lval_done(g, &lv);
	return cg_val(r.reg, lv.type);
}

val_t cg_incdec(cg_t *g, d_node_t *n, int post)
{
	const char *op = cg_opstr(n->op);
	d_node_t *o = n->left;
	/* dt_cook_op1's order: the operand's type (scalar, of known size)
	 * before whether it can be written at all */
	if (o->kind != N_IDENT && o->kind != N_SELF && o->kind != N_THIS &&
	    o->kind != N_INDEX && o->kind != N_MEMBER &&
	    !(o->kind == N_UNARY && o->op == D_OP_DEREF)) {
		d_type_t *t = cg_expr_type(g, o);
		if (!d_is_scalar(t))
			d_error(g->cc, n->line, "D_OP_SCALAR",
			    "operator %s requires operand of scalar type", op);
		if (cg_is_vfptr(t))
			d_error(g->cc, n->line, "D_OP_VFPTR", "operator %s "
			    "requires an operand of known size", op);
		d_error(g->cc, n->line, "D_OP_LVAL",
		    "operator %s requires modifiable lvalue as an operand", op);
	}
	lval_t lv = cg_lvalue(g, o, op, 1);
	cg_lval_create(g, &lv, NULL);
	if (!d_is_scalar(lv.type))
		d_error(g->cc, n->line, "D_OP_SCALAR",
		    "operator %s requires operand of scalar type", op);
	if (cg_is_vfptr(lv.type))
		d_error(g->cc, n->line, "D_OP_VFPTR",
		    "operator %s requires an operand of known size", op);
	int r = cg_reg_alloc(g);
	cg_lval_load(g, &lv, r);
	int res = post ? cg_reg_alloc(g) : r;
	if (post)
		cg_emit(g, DIF_MOV, res, r, 0, 0);
	const d_type_t *rt = d_resolve(lv.type);
	int one = cg_setx(g, rt->kind == TK_PTR ? d_sizeof(rt->base) : 1);
	cg_emit(g, n->op == D_OP_INC ? DIF_ADD : DIF_SUB, r, r, one, 0);
	cg_reg_free(g, one);
	if (lv.kind == LV_MEM)   /* as in cg_assign */
		cg_narrow(g, r, lv.type);
	cg_lval_store(g, &lv, r);
	cg_lval_done(g, &lv);
	if (post)
		cg_reg_free(g, r);
	return cg_val(res, lv.type);
}
