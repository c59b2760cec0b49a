/*
 * syscall_count.h — the syscall provider's counting path
 * (syscall_count.c): probes whose clauses only count are counted by the
 * kernel, and the counts enter the aggregations when they are read.
 *
 * Owns: the choice of counted probes and their counters. Must not: run
 * on the hit path (nothing here is called per call).
 * Invariant: a probe is counted or sampled, never both; every counted
 * firing reaches the aggregations at the next flush, and none after
 * tracing ended.
 */
#ifndef UDTRACE_PROVIDERS_SYSCALL_COUNT_H
#define UDTRACE_PROVIDERS_SYSCALL_COUNT_H

#include "backend/backend.h"

struct udt_handle;
struct udt_probe;

/*
 * A new choice begins, on backend be: the counts so far are kept and
 * every counter is closed. 0 or -1 (ENOMEM).
 */
int syscall_count_begin(struct udt_handle *h, udt_backend_t *be);

/*
 * The most probes counted in the kernel: each has a tracepoint of its
 * own, and the kernel waits an RCU grace period (tens of ms, more under
 * load) to release each when udtrace ends. A program that could count
 * more has every probe reported call by call (one raw_syscalls
 * tracepoint, filtered in the kernel).
 */
#define SYSCALL_COUNT_MAX 8

/*
 * Could probe p (call nr's entry or return) be counted: every clause on
 * it allows, the call is one the backend can count? The caller has ruled
 * out calls the proc provider needs one by one.
 */
int syscall_count_ok(struct udt_handle *h, struct udt_probe *p, unsigned nr,
    int global);

/*
 * Count probe p (call nr's entry, or return with ret 1) in the kernel if
 * syscall_count_ok and the kernel can: 1, and the caller leaves the call
 * out of the sampled set; 0: sample it.
 */
int syscall_count_probe(struct udt_handle *h, struct udt_probe *p,
    unsigned nr, int ret, int global);

/*
 * The choice is made: -v tells how many probes are counted (over: how
 * many could have been, when more than SYSCALL_COUNT_MAX; else 0).
 */
void syscall_count_end(struct udt_handle *h, unsigned over);

/*
 * Before aggregations are read or changed (the drain, the final print,
 * the shell): the firings counted since enter them.
 */
void syscall_count_flush(struct udt_handle *h);

void syscall_count_free(struct udt_handle *h);

#endif /* UDTRACE_PROVIDERS_SYSCALL_COUNT_H */
