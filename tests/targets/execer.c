/*
 * execer.c — exec: calls before_exec() once, then execs the recurse target
 * beside it (same directory as /proc/self/exe), whose fib() is then
 * called 1973 times under the same pid.
 * build: -g -O2 (default)
 *
 * Untraced output, exit status 0:
 *   before exec
 *   fact(10) = 3628800
 *   fib(15) = 610
 */
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

__attribute__((noinline, noipa)) void before_exec(void)
{
	printf("before exec\n");
	fflush(stdout);
}

int main(void)
{
	char self[PATH_MAX], path[PATH_MAX + 16];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n < 0)
		return 1;
	self[n] = '\0';
	snprintf(path, sizeof(path), "%s/recurse", dirname(self));
	before_exec();
	execl(path, "recurse", (char *)NULL);
	perror(path);
	return 1;
}
