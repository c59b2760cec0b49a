/*
 * buffer.h — the principal buffer: what probe firings recorded, waiting
 * to be printed by the consumer at the next drain.
 *
 * Owns: one byte buffer of bufsize bytes holding entries (header, data),
 * the drop counters and the bufpolicy (switch, fill, ring).
 * Must not: print records itself; a drain hands each entry to a callback.
 * Invariant: buf_put never allocates; an entry that does not fit is
 * dropped and counted (switch, fill) or pushes out the oldest (ring).
 */
#ifndef UDTRACE_CONSUMER_BUFFER_H
#define UDTRACE_CONSUMER_BUFFER_H

#include <stdint.h>
#include <stddef.h>
#include <stdio.h>

enum buf_kind {
	BUF_REC,     /* a clause's records (dif_rechdr_t entries) */
	BUF_ERR      /* a run-time fault: data is a buf_err_t */
};

typedef struct buf_hdr {
	uint32_t epid;
	uint32_t len;    /* data bytes; the entry is padded to 8 */
	int32_t  cpu;
	uint32_t kind;   /* enum buf_kind */
	/*
	 * The firing's timestamp (CLOCK_MONOTONIC ns, D's timestamp), as
	 * dtrace_rechdr_t holds one; a committed speculation's entries
	 * carry the commit's. Meaningful only when some clause or
	 * -x jsontimestamp made the firing read the clock.
	 */
	uint64_t ts;
} buf_hdr_t;

typedef struct buf_err {
	uint32_t epid, action;   /* action 0 = predicate */
	int64_t  pc;             /* DIF offset, -1 none */
	int32_t  fault;
	uint32_t pad;
	uint64_t addr;
} buf_err_t;

#define BUF_MAX_CPUS 1024

typedef struct udt_buffer {
	unsigned char *data;
	size_t size, used;
	int policy;              /* UDT_BUF_* */
	int filled;              /* fill policy: the buffer filled up, stop */
	uint64_t drops[BUF_MAX_CPUS];
} udt_buffer_t;

int  buf_init(udt_buffer_t *b, size_t size, int policy);
void buf_fini(udt_buffer_t *b);

/* Append an entry. 0, or -1 when it was dropped. */
/*
 * DTrace reserves a clause's whole entry (dte_needed) before its
 * predicate runs: 0 when an entry of need bytes (header included) fits
 * now; otherwise the drop is counted as buf_put counts it and the clause
 * must not run at all. Never allocates.
 */
int buf_room(udt_buffer_t *b, size_t need, int cpu);

int buf_put(udt_buffer_t *b, uint32_t epid, int cpu, uint32_t kind,
    uint64_t ts, const void *data, size_t len);

/* Hand every entry, oldest first, to fn, then empty the buffer. */
void buf_drain(udt_buffer_t *b,
    void (*fn)(void *arg, const buf_hdr_t *h, const void *data), void *arg);

/*
 * -x temporal: the same, entries in timestamp order (equal ones in the
 * order recorded), as dtrace_consume orders records across its per-CPU
 * buffers. -1 (nothing handed over) when the index cannot be allocated.
 */
int buf_drain_sorted(udt_buffer_t *b,
    void (*fn)(void *arg, const buf_hdr_t *h, const void *data), void *arg);

/* Print "udtrace: 5 drops on CPU 0" lines for drops since the last call. */
/* (-x droptags: each line tagged "[DTRACEDROP_PRINCIPAL] ") */
void buf_report_drops(udt_buffer_t *b, FILE *errfp, int droptags);

#endif /* UDTRACE_CONSUMER_BUFFER_H */
