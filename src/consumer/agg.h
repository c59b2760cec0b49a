/*
 * agg.h — a program's aggregations: one preallocated table holding every
 * (aggregation, key) entry with its function's running state, and the
 * consumer-side actions on it (printa, clear, trunc, normalize, the final
 * print).
 *
 * Owns: entry layout and the state of each aggregating function (agg.c),
 * the byte layout of D-REFERENCE §6.2-§6.4 (aggprint.c). Must not:
 * allocate on the update path (agg_apply runs inside probe firings), or
 * know about buffers, ECBs or the handle.
 * Invariant: entries live in one arena of `aggsize` bytes, laid end to
 * end in order of creation; a full arena drops the update and counts it.
 * Only agg.c, aggprint.c and json_agg.c look inside struct agg_table.
 */
#ifndef UDTRACE_CONSUMER_AGG_H
#define UDTRACE_CONSUMER_AGG_H

#include <stdio.h>
#include <stdint.h>
#include <stddef.h>
#include "program.h"
#include "options.h"
#include "printf.h"

/* DTrace's power-of-two histogram: ..., -2, -1, 0, 1, 2, 4, ..., 2^62. */
#define AGG_QUANT_NBUCKETS 127
#define AGG_QUANT_ZERO     63

#define AGG_MAXCPU 256

/* stddev's sum of squares needs 128 bits (gcc's extension, -std=c11 clean). */
__extension__ typedef unsigned __int128 agg_u128;

/*
 * One entry. The key blob (keysize bytes, rounded up to 8) and then the
 * state words follow the header.
 */
typedef struct agg_ent {
	uint32_t next;     /* hash chain: arena offset + 1 of the next entry, 0 ends */
	uint32_t agg;      /* aggregation index */
	uint32_t size;     /* bytes of the whole entry */
	uint32_t dead;     /* removed by trunc, until the arena is compacted */
	uint64_t hash;
} agg_ent_t;

/* Per aggregation: its layout in entries and what the consumer set. */
typedef struct agg_info {
	const d_aggdesc_t *desc;
	uint32_t keyspace;   /* keysize rounded up to 8 */
	uint32_t nwords;     /* int64 state words */
	int64_t normal;      /* normalize(): printed values are divided by it */
	int printed;         /* printa showed it with entries: not at exit */
} agg_info_t;

typedef struct agg_table {
	const d_program_t *dp;
	agg_info_t *info;             /* dp->naggs of them */
	unsigned char *arena;
	size_t arenasize, used;
	uint32_t *buckets;            /* arena offset + 1 of the chain head */
	size_t nbuckets;              /* power of two */
	uint64_t drops[AGG_MAXCPU];
	/*
	 * usym()/ufunc() keys aggregate by function and umod() keys by
	 * module, as in DTrace: each pc is replaced by its function's start
	 * (or by the first pc seen in that module); these remember the
	 * answers so the symbolizer runs once per distinct pc.
	 */
	struct agg_norm { int64_t pid; uint64_t pc, npc; int type; } norm[1024];
	struct agg_modrep { int64_t pid; char mod[64]; uint64_t pc; } modrep[128];
	int nmodrep;
	int64_t *zero;                /* a zeroed state, for missing entries */
} agg_table_t;

/* Create the table of dp's aggregations in `aggsize` bytes (NULL: ENOMEM). */
agg_table_t *agg_table_create(const d_program_t *dp, size_t aggsize);
void agg_table_destroy(agg_table_t *t);

/*
 * Apply one DIF_AGG record (value, weight, key) to aggregation `agg`.
 * Never allocates. Returns 0, or -1 when the update was dropped.
 */
int agg_apply(agg_table_t *t, uint32_t agg, const void *data, size_t len,
    int cpu);

/*
 * agg_apply for `times` firings at once: count() only (else -1): a
 * backend that counted a site's hits reports them in bulk.
 */
int agg_apply_n(agg_table_t *t, uint32_t agg, const void *data, size_t len,
    int cpu, uint64_t times);

/*
 * n firings folded elsewhere (a backend's table in the target) into
 * (agg, key): count() adds n, sum() val, avg() n firings totalling val,
 * min()/max() take val (a firing's value, or their empty state). Other
 * functions: -1. A full arena drops the n firings (counted). Never
 * allocates.
 */
int agg_fold(agg_table_t *t, uint32_t agg, const void *key, size_t klen,
    int cpu, uint64_t n, int64_t val);

/*
 * agg_apply_n for a kernel count: n == 0 does nothing, not even make the
 * key. -1: the aggregation is not a count(), or the n updates were
 * dropped (n drops).
 */
int agg_apply_count(agg_table_t *t, uint32_t agg, const void *data,
    size_t len, int cpu, uint64_t n);

/* Apply every D_ACT_AGG record of one clause's record buffer. */
void agg_apply_records(agg_table_t *t, const d_clause_prog_t *c,
    const void *recs, size_t len, int cpu);
/* ... standing for `times` firings (count() records only: agg_apply_n). */
void agg_apply_records_n(agg_table_t *t, const d_clause_prog_t *c,
    const void *recs, size_t len, int cpu, uint64_t times);

/* Clause's record buffer holds anything but aggregation updates? */
int agg_records_print(const d_clause_prog_t *c, const void *recs,
    size_t len);

/* "udtrace: N aggregation drops on CPU c" lines, then zero the counts. */
void agg_report_drops(agg_table_t *t, FILE *errfp, int droptags);
/* CPU cpu's aggregation drops since the last call (JSON mode's report). */
uint64_t agg_take_drops(agg_table_t *t, int cpu);

/* Entry access for the printer. */
const unsigned char *agg_ent_key(const agg_ent_t *e);
int64_t *agg_ent_state(const agg_table_t *t, const agg_ent_t *e);
/* The histogram bucket count of aggregation a (0: not a histogram). */
int agg_nbuckets(const d_aggdesc_t *a);
/* Lower bound of bucket i of a histogram aggregation. */
int64_t agg_bucket_value(const d_aggdesc_t *a, int i);

/* clear(@a): every value back to zero, keys kept. */
void agg_clear(agg_table_t *t, uint32_t agg);
/*
 * trunc(@a[, n]): without n drop every key; n > 0 keeps the n largest,
 * n < 0 the -n smallest, by the current sort (opts).
 */
void agg_trunc(agg_table_t *t, uint32_t agg, int has_n, int64_t n,
    const udt_opts_t *opts);
/* normalize(@a, n) / denormalize(@a) (n = 1). */
void agg_normalize(agg_table_t *t, uint32_t agg, int64_t n);

/* ---- aggprint.c ---- */

/* avg()'s and stddev()'s shown values (integers, as DTrace) of state s. */
int64_t agg_avg_value(const int64_t *s, int64_t normal);
uint64_t agg_stddev_value(const int64_t *s, int64_t normal);

/*
 * printa: fmt NULL is the default layout ("\n" then rows), else fmt per
 * joined entry. Marks the aggregations shown (when not empty).
 */
int agg_printa(FILE *fp, agg_table_t *t, const uint32_t *aggs, int naggs,
    const pfmt_t *fmt, const udt_opts_t *opts);

/* The final print: every aggregation not shown by printa, sorted. */
int agg_print_final(FILE *fp, agg_table_t *t, const udt_opts_t *opts);

/*
 * Entries of the joined aggregations aggs[0..naggs) sorted as opts say:
 * rows[r * naggs + j] is aggregation j's entry for row r (NULL: missing).
 * Returns the row count (-1: ENOMEM); the caller frees *rows.
 */
int agg_sorted_rows(agg_table_t *t, const uint32_t *aggs, int naggs,
    const udt_opts_t *opts, agg_ent_t ***rows);

#endif /* UDTRACE_CONSUMER_AGG_H */
