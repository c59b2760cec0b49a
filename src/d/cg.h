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
#include "attr.h"

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
	int assoc;            /* inline T f[K k, ...] = e: referenced as f[...] */
	int nkeys;
	d_type_t **keys;      /* parameter types */
	const char **pnames;  /* parameter names (NULL: unnamed) */
	struct cg_inline *next;
} cg_inline_t;

typedef struct cg_xlator cg_xlator_t;   /* xlator.c */
typedef struct cg_bind cg_bind_t;       /* xlator.c */

typedef struct cg_agg {
	const char *name;
	int func;             /* enum d_agg_func */
	int64_t lq_base, lq_limit, lq_step;
	int64_t llq[4];       /* factor, low, high, nsteps */
	int nkeys;
	d_type_t **keys;
	int line;
} cg_agg_t;

/* A growing array in the heap (the program outlives the compile arena). */
#define CG_VEC(T) struct { T *v; size_t n, cap; }
#define VEC_PUSH(g, vec, val) do { \
	if ((vec).n == (vec).cap) { \
		(vec).cap = (vec).cap ? (vec).cap * 2 : 16; \
		(vec).v = realloc((vec).v, (vec).cap * sizeof(*(vec).v)); \
		if ((vec).v == NULL) \
			d_error((g)->cc, 0, "D_NOMEM", "out of memory"); \
	} \
	(vec).v[(vec).n++] = (val); \
} while (0)

typedef struct cg {
	d_cc_t *cc;
	d_types_t *ts;
	CG_VEC(cg_var_t) vars;
	cg_inline_t *inlines;
	cg_xlator_t *xlators;    /* in definition order (lookup takes the first) */
	cg_bind_t *binds;        /* names bound while a translator member or a
	                          * parameterised inline is lowered */

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
	/* speculation placement rules (DTrace's, checked per clause) */
	int cl_datarec, cl_spec, cl_commit;
	/* the first action called for a value in this statement, refused
	 * (D_CG_EXPR) once the statement is cooked whole: cg_actval.c */
	const char *cgexpr_name;
	int cgexpr_agg, cgexpr_line;
	CG_VEC(cg_agg_t) aggs;
	struct d_program *prog;  /* receives descriptors that outlive the compile */
	d_type_t *argtypes[10];  /* args[] types of the clause being compiled */
	int in_clause;           /* a clause is compiled (dt_pcb's pcb_pdesc) */
	int nargtypes;           /* 0: args[] are int64_t */
	int argxl[10];           /* args[n] translated from a pid (1) or tid (2) */
	const char *args_desc;   /* a provider's declared args: the probe, for
	                          * an index past nargtypes */
	/* non-NULL when the clause's first probe has no args[] at all (the
	 * dtrace provider's): its description, for D_ARGS_IDX */
	const char *noargs_desc;
	/* stability of what the clause uses (cg_attr.c): the minimum over
	 * its names, the probe-context names it reads (D_CTX_*), and >0
	 * while an aggregating function's arguments are lowered */
	d_attr_t cl_attr;
	unsigned cl_ctx;
	int attr_off;
	/* a USDT probe the script's provider definition declares
	 * (usdtargs.c): args[n] reads native argument argmap[n], of type
	 * argnative[n]; argnoxl[n]: no translator to argtypes[n] */
	int argmapped;
	int argmap[10], argnoxl[10];
	d_type_t *argnative[10];
	/* > 0 while an expression is lowered only for its type (its code is
	 * dropped): a translated member then takes its declared type without
	 * its expression being lowered, as DTrace cooks it (so a member
	 * may refer to its own translator) */
	int typing;
} cg_t;

/* compile.c: memory owned by the program being built. */
void *d_program_alloc(struct d_program *p, size_t n);
char *d_program_strdup(struct d_program *p, const char *s);

void cg_init(cg_t *g, d_cc_t *cc);
void cg_fini(cg_t *g);

/* decl.c: process a top-level D_DECL. */
void cg_decl(cg_t *g, d_node_t *decl);
/* decl.c: resolve a T_NAME to a type (declarator applied). */
d_type_t *cg_tname(cg_t *g, d_node_t *tname);
/* decl.c: integer constant expression (-1 if not constant). */
int cg_const(cg_t *g, d_node_t *n, int64_t *out);
int cg_parse_int(cg_t *g, d_node_t *n); /* DTrace folds it while parsing */
void cg_fold_ternary(cg_t *g, d_node_t *n);  /* ?: of a constant condition */
/* decl.c: is n an integer constant 0 (a null pointer constant)? */
int cg_is_null_const(cg_t *g, d_node_t *n);

cg_var_t *cg_var_lookup(cg_t *g, const char *name, int scope);
cg_var_t *cg_var_add(cg_t *g, const char *name, int scope, d_type_t *t);
cg_inline_t *cg_inline_lookup(cg_t *g, const char *name);
/* cg.c: D_DECL_IDRED "previous:" wording for a known global name, or NULL. */
const char *cg_ident_kind(cg_t *g, const char *name);
/* pragma.c: a #pragma D attributes name that names nothing: D_PRAGMA_UNUSED */
void d_pragma_unused(cg_t *g);
/* cg.c: fold sizeof(type) / offsetof(type, m) into n->ival (or fail). */
void cg_fold_typeop(cg_t *g, d_node_t *n);
/* cg.c: type of an expression, its checks made and its code dropped. */
d_type_t *cg_expr_type(cg_t *g, d_node_t *n);
/* cg.c: may a value of type from be assigned to type to? */
int cg_assignable(const d_type_t *to, const d_type_t *from);

/* xlator.c: check and keep a D_TRANSLATOR definition. */
void cg_xlator_define(cg_t *g, d_node_t *n);
/*
 * xlator.c: an inline whose value is translated data (type it) must name
 * the translator's output type; 1 if it is one (and was checked).
 */
int cg_inline_xlate_check(cg_t *g, cg_inline_t *in, d_type_t *it, int line);
/* xlator.c: is t the type of translated data (xlate<T>, xlate<T *>)? */
int cg_is_xlated_type(cg_t *g, const d_type_t *t);
/* xlator.c: the type of a parameterised inline's body, parameters bound. */
d_type_t *cg_inline_body_type(cg_t *g, cg_inline_t *in, d_node_t *body);

/* cg.c: lower a predicate / clause body; results are malloc'd DIFOs. */
difo_t *cg_predicate(cg_t *g, d_node_t *pred, int clause_line);
difo_t *cg_body(cg_t *g, d_node_t *stmts, d_recdesc_t **recs, size_t *nrecs);

void difo_free(difo_t *dp);

/* cg_agg.c: the program's aggregation descriptors, once all clauses are done. */
void cg_agg_build(cg_t *g, struct d_program *p);

#endif /* UDTRACE_D_CG_H */
