/*
 * procs.c — -c and -p: the processes dtrace(1) starts or grabs before it
 * compiles anything, in command-line order (the first is $target).
 *
 * Owns: dtrace's "invalid pid" check of -p's argument and the failure
 * lines of starting or grabbing. Must not: control processes itself;
 * udt_proc_create and udt_proc_grab do.
 * Invariant: on failure nothing else runs; the handle (and udt_close)
 * releases whatever was already started or grabbed.
 */
#include <errno.h>
#include <stdlib.h>

#include "cli/cli.h"

int cli_procs(udt_handle_t *h, const struct cli *c)
{
	for (int i = 0; i < c->nprocs; i++) {
		const struct cli_proc *cp = &c->procs[i];
		if (cp->opt == 'c') {
			/* the library's text is the whole line */
			if (udt_proc_create(h, cp->arg) != 0) {
				cli_error("%s", udt_errmsg(h));
				return CLI_EXIT_ERROR;
			}
			continue;
		}
		char *end;
		errno = 0;
		long pid = strtol(cp->arg, &end, 10);
		if (*cp->arg == '\0' || *end != '\0' || errno != 0 || pid <= 0 ||
		    pid > 0x7fffffffL) {
			cli_error("invalid pid: %s", cp->arg);
			return CLI_EXIT_ERROR;
		}
		if (udt_proc_grab(h, (int)pid) != 0) {
			cli_error("%s", udt_errmsg(h));
			return CLI_EXIT_ERROR;
		}
	}
	return CLI_EXIT_OK;
}
