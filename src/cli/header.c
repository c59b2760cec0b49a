/*
 * header.c — the -h and -G modes: USDT provider headers for C programs.
 *
 * Owns: where the header goes (-o, else x.h beside x.d) and the answer to
 * -G. Must not: build the header text itself (udt_header in the library
 * does) or trace anything.
 * Invariant: the header file is written whole or not at all: it is
 * written aside and renamed into place, so a failed run never leaves a
 * truncated header that a later build would silently compile.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"

int cli_link(void)
{
	cli_error("-G is not needed on Linux: USDT probes are <sys/sdt.h> "
	    "notes and need no provider object; compile the program with the "
	    "header from 'udtrace -h -s provider.d', which defines everything "
	    "(semaphores included)");
	return CLI_EXIT_ERROR;
}

/* x.h for the first script x.d (x + ".h" when it does not end in .d). */
static char *default_name(const struct cli *c)
{
	for (int i = 0; i < c->nprogs; i++) {
		if (c->progs[i].kind != UDT_PROG_SCRIPT ||
		    strcmp(c->progs[i].arg, "-") == 0)
			continue;
		const char *s = c->progs[i].arg;
		size_t len = strlen(s);
		const char *slash = strrchr(s, '/');
		/* in the current directory, as the systemtap wrapper does */
		if (slash != NULL) {
			s = slash + 1;
			len = strlen(s);
		}
		if (len > 2 && strcmp(s + len - 2, ".d") == 0)
			len -= 2;
		char *out;
		if (asprintf(&out, "%.*s.h", (int)len, s) < 0)
			return NULL;
		return out;
	}
	return NULL;
}

int cli_header(udt_handle_t *h, const struct cli *c, udt_prog_t **progs)
{
	char *name = c->ofile ? strdup(c->ofile) : default_name(c);
	char *tmp = NULL;
	FILE *fp = NULL;
	int rc = CLI_EXIT_ERROR;

	if (name == NULL) {
		cli_error("-h needs -o when the program is not a script file (-s)");
		return CLI_EXIT_ERROR;
	}
	if (asprintf(&tmp, "%s.%ld.tmp", name, (long)getpid()) < 0) {
		tmp = NULL;
		goto out;
	}
	if ((fp = fopen(tmp, "w")) == NULL) {
		cli_error("failed to open output file '%s': %s", name, strerror(errno));
		goto out;
	}
	if (udt_header(h, progs, c->nprogs, fp, name) != 0) {
		cli_error("%s", udt_errmsg(h));
		goto out;
	}
	if (fclose(fp) != 0) {
		fp = NULL;
		cli_error("failed to write header %s: %s", name, strerror(errno));
		goto out;
	}
	fp = NULL;
	if (rename(tmp, name) != 0) {
		cli_error("failed to write header %s: %s", name, strerror(errno));
		goto out;
	}
	rc = CLI_EXIT_OK;
out:
	if (fp != NULL)
		fclose(fp);
	if (rc != CLI_EXIT_OK && tmp != NULL)
		unlink(tmp);
	free(tmp);
	free(name);
	return rc;
}
