/*
 * spec.h — speculative tracing: nspec speculation buffers, their states
 * (speculation(), speculate(), commit(), discard(), cleaning) and the
 * failed-speculation and speculative-drop counters.
 *
 * Owns: the speculation buffers and the state machine of D-REFERENCE
 * §4.3. Must not: print records (a commit copies entries into the
 * principal buffer, which the drain prints) or allocate after spec_init.
 * Invariant: ids handed out are 1..nspec; a buffer holds whole principal
 * buffer entries (buf_hdr_t + data, padded to 8), so a commit appends
 * them unchanged and they print exactly as if recorded directly.
 */
#ifndef UDTRACE_CONSUMER_SPEC_H
#define UDTRACE_CONSUMER_SPEC_H

#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include "buffer.h"

/*
 * States as DTrace has them, for one consumer-side buffer per id:
 * ACTIVE = handed out, nothing speculated yet; ACTIVEONE = data from one
 * CPU; ACTIVEMANY = data from several CPUs. COMMITTING / DISCARDING are
 * "busy": the data is already gone, the id becomes free at the next
 * clean (cleanrate).
 */
enum spec_state {
	SPEC_INACTIVE, SPEC_ACTIVE, SPEC_ACTIVEONE, SPEC_ACTIVEMANY,
	SPEC_COMMITTING, SPEC_DISCARDING
};

typedef struct udt_spec {
	int state;               /* enum spec_state */
	int cpu;                 /* ACTIVEONE: the CPU that speculated */
	unsigned char *data;     /* specsize bytes inside udt_specs_t.mem */
	size_t used;
} udt_spec_t;

typedef struct udt_specs {
	udt_spec_t *specs;       /* specs[id - 1] */
	uint32_t nspec;
	size_t size;             /* specsize */
	unsigned char *mem;      /* nspec * specsize, one allocation */
	int nbusy;               /* COMMITTING + DISCARDING */
	uint64_t drops;          /* speculate() that did not fit */
	uint64_t unavail;        /* speculation() = 0, none busy */
	uint64_t busy;           /* speculation() = 0, some busy */
	/* the clause now running: its entry's size (spec_check_cb) and CPU */
	size_t cur_need;
	int cur_cpu;
} udt_specs_t;

/* Results of spec_put / spec_commit / spec_discard. */
enum { SPEC_OK = 0, SPEC_IGNORED, SPEC_DROPPED, SPEC_ILLOP };

/* Allocate everything (at udt_go). 0, or -1 on ENOMEM. */
int  spec_init(udt_specs_t *s, uint32_t nspec, uint64_t specsize);
void spec_fini(udt_specs_t *s);

/* speculation(): a free id (now ACTIVE), or 0 and a failure counted. */
uint64_t spec_alloc(udt_specs_t *s);

/* The dif_hit_t.speculation callback: arg is the udt_specs_t. */
uint64_t spec_hit_cb(void *arg);

/*
 * The dif_hit_t.spec_check callback (arg is the udt_specs_t): whether a
 * speculate (rspec DIF_RSPEC_SPECULATE) or commit/discard (DIF_RSPEC_END)
 * of id may go on. As dtrace_speculation_buffer(): speculate() with an id
 * of 0, above nspec or not active has no buffer and drops the rest of its
 * clause silently (1), and so does one whose buffer has no room left
 * for the clause's whole entry (s->cur_need: a speculative drop);
 * commit()/discard() above nspec is an illegal operation (-1). Ids are
 * 32 bits wide, as dtrace_specid_t.
 */
int spec_check_cb(void *arg, uint64_t id, int rspec);

/*
 * What speculate(id) does to the id's state before anything is stored
 * (dtrace_speculation_buffer()): ACTIVE becomes ACTIVEONE for this CPU,
 * ACTIVEONE of another CPU becomes ACTIVEMANY. A clause that faults
 * after speculate() leaves its id so. Ids 0, above nspec or not active
 * are left alone.
 */
void spec_claim(udt_specs_t *s, uint64_t id, int cpu);

/*
 * speculate(id): append one principal-buffer entry to speculation id.
 * SPEC_IGNORED: id 0 or not active (data silently dropped);
 * SPEC_DROPPED: no room (counted); SPEC_ILLOP: id > nspec.
 */
int spec_put(udt_specs_t *s, uint64_t id, uint32_t epid, int cpu,
    uint32_t kind, uint64_t ts, const void *data, size_t len);

/*
 * commit(id): append the entries to dest, in speculation order, each
 * stamped ts (the committing firing's), as dtrace_speculation_commit()
 * sets every committed record's timestamp to the commit time.
 */
int spec_commit(udt_specs_t *s, uint64_t id, int cpu, uint64_t ts,
    udt_buffer_t *dest);
/* discard(id): forget the entries. */
int spec_discard(udt_specs_t *s, uint64_t id, int cpu);

/* Is id out of range (the action faults with illegal operation)? */
int spec_illegal(const udt_specs_t *s, uint64_t id);

/* The cleaner (cleanrate): busy ids become free. */
void spec_clean(udt_specs_t *s);
static inline int spec_busy(const udt_specs_t *s) { return s->nbusy > 0; }

/* Print and reset the drop and failed-speculation counts. */
/* (-x droptags: each line tagged with its DTRACEDROP_ kind) */
void spec_report(udt_specs_t *s, FILE *errfp, int droptags);

#endif /* UDTRACE_CONSUMER_SPEC_H */
