/*
 * threads.c — many threads: 8 threads each call work() 1000 times, so
 * work:entry fires exactly 8000 times in total (none in main's thread).
 * build: -g -O2 -pthread
 *
 * Untraced output, exit status 0:
 *   total 8000
 */
/* build: -g -O2 -pthread */
#include <pthread.h>
#include <stdio.h>

#define NTHREADS 8
#define NCALLS 1000

static long counts[NTHREADS];

__attribute__((noinline, noipa)) long work(long x)
{
	return x + 1;
}

static void *run(void *arg)
{
	long *c = arg;
	for (int i = 0; i < NCALLS; i++)
		*c = work(*c);
	return NULL;
}

int main(void)
{
	pthread_t t[NTHREADS];
	long total = 0;
	for (int i = 0; i < NTHREADS; i++)
		pthread_create(&t[i], NULL, run, &counts[i]);
	for (int i = 0; i < NTHREADS; i++) {
		pthread_join(t[i], NULL);
		total += counts[i];
	}
	printf("total %ld\n", total);
	return 0;
}
