/*
 * cg_impl.h — what the pieces of the code generator share: emission,
 * registers, records, and the expression lowering entry point.
 *
 * Owns: nothing; it only declares what cg.c, cg_lvalue.c, cg_call.c,
 * cg_actions.c and cg_agg.c use of each other.
 * Must not: be included outside src/d/cg*.c.
 * Invariant: a register returned by cg_reg_alloc or in a val_t belongs to
 * the caller until cg_reg_free; every helper leaves others untouched.
 */
#ifndef UDTRACE_D_CG_IMPL_H
#define UDTRACE_D_CG_IMPL_H

#include "cg.h"

typedef struct val {
	int reg;
	d_type_t *type;
} val_t;

size_t cg_emit(cg_t *g, int op, int rd, int r1, int r2, uint32_t imm);
void cg_patch(cg_t *g, size_t at);
int cg_reg_alloc(cg_t *g);
void cg_reg_free(cg_t *g, int r);
int cg_setx(cg_t *g, uint64_t v);
uint32_t cg_int_index(cg_t *g, uint64_t v);   /* index in the integer table */
void cg_narrow(cg_t *g, int r, const d_type_t *t);
val_t cg_expr(cg_t *g, d_node_t *n);
int cg_count_args(d_node_t *a);
void cg_proto_len(cg_t *g, d_node_t *n, int got, int min, int max);
void cg_resolve_callee(cg_t *g, d_node_t *n);

/* cg.c: operators and their typing */
const char *cg_opstr(int op);
d_type_t *cg_t_int(cg_t *g);
val_t cg_val(int r, d_type_t *t);
const d_type_t *cg_str_as_ptr(cg_t *g, const d_type_t *rt); /* string: char * */
void cg_incompat(cg_t *g, int line, const d_type_t *a, const char *op,
    const d_type_t *b);
int cg_is_ptr_or_string(const d_type_t *t);
int cg_is_user_ptr(const d_type_t *t);
void cg_user_copyin(cg_t *g, int reg, size_t size);
val_t cg_addr_of_member(cg_t *g, d_node_t *n, d_tmember_t **mp, int *user);
val_t cg_load_from_addr(cg_t *g, int r, d_type_t *t);
void cg_convert_int(cg_t *g, val_t *v, d_type_t *to);
int cg_arith_op(int op, int is_unsigned);
int cg_base_op(int op);                 /* x op= e -> op */
int cg_is_vfptr(const d_type_t *t);     /* pointer to void or function */
d_type_t *cg_arith(cg_t *g, int op, val_t *a, val_t *b, int line,
    const char *opname);

/* cg_lvalue.c: built-in variables, variables, lvalues, assignment */
typedef struct cg_builtin {
	const char *name;
	uint32_t id;
	const char *type;
} cg_builtin_t;

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
	int line;           /* LV_ASSOC: the array name's line, where DTrace
	                     * checks the keys (the [ node becomes the
	                     * variable's node) */
} lval_t;

const cg_builtin_t *cg_builtin_lookup(cg_t *g, const char *name);
d_type_t *cg_builtin_type(cg_t *g, const cg_builtin_t *b);
int cg_var_ld_op(const cg_var_t *v);
int cg_var_st_op(const cg_var_t *v);
const char *cg_var_display(cg_t *g, int scope, const char *name);
void cg_push_keys(cg_t *g, cg_var_t *v, d_node_t *keys, int line);
void cg_check_writable(cg_t *g, d_node_t *n, const char *op);
const d_type_t *cg_index_type(cg_t *g, d_node_t *n, const d_type_t *lt);
void cg_index_addr(cg_t *g, d_node_t *n, int base, const d_type_t *bt);
lval_t cg_lvalue(cg_t *g, d_node_t *n, const char *op, int creating);
int cg_ld_op(const d_type_t *t);
int cg_st_op(const d_type_t *t);
void cg_lval_load(cg_t *g, lval_t *lv, int rd);
void cg_lval_store(cg_t *g, lval_t *lv, int r);
void cg_lval_done(cg_t *g, lval_t *lv);
void cg_lval_create(cg_t *g, lval_t *lv, d_type_t *t);
val_t cg_assign(cg_t *g, d_node_t *n);
val_t cg_incdec(cg_t *g, d_node_t *n, int post);

/* xlator.c: translators and parameterised inlines (hooks of cg_expr) */
int cg_bind_ref(cg_t *g, d_node_t *n, val_t *out);   /* a bound name */
val_t cg_xlate(cg_t *g, d_node_t *n);                 /* N_XLATE */
int cg_xlate_member(cg_t *g, d_node_t *n, val_t *out); /* translated .m, ->m */
int cg_xlate_deref(cg_t *g, d_node_t *n, val_t *out);  /* *xlate<T *>(e) */
int cg_xlate_ptr(cg_t *g, const d_type_t *t);         /* xlate<T *> value? */
val_t cg_xlate_expand(cg_t *g, val_t v);   /* translated data, whole */
void cg_copy_string(cg_t *g, int dst, int str, size_t n); /* <= n bytes, to NUL */
val_t cg_inline_index(cg_t *g, d_node_t *n, cg_inline_t *in);

/* cg_attr.c: stability of what a clause uses; names a D version hides */
void cg_attr_ident(cg_t *g, const char *name);   /* a built-in name */
void cg_attr_user(cg_t *g, const char *name);    /* a global of the program */
void cg_attr_type(cg_t *g, const d_type_t *t);   /* a cast's or sizeof's type */
int cg_ident_hidden(cg_t *g, const char *name);  /* newer than -x version */

/* xlator.c: the type of translated data from `from` to `to` (NULL: no
 * translator); may a `from` be passed where a `to` is declared? */
d_type_t *cg_xlate_dyn(cg_t *g, d_type_t *from, d_type_t *to);
int cg_argcompat(cg_t *g, const d_type_t *to, const d_type_t *from);

/* usdtargs.c: args[] of USDT probes a provider definition declares */
int cg_usdt_argtypes(cg_t *g, const d_pdesc_t *d0);   /* 1: typed so */
val_t cg_usdt_arg(cg_t *g, d_node_t *b, int idx);     /* args[idx] */
void cg_usdt_provider_check(cg_t *g, d_node_t *prov); /* D_PROV_PRXLATOR */

/* cg_call.c: subroutine calls and callee resolution */
val_t cg_call(cg_t *g, d_node_t *n);

/* cg_agg.c: has an aggregation of that name been assigned so far? */
int cg_agg_known(cg_t *g, const char *name);

/* cg_actval.c: actions and aggregating functions called for a value */
int cg_actval(cg_t *g, d_node_t *n, val_t *out);  /* 0: not an action */
int cg_is_actfunc(const d_node_t *n);             /* dt_node_is_actfunc */
int cg_is_actval(const d_node_t *n);    /* an action or aggregating call */
void cg_actval_done(cg_t *g);   /* end of a statement: D_CG_EXPR if due */
val_t cg_aggval(cg_t *g, d_node_t *n);   /* @a as an operand */

/* cg_actions.c */
uint32_t cg_add_rec(cg_t *g, int kind, uint32_t size, d_recdesc_t d);
uint32_t cg_record(cg_t *g, val_t v, int act);
void cg_rec_fill(cg_t *g, const d_type_t *t, d_recdesc_t *d);
int cg_action_stmt(cg_t *g, d_node_t *e);          /* 1 if e was an action */
int cg_special_call(cg_t *g, d_node_t *n, val_t *out); /* ustack(), usym(), ... */
void cg_push_value(cg_t *g, val_t v);              /* tuple push by type */
/* copyout(buf, addr, n) / copyoutstr(s, addr, max): checks and records */
void cg_copyout(cg_t *g, d_node_t *n, int str);

/* cg_agg.c */
void cg_agg_stmt(cg_t *g, d_node_t *assign);       /* @a[k] = f(x) */
uint32_t cg_agg_ref(cg_t *g, d_node_t *agg, const char *func, int argno);
/* @a[k][j] (parsed as an index of a keyed aggregation): D_AGG_MDIM. */
void cg_agg_mdim_check(cg_t *g, const d_node_t *n);
void cg_spec_rule(cg_t *g, int line, int kind);    /* placement rules */

/* kinds for cg_spec_rule */
enum { CG_R_DATA, CG_R_AGG, CG_R_SPECULATE, CG_R_COMMIT, CG_R_DISCARD,
	CG_R_DESTRUCTIVE, CG_R_EXIT, CG_R_NONE };

#endif /* UDTRACE_D_CG_IMPL_H */
