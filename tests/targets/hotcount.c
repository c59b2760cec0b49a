/*
 * hotcount.c — hot threads: THREADS threads (argv[2], default 4) each
 * call a tiny noinline hot() N times (argv[1], default 1000000), as fast
 * as they can, all at once (a barrier), then print "calls TOTAL".
 * build: -g -O2 -pthread
 */
/* build: -g -O2 -pthread */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static long n = 1000000;
static pthread_barrier_t go;
static volatile long sink;

__attribute__((noinline, noipa)) long hot(long i)
{
	return i + 1;
}

static void *loop(void *arg)
{
	long s = 0;

	(void)arg;
	pthread_barrier_wait(&go);
	for (long i = 0; i < n; i++)
		s += hot(i) - i;
	__atomic_add_fetch(&sink, s, __ATOMIC_RELAXED);
	return NULL;
}

int main(int argc, char **argv)
{
	int nt = 4;
	pthread_t t[64];

	if (argc > 1)
		n = atol(argv[1]);
	if (argc > 2)
		nt = atoi(argv[2]);
	if (nt < 1 || nt > 64 || n < 0)
		return 2;
	pthread_barrier_init(&go, NULL, (unsigned)nt);
	for (int i = 0; i < nt; i++)
		pthread_create(&t[i], NULL, loop, NULL);
	for (int i = 0; i < nt; i++)
		pthread_join(t[i], NULL);
	printf("calls %ld\n", sink);
	return 0;
}
