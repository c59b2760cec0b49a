/*
 * procs.h — the processes a handle traces: those of -c and -p, and those
 * a pid<PID> description names, with the backend that watches them.
 *
 * Owns: creating and grabbing processes, the backend (made with the
 * first process), each process's identity as D sees it (ppid, uid, gid,
 * execname, read once and refreshed on exec), the exit notices, the end
 * of tracing when the last -c/-p process is gone, and release.
 * Must not: know probes or sites (providers/pid.c does); run D.
 * Invariant: a udt_tproc_t lives as long as the handle, even after its
 * process exited, so a cookie or a drained record never points at freed
 * memory; only udt_close releases processes, after the backend is gone.
 */
#ifndef UDTRACE_CONSUMER_PROCS_H
#define UDTRACE_CONSUMER_PROCS_H

#include <stdint.h>
#include <sys/types.h>
#include "backend/backend.h"
#include "proc/proc.h"

struct udt_handle;
struct udt_provider;

typedef struct udt_tproc {
	udt_proc_t *proc;
	int32_t pid, ppid;
	uint32_t uid, gid;
	char execname[32];
	int user;          /* named by -c or -p: tracing ends when all are gone */
	int created;       /* -c: killed if udtrace ends first */
	int alive;         /* the backend has not reported its exit */
	int forked;        /* a fork child followed for a USDT glob: no notices */
	int statusfd;      /* /proc/PID/status, kept for procs_refresh_ident; -1 */
	/*
	 * CLOCK_MONOTONIC ns of the last /proc read of ppid, uid and gid
	 * that a hit may trust; 0 since its fork, exec or a set*id call
	 * (procs_ident_forget): the next hit reads afresh.
	 */
	uint64_t idread;
	struct udt_provider *pv;   /* its pid<PID> provider, NULL until named */
} udt_tproc_t;

typedef struct udt_procs {
	udt_backend_t *be;
	udt_tproc_t **v; size_t n, cap;
	int32_t target;    /* $target: the first -c/-p process, else 0 */
	int nuser;         /* -c/-p processes ever added */
	int nuser_live;    /* ... and not yet exited */
	int resumed;       /* udt_go let them run */
} udt_procs_t;

udt_tproc_t *procs_find(udt_procs_t *ps, int32_t pid);
udt_tproc_t *procs_of(udt_procs_t *ps, const udt_proc_t *p);

/*
 * Adopt process p (stopped): make the backend if this is the first one,
 * watch p, read its identity. 0, or -1 with h->errmsg set (p released).
 */
udt_tproc_t *procs_add(struct udt_handle *h, udt_proc_t *p, int user);

/*
 * The backend, made now if no process made it yet (system-wide sites
 * need one before any process is traced). NULL with h->errmsg set.
 */
udt_backend_t *procs_backend(struct udt_handle *h);

/* /proc/PID/status and comm -> ppid, uid, gid, execname. */
void procs_identity(udt_tproc_t *t);

/*
 * ppid, uid and gid of t as they are now, from /proc/PID/status through
 * a descriptor kept open (no allocation: the hit path calls it); a
 * process already gone keeps the values last read.
 */
void procs_refresh_ident(udt_tproc_t *t);

/*
 * How stale a process's ids may be for a hit that happened after they
 * were read, when no event said they changed (see procs_ident_at).
 */
#define PROCS_IDENT_FRESH_NS 1000000ULL

/*
 * ppid, uid and gid of t for a hit at hit_time (CLOCK_MONOTONIC ns),
 * from the last read unless it cannot be trusted, then procs_refresh_ident.
 * A read taken after the hit happened is trusted (it is as new as the
 * hit: the asynchronous backends deliver a batch of hits at once, and
 * all of them share one read); one taken before it, for
 * PROCS_IDENT_FRESH_NS, unless procs_ident_forget was called since.
 */
void procs_ident_at(udt_tproc_t *t, uint64_t hit_time);

/* t's ids may have changed (exec, a set*id call): read at the next hit. */
void procs_ident_forget(udt_tproc_t *t);

/*
 * Let the symbolizer read t's memory map now, so stacks and usym() of
 * records drained after t exited still name their symbols.
 */
void procs_prime_syms(const udt_tproc_t *t);

/* The backend's exit callback: notice, and the end of tracing. */
void procs_exited(void *arg, udt_proc_t *p, int status);

/*
 * Destroy the backend (every site removed), then release every process:
 * -c children still running are killed, -p processes run on.
 */
void procs_release_all(struct udt_handle *h);

/* udt_go: let every process run, after BEGIN. */
int procs_resume(struct udt_handle *h);

#endif /* UDTRACE_CONSUMER_PROCS_H */
