/*
 * watchdog.h — what keeps a ptrace target alive when udtrace itself is
 * killed with SIGKILL (decision 4 of the map has no "way out" for that:
 * no code of ours runs).
 *
 * Owns: a MAP_SHARED mirror of every patch table (pid, address, original
 * byte) and a watchdog process that outlives udtrace. Must not: be used
 * by the uprobe backend (the kernel removes uprobes when their fds
 * close), or cost anything on the probe-hit path (the mirror is written
 * only when bytes are patched or restored).
 * Invariant: while the watchdog runs, an entry is live in the mirror iff
 * the byte is live in some udt_proc_t's patch table; when udtrace dies
 * the watchdog seizes each process with live entries, writes the
 * originals back, and detaches.
 */
#ifndef UDTRACE_PROC_WATCHDOG_H
#define UDTRACE_PROC_WATCHDOG_H

#include <stdint.h>
#include <sys/types.h>

/*
 * Start the watchdog (once per udtrace; later calls do nothing). 0, or
 * -1 if it could not be started (tracing goes on unguarded).
 */
int wd_start(void);

/* Mirror hooks of patch.c: a byte recorded / forgotten. No-ops until wd_start. */
void wd_note_patch(pid_t pid, uint64_t addr, uint8_t orig);
void wd_note_unpatch(pid_t pid, uint64_t addr);
/*
 * Hooks of sema.c: a USDT semaphore udtrace incremented / decremented
 * (or forgot, at exec). The watchdog decrements the live ones, so a
 * SIGKILLed udtrace leaves no is-enabled guard open.
 */
void wd_note_sema(pid_t pid, uint64_t addr);
void wd_note_unsema(pid_t pid, uint64_t addr);

/*
 * The watchdog's work, callable on its own for tests: seize every
 * process that has live entries, restore them, detach. Returns the
 * number of bytes restored.
 */
long wd_restore_all(void);

#endif /* UDTRACE_PROC_WATCHDOG_H */
