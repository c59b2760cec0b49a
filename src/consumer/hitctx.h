/*
 * hitctx.h — what a provider's hit path needs from a backend hit that
 * does not depend on the backend: target memory (the sampled stack copy
 * first, then the process), the user stack (a stopped thread's, or the
 * sample's), and the identity of a process udtrace does not trace itself
 * (a system-wide USDT hit: site->proc == NULL, decision 6).
 *
 * Owns: those three lookups. Must not: allocate (they run on the hit
 * path), or know probes.
 * Invariant: a read that cannot be served whole fails (-1), so D turns it
 * into DTrace's fault record; it never returns stale or zero bytes.
 */
#ifndef UDTRACE_CONSUMER_HITCTX_H
#define UDTRACE_CONSUMER_HITCTX_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include "backend/backend.h"

/*
 * dif_hit_t.read_mem for a hit: arg is the const udt_hit_t * (valid for
 * the firing). Bytes in [regs[R_RSP], +stacklen) come from the copy (what
 * the stack held at the hit), the rest from uh->proc (proc_read) or, with
 * no process handle, process_vm_readv of uh->pid. 0 or -1.
 */
int hitctx_read(void *arg, uint64_t addr, void *buf, size_t len);

/* n words at regs[R_RSP] + off, through hitctx_read. 0 or -1. */
int hitctx_stack_words(const udt_hit_t *uh, uint64_t off, uint64_t *w,
    size_t n);

/*
 * The user stack of the hit into pcs (at most max): the stopped thread's
 * (sym_ustack) when stopped says the backend holds it in a ptrace stop,
 * else the sample's (sym_ustack_sample: registers and stack copy).
 */
int hitctx_ustack(const udt_hit_t *uh, int stopped, uint64_t *pcs, int max);

/* Does backend be deliver hits from stopped threads (ptrace)? */
int hitctx_stopped(const udt_backend_t *be);

/* D's view of a process udtrace does not trace: from /proc, cached. */
typedef struct hitctx_ident {
	pid_t pid;
	int32_t ppid;
	uint32_t uid, gid;
	char execname[32];
	uint64_t stamp;           /* hit time it was read at */
	uint64_t readat;          /* CLOCK_MONOTONIC ns of that read; 0: forgotten */
	int known;                /* its /proc status was read at least once */
} hitctx_ident_t;

/*
 * The identity of pid at hit time now (CLOCK_MONOTONIC ns): read from
 * /proc/PID/status and comm the first time and after
 * hitctx_ident_forget; then, when the program reads ppid, uid or gid
 * (fresh), as procs_ident_at does for a traced process: trusted when
 * read after the hit or less than HITCTX_IDENT_FRESH_NS before it;
 * otherwise (execname alone) when younger than a quarter second. Never
 * NULL: a process already gone keeps what was known, else zeros and an
 * empty name.
 */
#define HITCTX_IDENT_FRESH_NS 1000000ULL
const hitctx_ident_t *hitctx_ident(pid_t pid, uint64_t now, int fresh);

/* pid's ids may have changed (exec, a set*id call): read at its next hit. */
void hitctx_ident_forget(pid_t pid);

#endif /* UDTRACE_CONSUMER_HITCTX_H */
