/*
 * syscall.h — the syscall provider as the consumer sees it: probes
 * syscall::NAME:entry and syscall::NAME:return for every x86-64 system
 * call, reported by the backend (ptrace syscall stops, or the kernel's
 * raw_syscalls tracepoints through perf).
 *
 * Owns: the probes (made with the handle, so -l lists them),
 * the set of enabled calls handed to the backend, and the firing of a
 * backend's system call event.
 * Must not: know how a backend sees a call, or allocate while firing.
 * Invariant: the backend's set is the enabled probes' calls after every
 * udt_enable; scope is the -c/-p processes and their descendants when
 * there are any, else every process on the machine.
 */
#ifndef UDTRACE_PROVIDERS_SYSCALL_H
#define UDTRACE_PROVIDERS_SYSCALL_H

#include "backend/backend.h"

struct udt_handle;

/* Register the provider (udt_open). 0 or -1. */
int provider_syscall_register(struct udt_handle *h);

/*
 * After udt_enable: hand the backend the calls now enabled (making the
 * backend if no process did). 0, or -1 with h->prov_err set.
 */
int syscall_sync(struct udt_handle *h);

/* The backend's syscall callback. */
void syscall_hit(void *arg, const udt_hit_t *uh, int nr, int ret);

void syscall_state_free(struct udt_handle *h);

#endif /* UDTRACE_PROVIDERS_SYSCALL_H */
