/*
 * hammer.c — eight threads hitting probes at full speed, for the fault
 * tests (tests/d/faults/) and the soak (bench/soak.sh): each thread calls
 * work(t, i) CALLS times and fires the USDT probe hammer:tick(t, i) (no
 * semaphore) on every call; the result is a checksum that any lost,
 * doubled or corrupted call changes.
 * Usage: hammer [CALLS [MODE]]  (CALLS per thread, default 1000000)
 *   MODE absent: start at once.
 *   wait:  print "pid N" and wait for one byte (or end of input) on stdin
 *          before starting, so a tracer can attach first (-p).
 *   segv:  thread 0 writes through NULL after CALLS/2 calls (killed by
 *          SIGSEGV; the others are mid-run).
 *   exit:  thread 0 calls exit(5) after CALLS/2 calls.
 *   soak:  CALLS is a number of seconds: print "pid N", wait for a byte,
 *          let the threads call for that long, print the totals, then
 *          wait for another byte (or end of input) before exiting, so a
 *          tracer can detach and the text be checked while it lives.
 * build: -g -O2 -pthread
 *
 * Every line is flushed at once. work(t, i) returns (t << 32) + i * 3,
 * and thread t's checksum is the sum over i of work(t, i) xor
 * ((t << 32) + i * 3) — zero when every call returned its value — plus
 * its call count. Untraced output of `hammer 1000`, exit status 0:
 *   calls 8000
 *   checksum 0
 * (With `wait`, "pid N" comes first; with `segv` nothing more is printed
 * and the process dies of SIGSEGV; with `exit` nothing more, status 5.)
 */
/* build: -g -O2 -pthread */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sdt.h>
#include <unistd.h>

#define NTHREADS 8

static long calls = 1000000;
static const char *mode = "";
static volatile int stop;     /* soak: set by main when the time is up */

typedef struct th {
	long t;
	long n;
	unsigned long bad;
} th_t;

__attribute__((noinline, noipa)) long work(long t, long i)
{
	return (t << 32) + i * 3;
}

static void *run(void *arg)
{
	th_t *th = arg;
	for (long i = 0; i < calls && !stop; i++) {
		if (th->t == 0 && i == calls / 2) {
			if (strcmp(mode, "segv") == 0)
				*(volatile int *)(uintptr_t)0 = 1;
			if (strcmp(mode, "exit") == 0)
				exit(5);
		}
		long v = work(th->t, i);
		STAP_PROBE2(hammer, tick, th->t, i);
		th->bad += (unsigned long)(v ^ ((th->t << 32) + i * 3));
		th->n++;
	}
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t tid[NTHREADS];
	th_t th[NTHREADS];
	long total = 0;
	unsigned long bad = 0;

	setvbuf(stdout, NULL, _IONBF, 0);
	if (argc > 1)
		calls = atol(argv[1]);
	if (argc > 2)
		mode = argv[2];
	int soak = strcmp(mode, "soak") == 0;
	long secs = 0;
	if (soak) {
		secs = calls;
		calls = 1L << 62;
	}
	if (strcmp(mode, "wait") == 0 || soak) {
		char c;
		printf("pid %d\n", (int)getpid());
		if (read(0, &c, 1) < 0)
			return 1;
	}
	for (int i = 0; i < NTHREADS; i++) {
		th[i] = (th_t){ .t = i };
		if (pthread_create(&tid[i], NULL, run, &th[i]) != 0)
			return 1;
	}
	if (soak) {
		sleep((unsigned)secs);
		stop = 1;
	}
	for (int i = 0; i < NTHREADS; i++) {
		pthread_join(tid[i], NULL);
		total += th[i].n;
		bad += th[i].bad;
	}
	printf("calls %ld\n", total);
	printf("checksum %lu\n", bad);
	if (soak) {
		char c;
		if (read(0, &c, 1) < 0)
			return 1;
	}
	return 0;
}
