/*
 * sysloop.c — the syscall benchmark's workload: N getppid() system calls
 * in a loop, timed from inside, so a tracer's start-up and teardown are
 * not counted. Prints "calls N cpu_ns C wall_ns W" (its thread's CPU time
 * and the wall time of the loop alone).
 * Usage: sysloop N
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static long long ns(clockid_t c)
{
	struct timespec ts;
	clock_gettime(c, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 100000;
	long long c0 = ns(CLOCK_THREAD_CPUTIME_ID), w0 = ns(CLOCK_MONOTONIC);
	for (long i = 0; i < n; i++)
		(void)syscall(SYS_getppid);
	long long c1 = ns(CLOCK_THREAD_CPUTIME_ID), w1 = ns(CLOCK_MONOTONIC);
	printf("calls %ld cpu_ns %lld wall_ns %lld\n", n, c1 - c0, w1 - w0);
	return 0;
}
