/*
 * depth.c — see depth.h. The bounds of the thread's stack come from
 * pthread_getattr_np once per thread (for the main thread glibc derives
 * them from RLIMIT_STACK and the current mapping); after that a check is
 * one comparison of a local's address.
 * Must not: trust a guessed size when the bounds are unknown: then the
 * guard only limits itself to 1 MiB below the first frame it saw, which
 * every thread stack udtrace creates has room for.
 */
#include <pthread.h>
#include <stdint.h>
#include "d/depth.h"

static _Thread_local uintptr_t stack_floor;   /* lowest address we may reach */

static void find_floor(void)
{
	char here;
	uintptr_t sp = (uintptr_t)&here;
	pthread_attr_t a;
	void *lo = NULL;
	size_t size = 0;

	if (pthread_getattr_np(pthread_self(), &a) == 0) {
		if (pthread_attr_getstack(&a, &lo, &size) != 0)
			lo = NULL;
		pthread_attr_destroy(&a);
	}
	if (lo != NULL && size > 2 * D_STACK_RESERVE &&
	    sp > (uintptr_t)lo + 2 * D_STACK_RESERVE)
		stack_floor = (uintptr_t)lo + D_STACK_RESERVE;
	else
		stack_floor = sp > (1u << 20) ? sp - (1u << 20) : 1;
}

void d_depth_guard(d_cc_t *cc, int line)
{
	char here;
	if (stack_floor == 0)
		find_floor();
	if ((uintptr_t)&here < stack_floor)
		d_error(cc, line, "D_SYNTAX", "program is nested too deeply");
}
