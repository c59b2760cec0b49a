/*
 * forker.c — fork: the parent calls work() 3 times, forks; the child calls
 * work() 2 times and exits 0; the parent waits, then calls work() 3 more
 * times. A pid$target probe counts 6 (the parent's); the child must run
 * clean (no breakpoint left in it) and report its own line.
 * build: -g -O2 (default)
 *
 * Untraced output, exit status 0 (the child writes first: the parent waits):
 *   child work 2
 *   child status 0
 *   parent work 6
 */
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static int calls;

__attribute__((noinline, noipa)) void work(void)
{
	calls++;
}

int main(void)
{
	int st;
	for (int i = 0; i < 3; i++)
		work();
	fflush(stdout);
	pid_t pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0) {
		calls = 0;
		work();
		work();
		printf("child work %d\n", calls);
		return 0;
	}
	waitpid(pid, &st, 0);
	printf("child status %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st));
	for (int i = 0; i < 3; i++)
		work();
	printf("parent work %d\n", calls);
	return 0;
}
