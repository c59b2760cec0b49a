/*
 * cg_impl.h — what the pieces of the code generator share: emission,
 * registers, records, and the expression lowering entry point.
 *
 * Owns: nothing; it only declares cg.c's helpers for cg_actions.c and
 * cg_agg.c. Must not: be included outside src/d/cg*.c.
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
void cg_narrow(cg_t *g, int r, const d_type_t *t);
val_t cg_expr(cg_t *g, d_node_t *n);
int cg_count_args(d_node_t *a);
void cg_proto_len(cg_t *g, d_node_t *n, int got, int min, int max);
void cg_resolve_callee(cg_t *g, d_node_t *n);

/* cg_actions.c */
uint32_t cg_add_rec(cg_t *g, int kind, uint32_t size, d_recdesc_t d);
uint32_t cg_record(cg_t *g, val_t v, int act);
void cg_rec_fill(cg_t *g, const d_type_t *t, d_recdesc_t *d);
int cg_action_stmt(cg_t *g, d_node_t *e);          /* 1 if e was an action */
int cg_special_call(cg_t *g, d_node_t *n, val_t *out); /* ustack(), usym(), ... */
void cg_push_value(cg_t *g, val_t v);              /* tuple push by type */

/* cg_agg.c */
void cg_agg_stmt(cg_t *g, d_node_t *assign);       /* @a[k] = f(x) */
uint32_t cg_agg_ref(cg_t *g, d_node_t *agg, const char *func, int argno);
void cg_spec_rule(cg_t *g, int line, int kind);    /* placement rules */

/* kinds for cg_spec_rule */
enum { CG_R_DATA, CG_R_AGG, CG_R_SPECULATE, CG_R_COMMIT, CG_R_DISCARD,
	CG_R_DESTRUCTIVE, CG_R_EXIT, CG_R_NONE };

#endif /* UDTRACE_D_CG_IMPL_H */
