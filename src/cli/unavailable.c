/*
 * unavailable.c — TEMPORARY: the options this build parses but cannot
 * carry out (-A, -a). Each says so plainly and fails.
 *
 * Owns: nothing permanent (-G and -h live in header.c, -c and -p in
 * procs.c). Must not: grow real behaviour.
 */
#include "cli/cli.h"

int cli_unavailable_mode(enum cli_mode mode)
{
	switch (mode) {
	case CLI_ANON:
		cli_error("anonymous tracing (-a, -A) is not available: "
		    "udtrace traces user space only");
		break;
	default:
		return CLI_EXIT_OK;
	}
	return CLI_EXIT_ERROR;
}
