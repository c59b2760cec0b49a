/*
 * printf.h — D's printf formats: parsed and type-checked at compile time,
 * applied to recorded data at print time.
 *
 * Owns: the conversion grammar of D-REFERENCE §5, its compile-time
 * errors (D_PRINTF_*), and formatting of one printf record set.
 * Must not: know about D types beyond pfmt_arg_t, or about DIF.
 * Invariant: a pfmt_t that passed pfmt_check can format any data recorded
 * for it without failing: every conversion knows its argument's record
 * size and kind.
 */
#ifndef UDTRACE_CONSUMER_PRINTF_H
#define UDTRACE_CONSUMER_PRINTF_H

#include <stdio.h>
#include <stdint.h>
#include "program.h"
#include "options.h"

/* The D type of a printf argument, as the compiler sees it. */
enum pfmt_argkind {
	PF_A_INT,        /* integer (char, short, int, long, long long, enums) */
	PF_A_PTR,        /* pointer */
	PF_A_STRING,     /* string */
	PF_A_CHARARRAY,  /* char[n] */
	PF_A_FLOAT,      /* float/double (never produced by D constants) */
	PF_A_STACK,      /* ustack()/stack() value */
	PF_A_OTHER       /* struct, union, other arrays, void */
};

typedef struct pfmt_arg {
	int kind;           /* enum pfmt_argkind */
	int size;           /* bytes */
	int is_signed;
	int rank;           /* PF_A_INT: 1 char, 2 short, 3 int, 4 long, 5 long long */
	int is_int64_name;  /* type is named int64_t/uint64_t (accepted by %ll?) */
	const char *name;   /* D type name as DTrace prints it: "string", "int", "char *" */
} pfmt_arg_t;

typedef struct pfmt pfmt_t;

/*
 * Parse fmt. `func` is "printf" or "printa" for messages. On error
 * returns NULL and fills tag (e.g. "D_PRINTF_FMT_EMPTY") and msg.
 */
pfmt_t *pfmt_parse(const char *fmt, const char *func, char *tag,
    size_t taglen, char *msg, size_t msglen);

/*
 * Check the argument types (without the format) against the conversions,
 * as DTrace does; first argument is "argument #2". Fills tag/msg and
 * returns -1 on mismatch.
 */
int pfmt_check(pfmt_t *f, const pfmt_arg_t *args, int nargs, char *tag,
    size_t taglen, char *msg, size_t msglen);

void pfmt_free(pfmt_t *f);

/*
 * Print one printf: descs[i]/data[i] are the records of argument i (in
 * order), nargs their count. Returns 0, or -1 if the output failed.
 */
int pfmt_format(FILE *fp, const pfmt_t *f, const d_recdesc_t *const *descs,
    const void *const *data, int nargs, const udt_opts_t *opts);

/* One aggregation's value for printa's %@ conversions. */
typedef struct pfmt_aggval {
	int64_t value;      /* normalized scalar value */
	int is_signed;      /* 0 for count and stddev: %@d prints unsigned */
	/* histograms print themselves in place of the conversion */
	void (*print)(FILE *fp, const void *arg);
	const void *arg;
} pfmt_aggval_t;

/*
 * Print one printa entry: the non-%@ conversions take the key records
 * keys/keydata in order; each %@ takes the next of vals (the last one
 * repeats). Returns 0, or -1 if the output failed or data ran out.
 */
int pfmt_format_printa(FILE *fp, const pfmt_t *f,
    const d_recdesc_t *const *keys, const void *const *keydata, int nkeys,
    const pfmt_aggval_t *vals, int nvals, const udt_opts_t *opts);

#endif /* UDTRACE_CONSUMER_PRINTF_H */
