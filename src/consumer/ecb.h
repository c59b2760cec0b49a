/*
 * ecb.h — enabled probe blocks: one per (clause, matched probe), hung on
 * the probe in program order, numbered by EPID from 1.
 *
 * Owns: creating ECBs and running them when a probe fires: predicate,
 * body, record to the principal buffer, exit(), faults and ERROR.
 * Must not: allocate while firing, or print (the drain prints).
 * Invariant: h->ecbs[epid - 1]->epid == epid.
 */
#ifndef UDTRACE_CONSUMER_ECB_H
#define UDTRACE_CONSUMER_ECB_H

#include <stdint.h>
#include "program.h"
#include "dif/emu.h"
#include "backend/backend.h"

struct udt_handle;
struct udt_prog;
struct udt_probe;

typedef struct udt_ecb {
	uint32_t epid;
	struct udt_probe *probe;
	struct udt_prog *prog;
	const d_clause_prog_t *clause;
	struct udt_ecb *next;    /* next ECB on the same probe */
	/*
	 * Bytes the clause's largest entry takes in a speculation buffer
	 * (DTrace's dte_needed): speculate() reserves them all at once.
	 */
	size_t spec_need;
	/*
	 * Bytes its entry needs in the principal buffer, reserved before
	 * the predicate runs; 0 for a clause that makes no entry there
	 * (only aggregations, commit( ), discard( ) and assignments).
	 */
	size_t buf_need;
} udt_ecb_t;

/* Create the ECB of clause c on probe p (enable time). NULL on ENOMEM. */
udt_ecb_t *ecb_create(struct udt_handle *h, struct udt_prog *prog,
    const d_clause_prog_t *c, struct udt_probe *p);

/*
 * Does every firing of e do the same and nothing but count()? No
 * predicate; a body of count() aggregations only, keyed by nothing the
 * hit holds but the probe and the process id (no arguments, registers,
 * thread, time, variables, subroutines, no fault possible). Such an ECB
 * may take a site's hits in bulk (ecb_fire_n).
 */
int ecb_counted(const udt_ecb_t *e);

/*
 * n firings of probe p at once, for its counted ECBs only (the others are
 * skipped: a site is counted only while all its ECBs are): the body runs
 * once and its count() records add n.
 */
void ecb_fire_n(struct udt_handle *h, struct udt_probe *p, dif_hit_t *hit,
    uint64_t n);

/*
 * Fire probe p: hit has the process context (pid, tid, args, regs,
 * read_mem, cpu); probe strings, ids and times are filled in here.
 */
void ecb_fire(struct udt_handle *h, struct udt_probe *p, dif_hit_t *hit);

/*
 * ecb_fire for a hit that carries some clocks already (UDT_CLOCK_* in
 * `have`: a backend's hit time), so only the others are read.
 */
void ecb_fire_clk(struct udt_handle *h, struct udt_probe *p, dif_hit_t *hit,
    unsigned have);

/*
 * n firings of ECB e at once, for a clause whose only effect is count()
 * into aggregations keyed by values fixed per probe (the syscall
 * provider's kernel counts): no predicate runs (the counts are already
 * the firings it would pass), the body runs once and each of its
 * aggregation records counts n. n == 0 only runs the body, to learn that
 * it completes: 0 if it did (being pure, it always will), -1 if it
 * faulted or recorded anything but count() updates. hit needs no process
 * context; the probe's is filled in here.
 */
int ecb_fire_count(struct udt_handle *h, udt_ecb_t *e, dif_hit_t *hit,
    uint64_t n);

/*
 * ecb_kagg.c: how many aggregating statements e's clause has, if a
 * backend may run it in the target (every one a count, sum, avg, min or
 * max of integer functions of the arguments, under such a predicate),
 * else -1.
 */
int ecb_kaggs(const udt_ecb_t *e);
/*
 * The which'th of them as a backend's in-target program (c, its ops in
 * ops[UDT_KOPS_MAX], *rec its record): argN (N < 6) reads register
 * argreg[N] (R_*), or the constant argk[N] where argreg[N] < 0. -1: not
 * pure enough (records then).
 */
int ecb_kclause(const udt_ecb_t *e, const int *argreg, const uint64_t *argk,
    int which, udt_kclause_t *c, udt_kop_t *ops, uint32_t *rec);
/*
 * n firings of record rec of e's clause with key keys[0..nkeys) the
 * backend folded (cb.kfold's n and val), into its aggregation; nothing
 * after exit().
 */
void ecb_kfold(struct udt_handle *h, const udt_ecb_t *e, uint32_t rec,
    const uint64_t *keys, unsigned nkeys, uint64_t n, int64_t val);

/* Fire p as an event of udtrace itself (BEGIN, END, tick): args as given. */
void ecb_fire_tracer(struct udt_handle *h, struct udt_probe *p,
    const uint64_t *args, int nargs);

#endif /* UDTRACE_CONSUMER_ECB_H */
