/*
 * shell.c — the interactive shell's terminal side: readline's callback
 * interface polled together with the consumer loop, history, signals,
 * and output printed around the prompt.
 *
 * Owns: the session's main loop and its life cycle (first handle, the
 * -s/-n programs given with -I, history file, clean exit). Must not: know
 * what a command does (commands.c) or how clauses compile (clauses.c).
 * Invariant: while a run is active the loop never blocks in readline:
 * it reads one character only when poll says stdin has one, and
 * otherwise calls udt_work for at most SHELL_TICK_NS, so probes keep
 * being serviced while the user types. Everything the handle prints goes
 * to a temporary file first and reaches the terminal through shell_relay,
 * which takes the prompt and the half-typed line off the screen and puts
 * them back after.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <readline/readline.h>
#include <readline/history.h>

#include "shell/shell_int.h"
#include "consumer/handle.h"

/* Longest the loop stays in udt_work while tracing: input latency. */
#define SHELL_TICK_NS 50000000ULL
#define SHELL_HISTORY_MAX 1000

static const char prompt_main[] = "udtrace> ";
static const char prompt_more[] = "      > ";

shell_t *shell_current;
static udt_handle_t *volatile sig_handle;   /* the running handle */
static volatile sig_atomic_t sig_int, sig_term;

static void on_signal(int sig)
{
	if (sig == SIGINT)
		sig_int = 1;
	else
		sig_term = 1;
	if (sig_handle)
		udt_request_stop(sig_handle);
}

static void vmsg(const char *fmt, va_list ap)
{
	fflush(stdout);
	fprintf(stderr, "%s: ", UDT_PROGNAME);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	fflush(stderr);
}

void shell_msg(shell_t *sh, const char *fmt, ...)
{
	va_list ap;
	(void)sh;
	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
}

void shell_notice(shell_t *sh, const char *fmt, ...)
{
	int64_t quiet = 0;
	if (sh->h != NULL && udt_getopt(sh->h, "quiet", &quiet) == 0 && quiet)
		return;
	va_list ap;
	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
}

/* ---- the prompt off and on the screen ---- */

static char *saved_line;
static int saved_point;

static void prompt_hide(shell_t *sh)
{
	if (!sh->prompt_shown)
		return;
	saved_line = rl_copy_text(0, rl_end);
	saved_point = rl_point;
	rl_set_prompt("");
	rl_replace_line("", 0);
	rl_redisplay();
	sh->prompt_shown = 0;
}

static void prompt_show(shell_t *sh)
{
	if (sh->prompt_shown || sh->quit)
		return;
	fflush(stdout);
	fflush(stderr);
	rl_set_prompt(sh->pending ? prompt_more : prompt_main);
	rl_replace_line(saved_line ? saved_line : "", 0);
	rl_point = saved_line ? saved_point : 0;
	free(saved_line);
	saved_line = NULL;
	rl_redisplay();
	sh->prompt_shown = 1;
}

void shell_relay(shell_t *sh)
{
	if (sh->tmp == NULL)
		return;
	fflush(sh->tmp);
	off_t n = ftello(sh->tmp);
	if (n <= 0)
		return;
	int shown = sh->prompt_shown;
	prompt_hide(sh);
	fflush(stdout);
	char buf[65536];
	for (off_t off = 0; off < n;) {
		ssize_t r = pread(fileno(sh->tmp), buf,
		    (size_t)(n - off) < sizeof(buf) ? (size_t)(n - off) :
		    sizeof(buf), off);
		if (r <= 0)
			break;
		fwrite(buf, 1, (size_t)r, stdout);
		off += r;
	}
	fflush(stdout);
	rewind(sh->tmp);
	if (ftruncate(fileno(sh->tmp), 0) != 0)
		shell_msg(sh, "failed to reset the output file: %s",
		    strerror(errno));
	if (shown)
		prompt_show(sh);
}

/* ---- lines ---- */

static void entry_done(shell_t *sh, char *text)
{
	add_history(text);
	if (text[0] == ':')
		shell_command(sh, text);
	else
		(void)shell_add_fragment(sh, text, NULL);
}

static void on_line(char *line)
{
	shell_t *sh = shell_current;
	sh->prompt_shown = 0;
	if (line == NULL) {
		putchar('\n');
		if (sh->pending) {
			free(sh->pending);
			sh->pending = NULL;
		} else {
			sh->quit = 1;
		}
	} else if (sh->pending == NULL) {
		const char *s = line + strspn(line, " \t");
		if (*s == ':') {
			entry_done(sh, (char *)s);
		} else if (*s != '\0') {
			sh->pending = strdup(line);
		}
	} else {
		char *t;
		if (asprintf(&t, "%s\n%s", sh->pending, line) >= 0) {
			free(sh->pending);
			sh->pending = t;
		}
	}
	free(line);
	if (sh->pending && shell_text_complete(sh->pending)) {
		char *t = sh->pending;
		sh->pending = NULL;
		entry_done(sh, t);
		free(t);
	}
	fflush(stdout);
	fflush(stderr);
	if (sh->quit) {
		rl_callback_handler_remove();
		return;
	}
	rl_set_prompt(sh->pending ? prompt_more : prompt_main);
	sh->prompt_shown = 1;   /* readline shows it when this returns */
}

/* Ctrl-C at the prompt: drop what was typed, as a shell does. */
static void cancel_input(shell_t *sh)
{
	free(sh->pending);
	sh->pending = NULL;
	rl_callback_sigcleanup();
	rl_replace_line("", 0);
	rl_point = rl_end = 0;
	fputs("^C\n", stdout);
	rl_on_new_line();
	rl_set_prompt(prompt_main);
	rl_redisplay();
}

/*
 * Ctrl-C reaches us as a key, not as SIGINT: the terminal's SIGINT would
 * also go to a -c child in our process group and kill it. So while
 * readline has the terminal, ISIG is off and ^C is bound to this.
 */
static int key_interrupt(int count, int key)
{
	(void)count;
	(void)key;
	sig_int = 1;
	return 0;
}

static void prep_terminal(int meta)
{
	struct termios t;
	rl_prep_terminal(meta);
	if (tcgetattr(STDIN_FILENO, &t) == 0) {
		t.c_lflag &= ~(tcflag_t)ISIG;
		(void)tcsetattr(STDIN_FILENO, TCSADRAIN, &t);
	}
}

static void catch_signals(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	/* no SA_RESTART: poll and udt_work's wait end at once */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

static int wait_input(int timeout_ms)
{
	struct pollfd pfd = { .fd = STDIN_FILENO, .events = POLLIN };
	int rc = poll(&pfd, 1, timeout_ms);
	if (rc <= 0)
		return 0;
	if (pfd.revents & POLLIN)
		return 1;
	return -1;   /* hung up */
}

static void loop(shell_t *sh)
{
	while (!sh->quit) {
		sig_handle = sh->state == SH_RUNNING ? sh->h : NULL;
		if (sig_term) {
			sh->quit = 1;
			break;
		}
		if (sig_int) {
			sig_int = 0;
			if (sh->state == SH_RUNNING) {
				prompt_hide(sh);
				shell_stop(sh, 0);
				prompt_show(sh);
			} else {
				cancel_input(sh);
			}
			continue;
		}
		if (sh->state != SH_RUNNING) {
			int in = wait_input(-1);
			if (in > 0)
				rl_callback_read_char();
			else if (in < 0)
				sh->quit = 1;
			continue;
		}
		int in = wait_input(0);
		if (in > 0) {
			rl_callback_read_char();
			continue;
		}
		if (in < 0) {
			sh->quit = 1;
			break;
		}
		udt_handle_t *h = sh->h;
		/* wake within a tick whatever switchrate says, for the keyboard */
		uint64_t soon = loop_now_ns() + SHELL_TICK_NS;
		if (h->next_switch > soon)
			h->next_switch = soon;
		int rc = udt_work(h);
		shell_relay(sh);
		if (rc == UDT_WORK_OKAY)
			continue;
		prompt_hide(sh);
		if (rc == UDT_WORK_ERROR)
			shell_msg(sh, "processing aborted: %s", udt_errmsg(h));
		shell_stop(sh, 1);
		prompt_show(sh);
	}
	sig_handle = NULL;
}

int udt_shell(const udt_shell_cfg_t *cfg)
{
	shell_t sh;
	memset(&sh, 0, sizeof(sh));
	sh.cfg = cfg;
	sh.out = cfg->out;
	if ((sh.tmp = tmpfile()) == NULL) {
		shell_msg(&sh, "failed to create a temporary file: %s",
		    strerror(errno));
		return 1;
	}
	shell_current = &sh;
	catch_signals();
	if (shell_ensure_handle(&sh) != 0 && sh.h == NULL) {
		fclose(sh.tmp);
		return 1;
	}
	for (int i = 0; i < cfg->nprogs; i++) {
		if (cfg->progs[i].kind == UDT_PROG_SCRIPT) {
			char *cmd;
			if (asprintf(&cmd, ":load %s", cfg->progs[i].arg) >= 0) {
				shell_command(&sh, cmd);
				free(cmd);
			}
		} else {
			(void)shell_add_fragment(&sh, cfg->progs[i].arg, NULL);
		}
	}

	rl_readline_name = "udtrace";
	rl_catch_signals = 0;
	rl_prep_term_function = prep_terminal;
	rl_bind_key('\003', key_interrupt);
	shell_complete_init();
	using_history();
	stifle_history(SHELL_HISTORY_MAX);
	if (cfg->history)
		(void)read_history(cfg->history);
	shell_notice(&sh, "interactive shell: type D clauses, :go to trace, "
	    ":help for more");
	fflush(stdout);
	rl_callback_handler_install(prompt_main, on_line);
	sh.prompt_shown = 1;

	loop(&sh);

	if (!sh.quit || sh.prompt_shown) {
		/* a signal or a hang-up: leave the prompt's line */
		rl_callback_handler_remove();
		putchar('\n');
	}
	sh.prompt_shown = 0;
	if (sh.state == SH_RUNNING)
		shell_finish_run(&sh, 0);
	shell_close_handle(&sh);
	if (cfg->history) {
		(void)write_history(cfg->history);
		(void)history_truncate_file(cfg->history, SHELL_HISTORY_MAX);
	}
	shell_frags_free(&sh);
	for (size_t i = 0; i < sh.nopts; i++) {
		free(sh.opts[i].name);
		free(sh.opts[i].value);
	}
	free(sh.opts);
	free(sh.pending);
	fflush(stdout);
	fclose(sh.tmp);
	shell_current = NULL;
	return sh.status;
}
