/*
 * syscall_tab.h — x86-64 system call numbers and names (syscall_tab.c).
 *
 * Owns: the table's size and lookup. Must not: know probes or backends.
 * Invariant: SYSCALL_NR bounds every number a backend reports as a call
 * (UDT_SYS_MAX in backend/backend.h is the same bound).
 */
#ifndef UDTRACE_PROVIDERS_SYSCALL_TAB_H
#define UDTRACE_PROVIDERS_SYSCALL_TAB_H

#define SYSCALL_NR 512

/* nr -> name, NULL where x86-64 has no call. */
extern const char *const syscall_names[SYSCALL_NR];

/*
 * The kernel's own name of call nr (its syscalls:sys_enter_NAME
 * tracepoint): the table's name but for the few whose entry point is
 * named otherwise (stat is newstat); NULL where there is no call.
 */
const char *syscall_kernel_name(unsigned nr);

#endif /* UDTRACE_PROVIDERS_SYSCALL_TAB_H */
