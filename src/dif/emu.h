/*
 * emu.h — the DIF emulator and its run-time state: what runs a predicate
 * or a clause body on one probe hit.
 *
 * Owns: the per-handle variable storage (globals, thread-locals,
 * associative arrays), per-firing state (clause-locals, scratch, tuple
 * stack, record buffer) and execution of DIFOs with every load checked.
 * Must not: call the kernel or libc I/O; target memory and probe context
 * come only through dif_hit_t (decision 1 of the map), so both backends
 * and unit tests feed the same emulator.
 * Invariant: nothing on the hit path allocates: dif_state_create sizes
 * everything from the limits, and a store that does not fit is dropped
 * and counted (dynvar drops), never grown.
 */
#ifndef UDTRACE_DIF_EMU_H
#define UDTRACE_DIF_EMU_H

#include <stdint.h>
#include <stddef.h>
#include "udtrace/dif.h"

/* Everything a probe firing tells the emulator (built-in variables). */
typedef struct dif_hit {
	uint32_t probe_id, epid;
	const char *prov, *mod, *func, *name;
	uint64_t args[12];     /* arg0..arg9 and args[0..11] (USDT has up to 12) */
	int32_t  pid, ppid, tid;
	uint32_t uid, gid;
	int32_t  cpu;
	int32_t  errno_val;
	const char *execname;
	uint64_t timestamp, vtimestamp;
	int64_t  walltimestamp;
	uint64_t ucaller, ustackdepth;
	const uint64_t *uregs; size_t nuregs;   /* indexed by R_* (may be NULL) */
	const uint64_t *ustack; size_t nustack; /* user pcs, innermost first (may be NULL) */
	/* speculation(): a free speculation id, or 0 (NULL: always 0) */
	uint64_t (*speculation)(void *arg);
	/*
	 * A speculation record about to be stored (rspec: enum dif_rec_spec):
	 * 0 store it, 1 drop the rest of the clause silently (no buffer to
	 * speculate into), -1 illegal operation (an id above nspec in commit
	 * or discard). NULL: always 0.
	 */
	int (*spec_check)(void *arg, uint64_t id, int rspec);
	void *spec_arg;
	/*
	 * Read target memory (copyin, copyinstr): returns 0 on success, -1
	 * if any byte is unreadable. NULL: every read faults.
	 */
	int (*read_mem)(void *arg, uint64_t addr, void *buf, size_t len);
	void *read_arg;
	/*
	 * Fill buf (len bytes, zeroed by the caller) with the translated
	 * object of kind (enum udt_xl_kind, udtrace/procfs.h) for id: a pid,
	 * a tid, or a descriptor of the hit's process. Whatever cannot be
	 * known stays zero. NULL: translated objects read as zeros.
	 */
	void (*xlate)(void *arg, int kind, int64_t id, void *buf, size_t len);
	void *xlate_arg;
} dif_hit_t;

typedef struct dif_limits {
	size_t strsize;       /* bytes of a string value, NUL included */
	size_t scratchsize;   /* scratch bytes per firing (alloca, strjoin, copyin) */
	size_t dynvarsize;    /* bytes for thread-locals and associative elements */
	size_t recbufsize;    /* record bytes one firing may produce */
} dif_limits_t;

typedef struct dif_state dif_state_t;

/* Result of one DIFO run. */
typedef struct dif_result {
	int fault;            /* enum dif_fault, 0 if none */
	uint64_t addr;        /* faulting address (BADADDR, BADALIGN) */
	uint32_t pc;          /* instruction that faulted */
	uint64_t rv;          /* value of DIF_RET */
	int no_offset;        /* the fault is the action's, not an instruction's */
} dif_result_t;

/* vars: the program's user variables (copied by reference; must outlive the state). */
dif_state_t *dif_state_create(const dif_var_t *vars, size_t nvars,
    const dif_limits_t *lim);
void dif_state_destroy(dif_state_t *st);

/* Start a firing: clause-locals are undefined again, scratch is empty. */
void dif_firing_begin(dif_state_t *st, const dif_hit_t *hit);

/*
 * Start a clause within the firing: empties the record buffer and resets
 * scratch (clause-locals persist across the clauses of one firing).
 */
void dif_clause_begin(dif_state_t *st);

/* Run a DIFO (predicate or body) for the current firing. 0 or -1 (fault). */
int dif_exec(dif_state_t *st, const dif_hit_t *hit, const difo_t *dp,
    dif_result_t *res);

/*
 * The record buffer the last body produced (dif_rechdr_t entries).
 * NULL (and *len 0) when the clause's records did not fit in recbufsize:
 * all of that clause's data is then dropped and counted (rec drops), as
 * DTrace drops a record that does not fit its buffer.
 */
const void *dif_records(const dif_state_t *st, size_t *len);

/* Counters the consumer reports (and resets) at each status interval. */
uint64_t dif_take_dynvar_drops(dif_state_t *st);
uint64_t dif_take_rec_drops(dif_state_t *st);   /* recbufsize overflows */

/* The message DTrace prints for a fault: "invalid address", ... */
const char *dif_fault_name(int fault);

/* src/dif/verify.c: 0 if dp is well formed, else -1 with why. */
int dif_verify(const difo_t *dp, size_t nvars, char *why, size_t len);

/* src/dif/disasm.c: -S output of one DIFO. */
#include <stdio.h>
void dif_disasm(FILE *fp, const char *title, const difo_t *dp,
    const dif_var_t *vars, size_t nvars);

#endif /* UDTRACE_DIF_EMU_H */
