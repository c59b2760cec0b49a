/*
 * cli.h — the parsed dtrace(1) command line and the pieces of the
 * udtrace executable that act on it.
 *
 * Owns: struct cli, the plain record of what the user asked for, in the
 * order asked. Must not: hold tracing logic; everything that traces goes
 * through include/udtrace/udtrace.h.
 * Invariant: cli_parse only records; nothing is opened, compiled or set
 * until every option has been read, so an option's position never changes
 * what it means (dtrace applies all options before compiling any program).
 */
#ifndef UDTRACE_CLI_CLI_H
#define UDTRACE_CLI_CLI_H

#include <stdio.h>
#include <udtrace/udtrace.h>

/* What the run does; at most one of -A -G -h -l -V picks something else. */
enum cli_mode { CLI_EXEC, CLI_LIST, CLI_VERSION, CLI_HEADER, CLI_LINK, CLI_ANON };

struct cli_prog {
	int kind;            /* enum udt_prog_kind */
	const char *arg;     /* -s path, or the program text */
};

/* An option that becomes a udt_setopt or udt_add_cppopt, in argv order. */
struct cli_set {
	char opt;            /* 'x', 'b', 'q', 'w', 'F', 'Z', 'D', 'U', 'I', 'H', 'X', 'L', 'v' */
	const char *arg;     /* the option's argument, or NULL */
};

struct cli {
	enum cli_mode mode;
	int nmodes;          /* how many of -A -a -G -h -l -V were given */
	struct cli_prog *progs;  int nprogs;
	struct cli_set *sets;    int nsets;
	char **margv;            int margc;   /* macro arguments $1 $2 ... */
	const char **cmds;       int ncmds;   /* -c */
	const char **pids;       int npids;   /* -p */
	struct cli_proc { char opt; const char *arg; } *procs;
	int nprocs;              /* -c and -p in command-line order ($target) */
	const char *ofile;       /* -o */
	int exec_only;           /* -e */
	int disasm;              /* -S */
	int cpp;                 /* -C */
	int shell;               /* -I with no path, or --shell: interactive */
};

/* Exit statuses of dtrace(1). */
enum { CLI_EXIT_OK = 0, CLI_EXIT_ERROR = 1, CLI_EXIT_USAGE = 2 };

/*
 * Parse argv into c. Returns -1 when parsing succeeded, else the exit
 * status to leave with (the message or usage text has been printed).
 */
int cli_parse(struct cli *c, int argc, char *argv[]);
void cli_free(struct cli *c);

/* usage.c */
void cli_usage(FILE *fp);

/* messages.c: "udtrace: " + text + "\n" on stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A notice: like cli_error, but silent when quiet is set on h. */
void cli_notice(udt_handle_t *h, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/*
 * Print the library's message for a failed call, adding `what` + ": "
 * in front unless the message already starts with `what` (so either
 * division of the text between library and CLI prints dtrace's line).
 */
void cli_liberror(udt_handle_t *h, const char *what);

/* unavailable.c: features that arrive in later issues. Return exit status. */
int cli_unavailable_mode(enum cli_mode mode);

/* header.c: -h writes the USDT header; -G says it is not needed. Exit status. */
int cli_header(udt_handle_t *h, const struct cli *c, udt_prog_t **progs);
int cli_link(void);

/* procs.c: -c and -p in order. Returns the exit status (0: all started). */
int cli_procs(udt_handle_t *h, const struct cli *c);

/* main.c: every -x/-b/-q/... of the command line, in order. Exit status. */
int cli_options(udt_handle_t *h, const struct cli *c);

/* shell.c: the interactive shell (-I, --shell). Exit status. */
int cli_shell(const struct cli *c);

/* run.c: signals and the consumer loop, from udt_go to the exit status. */
int cli_trace(udt_handle_t *h, FILE *out);

#endif /* UDTRACE_CLI_CLI_H */
