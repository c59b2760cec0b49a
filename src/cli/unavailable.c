/*
 * unavailable.c — TEMPORARY: the options this build parses but cannot
 * carry out yet (-G, -h, -A, -a). Each says so plainly and fails.
 *
 * Owns: nothing permanent. When USDT lands, -G and -h get their real
 * implementation (-c and -p now live in procs.c). Must not: grow real
 * behaviour.
 */
#include "cli/cli.h"

int cli_unavailable_mode(enum cli_mode mode)
{
	switch (mode) {
	case CLI_ANON:
		cli_error("anonymous tracing (-a, -A) is not available: "
		    "udtrace traces user space only");
		break;
	case CLI_LINK:
		cli_error("-G is not available in this build");
		break;
	case CLI_HEADER:
		cli_error("-h is not available in this build");
		break;
	default:
		return CLI_EXIT_OK;
	}
	return CLI_EXIT_ERROR;
}
