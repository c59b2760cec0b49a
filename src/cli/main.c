/*
 * main.c — the udtrace executable: dtrace(1)'s order of work.
 *
 * Owns: the sequence parse -> options -> processes -> compile every
 * program -> (list | enable every program -> trace), the notices that
 * sequence prints, and the exit status. Must not: trace anything itself;
 * all of that is behind include/udtrace/udtrace.h.
 * Invariant: every program is compiled before any is enabled, so a
 * compile error in the last program leaves nothing enabled and prints no
 * "matched" notice, as in dtrace.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/*
 * Report a failed option. The library's message may or may not carry its
 * own "failed to set -x name: " lead; dtrace's line names the option as
 * the user wrote it (-x name, -b size, -q ...), so keep only the reason.
 */
static void option_error(udt_handle_t *h, const char *what)
{
	const char *msg = udt_errmsg(h), *colon = strrchr(msg, ':');
	cli_error("%s: %s", what, colon ? colon + 2 : *msg ? msg : "unknown error");
}

static int set_one(udt_handle_t *h, const struct cli_set *s)
{
	static const struct { char opt; const char *name; } flags[] = {
		{ 'q', "quiet" }, { 'w', "destructive" }, { 'F', "flowindent" },
		{ 'Z', "zdefs" }, { 'H', "cpphdrs" }, { 'X', "stdc" },
		{ 'L', "libdir" },
	};
	char what[128];

	switch (s->opt) {
	case 'x': {
		/* Messages name the option only: "failed to set -x name". */
		const char *eq = strchr(s->arg, '=');
		size_t n = eq ? (size_t)(eq - s->arg) : strlen(s->arg);
		char *name = strndup(s->arg, n);
		if (name == NULL)
			return -1;
		int rc = udt_setopt(h, name, eq ? eq + 1 : NULL);
		if (rc != 0) {
			snprintf(what, sizeof(what), "failed to set -x %s", name);
			option_error(h, what);
		}
		free(name);
		return rc;
	}
	case 'b':
		if (udt_setopt(h, "bufsize", s->arg) == 0)
			return 0;
		snprintf(what, sizeof(what), "failed to set -b %s", s->arg);
		option_error(h, what);
		return -1;
	case 'D':
	case 'U':
	case 'I': {
		char *arg;
		if (asprintf(&arg, "-%c%s", s->opt, s->arg) < 0)
			return -1;
		int rc = udt_add_cppopt(h, arg);
		if (rc != 0) {
			snprintf(what, sizeof(what), "failed to set -%c", s->opt);
			option_error(h, what);
		}
		free(arg);
		return rc;
	}
	case 'v':
		/* Only changes what -l and -e show; a library without it is fine. */
		(void)udt_setopt(h, "verbose", NULL);
		return 0;
	}
	for (size_t i = 0; i < sizeof(flags) / sizeof(flags[0]); i++) {
		if (flags[i].opt != s->opt)
			continue;
		if (udt_setopt(h, flags[i].name, s->arg) == 0)
			return 0;
		snprintf(what, sizeof(what), "failed to set -%c", s->opt);
		option_error(h, what);
		return -1;
	}
	return 0;
}

int cli_options(udt_handle_t *h, const struct cli *c)
{
	for (int i = 0; i < c->nsets; i++)
		if (set_one(h, &c->sets[i]) != 0)
			return CLI_EXIT_ERROR;
	return CLI_EXIT_OK;
}

static udt_prog_t *compile_one(udt_handle_t *h, const struct cli *c,
    const struct cli_prog *cp, unsigned cflags)
{
	udt_prog_t *p;
	char what[64 + 32];

	if (cp->kind == UDT_PROG_SCRIPT) {
		char *text = udt_read_script(cp->arg);
		if (text == NULL) {
			cli_error("failed to open %s: %s", cp->arg, strerror(errno));
			return NULL;
		}
		p = udt_compile(h, cp->kind, text, cp->arg, c->margc, c->margv, cflags);
		free(text);
		snprintf(what, sizeof(what), "failed to compile script %.64s", cp->arg);
	} else {
		p = udt_compile(h, cp->kind, cp->arg, cp->arg, c->margc, c->margv, cflags);
		snprintf(what, sizeof(what), "invalid probe specifier");
	}
	if (p == NULL)
		cli_liberror(h, what);
	return p;
}

/* "script 'x.d' matched 2 probes" / "description 'BEGIN ' matched 1 probe" */
static void matched_notice(udt_handle_t *h, const struct cli_prog *cp, int n)
{
	const char *plural = n == 1 ? "" : "s";
	if (cp->kind == UDT_PROG_SCRIPT) {
		cli_notice(h, "script '%s' matched %d probe%s", cp->arg, n, plural);
		return;
	}
	int len = (int)strcspn(cp->arg, "{/;");
	cli_notice(h, "description '%.*s' matched %d probe%s", len, cp->arg, n, plural);
}

/*
 * -v: dtrace's exec_prog report after each program is enabled, on the
 * output file; the name is the script's path or the description as the
 * "matched" notice crops it.
 */
static void stability_report(const struct cli_prog *cp, udt_prog_t *p,
    FILE *out)
{
	const char *d[3], *s[3];
	if (udt_prog_stability(p, d, s) != 0)
		return;
	if (cp->kind == UDT_PROG_SCRIPT)
		fprintf(out, "\nStability attributes for script %s:\n", cp->arg);
	else
		fprintf(out, "\nStability attributes for description %.*s:\n",
		    (int)strcspn(cp->arg, "{/;"), cp->arg);
	fprintf(out, "\n\tMinimum Probe Description Attributes\n");
	fprintf(out, "\t\tIdentifier Names: %s\n", d[0]);
	fprintf(out, "\t\tData Semantics:   %s\n", d[1]);
	fprintf(out, "\t\tDependency Class: %s\n", d[2]);
	fprintf(out, "\n\tMinimum Statement Attributes\n");
	fprintf(out, "\t\tIdentifier Names: %s\n", s[0]);
	fprintf(out, "\t\tData Semantics:   %s\n", s[1]);
	fprintf(out, "\t\tDependency Class: %s\n", s[2]);
	fprintf(out, "\n");
	/* before any output of a -c process, which shares the file */
	fflush(out);
}

static int run(udt_handle_t *h, const struct cli *c, udt_prog_t **progs)
{
	int rc;

	for (int i = 0; i < c->nsets; i++)
		if (set_one(h, &c->sets[i]) != 0)
			return CLI_EXIT_ERROR;
	for (int i = 0; i < c->nsets; i++) {
		if (c->sets[i].opt == 'w') {
			cli_notice(h, "allowing destructive actions");
			break;
		}
	}

	/* processes first: $target must be known when programs compile */
	if ((rc = cli_procs(h, c)) != CLI_EXIT_OK)
		return rc;

	unsigned cflags = c->cpp ? UDT_C_CPP : 0;
	int64_t zdefs = 0;
	if (c->mode == CLI_LIST ||
	    (udt_getopt(h, "zdefs", &zdefs) == 0 && zdefs))
		cflags |= UDT_C_ZDEFS;

	if (c->nprogs == 0 && c->mode != CLI_LIST) {
		cli_error("no probes specified");
		return CLI_EXIT_ERROR;
	}
	for (int i = 0; i < c->nprogs; i++) {
		if ((progs[i] = compile_one(h, c, &c->progs[i], cflags)) == NULL)
			return CLI_EXIT_ERROR;
		if (c->disasm)
			udt_disasm(h, progs[i], stderr);
	}

	/* -h writes its own file (-o names it, not for append) */
	if (c->mode == CLI_HEADER)
		return cli_header(h, c, progs);

	FILE *out = stdout;
	if (c->ofile != NULL && (out = fopen(c->ofile, "a")) == NULL) {
		cli_error("failed to open output file '%s': %s", c->ofile, strerror(errno));
		return CLI_EXIT_ERROR;
	}
	udt_set_output(h, out);

	if (c->mode == CLI_LIST) {
		/*
		 * A description that matches nothing is reported by udt_list and
		 * listing goes on; like dtrace, that does not change the status.
		 */
		rc = CLI_EXIT_OK;
		if (c->nprogs == 0)
			(void)udt_list(h, NULL, out, stderr);
		for (int i = 0; i < c->nprogs && rc == CLI_EXIT_OK; i++) {
			/* a provider that cannot make probes (a bad pid offset) */
			if (udt_list(h, progs[i], out, stderr) != 0) {
				fflush(out);
				cli_error("%s", udt_errmsg(h));
				rc = CLI_EXIT_ERROR;
			}
		}
	} else {
		int total = 0;
		int64_t verbose = 0;
		(void)udt_getopt(h, "verbose", &verbose);
		rc = CLI_EXIT_OK;
		for (int i = 0; i < c->nprogs && rc == CLI_EXIT_OK; i++) {
			int n = 0;
			if (udt_enable(h, progs[i], &n) != 0) {
				/* The library's text is the whole line here. */
				cli_error("%s", udt_errmsg(h));
				rc = CLI_EXIT_ERROR;
			} else if (!c->exec_only) {
				matched_notice(h, &c->progs[i], n);
				if (verbose)
					stability_report(&c->progs[i],
					    progs[i], out);
			}
			total += n;
		}
		/* as dtrace: only an empty program (-x empty) gets here unmatched */
		if (rc == CLI_EXIT_OK && total == 0 && !(cflags & UDT_C_ZDEFS)) {
			cli_error("no probes matched");
			rc = CLI_EXIT_ERROR;
		}
		if (rc == CLI_EXIT_OK && !c->exec_only)
			rc = cli_trace(h, out);
	}
	fflush(out);
	if (out != stdout)
		fclose(out);
	return rc;
}

int main(int argc, char *argv[])
{
	struct cli c;
	udt_set_progname(argv[0]);   /* messages say "dtrace:" when run as dtrace */
	int rc = cli_parse(&c, argc, argv);
	if (rc >= 0)
		goto out;

	if (c.mode == CLI_VERSION) {
		printf("%s: %s\n", UDT_PROGNAME, UDT_VERSION_STRING);
		rc = fflush(stdout) == 0 ? CLI_EXIT_OK : CLI_EXIT_ERROR;
		goto out;
	}
	if (c.mode == CLI_LINK) {
		rc = cli_link();
		goto out;
	}
	if ((rc = cli_unavailable_mode(c.mode)) != CLI_EXIT_OK)
		goto out;
	if (c.shell && c.mode == CLI_EXEC) {
		rc = cli_shell(&c);
		goto out;
	}

	udt_handle_t *h = udt_open();
	udt_prog_t **progs = calloc((size_t)c.nprogs + 1, sizeof(*progs));
	if (h == NULL || progs == NULL) {
		cli_error("failed to initialize %s", UDT_PROGNAME);
		rc = CLI_EXIT_ERROR;
	} else {
		udt_set_arg0(h, argv[0]);   /* dtrace's $0 outside scripts */
		rc = run(h, &c, progs);
	}
	free(progs);
	if (h != NULL)
		udt_close(h);
out:
	cli_free(&c);
	return rc;
}
