/*
 * args.c — reads dtrace(1)'s command line into struct cli.
 *
 * Owns: option syntax (clustered flags, attached or separate arguments),
 * macro arguments, the usage-error exits. Must not: act on an option; it
 * only records it (see cli.h for why).
 * Invariant: our own loop, not getopt: a word that is not an option is a
 * macro argument ($1, $2, ...) and option parsing resumes after it, as in
 * dtrace, with no reordering of argv.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/* Options that take an argument; -3 and -6 carry the data model (-32, -64). */
static const char opts_with_arg[] = "36bcDfiILmnoPpsUxX";
static const char opts_flags[] = "aACeFGhHlqSvVwZ";

static void add_prog(struct cli *c, int kind, const char *arg)
{
	c->progs[c->nprogs].kind = kind;
	c->progs[c->nprogs].arg = arg;
	c->nprogs++;
}

static void add_set(struct cli *c, char opt, const char *arg)
{
	c->sets[c->nsets].opt = opt;
	c->sets[c->nsets].arg = arg;
	c->nsets++;
}

static void set_mode(struct cli *c, enum cli_mode m)
{
	c->mode = m;
	c->nmodes++;
}

/* Returns -1 when accepted, else the exit status. */
static int take_arg_option(struct cli *c, char o, const char *arg)
{
	switch (o) {
	case '3':
	case '6':
		if (strcmp(arg, o == '3' ? "2" : "4") != 0) {
			cli_error("illegal option -- %c%s", o, arg);
			cli_usage(stderr);
			return CLI_EXIT_USAGE;
		}
		break;
	case 'b': add_set(c, 'b', arg); break;
	case 'c':
		c->cmds[c->ncmds++] = arg;
		c->procs[c->nprocs++] = (struct cli_proc){ 'c', arg };
		break;
	case 'p':
		c->pids[c->npids++] = arg;
		c->procs[c->nprocs++] = (struct cli_proc){ 'p', arg };
		break;
	case 'o': c->ofile = arg; break;
	case 's': add_prog(c, UDT_PROG_SCRIPT, arg); break;
	case 'n': add_prog(c, UDT_PROG_NAME, arg); break;
	case 'P': add_prog(c, UDT_PROG_PROV, arg); break;
	case 'm': add_prog(c, UDT_PROG_MOD, arg); break;
	case 'f': add_prog(c, UDT_PROG_FUNC, arg); break;
	case 'i': add_prog(c, UDT_PROG_ID, arg); break;
	default:  /* D U I L x X */
		add_set(c, o, arg);
		break;
	}
	return -1;
}

static void take_flag(struct cli *c, char o)
{
	switch (o) {
	case 'A': set_mode(c, CLI_ANON); break;
	case 'G': set_mode(c, CLI_LINK); break;
	case 'h': set_mode(c, CLI_HEADER); break;
	case 'l': set_mode(c, CLI_LIST); break;
	case 'V': set_mode(c, CLI_VERSION); break;
	case 'a':
		/* -a claims anonymous state; not one of [-AGhlV], but as unavailable. */
		if (c->mode == CLI_EXEC)
			c->mode = CLI_ANON;
		break;
	case 'e': c->exec_only = 1; break;
	case 'S': c->disasm = 1; break;
	case 'C': c->cpp = 1; break;
	default:  /* F H q v w Z */
		add_set(c, o, NULL);
		break;
	}
}

int cli_parse(struct cli *c, int argc, char *argv[])
{
	memset(c, 0, sizeof(*c));
	if (argc <= 1) {
		cli_usage(stderr);
		return CLI_EXIT_USAGE;
	}
	/* No list can hold more entries than there are words. */
	size_t n = (size_t)argc;
	c->progs = calloc(n, sizeof(*c->progs));
	c->sets = calloc(n, sizeof(*c->sets));
	c->margv = calloc(n + 1, sizeof(*c->margv));
	c->cmds = calloc(n, sizeof(*c->cmds));
	c->pids = calloc(n, sizeof(*c->pids));
	c->procs = calloc(n, sizeof(*c->procs));
	if (!c->progs || !c->sets || !c->margv || !c->cmds || !c->pids ||
	    !c->procs) {
		cli_error("failed to allocate memory");
		return CLI_EXIT_ERROR;
	}

	for (int i = 1; i < argc; i++) {
		char *w = argv[i];
		if (strcmp(w, "--") == 0) {
			while (++i < argc)
				c->margv[c->margc++] = argv[i];
			break;
		}
		if (strcmp(w, "--shell") == 0) {
			c->shell = 1;
			continue;
		}
		if (w[0] != '-' || w[1] == '\0') {
			c->margv[c->margc++] = w;
			continue;
		}
		for (int j = 1; w[j] != '\0'; j++) {
			char o = w[j];
			/*
			 * -I with no path after it (last word, or another
			 * option next) opens the shell; -I path stays cpp's.
			 */
			if (o == 'I' && w[j + 1] == '\0' &&
			    (i + 1 >= argc || argv[i + 1][0] == '-')) {
				c->shell = 1;
				continue;
			}
			if (strchr(opts_with_arg, o)) {
				const char *arg = w[j + 1] ? &w[j + 1] : argv[++i];
				if (arg == NULL) {
					cli_error("option requires an argument -- %c", o);
					cli_usage(stderr);
					return CLI_EXIT_USAGE;
				}
				int rc = take_arg_option(c, o, arg);
				if (rc >= 0)
					return rc;
				break;
			}
			if (!strchr(opts_flags, o)) {
				cli_error("illegal option -- %c", o);
				cli_usage(stderr);
				return CLI_EXIT_USAGE;
			}
			take_flag(c, o);
		}
	}

	if (c->nmodes > 1) {
		cli_error("only one of the [-AGhlV] options can be specified at a time");
		return CLI_EXIT_USAGE;
	}
	return -1;
}

void cli_free(struct cli *c)
{
	free(c->progs);
	free(c->sets);
	free(c->margv);
	free(c->cmds);
	free(c->pids);
	free(c->procs);
}
