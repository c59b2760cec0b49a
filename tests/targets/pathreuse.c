/*
 * pathreuse.c — system calls whose pointer arguments point into memory
 * the program reuses at once, for the syscall provider's copyinstr
 * tests: a tracer that reads the path after the call has moved on reads
 * other bytes (or an unmapped address, or a process that is gone).
 * Usage: pathreuse MODE [N]
 *   paths  N openat() calls (default 4) of "/nonexistent/pathreuse-K"
 *          (K = 1..N), each built in one buffer that is overwritten with
 *          'X's right after the call; each fails with ENOENT. Exit 0.
 *   exec   execv("/proc/self/exe") from a buffer on the stack, as
 *          argv "pathreuse quick exec'd": the old image is gone after.
 *   child  fork; the child execs "/proc/self/exe" as argv
 *          "pathreuse quick child-args" and exits at once; the parent
 *          waits. Exit 0.
 *   quick  exits 0 at once.
 * build: -g -O2 (default)
 *
 * Untraced: no output; exit status 0.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void run_paths(long n)
{
	char buf[64];

	for (long k = 1; k <= n; k++) {
		snprintf(buf, sizeof buf, "/nonexistent/pathreuse-%ld", k);
		(void)openat(AT_FDCWD, buf, O_RDONLY);
		/* volatile: the store must happen, whatever the optimiser sees */
		memset((void *)(volatile char *)buf, 'X', sizeof buf - 1);
		buf[sizeof buf - 1] = '\0';
		__asm__ volatile("" : : "r"(buf) : "memory");
	}
}

static void exec_self(char *what)
{
	char path[32];
	char *argv[] = { "pathreuse", "quick", what, NULL };

	snprintf(path, sizeof path, "/proc/self/exe");
	execv(path, argv);
	_exit(127);
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "paths";
	long n = argc > 2 ? strtol(argv[2], NULL, 10) : 4;

	if (strcmp(mode, "paths") == 0) {
		run_paths(n);
	} else if (strcmp(mode, "exec") == 0) {
		exec_self("exec'd");
	} else if (strcmp(mode, "child") == 0) {
		pid_t c = fork();
		int st;
		if (c == 0)
			exec_self("child-args");
		if (c < 0 || waitpid(c, &st, 0) != c)
			return 1;
	} else if (strcmp(mode, "quick") != 0) {
		return 2;
	}
	return 0;
}
