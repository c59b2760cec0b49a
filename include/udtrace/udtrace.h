/*
 * udtrace.h — the library API: what the CLI (src/cli/), the shell and the
 * tests use to compile D, enable probes and run the consumer loop.
 *
 * Owns: the handle's life cycle as a sequence of calls:
 *   udt_open -> udt_setopt* -> udt_compile* -> udt_enable* -> udt_go ->
 *   udt_work until UDT_WORK_DONE -> udt_stop -> udt_close.
 * Must not: expose internals the CLI does not need; callers see opaque
 * handles and plain C values only.
 * Invariant: every failing call leaves the handle usable and sets
 * udt_errmsg() to the text dtrace prints after its "dtrace: " prefix.
 */
#ifndef UDTRACE_UDTRACE_H
#define UDTRACE_UDTRACE_H

#include <stdio.h>
#include <stdint.h>

#define UDT_VERSION_STRING "Sun D 1.13"
/*
 * The name messages start with ("udtrace: ..."): as dtrace's g_pname, the
 * base name the command was run as, so a copy or link named dtrace speaks
 * as dtrace. "udtrace" until udt_set_progname.
 */
const char *udt_progname(void);
void udt_set_progname(const char *argv0);
#define UDT_PROGNAME udt_progname()

typedef struct udt_handle udt_handle_t;
typedef struct udt_prog udt_prog_t;

/* How a program was given on the command line. */
enum udt_prog_kind {
	UDT_PROG_SCRIPT,   /* -s file (text is the file's contents) */
	UDT_PROG_NAME,     /* -n */
	UDT_PROG_PROV,     /* -P */
	UDT_PROG_MOD,      /* -m */
	UDT_PROG_FUNC,     /* -f */
	UDT_PROG_ID        /* -i */
};

/* Compile flags. */
#define UDT_C_CPP     0x1  /* run cpp first (-C) */
#define UDT_C_ZDEFS   0x2  /* descriptions may match nothing (-Z) */

udt_handle_t *udt_open(void);
void udt_close(udt_handle_t *h);
const char *udt_errmsg(const udt_handle_t *h);

/* -x name[=value]; also -b, -w, -q, -F, -Z map onto options. 0 or -1. */
int udt_setopt(udt_handle_t *h, const char *name, const char *value);
int udt_getopt(udt_handle_t *h, const char *name, int64_t *value);

/* Where output goes (stdout by default; -o opens a file for append). */
void udt_set_output(udt_handle_t *h, FILE *fp);

/* -D/-U/-I arguments for cpp, in command-line order ("-Dx=1", "-Ux", "-Idir"). */
int udt_add_cppopt(udt_handle_t *h, const char *arg);

/*
 * -c: start cmd (split on blanks, no quoting, PATH searched) stopped at
 * the point the evaltime option names; -p: grab a running process. The
 * first process of either becomes $target for programs compiled after.
 * Processes stay stopped until udt_go has fired BEGIN; udt_close restores
 * every byte written into them, lets -p processes run on and kills -c
 * children that are still running. 0, or -1 with udt_errmsg()
 * "failed to execute cmd: <why>" / "failed to grab pid 42: <why>".
 */
int udt_proc_create(udt_handle_t *h, const char *cmd);
int udt_proc_grab(udt_handle_t *h, int pid);

/*
 * The whole of a script file ("-" is standard input), NUL-terminated, to
 * free(); NULL with errno set when it cannot be read.
 */
char *udt_read_script(const char *path);

/*
 * Compile a program. name is the script path (for -s: $0 and messages)
 * or the program text. argv[0..argc) are the macro arguments $1...
 * Returns NULL with udt_errmsg() like
 * "failed to compile script x.d: line 2: syntax error near \"}\"" or
 * "invalid probe specifier BEGIN{x}: in action list: ...".
 */
udt_prog_t *udt_compile(udt_handle_t *h, int kind, const char *text,
    const char *name, int argc, char *const argv[], unsigned cflags);

/*
 * $0 of the programs not read from a script (-n, -P, -m, -f, -i): as in
 * dtrace, the command's own argv[0] (a script's $0 is its path). The
 * string must outlive the handle; unset, $0 of those is "".
 */
void udt_set_arg0(udt_handle_t *h, const char *arg0);

/*
 * Enable the program's probes. *nmatched receives the number of probes
 * matched (for "script 'x.d' matched 2 probes"). -1 on error
 * ("probe description :::foo does not match any probes").
 */
int udt_enable(udt_handle_t *h, udt_prog_t *p, int *nmatched);

/* -S: print the program's DIF. */
void udt_disasm(udt_handle_t *h, udt_prog_t *p, FILE *fp);

/*
 * dtrace -v: an enabled program's minimum probe-description and
 * statement attributes, as the names dtrace prints: identifier names,
 * data semantics, dependency class. 0, or -1 if p is not enabled.
 */
int udt_prog_stability(const udt_prog_t *p, const char *desc[3],
    const char *stmt[3]);

/*
 * -l: list the probes matching the program's descriptions (every probe
 * when p is NULL). Descriptions that match nothing print
 * "udtrace: failed to match ...: No probe matches description" on err.
 */
int udt_list(udt_handle_t *h, udt_prog_t *p, FILE *out, FILE *err);

/*
 * -h: write a <sys/sdt.h> header for the provider definitions of the
 * programs (`provider p { probe q(int); };`) to fp. outname is the
 * header's file name (its include guard). 0, or -1 with udt_errmsg().
 */
int udt_header(udt_handle_t *h, udt_prog_t *const *progs, int nprogs,
    FILE *fp, const char *outname);

/* Start tracing: fires BEGIN. 0 or -1. */
int udt_go(udt_handle_t *h);

enum udt_work_status {
	UDT_WORK_OKAY,   /* call again */
	UDT_WORK_DONE,   /* exit() was called, or every traced process is gone */
	UDT_WORK_ERROR   /* fatal error: udt_errmsg() */
};

/* Wait for and process events for up to one switchrate interval. */
int udt_work(udt_handle_t *h);

/* Ask the loop to stop at its next iteration (safe from a signal handler). */
void udt_request_stop(udt_handle_t *h);

/* Stop tracing: fires END, prints what is buffered and the aggregations. */
int udt_stop(udt_handle_t *h);

/*
 * Print the aggregations not yet printed by printa(), in the order of
 * their first appearance (called once, after the final udt_work).
 */
int udt_aggregate_print(udt_handle_t *h);

/*
 * -x oformat=json: write the final {"type": "exit", "status": status}
 * line and return 1 (the caller then writes no blank lines of its own);
 * text mode: write nothing and return 0.
 */
int udt_print_exit(udt_handle_t *h, int status);

/* The exit status dtrace would return: exit(n)'s n, else 0. */
int udt_exit_status(const udt_handle_t *h);

/* Diagnostics (drops, errors at run time) go here; stderr by default. */
void udt_set_errfp(udt_handle_t *h, FILE *fp);

#endif /* UDTRACE_UDTRACE_H */
