/*
 * sixargs.c — one thread calls a noinline six(a, b, c, d, e, f) N times
 * (argv[1], default 1000) with arguments i .. i + 5, so a tracer's view
 * of every argument register (and of the return value a + f) can be
 * checked by sums; prints "calls N".
 * build: -g -O2
 */
#include <stdio.h>
#include <stdlib.h>

static volatile long sink;

__attribute__((noinline, noipa)) long six(long a, long b, long c, long d,
    long e, long f)
{
	return a + f + (b ^ c ^ d ^ e) * 0;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000;

	for (long i = 0; i < n; i++)
		sink += six(i, i + 1, i + 2, i + 3, i + 4, i + 5);
	printf("calls %ld\n", n);
	return 0;
}
