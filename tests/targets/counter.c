/*
 * counter.c — N calls of work(i), for counts, uregs, symbols, output and
 * exit-status preservation, and the benchmark. Usage: counter [N [status]]
 * (N default 10, status default 0). Also built as counter-stripped (PIE,
 * -rdynamic, stripped: work is found in .dynsym only) and counter-nopie
 * (-no-pie).
 * build: -g -O2 (default)
 *
 * work(i) returns i * 2; main prints the sum of work(0..N-1) = N*(N-1).
 * Untraced output of `counter`, exit status 0:
 *   sum 90
 * Of `counter 3 7`, exit status 7:
 *   sum 6
 */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline, noipa)) long work(long i)
{
	return i * 2;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 10, sum = 0;
	for (long i = 0; i < n; i++)
		sum += work(i);
	printf("sum %ld\n", sum);
	return argc > 2 ? atoi(argv[2]) : 0;
}
