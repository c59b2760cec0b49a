/*
 * json.h — `-x oformat=json`: udtrace's output as JSON Lines, one
 * complete JSON object per line, each flushed as soon as it is written,
 * so a reader (jq, Python, a log shipper) sees it while tracing runs.
 *
 * Owns: the typed form of every kind of output (man udtrace, "JSON
 * output"): a firing's records (json.c), aggregations and printa
 * (json_agg.c), run-time faults, drops and the exit status (json.c);
 * the streaming writer (jsonw.c) and the json-c encoded trees.
 * Must not: change what fires, what is recorded or when the consumer
 * drains; the text layout stays output.c's and aggprint.c's.
 * Invariant: every line written is one JSON object whose "type" says
 * what it is, encoded by json-c (never by hand: strings that are not
 * UTF-8 have their bad bytes replaced by U+FFFD first, so every line
 * parses); nothing else is written on the output in JSON mode.
 */
#ifndef UDTRACE_CONSUMER_JSON_H
#define UDTRACE_CONSUMER_JSON_H

#include <stdio.h>
#include <stdint.h>
#include <json-c/json.h>

#include "consumer/agg.h"
#include "consumer/output.h"
#include "consumer/program.h"

/* Is JSON the output format? (opts may be NULL: text) */
int json_mode(const udt_opts_t *opts);

/* Write obj as one line, flush, and release obj. */
void json_emit(FILE *fp, json_object *obj);

/* ---- jsonw.c: the streaming writer of the per-firing path ---- */

#define JW_MAXDEPTH 16

typedef struct jw {
	FILE *fp;
	int depth;
	unsigned char more[JW_MAXDEPTH];   /* a value was written at this level */
} jw_t;

void jw_begin(jw_t *w, FILE *fp);
/* key: the member name inside an object, NULL inside an array */
void jw_open(jw_t *w, const char *key, int c);     /* '{' or '[' */
void jw_close(jw_t *w, int c);                     /* '}' or ']' */
/* exactly n bytes of s, escaped (a NUL as \u0000), non-UTF-8 bytes as U+FFFD */
void jw_str(jw_t *w, const char *key, const char *s, size_t n);
void jw_int(jw_t *w, const char *key, int64_t v);
void jw_uint(jw_t *w, const char *key, uint64_t v);
void jw_hex(jw_t *w, const char *key, const void *data, size_t n);
/* a json-c value written in place; releases obj (NULL: null) */
void jw_tree(jw_t *w, const char *key, json_object *obj);
/* "\n" and a flush: the line is complete */
void jw_end(jw_t *w);
/* Length of the valid UTF-8 sequence at s (n bytes left), 0 if invalid. */
size_t json_utf8_len(const unsigned char *s, size_t n);

/* ---- typed values, shared by records and aggregation keys ---- */

/* A string of n bytes (stops at a NUL), made valid UTF-8. */
json_object *json_text(const char *s, size_t n);
/* Bytes as lowercase hex digits, two per byte. */
json_object *json_hex(const void *data, size_t n);
/* An integer of `size` bytes (1, 2, 4, 8) read from v's low bytes. */
json_object *json_int(uint64_t v, uint32_t size, int is_signed);
/* A {pid, pcs...} ustack record: an array of frame texts (uaddr form). */
json_object *json_frames(const void *data, size_t len,
    const udt_opts_t *opts);
/* A {pid, pc} usym/uaddr/umod record: its text as trace() shows it. */
json_object *json_addr(const d_recdesc_t *d, const void *data, size_t len,
    const udt_opts_t *opts);
/*
 * A value recorded by trace()/print() or stored as an aggregation key,
 * as its JSON type: number, string, frame array, or (bytes that are no
 * string) a hex string; *is_bytes says the latter.
 */
json_object *json_value(const d_recdesc_t *d, const void *data, size_t len,
    const udt_opts_t *opts, int *is_bytes);
/* The same value written by w (key: "bytes" for bytes, else "value"). */
void jw_value(jw_t *w, const d_recdesc_t *d, const void *data, size_t len,
    const udt_opts_t *opts);

/*
 * print(e) of a value of D type t (json_print.c): structs and unions as
 * objects of their members, arrays as arrays (char arrays holding a
 * string as strings), enums by name, integers and pointers as numbers.
 * Never reads outside data[0, len): bytes beyond it read as zero.
 */
json_object *json_ptype(const d_ptype_t *t, const void *data, size_t len);

/* ---- output objects ---- */

/* One firing of one clause (see out_firing), as a "probe" object. */
void json_firing(out_state_t *o, const out_probe_t *p,
    const d_clause_prog_t *c, const void *recs, size_t len);

/* A run-time fault (§8.1) as an "error" object; text is dtrace's line. */
void json_fault(FILE *fp, uint32_t epid, const out_probe_t *p, int fault,
    uint64_t addr, uint32_t action, int64_t pc, const char *text);

/*
 * A drop count as a "drop" object: kind names the counter (principal,
 * aggregation, dynamic, speculative, speculation-busy,
 * speculation-unavailable, error-enabling); cpu -1: not per CPU; text is
 * the line text mode writes on stderr (without "\n").
 */
void json_drop(FILE *fp, const char *kind, int cpu, uint64_t count,
    const char *text);

/* The "exit" object: the status udtrace exits with. */
void json_exit(FILE *fp, int status);

/* Release what JSON mode kept in o (its printf scratch stream). */
void json_fini(out_state_t *o);

/* ---- json_agg.c ---- */

/*
 * printa(fmt, @a, ...) as a "printa" record: the formatted text (when
 * fmt is given) and each aggregation's typed entries. Marks them
 * printed as agg_printa does. NULL on ENOMEM.
 */
json_object *json_printa(agg_table_t *t, const uint32_t *aggs, int naggs,
    const pfmt_t *fmt, const udt_opts_t *opts);

/* The final print in JSON: one "aggregation" object per aggregation. */
int json_agg_final(FILE *fp, agg_table_t *t, const udt_opts_t *opts);

#endif /* UDTRACE_CONSUMER_JSON_H */
