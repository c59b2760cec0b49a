/*
 * procevents.c — process events the proc provider reports through
 * system calls: an exec that fails (a path that does not exist: ENOENT),
 * a SIGUSR2 sent to itself with kill() while blocked, then taken with
 * sigtimedwait() (cleared, never handled), and a fork child that execs
 * /bin/true and exits 0, waited for.
 * build: -g -O2 (default)
 *
 * Untraced output, exit status 0:
 *   exec failed 2
 *   cleared 12
 *   child status 0
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(void)
{
	execl("/nonexistent/udtrace-no-such-program", "x", (char *)NULL);
	printf("exec failed %d\n", errno);
	fflush(stdout);

	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, NULL);
	kill(getpid(), SIGUSR2);
	struct timespec ts = { 5, 0 };
	int sig = sigtimedwait(&set, NULL, &ts);
	printf("cleared %d\n", sig);
	fflush(stdout);

	pid_t pid = fork();
	if (pid == 0) {
		execl("/bin/true", "true", (char *)NULL);
		_exit(127);
	}
	int st;
	waitpid(pid, &st, 0);
	printf("child status %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
	return 0;
}
