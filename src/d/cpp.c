/*
 * cpp.c — `-C`: run the system C preprocessor over a D program.
 *
 * Owns: starting cpp with D's predefined macros and the user's -D/-U/-I
 * arguments in order, feeding it the program and collecting its output.
 * Must not: go through a shell (arguments are the user's text) or drop
 * cpp's line markers: the lexer reads them so errors keep the script's
 * own line numbers.
 * Invariant: returns an arena string or reports through d_error; the
 * child is always reaped and every pipe closed, whichever way it ends.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "dcomp.h"

#define D_VERSION_MAJOR 1
#define D_VERSION_MINOR 13
#define D_VERSION_MICRO 0

/*
 * `#!` lines are D's, not cpp's: blank them (keeping the newline, so
 * line numbers hold) before cpp sees them.
 */
static char *strip_interp(const char *text)
{
	size_t n = strlen(text);
	char *s = malloc(n + 1);
	if (s == NULL)
		return NULL;
	memcpy(s, text, n + 1);
	for (char *line = s; line != NULL && *line != '\0';) {
		char *p = line;
		while (*p == ' ' || *p == '\t' || *p == '\f' || *p == '\v')
			p++;
		char *nl = strchr(line, '\n');
		if (p[0] == '#' && p[1] == '!') {
			char *end = nl != NULL ? nl : line + strlen(line);
			memset(line, ' ', (size_t)(end - line));
		}
		line = nl != NULL ? nl + 1 : NULL;
	}
	return s;
}

char *d_cpp(d_cc_t *cc, const char *text, const char *const *cppargs,
    int ncppargs)
{
	char version[64];
	snprintf(version, sizeof(version), "-D__SUNW_D_VERSION=0x%08x",
	    (D_VERSION_MAJOR << 24) | (D_VERSION_MINOR << 12) | D_VERSION_MICRO);
	const char *fixed[] = { "cpp", "-x", "c", "-D__SUNW_D=1",
	    "-D__SUNW_D_64", version, "-D__linux", "-D__unix" };
	size_t nfixed = sizeof(fixed) / sizeof(fixed[0]);
	size_t argc = nfixed + (size_t)(ncppargs > 0 ? ncppargs : 0) + 2;
	char **argv = d_alloc(cc, (argc + 1) * sizeof(char *));
	size_t k = 0;
	for (size_t i = 0; i < nfixed; i++)
		argv[k++] = (char *)fixed[i];
	for (int i = 0; i < ncppargs; i++)
		argv[k++] = (char *)cppargs[i];
	argv[k++] = "-";
	argv[k] = NULL;

	char *input = strip_interp(text);
	if (input == NULL)
		d_error(cc, 0, "D_NOMEM", "failed to allocate memory");

	int in[2], out[2];
	if (pipe2(in, O_CLOEXEC) != 0) {
		free(input);
		d_error(cc, 0, "D_UNKNOWN", "failed to run cpp: %s", strerror(errno));
	}
	if (pipe2(out, O_CLOEXEC) != 0) {
		close(in[0]);
		close(in[1]);
		free(input);
		d_error(cc, 0, "D_UNKNOWN", "failed to run cpp: %s", strerror(errno));
	}
	pid_t pid = fork();
	if (pid < 0) {
		int e = errno;
		close(in[0]); close(in[1]); close(out[0]); close(out[1]);
		free(input);
		d_error(cc, 0, "D_UNKNOWN", "failed to run cpp: %s", strerror(e));
	}
	if (pid == 0) {
		/* cpp's own diagnostics go straight to our stderr, as with dtrace */
		if (dup2(in[0], 0) < 0 || dup2(out[1], 1) < 0)
			_exit(127);
		execvp(argv[0], argv);
		fprintf(stderr, "cpp: %s\n", strerror(errno));
		_exit(127);
	}
	close(in[0]);
	close(out[1]);

	/* feed and drain at once: a long program could fill either pipe */
	void (*oldpipe)(int) = signal(SIGPIPE, SIG_IGN);
	size_t inlen = strlen(input), inoff = 0;
	size_t cap = inlen + 4096, len = 0;
	char *buf = malloc(cap);
	int infd = in[1], outfd = out[0], ok = buf != NULL;
	if (inlen == 0) {
		close(infd);
		infd = -1;
	}
	while (ok && outfd >= 0) {
		struct pollfd pf[2];
		int np = 0;
		pf[np].fd = outfd;
		pf[np++].events = POLLIN;
		if (infd >= 0) {
			pf[np].fd = infd;
			pf[np++].events = POLLOUT;
		}
		if (poll(pf, (nfds_t)np, -1) < 0) {
			if (errno == EINTR)
				continue;
			ok = 0;
			break;
		}
		if (np > 1 && (pf[1].revents & (POLLOUT | POLLERR | POLLHUP))) {
			ssize_t w = write(infd, input + inoff, inlen - inoff);
			if (w > 0)
				inoff += (size_t)w;
			if (w < 0 && errno != EINTR && errno != EAGAIN)
				inoff = inlen;   /* cpp stopped reading */
			if (inoff >= inlen) {
				close(infd);
				infd = -1;
			}
		}
		if (pf[0].revents & (POLLIN | POLLERR | POLLHUP)) {
			if (len + 4096 > cap) {
				char *nb = realloc(buf, cap * 2);
				if (nb == NULL) {
					ok = 0;
					break;
				}
				buf = nb;
				cap *= 2;
			}
			ssize_t r = read(outfd, buf + len, cap - len - 1);
			if (r > 0) {
				len += (size_t)r;
			} else if (r == 0 || (errno != EINTR && errno != EAGAIN)) {
				close(outfd);
				outfd = -1;
			}
		}
	}
	if (infd >= 0)
		close(infd);
	if (outfd >= 0)
		close(outfd);
	signal(SIGPIPE, oldpipe);
	free(input);

	int status = 0;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!ok || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		free(buf);
		d_error(cc, 0, "D_UNKNOWN",
		    "Preprocessor failed to process input program");
	}
	char *res = d_strndup(cc, buf, len);
	free(buf);
	return res;
}
