/*
 * trapper.c — a program with a SIGTRAP handler of its own, for the
 * SIGTRAP guard (src/proc/guard.c): udtrace's handler must chain every
 * SIGTRAP that is not one of its int3s to on_trap(), traced or not, and
 * give the program its action back when tracing ends.
 * Usage: trapper N [wait]. Installs on_trap for SIGTRAP, prints "pid P",
 * with "wait" blocks until a line arrives on stdin (so udtrace can
 * attach with -p first), then calls work(i) for i < N and every 1000th
 * call also raises SIGTRAP and executes an int3 of its own (both reach
 * on_trap). It reports the sum and the traps handled, with "wait" waits
 * for a second line (so udtrace can detach first), and reports whether
 * SIGTRAP's action is on_trap.
 * build: -g -O2 (default)
 *
 * Untraced output of `trapper 5000`, exit status 0:
 *   pid P
 *   sum 24995000 traps 10
 *   handler own
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t traps;

static void on_trap(int sig)
{
	if (sig == SIGTRAP)
		traps++;
}

__attribute__((noinline, noipa)) long work(long i)
{
	return i * 2;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 5000, sum = 0;
	struct sigaction sa, cur;
	char line[16];

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_trap;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTRAP, &sa, NULL);
	printf("pid %d\n", (int)getpid());
	fflush(stdout);
	if (argc > 2 && strcmp(argv[2], "wait") == 0 && !fgets(line, sizeof line, stdin))
		return 1;
	for (long i = 0; i < n; i++) {
		sum += work(i);
		if (i % 1000 == 999) {
			raise(SIGTRAP);
			__asm__ volatile("int3");
		}
	}
	printf("sum %ld traps %d\n", sum, (int)traps);
	fflush(stdout);
	if (argc > 2 && strcmp(argv[2], "wait") == 0 && !fgets(line, sizeof line, stdin))
		return 1;
	sigaction(SIGTRAP, NULL, &cur);
	printf("handler %s\n", cur.sa_handler == on_trap ? "own" : "other");
	return 0;
}
