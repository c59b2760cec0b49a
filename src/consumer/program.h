/*
 * program.h — a compiled D program as the consumer sees it: clauses with
 * their probe descriptions, DIF objects and record descriptors.
 *
 * Owns: the contract between the compiler (src/d/, which fills these
 * structures) and the consumer (src/consumer/, which enables, runs and
 * prints them). Must not: refer to parse trees or D types; everything
 * the consumer needs to print a record is in d_recdesc_t.
 * Invariant: clause i's record descriptor j is what DIF_REC with imm j in
 * clause i's body refers to; indices are stable for the program's life.
 */
#ifndef UDTRACE_CONSUMER_PROGRAM_H
#define UDTRACE_CONSUMER_PROGRAM_H

#include <stdint.h>
#include <stddef.h>
#include "udtrace/dif.h"

struct pfmt;   /* src/consumer/printf.h: a parsed printf format */

/* A probe description, split into its four fields ("" = any). */
typedef struct d_pdesc {
	char prov[128], mod[256], func[256], name[128];
	uint32_t id;          /* -i: probe id, else 0 */
	const char *text;     /* as written, for messages */
	int line;
} d_pdesc_t;

/* What a record is for. */
enum d_rec_action {
	D_ACT_TRACE,        /* trace(e) */
	D_ACT_PRINTF_ARG,   /* one argument of the printf that follows */
	D_ACT_PRINTF,       /* printf(fmt, ...): data is empty; pfmt formats the
	                     * D_ACT_PRINTF_ARG records just before it */
	D_ACT_EXIT          /* exit(n): data is the int status */
};

/* How to print a record's bytes. */
enum d_rec_type {
	D_RT_INT,           /* integer of size 1, 2, 4 or 8 bytes */
	D_RT_STRING,        /* NUL-terminated within size bytes */
	D_RT_BYTES          /* anything else (arrays, structs): size bytes */
};

typedef struct d_recdesc {
	uint8_t  action;    /* enum d_rec_action */
	uint8_t  type;      /* enum d_rec_type */
	uint8_t  is_signed; /* D_RT_INT */
	uint8_t  is_char_array; /* D_RT_BYTES of char[]: prints as a string if printable */
	uint32_t size;
	uint16_t action_no; /* 1-based action statement of the clause */
	struct pfmt *fmt;   /* D_ACT_PRINTF */
	const char *type_name; /* D type name of the recorded expression (messages, print) */
} d_recdesc_t;

typedef struct d_clause_prog {
	d_pdesc_t *descs;   size_t ndescs;
	difo_t    *pred;    /* NULL: always */
	difo_t    *body;    /* NULL: empty body (records only the EPID) */
	d_recdesc_t *recs;  size_t nrecs;    /* same indices as body->rectab */
	int line;           /* line of the clause's first description */
} d_clause_prog_t;

typedef struct d_program {
	d_clause_prog_t *clauses; size_t nclauses;
	dif_var_t *vars;  size_t nvars;      /* user variables, id = DIF_VAR_USER_BASE + index */
	int kind;         /* enum d_prog_kind it was compiled from */
	const char *name; /* script path or program text (for messages) */
	void *mem;        /* owned allocations, freed by d_program_free */
} d_program_t;

void d_program_free(d_program_t *p);

#endif /* UDTRACE_CONSUMER_PROGRAM_H */
