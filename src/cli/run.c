/*
 * run.c — the consumer loop as dtrace(1) drives it, and its signals.
 *
 * Owns: when END fires (udt_stop), the "\n" written on the first
 * interrupt and at the end, and whether aggregations are printed.
 * Must not: exit from a signal handler: the library must get the chance
 * to restore every byte it patched into a target (udt_close), so a second
 * signal only makes the loop give up at its next turn.
 * Invariant: udt_stop is called at most once, before the last udt_work.
 */
#include <signal.h>
#include <string.h>

#include "cli/cli.h"

static udt_handle_t *volatile sig_handle;
static volatile sig_atomic_t sig_count;   /* SIGINT/SIGTERM/SIGHUP seen */

static void on_signal(int sig)
{
	(void)sig;
	if (sig_count < 2)
		sig_count++;
	if (sig_handle)
		udt_request_stop(sig_handle);
}

static void catch_signals(udt_handle_t *h)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	/* No SA_RESTART: a wait inside udt_work should end early. */
	sig_handle = h;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

/*
 * -x oformat=json: the last line is the exit object, whatever ended the
 * run (a reader needs no other sign that the stream is complete).
 */
static int finish(udt_handle_t *h, int rc)
{
	(void)udt_print_exit(h, rc);
	return rc;
}

int cli_trace(udt_handle_t *h, FILE *out)
{
	/* JSON Lines have no blank lines: dtrace's "\n"s are text only */
	int64_t json = 0;
	(void)udt_getopt(h, "oformat", &json);

	catch_signals(h);
	if (udt_go(h) != 0) {
		cli_liberror(h, "could not enable tracing");
		return finish(h, CLI_EXIT_ERROR);
	}

	int done = 0, newline = json != 0;
	do {
		if (sig_count > 0 && !newline) {
			fputc('\n', out);
			newline = 1;
		}
		if (sig_count > 1)
			break;   /* impatient: no END output, no aggregations */
		if (sig_count > 0) {
			done = 1;   /* so this stop is the only one */
			if (udt_stop(h) != 0) {
				cli_liberror(h, "couldn't stop tracing");
				return finish(h, CLI_EXIT_ERROR);
			}
		}
		switch (udt_work(h)) {
		case UDT_WORK_OKAY:
			break;
		case UDT_WORK_DONE:
			done = 1;
			break;
		default:
			if (sig_count > 1)
				break;
			cli_liberror(h, "processing aborted");
			fflush(out);
			return finish(h, CLI_EXIT_ERROR);
		}
		fflush(out);
	} while (!done);

	if (!json)
		fputc('\n', out);
	if (sig_count < 2 && udt_aggregate_print(h) != 0) {
		cli_liberror(h, "failed to print aggregations");
		fflush(out);
		return finish(h, CLI_EXIT_ERROR);
	}
	fflush(out);
	return finish(h, udt_exit_status(h));
}
