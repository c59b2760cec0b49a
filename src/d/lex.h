/*
 * lex.h — the D lexer's interface to the parser (src/d/parse.c only).
 *
 * Owns: token kinds, the lexer state, control lines (#pragma, #line) and
 * macro-variable substitution, which D performs while lexing.
 * Must not: build parse-tree nodes or know the grammar beyond the one
 * thing D's lexer must know: whether it is at the outer scope (where
 * probe descriptions are single tokens) or inside an expression.
 * Invariant: every token carries the line it was read on and its text as
 * written, so each syntax error can say `near "tok"` on the right line.
 */
#ifndef UDTRACE_D_LEX_H
#define UDTRACE_D_LEX_H

#include <stdint.h>
#include <stddef.h>
#include "dcomp.h"

/* Names the compiler knows as types without a declaration (src/d/types.c). */
extern const char *const d_builtin_typenames[];

/* Single-character punctuators are their own character code. */
enum d_tok_kind {
	TK_EOF = 0,
	TK_IDENT = 256, /* text; may be mod`name */
	TK_KW,          /* keyword: text */
	TK_INT,         /* ival, itype; sign '-'/'+' for macro values */
	TK_STRING,      /* str, slen (decoded) */
	TK_AGG,         /* @name: str = name without '@' ("" for @) */
	TK_PSPEC,       /* probe description: str = text, macros expanded */
	TK_EPRED,       /* the '/' that closes a predicate */
	TK_ARROW, TK_INC, TK_DEC, TK_SHL, TK_SHR, TK_LE, TK_GE, TK_EQ, TK_NE,
	TK_LAND, TK_LOR, TK_LXOR, TK_ELLIPSIS,
	TK_MUL_EQ, TK_DIV_EQ, TK_MOD_EQ, TK_ADD_EQ, TK_SUB_EQ, TK_SHL_EQ,
	TK_SHR_EQ, TK_AND_EQ, TK_XOR_EQ, TK_OR_EQ
};

typedef struct d_tok {
	int kind;
	int line;
	const char *text;       /* as written ("$1" for macro tokens) */
	uint64_t ival; int itype;
	int sign;               /* TK_INT from a macro: '-', '+' or 0 */
	const char *str; size_t slen;
} d_tok_t;

/* Lexer modes: D's outer scope vs expressions. */
enum { D_LEX_OUTER, D_LEX_EXPR };

typedef struct d_lexer {
	d_cc_t *cc;
	const char *s;
	size_t pos, len;
	int line;
	int bol;                /* only [ \t\f\v] since the last newline */
	int parens, brackets, braces;
	/* callback: is this name a type name (for outer-scope decisions)? */
	int (*is_type)(void *arg, const char *name);
	void *is_type_arg;
} d_lexer_t;

void d_lex_init(d_lexer_t *lx, d_cc_t *cc, const char *src);
void d_lex(d_lexer_t *lx, d_tok_t *t, int mode);

/* Is s one of D's keywords (in expression context)? */
int d_lex_is_keyword(const char *s);

#endif /* UDTRACE_D_LEX_H */
