/*
 * commands.c — the shell's :commands: running and stopping tracing,
 * loading, listing and dropping clauses, aggregations on demand, options.
 *
 * Owns: what each command does and says, and the run cycle: :go enables
 * the session's program and fires BEGIN; :stop (or the end of tracing)
 * fires END, prints what dtrace prints at its end ("\n", then the
 * aggregations), then closes the handle and prepares a fresh one.
 * Must not: read the terminal (shell.c does) or compile text itself
 * (clauses.c does).
 * Invariant: a run's handle is closed as soon as the run ends, so no
 * traced process waits on a probe nobody services; between runs the
 * processes wait stopped, as they do before the first :go.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "shell/shell_int.h"
#include "consumer/handle.h"
#include "providers/syscall_count.h"

const char *const shell_commands[] = {
	":go", ":stop", ":list", ":load", ":del", ":print", ":clear",
	":trunc", ":set", ":help", ":quit", NULL
};

static const char help_text[] =
"Type D clauses to add them (a clause may span lines: input goes on while\n"
"braces are open). Every clause entered joins one program, so clauses share\n"
"variables and aggregations. Commands:\n"
"  :go             start tracing every clause (fires BEGIN)\n"
"  :stop           stop tracing (fires END, prints the aggregations)\n"
"  :list           the clauses, with the probes each one matches\n"
"  :load FILE      add the clauses of a D script\n"
"  :del N          drop clause N\n"
"  :print [@agg]   print aggregations now (all, or one)\n"
"  :clear [@agg]   zero aggregation values (clear())\n"
"  :trunc [@agg]   remove aggregation keys (trunc())\n"
"  :set [opt[=val]]  set an option (as -x does); alone: list them\n"
"  :help           this text\n"
"  :quit           stop tracing, detach and leave (also Ctrl-D)\n"
"Tracing cannot take new clauses while it runs: clauses entered then are\n"
"checked at once and enabled by the next :go, which stops the run (END,\n"
"aggregations) and starts a new one. Each run starts afresh: -p processes\n"
"are grabbed again, a -c command is started again, aggregations are empty.\n"
"Ctrl-C stops a run; Tab completes probes, keywords, variables, functions,\n"
"options and commands.\n";

static FILE *hout(shell_t *sh)
{
	return sh->out ? sh->out : sh->tmp;
}

/* Print END's output and the aggregations, as dtrace does at its end. */
void shell_finish_run(shell_t *sh, int ended)
{
	udt_handle_t *h = sh->h;
	if (!ended && udt_stop(h) != 0)
		shell_msg(sh, "couldn't stop tracing: %s", udt_errmsg(h));
	fputc('\n', hout(sh));
	if (udt_aggregate_print(h) != 0)
		shell_msg(sh, "failed to print aggregations: %s", udt_errmsg(h));
	fflush(hout(sh));
	sh->status = udt_exit_status(h);
	shell_relay(sh);
	sh->state = SH_IDLE;
}

void shell_stop(shell_t *sh, int ended)
{
	shell_finish_run(sh, ended);
	if (ended)
		shell_notice(sh, "tracing ended (:go starts it again)");
	(void)shell_reset(sh);
}

int shell_go(shell_t *sh)
{
	int n = 0;

	if (sh->nfrags == 0) {
		shell_msg(sh, "no clauses to trace: type one (BEGIN { ... }) "
		    "or :load a script");
		return -1;
	}
	if (sh->state == SH_RUNNING)
		shell_stop(sh, 0);
	else if (sh->h == NULL || sh->h_enabled)
		(void)shell_reset(sh);
	if (sh->h == NULL)
		return -1;
	if (sh->prog == NULL && shell_recompile(sh) != 0)
		return -1;
	/*
	 * The shell interleaves its prompts, notices and blank lines with
	 * the trace output, so it stays text: JSON Lines are for programs
	 * reading a plain run (-x, :set or a pragma may have asked).
	 */
	int64_t oformat = 0;
	if (udt_getopt(sh->h, "oformat", &oformat) == 0 && oformat != 0) {
		shell_msg(sh, "the shell's output is text: -x oformat=json is "
		    "for runs without -I");
		return -1;
	}
	sh->h_enabled = 1;
	if (udt_enable(sh->h, sh->prog, &n) != 0) {
		/* the library names the program "shell"; say what it is */
		static const char *const leads[] = {
			"failed to compile script shell: ",
			"failed to enable 'shell': ",
		};
		const char *msg = udt_errmsg(sh->h);
		for (size_t i = 0; i < 2; i++)
			if (strncmp(msg, leads[i], strlen(leads[i])) == 0)
				msg += strlen(leads[i]);
		shell_msg(sh, "failed to enable the clauses: %s", msg);
		return -1;
	}
	shell_notice(sh, "matched %d probe%s", n, n == 1 ? "" : "s");
	if (udt_go(sh->h) != 0) {
		shell_msg(sh, "could not enable tracing: %s", udt_errmsg(sh->h));
		shell_relay(sh);
		return -1;
	}
	sh->state = SH_RUNNING;
	sh->live = sh->prog;
	sh->nlive = sh->nfrags;
	shell_relay(sh);
	return 0;
}

struct list_ctx {
	int n;
};

static int list_probe(udt_probe_t *p, void *arg)
{
	struct list_ctx *lc = arg;
	if (lc->n++ < 20)
		printf("    probe %u %s:%s:%s:%s\n", p->id, p->prov, p->mod,
		    p->func, p->name);
	return 0;
}

static void cmd_list(shell_t *sh)
{
	if (sh->nfrags == 0) {
		printf("no clauses yet\n");
		return;
	}
	for (size_t i = 0; i < sh->nfrags; i++) {
		const shell_frag_t *f = &sh->frags[i];
		printf("[%zu]", i + 1);
		if (f->origin)
			printf(" from %s:\n    ", f->origin);
		else
			printf(" ");
		for (const char *s = f->text; *s; s++) {
			putchar(*s);
			if (*s == '\n')
				fputs("    ", stdout);
		}
		putchar('\n');
		if (sh->state == SH_RUNNING && i >= sh->nlive)
			printf("    (enabled by the next :go)\n");
		if (sh->prog == NULL || sh->h == NULL)
			continue;
		size_t first = shell_frag_first_clause(sh, i);
		const d_program_t *dp = sh->prog->dp;
		for (size_t c = first; c < first + f->nclauses &&
		    c < dp->nclauses; c++) {
			for (size_t d = 0; d < dp->clauses[c].ndescs; d++) {
				struct list_ctx lc = { 0 };
				probe_iter(&sh->h->reg, &dp->clauses[c].descs[d],
				    list_probe, &lc);
				if (lc.n > 20)
					printf("    ... and %d more probes\n",
					    lc.n - 20);
			}
		}
	}
}

/* A file's text without its trailing newlines: the #line of the next fragment needs a line of its own. */
static char *read_file(const char *path)
{
	char *buf = udt_read_script(path);
	size_t len = buf ? strlen(buf) : 0;
	while (len > 0 && buf[len - 1] == '\n')
		buf[--len] = '\0';
	return buf;
}

static void cmd_load(shell_t *sh, const char *path)
{
	if (*path == '\0') {
		shell_msg(sh, "usage: :load FILE");
		return;
	}
	char *text = read_file(path);
	if (text == NULL) {
		shell_msg(sh, "failed to open %s: %s", path, strerror(errno));
		return;
	}
	(void)shell_add_fragment(sh, text, path);
	free(text);
}

static void cmd_del(shell_t *sh, const char *arg)
{
	char *end;
	long n = strtol(arg, &end, 10);
	if (*arg == '\0' || *end != '\0' || n < 1 || (size_t)n > sh->nfrags) {
		shell_msg(sh, "usage: :del N (a clause number :list shows)");
		return;
	}
	size_t i = (size_t)n - 1;
	free(sh->frags[i].text);
	free(sh->frags[i].origin);
	memmove(&sh->frags[i], &sh->frags[i + 1],
	    (sh->nfrags - i - 1) * sizeof(sh->frags[0]));
	sh->nfrags--;
	if (sh->state == SH_RUNNING) {
		if (i < sh->nlive)
			sh->nlive--;
		shell_notice(sh, "the running clauses stay enabled until "
		    "the next :go");
	}
	if (sh->h != NULL)
		(void)shell_recompile(sh);
}

enum agg_op { AGG_PRINT, AGG_CLEAR, AGG_TRUNC };

static void cmd_agg(shell_t *sh, const char *arg, enum agg_op op)
{
	udt_prog_t *p = sh->live;
	if (sh->state != SH_RUNNING || p == NULL || p->agg == NULL) {
		shell_msg(sh, sh->state == SH_RUNNING ? "no aggregations" :
		    "no aggregations: tracing is not running");
		return;
	}
	const d_program_t *dp = p->dp;
	int found = 0;
	/* the calls the kernel counted, before reading or changing them */
	syscall_count_flush(sh->h);
	if (*arg == '@')
		arg++;
	for (size_t i = 0; i < dp->naggs; i++) {
		if (*arg && strcmp(arg, "*") != 0 && strcmp(dp->aggs[i].name, arg) != 0)
			continue;
		uint32_t a = (uint32_t)i;
		found = 1;
		switch (op) {
		case AGG_PRINT: {
			/* printing now does not take it out of the final print */
			int printed = p->agg->info[i].printed;
			(void)agg_printa(hout(sh), p->agg, &a, 1, NULL,
			    &sh->h->opts);
			p->agg->info[i].printed = printed;
			break;
		}
		case AGG_CLEAR:
			agg_clear(p->agg, a);
			break;
		case AGG_TRUNC:
			agg_trunc(p->agg, a, 0, 0, &sh->h->opts);
			break;
		}
	}
	if (!found) {
		shell_msg(sh, "no aggregation @%s", arg);
		return;
	}
	if (op == AGG_PRINT)
		fputc('\n', hout(sh));
	fflush(hout(sh));
	shell_relay(sh);
}

static void cmd_set(shell_t *sh, const char *arg)
{
	if (*arg == '\0') {
		for (size_t i = 0; i < sh->nopts; i++)
			printf("%s%s%s\n", sh->opts[i].name,
			    sh->opts[i].value ? "=" : "",
			    sh->opts[i].value ? sh->opts[i].value : "");
		return;
	}
	const char *eq = strchr(arg, '=');
	char *name = strndup(arg, eq ? (size_t)(eq - arg) : strlen(arg));
	char *value = eq ? strdup(eq + 1) : NULL;
	if (name == NULL || (eq && value == NULL))
		goto fail;
	if (shell_ensure_handle(sh) != 0 && sh->h == NULL)
		goto fail;
	if (udt_setopt(sh->h, name, value) != 0) {
		const char *msg = udt_errmsg(sh->h), *colon = strrchr(msg, ':');
		shell_msg(sh, "failed to set -x %s: %s", name,
		    colon ? colon + 2 : msg);
		goto fail;
	}
	size_t i;
	for (i = 0; i < sh->nopts; i++)
		if (strcmp(sh->opts[i].name, name) == 0)
			break;
	if (i == sh->nopts) {
		shell_opt_t *v = realloc(sh->opts, (sh->nopts + 1) * sizeof(*v));
		if (v == NULL)
			goto fail;
		sh->opts = v;
		sh->nopts++;
		sh->opts[i].name = name;
	} else {
		free(name);
		free(sh->opts[i].value);
	}
	sh->opts[i].value = value;
	return;
fail:
	free(name);
	free(value);
}

void shell_command(shell_t *sh, const char *line)
{
	size_t n = strcspn(line, " \t");
	char cmd[32];
	snprintf(cmd, sizeof(cmd), "%.*s", (int)(n < 31 ? n : 31), line);
	const char *arg = line + n;
	arg += strspn(arg, " \t");
	char *a = strdup(arg);
	if (a == NULL)
		return;
	for (size_t l = strlen(a); l > 0 && (a[l - 1] == ' ' || a[l - 1] == '\t'); l--)
		a[l - 1] = '\0';

	if (strcmp(cmd, ":go") == 0) {
		(void)shell_go(sh);
	} else if (strcmp(cmd, ":stop") == 0) {
		if (sh->state != SH_RUNNING)
			shell_msg(sh, "tracing is not running");
		else
			shell_stop(sh, 0);
	} else if (strcmp(cmd, ":list") == 0) {
		cmd_list(sh);
	} else if (strcmp(cmd, ":load") == 0) {
		cmd_load(sh, a);
	} else if (strcmp(cmd, ":del") == 0) {
		cmd_del(sh, a);
	} else if (strcmp(cmd, ":print") == 0) {
		cmd_agg(sh, a, AGG_PRINT);
	} else if (strcmp(cmd, ":clear") == 0) {
		cmd_agg(sh, a, AGG_CLEAR);
	} else if (strcmp(cmd, ":trunc") == 0) {
		cmd_agg(sh, a, AGG_TRUNC);
	} else if (strcmp(cmd, ":set") == 0) {
		cmd_set(sh, a);
	} else if (strcmp(cmd, ":help") == 0 || strcmp(cmd, ":h") == 0) {
		fputs(help_text, stdout);
	} else if (strcmp(cmd, ":quit") == 0 || strcmp(cmd, ":q") == 0 ||
	    strcmp(cmd, ":exit") == 0) {
		sh->quit = 1;
	} else {
		shell_msg(sh, "unknown command %s (:help lists them)", cmd);
	}
	free(a);
	fflush(stdout);
}
