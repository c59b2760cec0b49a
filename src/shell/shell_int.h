/*
 * shell_int.h — what the shell's files share: the session.
 *
 * Owns: struct shell and the split of work between shell.c (terminal,
 * readline callback loop, relaying output around the prompt), clauses.c
 * (fragments: brace balance, compiling them as one program), commands.c
 * (the :commands) and complete.c (tab completion).
 * Must not: be included outside src/shell/.
 * Invariant: every fragment the user entered is compiled, together and
 * in order, as ONE program (so clauses share globals and aggregations),
 * and a handle is never started twice: the library allows one
 * udt_go/udt_stop per handle, so a run ends by closing the handle and
 * preparing a fresh one (processes set up again, fragments recompiled).
 */
#ifndef UDTRACE_SHELL_SHELL_INT_H
#define UDTRACE_SHELL_SHELL_INT_H

#include <stddef.h>
#include <stdio.h>
#include "shell/shell.h"

typedef struct shell_frag {
	char *text;
	char *origin;        /* :load path, or NULL when typed */
	size_t nclauses;     /* clauses it adds to the combined program */
} shell_frag_t;

typedef struct shell_opt {
	char *name, *value;  /* value NULL: a flag */
} shell_opt_t;

enum shell_state { SH_IDLE, SH_RUNNING };

typedef struct shell {
	const udt_shell_cfg_t *cfg;
	udt_handle_t *h;         /* NULL when setup failed: retried on demand */
	int h_enabled;           /* udt_enable was called on h: h is spent */
	udt_prog_t *prog;        /* latest compile of every fragment, on h */
	udt_prog_t *live;        /* the program the running :go enabled */
	shell_frag_t *frags; size_t nfrags, fragcap;
	size_t nlive;            /* fragments enabled by the running :go */
	enum shell_state state;
	shell_opt_t *opts; size_t nopts;   /* :set, applied to every new handle */
	FILE *out;               /* records go here (stdout or -o) */
	FILE *tmp;               /* the handle's output, relayed around the prompt */
	char *pending;           /* a clause being typed over several lines */
	int quit;
	int prompt_shown;        /* readline's line is on the screen */
	int status;              /* exit status of the session */
} shell_t;

/* shell.c */
extern shell_t *shell_current;   /* for readline's callbacks */
/* Print the handle's buffered output (hiding the prompt if shown). */
void shell_relay(shell_t *sh);
/* A message line on stderr ("udtrace: " + text). */
void shell_msg(shell_t *sh, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Like shell_msg, but silent when the quiet option is set. */
void shell_notice(shell_t *sh, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* clauses.c */
/* Is text a whole clause (braces and comments closed)? */
int shell_text_complete(const char *text);
/* Make sure sh->h exists (fresh handle: setup, :set options, recompile). */
int shell_ensure_handle(shell_t *sh);
/* Close the handle (restoring every target) and prepare a fresh one. */
int shell_reset(shell_t *sh);
void shell_close_handle(shell_t *sh);
/* Compile and check a new fragment; on success it joins the session. */
int shell_add_fragment(shell_t *sh, const char *text, const char *origin);
/* Recompile every fragment (after a reset, :set or :del). 0 or -1. */
int shell_recompile(shell_t *sh);
void shell_frags_free(shell_t *sh);
/* Index range of fragment i's clauses in sh->prog. */
size_t shell_frag_first_clause(const shell_t *sh, size_t i);

/* commands.c */
extern const char *const shell_commands[];   /* ":go", ... NULL-ended */
void shell_command(shell_t *sh, const char *line);
int shell_go(shell_t *sh);
/* END's output and the aggregations, as at dtrace's end (no reset). */
void shell_finish_run(shell_t *sh, int ended);
/* finish_run, then a fresh handle. ended: udt_work said DONE. */
void shell_stop(shell_t *sh, int ended);

/* complete.c */
void shell_complete_init(void);

#endif /* UDTRACE_SHELL_SHELL_INT_H */
