/*
 * proc.h — the proc provider (providers/proc.c): DTrace's process
 * lifecycle probes fired from the backend's process events.
 *
 * Owns: the probes proc:::create, start, lwp-create, lwp-start,
 * lwp-exit, exec, exec-success, exit, signal-handle and signal-discard, and
 * the callbacks that fire them. Must not: plant anything, or allocate
 * while firing.
 * Invariant: a native argument that D sees as psinfo_t * or lwpsinfo_t *
 * is a pid or tid; the compiler translates it (proc_argtypes).
 */
#ifndef UDTRACE_PROVIDERS_PROC_H
#define UDTRACE_PROVIDERS_PROC_H

#include <stdint.h>
#include <sys/types.h>
#include "backend/backend.h"

struct udt_handle;

/* Register the provider and its probes on h. 0 or -1 (ENOMEM). */
int provider_proc_register(struct udt_handle *h);
void provider_proc_fini(struct udt_handle *h);

/*
 * Refuse a description naming proc probes when no process is traced
 * (they could never fire): -1 with h->prov_err set, else 0.
 */
struct d_pdesc;
int proc_provide(struct udt_handle *h, const struct d_pdesc *d);

/* udt_backend_cb_t callbacks: arg is the handle. */
void proc_procev(void *arg, const udt_hit_t *h, int ev, int64_t a0,
    int64_t a1);
void proc_thread(void *arg, udt_proc_t *p, pid_t tid, int born);
/* The system calls proc probes now enabled need, added to set. */
void proc_sysset(struct udt_handle *h, udt_sysset_t *set);
/* A system call event (syscall_hit hands every one here first). */
void proc_on_syscall(struct udt_handle *h, const udt_hit_t *uh, int nr,
    int ret);
/*
 * Fire the system-wide exits still waiting for a dumped notice: those
 * waiting longer than it can take (the drain), or all (udtrace stops).
 */
void proc_flush(struct udt_handle *h, int all);
/* A watched process ended (procs_exited calls it first). */
void proc_exited(struct udt_handle *h, pid_t pid, int status);

/*
 * args[] of proc:::NAME for the compiler: for each argument its D type
 * name ("psinfo_t *"...) and whether the native value (a pid, a tid)
 * is translated to it. The number of arguments, or -1: no such probe.
 */
#define PROC_XL_NONE    0
#define PROC_XL_PSINFO  1     /* native pid -> psinfo_t * */
#define PROC_XL_LWPSINFO 2    /* native tid -> lwpsinfo_t * */
#define PROC_XL_USTR    3     /* native user address -> string (copyinstr) */
#define PROC_XL_SIGINFO 4     /* the firing's siginfo -> siginfo_t * */
int proc_argtypes(const char *name, const char **types, int *xl, int max);

#endif /* UDTRACE_PROVIDERS_PROC_H */
