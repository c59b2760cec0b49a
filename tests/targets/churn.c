/*
 * churn.c — threads created and exiting all the time: main starts a
 * thread, which calls work() 200 times checking each result, and joins
 * it, over and over (two at a time), while other threads block on
 * signals it sends them (SIGUSR1, handled). Prints "pid N" first; on a
 * byte (or end of input) on stdin it stops and prints "threads T ok" (or
 * "BAD" and how many results were wrong).
 * build: -g -O2 -pthread
 */
/* build: -g -O2 -pthread */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static volatile int stop;
static long bad, nsig;

__attribute__((noinline, noipa)) long work(long x)
{
	return x * 3 + 1;
}

static void *short_lived(void *arg)
{
	long base = (long)arg, b = 0;

	for (long i = 0; i < 200; i++)
		if (work(base + i) != (base + i) * 3 + 1)
			b++;
	__atomic_add_fetch(&bad, b, __ATOMIC_RELAXED);
	return NULL;
}

static void on_usr1(int sig)
{
	(void)sig;
	__atomic_add_fetch(&nsig, 1, __ATOMIC_RELAXED);
}

static void *sleeper(void *arg)
{
	(void)arg;
	while (!stop)
		pause();
	return NULL;
}

static void *waiter(void *arg)
{
	char c;

	(void)arg;
	if (read(0, &c, 1) < 0)
		perror("read");
	stop = 1;
	return NULL;
}

int main(void)
{
	pthread_t w, s, t[2];
	struct sigaction sa;
	long n = 0;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_usr1;
	sigaction(SIGUSR1, &sa, NULL);
	printf("pid %d\n", (int)getpid());
	fflush(stdout);
	pthread_create(&w, NULL, waiter, NULL);
	pthread_create(&s, NULL, sleeper, NULL);
	while (!stop) {
		for (int i = 0; i < 2; i++)
			pthread_create(&t[i], NULL, short_lived, (void *)(n++ * 1000));
		pthread_kill(s, SIGUSR1);
		for (int i = 0; i < 2; i++)
			pthread_join(t[i], NULL);
	}
	pthread_kill(s, SIGUSR1);
	pthread_join(s, NULL);
	pthread_join(w, NULL);
	if (bad)
		printf("BAD %ld\n", bad);
	else
		printf("threads %s ok\n", n > 0 ? "many" : "none");
	return 0;
}
