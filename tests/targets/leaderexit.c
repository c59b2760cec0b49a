/*
 * leaderexit.c — a process whose main thread leaves first: main starts
 * two threads and calls pthread_exit(); the threads call work(t, i) 20
 * times each, 50 ms apart, so the process lives on for about a second
 * with a zombie leader (the kernel reports the leader's exit only after
 * the last thread's). For the uprobe backend: the leader's per-thread
 * ring hangs up while the process still runs, and must not spin the
 * tracer (tests/d/pid/leader-exit.sh).
 * build: -g -O2 -pthread
 *
 * Untraced output, exit status 0:
 *   thread 0 done
 *   thread 1 done   (the two lines in either order)
 */
/* build: -g -O2 -pthread */
#include <pthread.h>
#include <stdio.h>
#include <time.h>

__attribute__((noinline, noipa)) long work(long t, long i)
{
	return t * 100 + i;
}

static void *run(void *arg)
{
	long t = (long)arg, sum = 0;
	struct timespec ts = { 0, 50 * 1000 * 1000 };
	for (long i = 0; i < 20; i++) {
		sum += work(t, i);
		nanosleep(&ts, NULL);
	}
	printf("thread %ld done\n", t);
	fflush(stdout);
	return (void *)sum;
}

int main(void)
{
	pthread_t th[2];
	for (long t = 0; t < 2; t++)
		pthread_create(&th[t], NULL, run, (void *)t);
	pthread_exit(NULL);
}
