/*
 * unavailable.c — TEMPORARY: the options this build parses but cannot
 * carry out yet (-c, -p, -G, -h, -A, -a). Each says so plainly and fails.
 *
 * Owns: nothing permanent. When process control (src/proc/) lands, the
 * -c/-p half of this file is replaced by real grab/create calls; when USDT
 * lands, -G and -h get theirs. Must not: grow real behaviour.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

int cli_unavailable_proc(const struct cli *c)
{
	static const char why[] = "process control is not available in this build";

	for (int i = 0; i < c->ncmds; i++) {
		/* dtrace names the program it failed to run: the first word. */
		const char *cmd = c->cmds[i];
		cmd += strspn(cmd, " \t");
		int len = (int)strcspn(cmd, " \t");
		cli_error("failed to execute %.*s: %s", len, cmd, why);
		return CLI_EXIT_ERROR;
	}
	for (int i = 0; i < c->npids; i++) {
		char *end;
		long pid = strtol(c->pids[i], &end, 10);
		if (*c->pids[i] == '\0' || *end != '\0' || pid <= 0) {
			cli_error("invalid pid: %s", c->pids[i]);
			return CLI_EXIT_ERROR;
		}
		cli_error("failed to grab pid %ld: %s", pid, why);
		return CLI_EXIT_ERROR;
	}
	return CLI_EXIT_OK;
}

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
