/*
 * messages.c — how the command line speaks: "udtrace: " + text on stderr.
 *
 * Owns: the prefix and the quiet rule (errors always, notices unless
 * -q / -x quiet). Must not: decide exit statuses.
 */
#include <stdarg.h>
#include <stdint.h>
#include <string.h>

#include "cli/cli.h"

static void vmessage(const char *fmt, va_list ap)
{
	fprintf(stderr, "%s: ", UDT_PROGNAME);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void cli_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmessage(fmt, ap);
	va_end(ap);
}

void cli_notice(udt_handle_t *h, const char *fmt, ...)
{
	int64_t quiet = 0;
	if (udt_getopt(h, "quiet", &quiet) == 0 && quiet)
		return;
	va_list ap;
	va_start(ap, fmt);
	vmessage(fmt, ap);
	va_end(ap);
}

void cli_liberror(udt_handle_t *h, const char *what)
{
	const char *msg = udt_errmsg(h);
	if (msg == NULL || *msg == '\0')
		msg = "unknown error";
	if (strncmp(msg, what, strlen(what)) == 0)
		cli_error("%s", msg);
	else
		cli_error("%s: %s", what, msg);
}
