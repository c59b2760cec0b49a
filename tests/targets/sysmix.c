/*
 * sysmix.c — known system calls for the syscall provider's tests.
 * Usage: sysmix MODE [N]
 *   plain  N getppid(), writes of 6 + 4 + 12 bytes to stdout, a failed
 *          openat (ENOENT) and a failed close (EBADF); exit status 3.
 *   fork   the plain calls, then a fork child making 2*N getppid() and
 *          one write of 6 bytes, then waits for it; exit status 3.
 *   vfork  a vfork child exec'ing `sysmix plain N` (its calls: the
 *          child's), then waits for it; exit status 3.
 *   eintr  a SIGALRM handler installed without SA_RESTART, alarm(1),
 *          then read() of a pipe nobody writes: prints what read returned
 *          and its errno; then, with SA_RESTART, a second read that the
 *          alarm interrupts and the kernel restarts, ended by a write from
 *          a child 1.5 s later. Exit status 5.
 *   wait   prints "pid N" and reads stdin one byte at a time: each 'g'
 *          makes N getppid() calls and prints "g K" (K: bytes so far); 'q'
 *          or end of input prints "bye" and exits 0.
 *   tree   N getppid() in the main thread, 2*N in a second thread
 *          (joined), 4*N in a fork child (waited for); exit status 0.
 *   rare   N sched_rr_get_interval() calls (a call nothing else on the
 *          machine makes: system-wide tests count it); exit status 0.
 *   args6  N splice() calls with six distinct arguments (fds 97 and 98,
 *          never open, offsets 0x1111 and 0x2222 the kernel never reads,
 *          length 4096, flags 7): each fails with EBADF; exit status 0.
 * N defaults to 10. Every line is written with write(2), no stdio buffer,
 * so the calls are the same whatever stdout is.
 * build: -g -O2 (default)
 *
 * Untraced output of `sysmix plain 3`, exit status 3:
 *   hello
 *   abc
 *   0123456789a
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <sched.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static void say(const char *s)
{
	if (write(1, s, strlen(s)) < 0)
		_exit(1);
}

static void plain(long n)
{
	for (long i = 0; i < n; i++)
		(void)getppid();
	say("hello\n");
	say("abc\n");
	say("0123456789a\n");
	(void)openat(AT_FDCWD, "/nonexistent/sysmix", O_RDONLY);
	(void)close(-1);
}

static void *getppids(void *arg)
{
	for (long i = 0; i < (long)arg; i++)
		(void)getppid();
	return NULL;
}

static void on_alarm(int sig)
{
	(void)sig;
}

static void eintr(void)
{
	int p[2];
	char c, line[64];
	struct sigaction sa;
	if (pipe(p) < 0)
		_exit(1);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL);
	alarm(1);
	ssize_t r = read(p[0], &c, 1);
	snprintf(line, sizeof line, "read %zd errno %d\n", r, r < 0 ? errno : 0);
	say(line);
	sa.sa_flags = SA_RESTART;
	sigaction(SIGALRM, &sa, NULL);
	pid_t k = fork();
	if (k == 0) {
		usleep(1500000);
		if (write(p[1], "x", 1) < 0)
			_exit(1);
		_exit(0);
	}
	alarm(1);
	r = read(p[0], &c, 1);
	snprintf(line, sizeof line, "read %zd %c\n", r, r == 1 ? c : '?');
	say(line);
	waitpid(k, NULL, 0);
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "plain";
	long n = argc > 2 ? atol(argv[2]) : 10;
	char line[64];

	if (strcmp(mode, "plain") == 0) {
		plain(n);
		return 3;
	}
	if (strcmp(mode, "fork") == 0) {
		plain(n);
		pid_t k = fork();
		if (k == 0) {
			for (long i = 0; i < 2 * n; i++)
				(void)getppid();
			say("child\n");
			_exit(0);
		}
		waitpid(k, NULL, 0);
		return 3;
	}
	if (strcmp(mode, "vfork") == 0) {
		char num[32];
		snprintf(num, sizeof num, "%ld", n);
		pid_t k = vfork();
		if (k == 0) {
			execl("/proc/self/exe", "sysmix", "plain", num, (char *)NULL);
			_exit(127);
		}
		waitpid(k, NULL, 0);
		return 3;
	}
	if (strcmp(mode, "tree") == 0) {
		pthread_t t;
		getppids((void *)n);
		if (pthread_create(&t, NULL, getppids, (void *)(2 * n)) != 0)
			return 1;
		pthread_join(t, NULL);
		pid_t k = fork();
		if (k == 0) {
			getppids((void *)(4 * n));
			_exit(0);
		}
		waitpid(k, NULL, 0);
		return 0;
	}
	if (strcmp(mode, "args6") == 0) {
		/* the fd check comes first: the offsets are never read */
		for (long i = 0; i < n; i++)
			(void)syscall(SYS_splice, 97, 0x1111L, 98, 0x2222L,
			    4096L, 7L);
		return 0;
	}
	if (strcmp(mode, "rare") == 0) {
		struct timespec ts;
		for (long i = 0; i < n; i++)
			(void)sched_rr_get_interval(0, &ts);
		return 0;
	}
	if (strcmp(mode, "eintr") == 0) {
		eintr();
		return 5;
	}
	if (strcmp(mode, "wait") == 0) {
		long k = 0;
		char c;
		snprintf(line, sizeof line, "pid %d\n", (int)getpid());
		say(line);
		while (read(0, &c, 1) == 1 && c != 'q') {
			if (c != 'g')
				continue;
			for (long i = 0; i < n; i++)
				(void)getppid();
			snprintf(line, sizeof line, "g %ld\n", ++k);
			say(line);
		}
		say("bye\n");
		return 0;
	}
	return 2;
}
