/*
 * shell.h — the interactive shell (udtrace -I / --shell) as the CLI
 * enters it.
 *
 * Owns: the one call that runs a session and the configuration the CLI
 * hands over. Must not: expose the session's internals (shell_int.h) or
 * consumer internals to src/cli/.
 * Invariant: the shell owns every handle it uses; the CLI only says how
 * to prepare a fresh one (options, -c/-p), because the shell makes a new
 * handle after each run (see shell_int.h for why).
 */
#ifndef UDTRACE_SHELL_SHELL_H
#define UDTRACE_SHELL_SHELL_H

#include <stdio.h>
#include "udtrace/udtrace.h"

typedef struct udt_shell_prog {
	int kind;            /* UDT_PROG_SCRIPT (loaded as :load) or UDT_PROG_NAME */
	const char *arg;
} udt_shell_prog_t;

typedef struct udt_shell_cfg {
	/*
	 * Apply the command line's options and start or grab its -c/-p
	 * processes on a fresh handle. 0, or -1 after printing why.
	 */
	int (*setup)(udt_handle_t *h, void *arg);
	void *arg;
	unsigned cflags;                 /* UDT_C_CPP */
	int argc; char *const *argv;     /* macro arguments $1... */
	const udt_shell_prog_t *progs; int nprogs;   /* -s / -n given with -I */
	FILE *out;                       /* -o file, or NULL for stdout */
	const char *history;             /* history file, NULL: none */
} udt_shell_cfg_t;

/* Run the shell until :quit, end of input or SIGTERM/SIGHUP. Exit status. */
int udt_shell(const udt_shell_cfg_t *cfg);

#endif /* UDTRACE_SHELL_SHELL_H */
