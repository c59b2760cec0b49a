/*
 * shell.c — entering the interactive shell from the command line
 * (udtrace -I [-p PID | -c cmd], or --shell).
 *
 * Owns: what the shell takes from the command line: options and -c/-p
 * applied to every handle the shell makes, -s/-n programs loaded first,
 * -o, macro arguments and the history file (~/.udtrace_history, none
 * when HOME is unset). Must not: trace or read the terminal; src/shell/
 * does both.
 * Invariant: the setup callback repeats exactly what a plain run does
 * before compiling (options, then processes in command-line order), so
 * $target and every option mean the same in the shell.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "shell/shell.h"

static int setup(udt_handle_t *h, void *arg)
{
	const struct cli *c = arg;
	if (cli_options(h, c) != CLI_EXIT_OK || cli_procs(h, c) != CLI_EXIT_OK)
		return -1;
	return 0;
}

int cli_shell(const struct cli *c)
{
	udt_shell_prog_t *progs = calloc((size_t)c->nprogs + 1, sizeof(*progs));
	char *history = NULL;
	FILE *out = NULL;
	int rc;

	if (progs == NULL) {
		cli_error("failed to allocate memory");
		return CLI_EXIT_ERROR;
	}
	for (int i = 0; i < c->nprogs; i++) {
		if (c->progs[i].kind != UDT_PROG_SCRIPT &&
		    c->progs[i].kind != UDT_PROG_NAME) {
			cli_error("the shell takes programs from -s and -n only");
			free(progs);
			return CLI_EXIT_USAGE;
		}
		progs[i].kind = c->progs[i].kind;
		progs[i].arg = c->progs[i].arg;
	}
	if (c->ofile != NULL && (out = fopen(c->ofile, "a")) == NULL) {
		cli_error("failed to open output file '%s': %s", c->ofile,
		    strerror(errno));
		free(progs);
		return CLI_EXIT_ERROR;
	}
	const char *home = getenv("HOME");
	if (home != NULL && *home != '\0' &&
	    asprintf(&history, "%s/.udtrace_history", home) < 0)
		history = NULL;

	udt_shell_cfg_t cfg = {
		.setup = setup,
		.arg = (void *)c,
		.cflags = c->cpp ? UDT_C_CPP : 0,
		.argc = c->margc,
		.argv = c->margv,
		.progs = progs,
		.nprogs = c->nprogs,
		.out = out,
		.history = history,
	};
	rc = udt_shell(&cfg);
	if (out != NULL)
		fclose(out);
	free(history);
	free(progs);
	return rc;
}
