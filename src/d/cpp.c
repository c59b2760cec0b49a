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

/*
 * Pass cpp's diagnostics on, less the two lines GNU cpp says about our
 * own -D__STDC__=0 (it redefines a built-in macro, as DTrace means to).
 */
static void forward_errors(const char *text)
{
	int skip_note = 0;
	for (const char *line = text; *line != '\0';) {
		const char *nl = strchr(line, '\n');
		size_t n = nl != NULL ? (size_t)(nl - line) + 1 : strlen(line);
		int ours = 0;
		if (strncmp(line, "<command-line>: warning: \"__STDC__\" "
		    "redefined", 42) == 0) {
			ours = 1;
			skip_note = 1;
		} else if (skip_note && strncmp(line, "<built-in>: note:", 17) == 0) {
			ours = 1;
			skip_note = 0;
		} else {
			skip_note = 0;
		}
		if (!ours)
			fwrite(line, 1, n, stderr);
		line += n;
	}
	fflush(stderr);
}

char *d_cpp(d_cc_t *cc, const char *text, const char *const *cppargs,
    int ncppargs)
{
	char version[64];
	/* the version -x version chose, as dt_reduce() lowers dt_vmax */
	snprintf(version, sizeof(version), "-D__SUNW_D_VERSION=0x%08x",
	    cc->version != 0 ? cc->version : (D_VERSION_MAJOR << 24) |
	    (D_VERSION_MINOR << 12) | D_VERSION_MICRO);
	const char *fixed[] = { "cpp", "-x", "c", "-D__SUNW_D=1",
	    "-D__SUNW_D_64", version, "-D__linux", "-D__unix" };
	size_t nfixed = sizeof(fixed) / sizeof(fixed[0]);
	/*
	 * -X modes as dt_cc.c gives them to cpp: __STDC__ 0 for -Xa (the
	 * default) and -Xt, 1 for -Xc, undefined for -Xs. GNU cpp runs in
	 * strict ISO mode for all but -Xs (as DTrace's ports run it), so
	 * glibc headers leave out their GNU inline function bodies, which
	 * D cannot parse; -Xs is K&R: GNU's traditional mode.
	 */
	const char *mode[2] = { "-std=c99", "-D__STDC__=0" };
	size_t nmode = 2;
	if (cc->stdc == 'c') {
		nmode = 1;
	} else if (cc->stdc == 's') {
		mode[0] = "-traditional-cpp";
		nmode = 1;
	}
	size_t argc = nfixed + nmode + (size_t)(ncppargs > 0 ? ncppargs : 0) + 2;
	char **argv = d_alloc(cc, (argc + 1) * sizeof(char *));
	size_t k = 0;
	for (size_t i = 0; i < nfixed; i++)
		argv[k++] = (char *)fixed[i];
	for (size_t i = 0; i < nmode; i++)
		argv[k++] = (char *)mode[i];
	for (int i = 0; i < ncppargs; i++)
		argv[k++] = (char *)cppargs[i];
	argv[k++] = "-";
	argv[k] = NULL;

	char *input = strip_interp(text);
	if (input == NULL)
		d_error(cc, 0, "D_NOMEM", "failed to allocate memory");

	int in[2], out[2], err[2];
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
	if (pipe2(err, O_CLOEXEC) != 0) {
		close(in[0]); close(in[1]); close(out[0]); close(out[1]);
		free(input);
		d_error(cc, 0, "D_UNKNOWN", "failed to run cpp: %s", strerror(errno));
	}
	pid_t pid = fork();
	if (pid < 0) {
		int e = errno;
		close(in[0]); close(in[1]); close(out[0]); close(out[1]);
		close(err[0]); close(err[1]);
		free(input);
		d_error(cc, 0, "D_UNKNOWN", "failed to run cpp: %s", strerror(e));
	}
	if (pid == 0) {
		if (dup2(in[0], 0) < 0 || dup2(out[1], 1) < 0 ||
		    dup2(err[1], 2) < 0)
			_exit(127);
		execvp(argv[0], argv);
		fprintf(stderr, "cpp: %s\n", strerror(errno));
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	close(err[1]);
	/* cpp's own diagnostics reach our stderr, as with dtrace (cpp_errors) */
	size_t ecap = 4096, elen = 0;
	char *ebuf = malloc(ecap);
	int errfd = err[0];

	/* feed and drain at once: a long program could fill either pipe */
	void (*oldpipe)(int) = signal(SIGPIPE, SIG_IGN);
	size_t inlen = strlen(input), inoff = 0;
	size_t cap = inlen + 4096, len = 0;
	char *buf = malloc(cap);
	int infd = in[1], outfd = out[0], ok = buf != NULL && ebuf != NULL;
	if (inlen == 0) {
		close(infd);
		infd = -1;
	}
	while (ok && (outfd >= 0 || errfd >= 0)) {
		struct pollfd pf[3];
		int np = 0;
		/* a closed descriptor is polled as -1: no events */
		pf[np].fd = outfd;
		pf[np++].events = POLLIN;
		pf[np].fd = errfd;
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
		if (pf[1].revents & (POLLIN | POLLERR | POLLHUP)) {
			if (elen + 1024 > ecap) {
				char *nb = realloc(ebuf, ecap * 2);
				if (nb == NULL) {
					ok = 0;
					break;
				}
				ebuf = nb;
				ecap *= 2;
			}
			ssize_t r = read(errfd, ebuf + elen, ecap - elen - 1);
			if (r > 0) {
				elen += (size_t)r;
			} else if (r == 0 || (errno != EINTR && errno != EAGAIN)) {
				close(errfd);
				errfd = -1;
			}
		}
		if (np > 2 && (pf[2].revents & (POLLOUT | POLLERR | POLLHUP))) {
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
	if (errfd >= 0)
		close(errfd);
	signal(SIGPIPE, oldpipe);
	free(input);
	if (ebuf != NULL) {
		ebuf[elen] = '\0';
		forward_errors(ebuf);
		free(ebuf);
	}

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
