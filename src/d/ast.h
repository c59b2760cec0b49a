/*
 * ast.h — the parse tree of a D program: what src/d/parse.c produces and
 * src/d/check.c types and lowers.
 *
 * Owns: node kinds and their fields. Must not: carry semantic
 * information (types, variable ids): those belong to check.c, which
 * annotates nodes through the `type`/`sym` fields it alone writes.
 * Invariant: every node records the line it starts on, because every
 * compile error DTrace prints names a line; nodes are arena-allocated and
 * live as long as the compile (d_arena in dcomp.h), so nothing is freed
 * one node at a time.
 */
#ifndef UDTRACE_D_AST_H
#define UDTRACE_D_AST_H

#include <stdint.h>
#include <stddef.h>

struct d_type;   /* src/d/types.h */

enum d_node_kind {
	/* ---- expressions ---- */
	N_INT,        /* ival, itype: literal's D type (D_LIT_*) */
	N_STRING,     /* str (escapes already decoded), slen */
	N_IDENT,      /* name; scope = module for mod`name (NULL otherwise) */
	N_SELF,       /* self->name */
	N_THIS,       /* this->name */
	N_AGG,        /* @name[keys...]: name ("" for @), args = keys (may be NULL) */
	N_UNARY,      /* op (D_OP_*), left = operand */
	N_POSTFIX,    /* op D_OP_INC/D_OP_DEC after the operand, left = operand */
	N_BINARY,     /* op, left, right (assignments included: D_OP_ASSIGN ...) */
	N_TERNARY,    /* cond, left = then, right = else */
	N_CAST,       /* tname = target type, left = operand */
	N_SIZEOF_T,   /* sizeof (type): tname */
	N_SIZEOF_E,   /* sizeof expr: left */
	N_STRINGOF,   /* stringof expr: left */
	N_OFFSETOF,   /* offsetof(tname, name) */
	N_XLATE,      /* xlate<tname>(left) */
	N_MEMBER,     /* left.name  (op = '.') or left->name (op = D_OP_ARROW) */
	N_INDEX,      /* left[args...] (arrays, assoc arrays, args[], uregs[]) */
	N_CALL,       /* name(args...) : subroutines and actions */

	/* ---- statements (clause bodies) ---- */
	S_EXPR,       /* left = expression; */
	S_IF,         /* cond, then_s (S_BLOCK or single), else_s (may be NULL) */
	S_BLOCK,      /* body = statement list */

	/* ---- types and declarations ---- */
	T_NAME,       /* a type name: spec + declarator (see d_tname) */
	D_DECL,       /* declaration: decl */
	D_CLAUSE,     /* probe clause: clause */
	D_PROVIDER,   /* provider definition: provider */
	D_TRANSLATOR  /* translator definition: xlator.c checks and keeps it */
};

/* Operators (N_UNARY / N_POSTFIX / N_BINARY). */
enum d_op {
	D_OP_NONE = 0,
	/* unary */
	D_OP_NEG, D_OP_PLUS, D_OP_LNOT, D_OP_BNOT, D_OP_DEREF, D_OP_ADDROF,
	D_OP_INC, D_OP_DEC,               /* prefix in N_UNARY, postfix in N_POSTFIX */
	/* binary */
	D_OP_MUL, D_OP_DIV, D_OP_MOD, D_OP_ADD, D_OP_SUB, D_OP_SHL, D_OP_SHR,
	D_OP_LT, D_OP_GT, D_OP_LE, D_OP_GE, D_OP_EQ, D_OP_NE,
	D_OP_BAND, D_OP_BXOR, D_OP_BOR, D_OP_LAND, D_OP_LXOR, D_OP_LOR,
	D_OP_ASSIGN, D_OP_MUL_EQ, D_OP_DIV_EQ, D_OP_MOD_EQ, D_OP_ADD_EQ,
	D_OP_SUB_EQ, D_OP_SHL_EQ, D_OP_SHR_EQ, D_OP_AND_EQ, D_OP_XOR_EQ,
	D_OP_OR_EQ,
	D_OP_COMMA,
	D_OP_DOT, D_OP_ARROW
};

/* Types of integer literals (N_INT.itype), per D's literal rules. */
enum d_lit_type {
	D_LIT_INT, D_LIT_UINT, D_LIT_LONG, D_LIT_ULONG, D_LIT_LLONG, D_LIT_ULLONG
};

/*
 * A type name as written: `unsigned long`, `struct foo *`, `int [8]`,
 * `string`, a typedef name. Parsed, not resolved: check.c resolves it.
 */
enum d_spec_kind {
	D_SPEC_BASE,     /* keywords: see base_flags */
	D_SPEC_STRUCT, D_SPEC_UNION, D_SPEC_ENUM,
	D_SPEC_TYPEDEF   /* typedef name (or D's built-in type names like string, int64_t) */
};
#define D_BASE_VOID     0x0001
#define D_BASE_CHAR     0x0002
#define D_BASE_SHORT    0x0004
#define D_BASE_INT      0x0008
#define D_BASE_LONG     0x0010
#define D_BASE_LONGLONG 0x0020   /* set instead of LONG for "long long" */
#define D_BASE_SIGNED   0x0040
#define D_BASE_UNSIGNED 0x0080
#define D_BASE_FLOAT    0x0100
#define D_BASE_DOUBLE   0x0200
#define D_BASE_CONST    0x1000   /* qualifiers are accepted and kept */
#define D_BASE_VOLATILE 0x2000

struct d_node;
struct d_type;

typedef struct d_member {          /* struct/union member or enumerator */
	struct d_node *tname;          /* T_NAME with the member's declarator (struct/union) */
	const char *name;
	struct d_node *value;          /* enumerator value or bit-field width, may be NULL */
	int line;
	struct d_member *next;
} d_member_t;

typedef struct d_spec {
	int kind;                      /* enum d_spec_kind */
	unsigned base_flags;           /* D_BASE_* (also qualifiers for other kinds) */
	const char *name;              /* tag or typedef name; NULL for anonymous */
	const char *scope;             /* module for mod`type, else NULL */
	int has_body;                  /* struct/union/enum defined here */
	d_member_t *members;           /* body (may be empty with has_body) */
	struct d_type **defined;       /* with has_body: the type the body
	                                * defined, shared by every declarator
	                                * copy of this spec (NULL until then) */
} d_spec_t;

/* Declarator suffixes, outermost first: `int *a[4]` is array 4 of pointer. */
enum d_dcl_kind { D_DCL_PTR, D_DCL_ARRAY, D_DCL_FUNC };
typedef struct d_dcl {
	int kind;                      /* enum d_dcl_kind */
	struct d_node *dim;            /* array dimension expression, may be NULL */
	struct d_node *keys;           /* assoc array key type list (T_NAME list), or NULL */
	struct d_node *params;         /* function parameter list (T_NAME list) */
	struct d_dcl *next;
} d_dcl_t;

typedef struct d_tname {
	d_spec_t spec;
	d_dcl_t *dcl;                  /* NULL for a plain type */
	const char *ident;             /* declared name, NULL in abstract declarators */
} d_tname_t;

enum d_storage { D_ST_NONE, D_ST_SELF, D_ST_THIS, D_ST_TYPEDEF, D_ST_INLINE,
	D_ST_EXTERN, D_ST_STATIC, D_ST_AUTO, D_ST_REGISTER };

typedef struct d_decl {
	int storage;                   /* enum d_storage */
	struct d_node *tnames;         /* list of T_NAME, one per declarator
	                                * (a spec-only declaration like
	                                * `struct s { ... };` has ident NULL) */
	struct d_node *init;           /* inline's value */
} d_decl_t;

typedef struct d_clause {
	struct d_pdesc_text *descs;    /* probe descriptions, in order */
	struct d_node *pred;           /* predicate expression or NULL */
	struct d_node *body;           /* statement list, NULL for no braces */
	int has_body;                  /* `{}` present (even empty) */
	int end_line;                  /* line of the closing `}`: DTrace
	                                * builds the clause node there */
} d_clause_t;

typedef struct d_pdesc_text {
	const char *text;              /* as written, $-macros expanded */
	int line;
	struct d_pdesc_text *next;
} d_pdesc_text_t;

typedef struct d_probe_decl {      /* provider p { probe name(args); } */
	const char *name;              /* as written: query__start */
	struct d_node *args;           /* T_NAME list of native argument types */
	struct d_node *xargs;          /* translated types after ':' or NULL */
	int line;
	struct d_probe_decl *next;
} d_probe_decl_t;

typedef struct d_provider {
	const char *name;
	d_probe_decl_t *probes;
} d_provider_t;

typedef struct d_node {
	int kind;                      /* enum d_node_kind */
	int line;
	int op;                        /* enum d_op (also N_MEMBER: DOT/ARROW) */
	struct d_node *left, *right, *cond;
	struct d_node *args;           /* list linked through ->next */
	struct d_node *next;           /* next in a list (statements, args, decls) */
	const char *name;
	const char *scope;
	uint64_t ival;  int itype;     /* N_INT */
	const char *str; size_t slen;  /* N_STRING */
	struct d_node *tname;          /* N_CAST, N_SIZEOF_T, N_OFFSETOF, N_XLATE */
	struct d_node *then_s, *else_s, *body;
	d_tname_t tn;                  /* T_NAME */
	d_decl_t decl;                 /* D_DECL */
	d_clause_t clause;             /* D_CLAUSE */
	d_provider_t provider;         /* D_PROVIDER */
	/* written by check.c only */
	struct d_type *type;
	void *sym;
	int flags;                     /* D_NF_* */
} d_node_t;

/* N_SIZEOF_T, N_OFFSETOF: already folded into ival as it was parsed */
#define D_NF_FOLDED 0x1

#endif /* UDTRACE_D_AST_H */
