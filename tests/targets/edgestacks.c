/*
 * edgestacks.c — leaf() called, through mid(), on four stacks, three of
 * which end where an inaccessible page begins: the main stack; a signal
 * handler's sigaltstack; a ucontext coroutine's stack; a thread's stack
 * given with pthread_attr_setstack. Each of those three is mmap'd with a
 * PROT_NONE page right above it, so a probe that copied a fixed number
 * of bytes above rsp there (ustack() wants 16 KiB) would fault and kill
 * the program. The calls run with leaf's frame near the top of each
 * stack, within its last page.
 * With "wait" as argument (for -p attach), a thread is started first
 * and blocks; main prints "ready PID" and reads one byte; then that
 * thread prints "early 5" (through mid(5)) and the calls follow.
 * build: -g -O1 -pthread -fno-omit-frame-pointer
 *
 * Untraced output, exit status 0:
 *   main 1
 *   handler 2
 *   coro 3
 *   thread 4
 *   sum 10
 */
/* build: -g -O1 -pthread -fno-omit-frame-pointer */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#define PG 4096
#define STK (16 * PG)

static volatile long total;

__attribute__((noinline, noipa)) long leaf(long x)
{
	total += x;
	return x;
}

__attribute__((noinline, noipa)) long mid(long x)
{
	return leaf(x) + 0 * total;
}

/* STK usable bytes, an inaccessible page right above them */
static char *edge_stack(void)
{
	char *m = mmap(NULL, STK + PG, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED || mprotect(m + STK, PG, PROT_NONE) != 0) {
		perror("edgestacks: mmap");
		_exit(2);
	}
	return m;
}

__attribute__((noinline, noipa)) static void handler(int sig)
{
	(void)sig;
	printf("handler %ld\n", mid(2));
}

static ucontext_t back, co;

__attribute__((noinline, noipa)) static void coro(void)
{
	printf("coro %ld\n", mid(3));
	swapcontext(&co, &back);
}

__attribute__((noinline, noipa)) static void *thr(void *arg)
{
	(void)arg;
	printf("thread %ld\n", mid(4));
	return NULL;
}

static void calls(void)
{
	stack_t ss = { .ss_sp = edge_stack(), .ss_size = STK };
	struct sigaction sa;
	pthread_attr_t at;
	pthread_t t;

	total = 0;
	printf("main %ld\n", mid(1));
	fflush(stdout);
	if (sigaltstack(&ss, NULL) != 0) {
		perror("edgestacks: sigaltstack");
		_exit(2);
	}
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = handler;
	sa.sa_flags = SA_ONSTACK;
	sigaction(SIGUSR1, &sa, NULL);
	raise(SIGUSR1);
	fflush(stdout);
	getcontext(&co);
	co.uc_stack.ss_sp = edge_stack();
	co.uc_stack.ss_size = STK;
	co.uc_link = &back;
	makecontext(&co, coro, 0);
	swapcontext(&back, &co);
	fflush(stdout);
	pthread_attr_init(&at);
	pthread_attr_setstack(&at, edge_stack(), STK);
	if (pthread_create(&t, &at, thr, NULL) != 0) {
		fprintf(stderr, "edgestacks: pthread_create failed\n");
		_exit(2);
	}
	pthread_join(t, NULL);
	printf("sum %ld\n", total);
	fflush(stdout);
}

static int gate[2];

__attribute__((noinline, noipa)) static void *early(void *arg)
{
	char c;

	(void)arg;
	if (read(gate[0], &c, 1) != 1)
		return NULL;
	printf("early %ld\n", mid(5));
	fflush(stdout);
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t t;
	char c;

	if (argc > 1 && strcmp(argv[1], "wait") == 0) {
		if (pipe(gate) != 0 || pthread_create(&t, NULL, early, NULL) != 0)
			return 2;
		printf("ready %d\n", (int)getpid());
		fflush(stdout);
		if (read(0, &c, 1) != 1 || write(gate[1], "g", 1) != 1)
			return 1;
		pthread_join(t, NULL);
	}
	calls();
	return 0;
}
