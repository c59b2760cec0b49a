/*
 * multiret.c — a function with several return sites at -O2: classify()
 * has four early returns, compiled to separate `ret` instructions (check
 * with objdump -d), for return-probe arg0 (site offset) and arg1 (value).
 * build: -g -O2 (default)
 *
 * main calls classify(-5), classify(0), classify(7), classify(42) in
 * that order; they return -1, 0, 1, 2.
 * Untraced output, exit status 0:
 *   classify(-5) = -1
 *   classify(0) = 0
 *   classify(7) = 1
 *   classify(42) = 2
 */
#include <stdio.h>

volatile int small_sum, big_sum, zeros;

__attribute__((noinline, noipa)) int classify(int x)
{
	if (x < 0)
		return -1;
	if (x == 0) {
		zeros++;
		return 0;
	}
	if (x < 10) {
		small_sum += x;
		return 1;
	}
	big_sum += x;
	return 2;
}

int main(void)
{
	static const int in[] = { -5, 0, 7, 42 };
	for (int i = 0; i < 4; i++)
		printf("classify(%d) = %d\n", in[i], classify(in[i]));
	return 0;
}
