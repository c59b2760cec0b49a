/*
 * sleeper.c — a process to attach to with -p: prints "pid N", then reads
 * stdin one byte at a time: 'w' calls work() and prints "work K" (K calls
 * so far); 'q' or end of input prints "bye" and exits 0; SIGTERM prints
 * "term" and exits 0. Every line is flushed at once.
 * build: -g -O2 (default)
 *
 * Untraced output of `printf 'wwq' | sleeper`, exit status 0:
 *   pid <its pid>
 *   work 1
 *   work 2
 *   bye
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int calls;

__attribute__((noinline, noipa)) int work(int k)
{
	return k + 1;
}

static void on_term(int sig)
{
	(void)sig;
	static const char msg[] = "term\n";
	if (write(1, msg, sizeof(msg) - 1) < 0)
		_exit(1);
	_exit(0);
}

int main(void)
{
	struct sigaction sa;
	char c;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_term;
	sigaction(SIGTERM, &sa, NULL);
	setvbuf(stdout, NULL, _IONBF, 0);
	printf("pid %d\n", (int)getpid());
	for (;;) {
		ssize_t n = read(0, &c, 1);
		if (n < 0)
			continue;
		if (n == 0 || c == 'q')
			break;
		if (c == 'w') {
			calls = work(calls);
			printf("work %d\n", calls);
		}
	}
	printf("bye\n");
	return 0;
}
