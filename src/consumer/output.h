/*
 * output.h — dtrace(1)'s default output: the CPU/ID/FUNCTION:NAME header
 * and prefix, flowindent, trace() records, hex dumps.
 *
 * Owns: the byte layout of D-REFERENCE §1.4, §1.5 and §4.1 for one
 * firing. Must not: decide what fires or when output is flushed (the
 * consumer loop does).
 * Invariant: out_firing writes exactly what dtrace writes for one
 * firing of one clause, so that output can be compared byte for byte.
 */
#ifndef UDTRACE_CONSUMER_OUTPUT_H
#define UDTRACE_CONSUMER_OUTPUT_H

#include <stdio.h>
#include <stdint.h>
#include "program.h"
#include "options.h"

/*
 * Records out_firing does not print itself (aggregation actions, setopt,
 * speculation, system/freopen/ftruncate, ...) go to this callback, in
 * record order, so their output lands where dtrace puts it. args/argdata
 * are the D_ACT_PRINTF_ARG records just before the record (nargs of them).
 */
typedef void out_libact_fn(void *arg, const d_recdesc_t *d, const void *data,
    size_t len, const d_recdesc_t *const *args, const void *const *argdata,
    int nargs);

struct agg_table;

typedef struct out_state {
	FILE *fp;
	int header_done;     /* the header is printed once, before the first record */
	int indent;          /* flowindent depth */
	const udt_opts_t *opts;
	out_libact_fn *libact;
	void *libact_arg;
	/* the firing's program's aggregations, for printa in JSON mode */
	struct agg_table *aggt;
	/* JSON mode's printf text, one stream reused (json_fini frees) */
	FILE *jmem;
	char *jbuf;
	size_t jlen;
} out_state_t;

/* What is printed of the probe in the prefix. */
typedef struct out_probe {
	int cpu;
	uint32_t id;
	const char *func, *name;
	const char *prov, *mod;    /* JSON mode names all four */
	uint64_t ts;               /* the entry's timestamp (buf_hdr_t.ts) */
} out_probe_t;

/*
 * Print one firing of one clause whose records are the DIF record buffer
 * recs/len (dif_rechdr_t entries). Prints nothing when the clause has a
 * body but recorded nothing. D_ACT_EXIT records print nothing. With
 * -x oformat=json the firing is one JSON line instead (json_firing).
 */
/*
 * The next record of a firing's buffer b[0..len) from *off (advanced past
 * it and its padding): 1 with its descriptor in clause c, its bytes and
 * their length; 0 at the end or at a truncated record. The text and JSON
 * writers both walk a firing this way.
 */
int out_rec_next(const d_clause_prog_t *c, const unsigned char *b,
    size_t len, size_t *off, const d_recdesc_t **d,
    const unsigned char **data, uint32_t *dlen);

void out_firing(out_state_t *o, const out_probe_t *p,
    const d_clause_prog_t *c, const void *recs, size_t len);

/* trace() of one record (quiet or not), as §1.4. */
void out_trace(out_state_t *o, const d_recdesc_t *d, const void *data,
    size_t len);

/*
 * usym/uaddr/umod/ufunc of a {uint64 pid, uint64 pc} record (d->type
 * D_RT_USYM, D_RT_UADDR or D_RT_UMOD): "  %-50s", quiet or not, in
 * trace() and in aggregation keys.
 */
void out_uaddr(FILE *fp, const d_recdesc_t *d, const void *data, size_t len,
    const udt_opts_t *opts);

/* The hex dump layout of §4.1 (starts with "\n"). */
void out_hexdump(FILE *fp, const void *data, size_t len);

#endif /* UDTRACE_CONSUMER_OUTPUT_H */
