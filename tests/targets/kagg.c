/*
 * kagg.c — calls for aggregations a backend may fold in the target:
 * work(a, b, c) is called with a = i, b = i % 5, c = 100 - i for i in
 * [0, N) (argv[1], default 10000), then mark(1) and phase(1), then for
 * i in [N, N + N / 2), then mark(2). mark() is too short for a 5-byte
 * jump (the trampoline leaves it to the inner backend); phase() is not. With THREADS (argv[2] > 0) those calls are made
 * by that many threads at once (each the whole loop, b = its number),
 * and the marks by main after they are joined. With MS (argv[3]), it
 * sleeps that many milliseconds after mark(1). Prints "calls TOTAL".
 * build: -g -O2 -pthread
 *
 * Untraced output with no arguments, exit status 0:
 *   calls 15000
 */
/* build: -g -O2 -pthread */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long n = 10000;
static volatile long sink;

__attribute__((noinline, noipa)) long work(long a, long b, long c)
{
	return a + b + c;
}

__attribute__((noinline, noipa)) long mark(long m)
{
	return m;
}

__attribute__((noinline, noipa)) long phase(long m)
{
	return m * 3 + sink;
}

static void range(long from, long to, long t)
{
	long s = 0;

	for (long i = from; i < to; i++)
		s += work(i, t < 0 ? i % 5 : t, 100 - i) != 0;
	__atomic_add_fetch(&sink, s, __ATOMIC_RELAXED);   /* work() is never 0 */
}

static void *thr(void *arg)
{
	range(0, n, (long)arg);
	return NULL;
}

int main(int argc, char **argv)
{
	int nt = 0;
	long ms = 0;
	pthread_t t[64];

	if (argc > 1)
		n = atol(argv[1]);
	if (argc > 2)
		nt = atoi(argv[2]);
	if (argc > 3)
		ms = atol(argv[3]);
	if (n < 0 || nt < 0 || nt > 64 || ms < 0)
		return 2;
	if (nt == 0) {
		struct timespec d = { ms / 1000, (ms % 1000) * 1000000 };
		range(0, n, -1);
		mark(1);
		phase(1);
		nanosleep(&d, NULL);
		range(n, n + n / 2, -1);
		mark(2);
	} else {
		for (int i = 0; i < nt; i++)
			pthread_create(&t[i], NULL, thr, (void *)(long)i);
		for (int i = 0; i < nt; i++)
			pthread_join(t[i], NULL);
		mark(1);
	}
	printf("calls %ld\n", sink);
	return 0;
}
