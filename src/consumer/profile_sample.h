/*
 * profile_sample.h — profile-N on the traced processes: with -c or -p,
 * profile-N samples the target's own threads at N Hz instead of firing
 * in udtrace, so arg1, uregs and ustack() describe the target.
 *
 * Owns: the perf_event cpu-clock events (one per thread and CPU, inherited
 * by threads and children created later), their ring buffers, and
 * turning each sample into a firing of its profile probe.
 * Must not: fire tick-N or profile-N without a target (loop.c's timers
 * do); allocate while draining (everything is sized at arm time).
 * Invariant: a probe is either sampled from perf events here or in
 * loop.c's timer list, never both: loop_arm asks profile_sample_owns
 * before adding a timer (a timer of a probe sampled through the backend
 * calls profile_sample_tick instead of firing in udtrace).
 */
#ifndef UDTRACE_CONSUMER_PROFILE_SAMPLE_H
#define UDTRACE_CONSUMER_PROFILE_SAMPLE_H

#include <poll.h>
#include <stddef.h>

struct udt_handle;
struct udt_probe;

/*
 * At udt_go (from loop_arm): open the sampling events of every enabled
 * profile-N probe when the handle has -c/-p processes. A probe whose
 * events cannot be opened (perf_event_open not permitted) is left to the
 * tracer-side timer. 0, or -1 on ENOMEM.
 */
int profile_sample_arm(struct udt_handle *h);

/* Is p sampled from the target (so loop.c must not time it)? */
int profile_sample_owns(const struct udt_handle *h, const struct udt_probe *p);

/* The ring buffers' descriptors for the loop's poll set; returns the count. */
size_t profile_sample_pollfds(const struct udt_handle *h, struct pollfd *pfd,
    size_t max);

/*
 * After the poll: a descriptor that reported POLLHUP (its thread exited)
 * is replaced by another event of the same ring.
 */
void profile_sample_polled(struct udt_handle *h, const struct pollfd *pfd,
    size_t n);

/* Fire the profile probe for every sample waiting in the rings. */
void profile_sample_drain(struct udt_handle *h);

/*
 * loop.c's timer of p is due: if p is sampled through the backend
 * (perf events refused), take one sample of every running thread of the
 * targets and return 1; else 0 (loop.c fires p in udtrace).
 */
int profile_sample_tick(struct udt_handle *h, struct udt_probe *p);

/* Close every event (before the processes are released). */
void profile_sample_fini(struct udt_handle *h);

#endif /* UDTRACE_CONSUMER_PROFILE_SAMPLE_H */
