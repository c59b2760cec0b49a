/*
 * tailcall.c — a sibling (tail) call at -O2: hop() ends in `jmp leaf`
 * instead of call+ret, so hop's return probe must fire at that jmp.
 * build: -g -O2 (default)
 *
 * main calls hop(1), hop(2), hop(3); hop(x) = leaf(x + 1) = 2 * (x + 1) + 1.
 * Untraced output, exit status 0:
 *   hop(1) = 5
 *   hop(2) = 7
 *   hop(3) = 9
 */
#include <stdio.h>

volatile int hops;

__attribute__((noinline, noipa)) int leaf(int x)
{
	return 2 * x + 1;
}

__attribute__((noinline, noipa)) int hop(int x)
{
	hops++;
	return leaf(x + 1);
}

int main(void)
{
	for (int i = 1; i <= 3; i++)
		printf("hop(%d) = %d\n", i, hop(i));
	return 0;
}
