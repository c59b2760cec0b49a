/*
 * recurse.c — recursion with known call counts: entry/return counts and
 * return values of a recursive function.
 * build: -g -O0 (so gcc keeps every recursive call a real call)
 *
 * fact(10) calls fact 10 times; fib(15) calls fib 1973 times.
 * Untraced output, exit status 0:
 *   fact(10) = 3628800
 *   fib(15) = 610
 */
/* build: -g -O0 */
#include <stdio.h>

long fact(long n)
{
	return n <= 1 ? 1 : n * fact(n - 1);
}

long fib(long n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

int main(void)
{
	printf("fact(10) = %ld\n", fact(10));
	printf("fib(15) = %ld\n", fib(15));
	return 0;
}
