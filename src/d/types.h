/*
 * types.h — D's type system: integer, pointer, array, struct/union/enum,
 * string and function types, typedef names and struct tags.
 *
 * Owns: type construction, sizes and alignment (LP64), the built-in type
 * names, D's promotion and conversion rules, type names as DTrace prints
 * them ("char *", "struct foo", "string").
 * Must not: generate code or report errors itself (callers own messages).
 * Invariant: types are immutable once built and live in the compile
 * arena; a typedef is a copy of its target with another name and
 * `tdef_of` pointing at the target, so every query resolves the same way.
 */
#ifndef UDTRACE_D_TYPES_H
#define UDTRACE_D_TYPES_H

#include <stdint.h>
#include <stddef.h>
#include "dcomp.h"

enum d_tkind {
	TK_VOID, TK_INT, TK_FLOAT, TK_PTR, TK_ARRAY, TK_STRUCT, TK_UNION,
	TK_ENUM, TK_STRING, TK_FUNC
};

typedef struct d_tmember {
	const char *name;
	struct d_type *type;
	size_t off;               /* byte offset */
	int bits, bitoff;         /* bit-field width (0: none) and bit offset */
	struct d_tmember *next;
} d_tmember_t;

typedef struct d_enumval {
	const char *name;
	int64_t value;
	struct d_enumval *next;
} d_enumval_t;

typedef struct d_type {
	int kind;                 /* enum d_tkind */
	const char *name;         /* printed name */
	size_t size, align;
	int is_signed;            /* TK_INT */
	int rank;                 /* TK_INT: 1 char, 2 short, 3 int, 4 long, 5 long long */
	struct d_type *base;      /* pointee, element type */
	size_t nelems;            /* TK_ARRAY */
	d_tmember_t *members;     /* TK_STRUCT, TK_UNION */
	d_enumval_t *enums;       /* TK_ENUM */
	int complete;             /* struct/union/enum has a body */
	const struct d_type *tdef_of;  /* typedef: the type it names */
	const char *tag;          /* struct/union/enum tag */
	int user;                 /* TK_PTR from DWARF: points into the traced
	                           * process; dereferencing copies in */
	int special;              /* by-ref values printed specially: a d_rec_type
	                           * (D_RT_USTACK, D_RT_USYM, ...) or 0 */
	int builtin;              /* a tag udtrace predefines (struct in_addr):
	                           * a program may declare its own */
	int dwarf;                /* read from the traced program's DWARF:
	                           * Private to dtrace -v, as module CTF */
} d_type_t;

typedef struct d_types d_types_t;

d_types_t *d_types_create(d_cc_t *cc);

/* Well-known types. */
d_type_t *d_t_void(d_types_t *ts);
d_type_t *d_t_int(d_types_t *ts, size_t size, int is_signed); /* rank by size */
d_type_t *d_t_named(d_types_t *ts, const char *name);         /* "int", "uint64_t", typedefs */
d_type_t *d_t_string(d_types_t *ts);     /* size = current strsize */
d_type_t *d_t_ptr(d_types_t *ts, d_type_t *to);
d_type_t *d_t_array(d_types_t *ts, d_type_t *of, size_t n);
d_type_t *d_t_lit(d_types_t *ts, int lit);  /* D_LIT_* */

/* Typedefs and tags. */
d_type_t *d_typedef_lookup(d_types_t *ts, const char *name);
int d_typedef_add(d_types_t *ts, const char *name, d_type_t *t);
d_type_t *d_tag_lookup(d_types_t *ts, int kind, const char *tag);
d_type_t *d_tag_declare(d_types_t *ts, int kind, const char *tag); /* incomplete if new */
d_type_t *d_anon(d_types_t *ts, int kind);
/* Make an existing type (from DWARF) known under a tag. */
void d_tag_register(d_types_t *ts, int kind, const char *tag, d_type_t *t);
void d_struct_layout(d_type_t *t);       /* after members are set */
/* A complete struct/union udtrace predefines, registered by tag (or anonymous). */
d_type_t *d_builtin_sou(d_types_t *ts, int kind, const char *tag,
    const char *const *names, d_type_t *const *types, size_t n);
/* xltypes.c: DTrace's process-model types and constants. */
void d_xl_declare(d_types_t *ts, d_cc_t *cc);
void d_struct_layout_ctf(d_types_t *ts, d_type_t *t); /* D-declared: libctf's rule */

/* Enumerator constants (identifier namespace). */
int d_enumconst_lookup(d_types_t *ts, const char *name, int64_t *val, d_type_t **t);
void d_enumconst_add(d_types_t *ts, const char *name, int64_t v, d_type_t *t);

/* Resolve typedefs down to the real type (for kind/size queries). */
const d_type_t *d_resolve(const d_type_t *t);

int d_is_int(const d_type_t *t);        /* integers and enums */
int d_is_arith(const d_type_t *t);
int d_is_scalar(const d_type_t *t);     /* int, enum, pointer */
int d_is_ptr(const d_type_t *t);
int d_is_string(const d_type_t *t);
int d_is_void(const d_type_t *t);
int d_is_byref(const d_type_t *t);      /* string, array, struct, union */
int d_is_char_array(const d_type_t *t);
int d_is_stringlike(const d_type_t *t); /* string, char[], char * */
int d_is_signed(const d_type_t *t);
size_t d_sizeof(const d_type_t *t);

/* C's integer promotions and usual arithmetic conversions. */
d_type_t *d_arith_conv(d_types_t *ts, d_type_t *a, d_type_t *b);

/* Same type for D's purposes (assignment compatibility of variables). */
int d_type_compat(const d_type_t *a, const d_type_t *b);

d_tmember_t *d_member_lookup(const d_type_t *su, const char *name);

extern const char *const d_builtin_typenames[];

#endif /* UDTRACE_D_TYPES_H */
