/*
 * cg.h — checking and lowering of D clauses to DIF (src/d/cg.c) and of
 * declarations to types and variables (src/d/decl.c).
 *
 * Owns: the compiler's symbol tables (variables, inlines) and the DIFO
 * under construction. Must not: decide which probes a clause matches
 * (compile.c and the consumer do) or run anything.
 * Invariant: one pass in program text order: a variable's type is fixed
 * by its declaration or its first assignment in the text, as in DTrace;
 * a use before that is an error.
 */
#ifndef UDTRACE_D_CG_H
#define UDTRACE_D_CG_H

#include "dcomp.h"
#include "types.h"
#include "consumer/program.h"

typedef struct cg_var {
	const char *name;
	int scope;            /* enum dif_var_scope */
	int assoc;            /* associative array */
	d_type_t *type;       /* value type */
	d_type_t **keys;      /* assoc key types */
	int nkeys;
	uint32_t id;
} cg_var_t;

typedef struct cg_inline {
	const char *name;
	d_type_t *type;
	d_node_t *value;
	struct cg_inline *next;
} cg_inline_t;

/* A growing array in the heap (the program outlives the compile arena). */
#define CG_VEC(T) struct { T *v; size_t n, cap; }

typedef struct cg {
	d_cc_t *cc;
	d_types_t *ts;
	CG_VEC(cg_var_t) vars;
	cg_inline_t *inlines;

	/* the DIFO being built */
	CG_VEC(dif_instr_t) text;
	CG_VEC(uint16_t) action_of;
	CG_VEC(uint64_t) ints;
	CG_VEC(char) strs;
	CG_VEC(dif_rec_t) recs;
	CG_VEC(d_recdesc_t) rdescs;
	unsigned regs;        /* bitmask of registers in use */
	int action;           /* current action statement, 1-based */
	int line;             /* line of the node being lowered */
	int clause_exits;     /* the clause body contains exit() */
} cg_t;

void cg_init(cg_t *g, d_cc_t *cc);
void cg_fini(cg_t *g);

/* decl.c: process a top-level D_DECL. */
void cg_decl(cg_t *g, d_node_t *decl);
/* decl.c: resolve a T_NAME to a type (declarator applied). */
d_type_t *cg_tname(cg_t *g, d_node_t *tname);
/* decl.c: integer constant expression (-1 if not constant). */
int cg_const(cg_t *g, d_node_t *n, int64_t *out);

cg_var_t *cg_var_lookup(cg_t *g, const char *name, int scope);
cg_var_t *cg_var_add(cg_t *g, const char *name, int scope, d_type_t *t);
cg_inline_t *cg_inline_lookup(cg_t *g, const char *name);

/* cg.c: lower a predicate / clause body; results are malloc'd DIFOs. */
difo_t *cg_predicate(cg_t *g, d_node_t *pred);
difo_t *cg_body(cg_t *g, d_node_t *stmts, d_recdesc_t **recs, size_t *nrecs);

void difo_free(difo_t *dp);

#endif /* UDTRACE_D_CG_H */
