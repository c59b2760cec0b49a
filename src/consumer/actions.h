/*
 * actions.h — the actions the consumer performs while it prints:
 * setopt(), and the destructive system(), freopen(), ftruncate(),
 * raise(), stop(), copyout() (D-REFERENCE §4.3, §4.4, §7).
 *
 * Owns: what these records do when their firing is printed, and the
 * freopen state. Must not: print records (output.c) or decide whether
 * destructive actions are allowed (udt_enable refuses the program).
 * Invariant: actions happen in record order relative to the output
 * around them: output is flushed before a command runs or the output
 * file changes.
 */
#ifndef UDTRACE_CONSUMER_ACTIONS_H
#define UDTRACE_CONSUMER_ACTIONS_H

#include <stdio.h>
#include <stdint.h>
#include "options.h"
#include "program.h"

/* Lasts for the handle's life. */
typedef struct act_state {
	int saved_fd;   /* the output's original file, dup'ed by the first freopen; -1 */
} act_state_t;

/* One record's circumstances: where output goes, the probe for error lines. */
typedef struct act_ctx {
	udt_opts_t *opts;     /* setopt changes these for the records that follow */
	FILE *out;            /* the output stream (stdout or -o) */
	FILE *err;            /* error lines */
	uint32_t epid, probe_id;
	const char *prov, *mod, *func, *name;
} act_ctx_t;

void act_init(act_state_t *a);

/* Forget the saved original output (the output stays where freopen put it). */
void act_fini(act_state_t *a);

/*
 * Perform record d (data/len) if it is D_ACT_SETOPT, SYSTEM, FREOPEN,
 * FTRUNCATE, RAISE, STOP or COPYOUT; args/argdata/nargs are its
 * D_ACT_PRINTF_ARG records. Returns 1 if d was one of these, else 0.
 * A D_ACT_FREOPEN without a format (freopen("")) restores the output.
 */
int act_run(act_state_t *a, const act_ctx_t *c, const d_recdesc_t *d,
    const void *data, size_t len, const d_recdesc_t *const *args,
    const void *const *argdata, int nargs);

/*
 * raise(), stop() and copyout()/copyoutstr() of one completed clause
 * (records recs/len of clause c) on the process that fired: thread tid
 * of pid, whose memory proc writes. Called while the thread is stopped
 * in its probe, so a signal is pending when it resumes and written bytes
 * are in place before its next instruction.
 */
struct udt_proc;
void act_target(const d_clause_prog_t *c, const void *recs, size_t len,
    struct udt_proc *proc, int32_t pid, int32_t tid);

#endif /* UDTRACE_CONSUMER_ACTIONS_H */
