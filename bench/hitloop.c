/*
 * hitloop.c — the target of bench/uprobe-bench.sh: THREADS threads each
 * call work(i) N times, and the program times only those calls, so a
 * tracer's start-up, symbol loading and teardown (closing a kernel uprobe
 * waits for RCU grace periods: tens of ms each) stay out of the per-hit
 * number. Usage: hitloop N [THREADS [SPIN]]; SPIN (default 0) adds that
 * many turns of an empty loop between calls, to slow the call rate (to
 * find the rate at which a tracer's consumer stops dropping); prints
 * "calls C ns T cpu U" (T: wall ns from the moment every thread is ready
 * to the last one's end; U: the process's CPU ns over the same span,
 * which is what the traps cost it, without the time other work on the
 * machine took the CPU away).
 *
 * Owns: nothing but the measurement. Must not: make system calls inside
 * the timed loop (a tracer that wakes per syscall would be charged).
 * Invariant: every thread exists (a tracer has armed its probes on it
 * at its birth) before timing starts: they wait at a barrier.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long n, spin;
static volatile long sink;
static pthread_barrier_t ready, go;

__attribute__((noinline, noipa)) long work(long i)
{
	return i * 2;
}

static void *loop(void *arg)
{
	long s = 0;

	(void)arg;
	pthread_barrier_wait(&ready);
	pthread_barrier_wait(&go);
	for (long i = 0; i < n; i++) {
		s += work(i);
		for (volatile long j = 0; j < spin; j++)
			;
	}
	sink += s;
	return NULL;
}

static long long now_ns(clockid_t c)
{
	struct timespec ts;

	clock_gettime(c, &ts);
	return (long long)ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	int nt = argc > 2 ? atoi(argv[2]) : 1;
	pthread_t *t;
	long long t0, t1, c0, c1;

	n = argc > 1 ? atol(argv[1]) : 100000;
	spin = argc > 3 ? atol(argv[3]) : 0;
	if (nt < 1 || !(t = calloc((size_t)nt, sizeof *t)))
		return 1;
	pthread_barrier_init(&ready, NULL, (unsigned)nt + 1);
	pthread_barrier_init(&go, NULL, (unsigned)nt + 1);
	for (int i = 0; i < nt; i++)
		if (pthread_create(&t[i], NULL, loop, NULL) != 0)
			return 1;
	pthread_barrier_wait(&ready);
	t0 = now_ns(CLOCK_MONOTONIC);
	c0 = now_ns(CLOCK_PROCESS_CPUTIME_ID);
	pthread_barrier_wait(&go);
	for (int i = 0; i < nt; i++)
		pthread_join(t[i], NULL);
	t1 = now_ns(CLOCK_MONOTONIC);
	c1 = now_ns(CLOCK_PROCESS_CPUTIME_ID);
	printf("calls %ld ns %lld cpu %lld\n", n * nt, t1 - t0, c1 - c0);
	return 0;
}
