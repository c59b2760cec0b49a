/*
 * actions.c — setopt() and the destructive actions, performed as their
 * firing is printed (see actions.h).
 *
 * Owns: changing dynamic options at run time and their error line, the
 * shell commands of system(), redirecting the output for freopen() and
 * truncating it for ftruncate().
 * Must not: print records. raise(), stop() and copyout() act on the
 * process whose probe fired, at the firing (act_target, called by the
 * fire path for pid probes), never at print time: udtrace's own probes
 * (BEGIN, END, ERROR, tick, profile) have no target, so there these
 * records do nothing rather than signal, stop or overwrite the tracer.
 * copyout()/copyoutstr() records hold {uaddr, bytes}; the compiler emits
 * them with the byte count as the record's length.
 * Invariant: freopen() redirects the output's file descriptor, not the
 * FILE, so everything holding the output stream keeps writing to the
 * current file; the original is kept open (saved_fd) for freopen("").
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/syscall.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "consumer/actions.h"
#include "consumer/output.h"
#include "consumer/printf.h"
#include "proc/proc.h"
#include "udtrace/udtrace.h"

void
act_init(act_state_t *a)
{
	a->saved_fd = -1;
}

void
act_fini(act_state_t *a)
{
	if (a->saved_fd >= 0)
		close(a->saved_fd);
	a->saved_fd = -1;
}

/*
 * An error DTrace's library reports during consumption: the probe's
 * identity, then the text. msg may end with its own "\n" (setopt's does,
 * which leaves an empty line after it, as dtrace).
 */
static void
liberr(const act_ctx_t *c, const char *msg)
{
	fflush(c->out);
	fprintf(c->err, "%s: error on enabled probe ID %u (ID %u: %s:%s:%s:%s): "
	    "%s\n", UDT_PROGNAME, c->epid, c->probe_id, c->prov ? c->prov : "",
	    c->mod ? c->mod : "", c->func ? c->func : "",
	    c->name ? c->name : "", msg);
	fflush(c->err);
}

static void
do_setopt(const act_ctx_t *c, const d_recdesc_t *d)
{
	/* setopt("name") records no value; DTrace then sets it to "1" */
	const char *value = d->str2 != NULL ? d->str2 : "1";
	char msg[1024];
	int rc;

	if (d->str1 == NULL || c->opts == NULL)
		return;
	rc = opts_set(c->opts, d->str1, value, 1);
	if (rc == UDT_OPT_OK)
		return;
	snprintf(msg, sizeof(msg), "couldn't set option \"%s\" to \"%s\": %s\n",
	    d->str1, value, opts_strerror(rc));
	liberr(c, msg);
}

/* The formatted text of a system()/freopen() (malloc'ed), or NULL. */
static char *
format_text(const act_ctx_t *c, const d_recdesc_t *d,
    const d_recdesc_t *const *args, const void *const *argdata, int nargs)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	int rc;

	if (fp == NULL)
		return NULL;
	rc = pfmt_format(fp, d->fmt, args, argdata, nargs, c->opts);
	if (fclose(fp) != 0 || rc != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

static void
do_system(const act_ctx_t *c, const char *cmd)
{
	/* what was printed before the command shows before its output */
	fflush(c->out);
	fflush(stdout);
	(void)system(cmd);
}

static void
do_freopen(act_state_t *a, const act_ctx_t *c, const char *path)
{
	int fd = fileno(c->out), nfd;
	char msg[4352];

	fflush(c->out);
	if (fd < 0)
		return;    /* not a file (an in-memory stream): nothing to redirect */
	if (path == NULL) {
		if (a->saved_fd >= 0)
			(void)dup2(a->saved_fd, fd);
		return;
	}
	nfd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
	if (nfd < 0) {
		snprintf(msg, sizeof(msg), "couldn't freopen() \"%s\": %s",
		    path, strerror(errno));
		liberr(c, msg);
		return;
	}
	if (a->saved_fd < 0)
		a->saved_fd = fcntl(fd, F_DUPFD_CLOEXEC, 0);
	(void)dup2(nfd, fd);
	close(nfd);
}

static void
do_ftruncate(const act_ctx_t *c)
{
	int fd = fileno(c->out);

	fflush(c->out);
	if (fd < 0)
		return;
	/* a terminal or pipe cannot be truncated: DTrace ignores that too */
	(void)ftruncate(fd, 0);
	(void)fseeko(c->out, 0, SEEK_SET);
}

int
act_run(act_state_t *a, const act_ctx_t *c, const d_recdesc_t *d,
    const void *data, size_t len, const d_recdesc_t *const *args,
    const void *const *argdata, int nargs)
{
	char *text;

	(void)data;
	(void)len;
	switch (d->action) {
	case D_ACT_SETOPT:
		do_setopt(c, d);
		return 1;
	case D_ACT_SYSTEM:
		if (d->fmt != NULL &&
		    (text = format_text(c, d, args, argdata, nargs)) != NULL) {
			do_system(c, text);
			free(text);
		}
		return 1;
	case D_ACT_FREOPEN:
		if (d->fmt == NULL) {
			do_freopen(a, c, NULL);
		} else if ((text = format_text(c, d, args, argdata, nargs)) !=
		    NULL) {
			do_freopen(a, c, text);
			free(text);
		}
		return 1;
	case D_ACT_FTRUNCATE:
		do_ftruncate(c);
		return 1;
	case D_ACT_RAISE:
	case D_ACT_STOP:
	case D_ACT_COPYOUT:
		/* done when the probe fired (act_target) */
		return 1;
	default:
		return 0;
	}
}

void
act_target(const d_clause_prog_t *c, const void *recs, size_t len,
    struct udt_proc *proc, int32_t pid, int32_t tid)
{
	const unsigned char *r = recs;
	size_t off = 0;
	uint64_t argv[2] = { 0, 0 };
	int nargs = 0;

	const d_recdesc_t *d;
	const unsigned char *data;
	uint32_t dlen;
	while (out_rec_next(c, r, len, &off, &d, &data, &dlen)) {
		if (d->action == D_ACT_PRINTF_ARG) {
			/* copyout's address (and copyoutstr's limit) come first */
			if (nargs < 2 && dlen == 8)
				memcpy(&argv[nargs++], data, 8);
			continue;
		}
		int n = nargs;
		nargs = 0;
		switch (d->action) {
		case D_ACT_RAISE: {
			int64_t sig = 0;
			if (dlen >= 8) {
				memcpy(&sig, data, 8);
			} else if (dlen >= 4) {
				int32_t w;
				memcpy(&w, data, 4);
				sig = w;
			}
			if (sig > 0 && sig < 65)
				(void)syscall(SYS_tgkill, pid, tid, (int)sig);
			break;
		}
		case D_ACT_STOP:
			(void)kill(pid, SIGSTOP);
			break;
		case D_ACT_COPYOUT: {
			/*
			 * copyout: {uaddr} then the bytes (len = the count);
			 * copyoutstr: {uaddr, maxlen} then the string, written
			 * with its NUL but never past maxlen bytes.
			 */
			if (n < 1 || proc == NULL)
				break;
			size_t nb = dlen;
			if (d->type == D_RT_STRING) {
				if (n < 2)
					break;
				nb = strnlen((const char *)data, dlen);
				if (nb < dlen)
					nb++;
				if (nb > argv[1])
					nb = (size_t)argv[1];
			}
			/* a fault in the target is not the tracer's: ignored */
			(void)proc_write(proc, argv[0], data, nb);
			break;
		}
		default:
			break;
		}
	}
}
