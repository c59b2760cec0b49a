/*
 * burner.c — a CPU-bound program with a known call tree, for profile-N
 * sampling and flame graphs: main -> run -> work -> spin holds about nine
 * tenths of its CPU time, main -> run -> helper the rest.
 * Untraced output, exit status 0:
 *   burned 40 rounds
 * Arguments: the number of rounds (about 8 ms each; default 40), then
 * "thread" to burn in a second thread (start -> run -> ...) while main
 * waits in pthread_join.
 */
/* build: -g -O0 -fno-omit-frame-pointer -pthread */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

volatile unsigned long sink;

void spin(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink += i * i;
}

void work(unsigned long n)
{
	spin(n);
}

void helper(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink ^= i;
}

void run(int rounds)
{
	for (int r = 0; r < rounds; r++) {
		work(6000000);
		helper(600000);
	}
}

static int rounds = 40;

void *start(void *arg)
{
	(void)arg;
	run(rounds);
	return NULL;
}

int main(int argc, char **argv)
{
	if (argc > 1)
		rounds = atoi(argv[1]);
	if (argc > 2 && strcmp(argv[2], "thread") == 0) {
		pthread_t t;
		if (pthread_create(&t, NULL, start, NULL) != 0)
			return 1;
		pthread_join(t, NULL);
	} else {
		run(rounds);
	}
	printf("burned %d rounds\n", rounds);
	return 0;
}
