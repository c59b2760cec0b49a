/*
 * loop.c — the consumer's main loop: udt_work sleeps until the next
 * timer deadline or switchrate tick or until the backend has events,
 * fires due tick/profile probes, lets the backend dispatch its hits and
 * process events (or, with nothing else to watch, wait for them itself:
 * ops->wait), fires the samples profile-N probes took of the
 * targets (profile_sample.c), and drains the principal buffer; runs the
 * speculation cleaner at cleanrate. When every -c/-p process is gone, tracing ends
 * as if exit() had been called without a status.
 *
 * Owns: timer scheduling (absolute CLOCK_MONOTONIC deadlines, advanced
 * by whole periods so rates never drift), the stop request.
 * Must not: print records itself (handle_drain does) or allocate while
 * tracing (the timer list is built once, at udt_go).
 * Invariant: udt_request_stop only stores to a sig_atomic_t, so it is
 * safe in a signal handler; the signal also interrupts ppoll, which is
 * never restarted, so the loop notices at once.
 */
#include "handle.h"
#include "profile_sample.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A timer that fell this many periods behind resynchronises instead of firing each. */
#define LOOP_MAX_CATCHUP 1000

uint64_t loop_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static uint64_t clean_period(const udt_handle_t *h)
{
	return h->opts.cleanrate ? h->opts.cleanrate : 1000000000ULL / 101;
}

int loop_arm(udt_handle_t *h)
{
	size_t n = 0;
	/* profile-N with a target samples the target instead of a timer */
	if (profile_sample_arm(h) != 0)
		return -1;
	for (size_t i = 0; i < h->reg.nprobes; i++)
		if (h->reg.probes[i]->period_ns && h->reg.probes[i]->ecbs &&
		    !profile_sample_owns(h, h->reg.probes[i]))
			n++;
	free(h->timers);
	h->timers = NULL;
	h->ntimers = 0;
	if (n > 0) {
		h->timers = calloc(n, sizeof(*h->timers));
		if (h->timers == NULL)
			return -1;
	}
	uint64_t now = loop_now_ns();
	for (size_t i = 0; i < h->reg.nprobes; i++) {
		udt_probe_t *p = h->reg.probes[i];
		if (p->period_ns && p->ecbs && !profile_sample_owns(h, p)) {
			p->next_ns = now + p->period_ns;
			h->timers[h->ntimers++] = p;
		}
	}
	h->next_switch = now + (h->opts.switchrate ? h->opts.switchrate :
	    1000000000ULL);
	h->next_clean = now + clean_period(h);
	/* dtrace_status polls once as tracing starts, then every statusrate */
	h->next_status = now;
	return 0;
}

static uint64_t status_period(const udt_handle_t *h)
{
	return h->opts.statusrate ? h->opts.statusrate : 1000000000ULL;
}

/*
 * dtrace learns of exit() from the status the kernel reports at its
 * status polls (dtrace_status), which statusrate spaces on a fixed grid
 * from the first one: END fires at the first poll after exit(). Polls
 * while not exiting only advance the grid.
 */
static int exit_seen(udt_handle_t *h, uint64_t now)
{
	/*
	 * A traced process's thread that hit the probe may be held until
	 * its hit is handled: exit() then ends at once, so that no thread
	 * of the traced program waits for the poll.
	 */
	if (h->exiting && h->procs.be != NULL)
		return 1;
	if (now < h->next_status)
		return 0;
	if (h->exiting)
		return 1;
	uint64_t period = status_period(h);
	h->next_status += ((now - h->next_status) / period + 1) * period;
	return 0;
}

/*
 * The speculation cleaner, on its own whole-period schedule: ids left
 * busy by commit()/discard() become free at the first tick after.
 */
static void clean_due(udt_handle_t *h, uint64_t now)
{
	if (now < h->next_clean)
		return;
	spec_clean(&h->spec);
	uint64_t period = clean_period(h);
	h->next_clean += ((now - h->next_clean) / period + 1) * period;
}

/* Fire every timer whose deadline has passed. */
static void fire_due(udt_handle_t *h, uint64_t now)
{
	for (size_t i = 0; i < h->ntimers && !h->exiting; i++) {
		udt_probe_t *p = h->timers[i];
		int n = 0;
		while (p->next_ns <= now && !h->exiting) {
			/* arg0 is the kernel pc (none), arg1 the user pc (no target yet). */
			uint64_t args[2] = { 0, 0 };
			if (!profile_sample_tick(h, p))
				ecb_fire_tracer(h, p, args, 2);
			p->next_ns += p->period_ns;
			if (++n == LOOP_MAX_CATCHUP) {
				p->next_ns = now + p->period_ns;
				break;
			}
		}
	}
}

/* The switchrate tick: print what is buffered, schedule the next one. */
static int switch_now(udt_handle_t *h, uint64_t now, uint64_t rate)
{
	if (h->buf.policy != UDT_BUF_RING)
		handle_drain(h);
	h->next_switch += rate;
	if (h->next_switch <= now)
		h->next_switch = now + rate;
	return UDT_WORK_OKAY;
}

/* Must a backend's wait return to the loop now? */
static int loop_quit(void *arg)
{
	udt_handle_t *h = arg;

	return h->stop_req || h->exiting || h->buf.filled ||
	    (h->procs.nuser > 0 && h->procs.nuser_live == 0);
}

int udt_work(udt_handle_t *h)
{
	if (h->stopped)
		return UDT_WORK_DONE;
	if (!h->active) {
		snprintf(h->errmsg, sizeof(h->errmsg), "tracing is not active");
		return UDT_WORK_ERROR;
	}
	uint64_t rate = h->opts.switchrate ? h->opts.switchrate : 1000000000ULL;
	for (;;) {
		/* samples taken before a target's exit count before the end */
		profile_sample_drain(h);
		/*
		 * exit() seen at a status poll, a full fill buffer or the
		 * end of the traced processes: the loop fires END itself, so
		 * a caller only has to call udt_work until DONE.
		 */
		if (exit_seen(h, loop_now_ns()) || h->buf.filled ||
		    (h->procs.nuser > 0 && h->procs.nuser_live == 0)) {
			udt_stop(h);
			return UDT_WORK_DONE;
		}
		/*
		 * A stop request (a signal) returns at once so the caller can
		 * react (dtrace prints "\n") and call udt_stop; if it calls
		 * udt_work again instead, stop here.
		 */
		if (h->stop_req) {
			if (h->stop_seen++ == 0) {
				/* hits a batching backend holds came before the stop */
				udt_backend_t *sb = h->procs.be;
				if (sb != NULL && sb->ops->deadline != NULL &&
				    (sb->ops->dispatch(sb) != 0 ||
				    (!h->exiting && sb->ops->resume(sb) != 0))) {
					snprintf(h->errmsg, sizeof(h->errmsg), "%s",
					    sb->ops->errmsg(sb));
					return UDT_WORK_ERROR;
				}
				if (h->buf.policy != UDT_BUF_RING)
					handle_drain(h);
				return UDT_WORK_OKAY;
			}
			udt_stop(h);
			return UDT_WORK_DONE;
		}
		uint64_t now = loop_now_ns();
		clean_due(h, now);
		fire_due(h, now);
		if (h->buf.filled || (h->exiting && now >= h->next_status))
			continue;
		/*
		 * A due switch still lets the backend deliver what waits
		 * (a zero-timeout poll below) before the drain: with a tiny
		 * switchrate the loop would otherwise never dispatch a hit.
		 */
		int switch_due = now >= h->next_switch;
		uint64_t next = switch_due ? now : h->next_switch;
		/* after exit() no timer fires: its past due time would spin */
		for (size_t i = 0; i < h->ntimers && !h->exiting; i++)
			if (h->timers[i]->next_ns < next)
				next = h->timers[i]->next_ns;
		/* idle ids need no cleaning: wake for the cleaner only when busy */
		if (spec_busy(&h->spec) && h->next_clean < next)
			next = h->next_clean;
		/* after exit(), the status poll that sees it */
		if (h->exiting && h->next_status < next)
			next = h->next_status;
		udt_backend_t *be = h->procs.be;
		if (switch_due && be == NULL)
			return switch_now(h, now, rate);
		if (be == NULL) {
			struct timespec ts = {
				.tv_sec = (time_t)(next / 1000000000ULL),
				.tv_nsec = (long)(next % 1000000000ULL),
			};
			/* EINTR (a stop request) is handled at the top of the loop. */
			(void)clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts,
			    NULL);
			continue;
		}
		/* a batching backend's hits below its wakeup mark: bounded */
		uint64_t bdl = be->ops->deadline ? be->ops->deadline(be) : 0;
		if (bdl != 0 && bdl < next)
			next = bdl;
		/* nothing but the backend to watch: let it block for us */
		if (be->ops->wait != NULL && !h->nowait &&
		    h->psamp == NULL) {
			int w = be->ops->wait(be, next, loop_quit, h);
			if (w > 0)
				h->nowait = 1;
			if (w < 0 || (w == 0 && !h->exiting &&
			    be->ops->resume(be) != 0)) {
				snprintf(h->errmsg, sizeof(h->errmsg), "%s",
				    be->ops->errmsg ? be->ops->errmsg(be) :
				    "backend failure");
				return UDT_WORK_ERROR;
			}
			if (switch_due)
				return switch_now(h, now, rate);
			continue;
		}
		uint64_t wait = next > now ? next - now : 0;
		struct timespec rel = {
			.tv_sec = (time_t)(wait / 1000000000ULL),
			.tv_nsec = (long)(wait % 1000000000ULL),
		};
		struct pollfd pfd[1 + 64];
		pfd[0] = (struct pollfd){ .fd = be->ops->fd(be), .events = POLLIN };
		nfds_t npfd = 1 + (nfds_t)profile_sample_pollfds(h, pfd + 1, 64);
		int rc = ppoll(pfd, npfd, &rel, NULL);
		if (rc > 0)
			profile_sample_polled(h, pfd + 1, npfd - 1);
		if (rc < 0 && errno != EINTR) {
			snprintf(h->errmsg, sizeof(h->errmsg),
			    "failed to wait for events: %s", strerror(errno));
			return UDT_WORK_ERROR;
		}
		int ready = rc > 0 &&
		    (pfd[0].revents & (POLLIN | POLLERR | POLLHUP));
		if (!ready && bdl != 0 && loop_now_ns() >= bdl)
			ready = 1;
		if (ready && (be->ops->dispatch(be) != 0 ||
		    (!h->exiting && be->ops->resume(be) != 0))) {
			snprintf(h->errmsg, sizeof(h->errmsg), "%s",
			    be->ops->errmsg ? be->ops->errmsg(be) :
			    "backend failure");
			return UDT_WORK_ERROR;
		}
		if (switch_due)
			return switch_now(h, now, rate);
		/* samples only, or a timer: handled at the top */
	}
}

void udt_request_stop(udt_handle_t *h)
{
	h->stop_req = 1;
}
