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
 * the byte is live in the patch table of some udt_proc_t udtrace still
 * holds (freeing the handle of a process that exited drops its entries);
 * an entry names its process by pid and start time (/proc/PID/stat
 * field 22), so a pid the kernel gave to another process since is not
 * that process. When udtrace dies the watchdog seizes each process with
 * live entries that is still the one they name, writes the originals
 * back, and detaches; entries of a process that is gone, or whose pid
 * now names another process, are dropped without touching it.
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

/*
 * The start time of process pid (/proc/PID/stat field 22, clock ticks
 * since boot): with the pid, which process it is. 0 if pid is gone.
 */
uint64_t wd_proc_start(pid_t pid);

/* Is pid still the process that started at start (not gone, not reused)? */
int wd_same_process(pid_t pid, uint64_t start);

/*
 * Mirror hooks of patch.c: a byte of process (pid, start) recorded /
 * forgotten. No-ops until wd_start.
 */
void wd_note_patch(pid_t pid, uint64_t start, uint64_t addr, uint8_t orig);
void wd_note_unpatch(pid_t pid, uint64_t start, uint64_t addr);
/*
 * Hooks of sema.c: a USDT semaphore udtrace incremented / decremented
 * (or forgot, at exec). The watchdog decrements the live ones, so a
 * SIGKILLed udtrace leaves no is-enabled guard open.
 */
void wd_note_sema(pid_t pid, uint64_t start, uint64_t addr);
void wd_note_unsema(pid_t pid, uint64_t start, uint64_t addr);

/*
 * The watchdog's work, callable on its own for tests: seize every
 * process that has live entries and is still the process they name,
 * restore them, detach; drop the entries of the others. Returns the
 * number of bytes restored.
 */
long wd_restore_all(void);

#endif /* UDTRACE_PROC_WATCHDOG_H */
