/*
 * proc.h — a traced process: create (-c), grab (-p), its threads, memory
 * maps, memory reads and writes, the patch table, scratch memory, and
 * release.
 *
 * Owns: every ptrace(2) attach/detach and every byte udtrace writes into
 * a target. Must not: evaluate D or know about probes; the backend asks
 * for patches, the consumer for reads.
 * Invariant (decision 4 of the map): every byte written into a target
 * goes through proc_patch, which records the original first, and
 * proc_release restores every one of them on every way out (normal end,
 * signals, fatal errors); an exec'd image starts with an empty table.
 */
#ifndef UDTRACE_PROC_PROC_H
#define UDTRACE_PROC_PROC_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* One line of /proc/PID/maps. */
typedef struct udt_map {
	uint64_t start, end, off;   /* [start, end) maps file offset off */
	int prot;                   /* PROT_READ | PROT_WRITE | PROT_EXEC */
	uint64_t dev, ino;
	const char *path;           /* "" for anonymous, "[heap]" etc. as the kernel says */
} udt_map_t;

typedef struct udt_proc udt_proc_t;

/* evaltime values (options.h UDT_EVAL_*): where proc_create stops the child. */

/*
 * Start argv[0] with argv (PATH searched), its stdio shared with udtrace,
 * traced from its first instruction, and run it to the point evaltime
 * asks for: exec (right after execve), preinit (the executable's entry
 * point: every DT_NEEDED library is mapped, no constructor has run),
 * postinit (after the executable's constructors: its main() not yet
 * entered — may be treated as main), main (main's first instruction).
 * The process is returned stopped (all threads). NULL with err set
 * on failure to the reason only ("No such file or directory"): the caller
 * prefixes "failed to execute cmd: ".
 * The child is attached with PTRACE_SEIZE (like grabbed processes), so
 * PTRACE_INTERRUPT works and new threads start in PTRACE_EVENT_STOP.
 */
udt_proc_t *proc_create(char *const argv[], int evaltime, char *err,
    size_t errlen);
/* The same with the command's environment (NULL: udtrace's own). */
udt_proc_t *proc_create_env(char *const argv[], char *const envp[],
    int evaltime, char *err, size_t errlen);

/*
 * Attach to a running process and all its threads (PTRACE_SEIZE +
 * PTRACE_INTERRUPT) and stop them. NULL with err set to the reason only
 * ("No such process"; for EPERM what to do: kernel.yama.ptrace_scope or
 * CAP_SYS_PTRACE; "process is already traced by pid N"): the caller
 * prefixes "failed to grab pid 42: ".
 */
udt_proc_t *proc_grab(pid_t pid, char *err, size_t errlen);

pid_t proc_pid(const udt_proc_t *p);
int proc_created(const udt_proc_t *p);   /* 1 for -c, 0 for -p */

/*
 * Read len bytes of target memory at addr: 0, or -1 if any byte is
 * unreadable. Bytes udtrace has patched read as the program's originals.
 */
int proc_read(udt_proc_t *p, uint64_t addr, void *buf, size_t len);
/* Read a NUL-terminated string (at most len-1 bytes + NUL): length or -1. */
ssize_t proc_read_str(udt_proc_t *p, uint64_t addr, char *buf, size_t len);
/* Write target memory (also read-only text), NOT recorded: for copyout(). */
int proc_write(udt_proc_t *p, uint64_t addr, const void *buf, size_t len);

/*
 * Current memory map (re-read from /proc on every call; the array and its
 * paths stay valid until the next call or proc_release).
 */
int proc_maps(udt_proc_t *p, const udt_map_t **maps, size_t *n);

/* The executable's path (/proc/PID/exe target). */
const char *proc_exe(udt_proc_t *p);

/*
 * Write bytes into the target, recording the original bytes first in the
 * patch table (a second patch of the same bytes keeps the first
 * original). 0 or -1.
 */
int proc_patch(udt_proc_t *p, uint64_t addr, const void *bytes, size_t len);
/* Restore the original bytes at addr (len bytes) and forget them. */
int proc_unpatch(udt_proc_t *p, uint64_t addr, size_t len);
/* Restore every patched byte of p. */
void proc_unpatch_all(udt_proc_t *p);

/*
 * Executable scratch memory in the target within +-2 GiB of `near`
 * (mapped by injecting an mmap system call through thread `tid`, which
 * must be in a ptrace stop; reused while there is room). Returns its
 * address or 0. Its bytes are written with proc_write (they are ours:
 * nothing to restore). proc_release unmaps it; before that the backend
 * must have moved every thread whose pc is inside it back to the
 * equivalent original address. Other threads should be stopped too while
 * it runs (it may write two bytes at tid's pc for the moment of the call
 * when no `syscall` instruction can be borrowed).
 */
uint64_t proc_scratch(udt_proc_t *p, pid_t tid, uint64_t near, size_t len);
/* Is addr inside scratch memory of p? */
int proc_in_scratch(const udt_proc_t *p, uint64_t addr);

/*
 * Run one system call in thread tid of p, which must be in a ptrace stop
 * (the others stopped too: a `syscall` may be borrowed at its pc); its
 * return value (-errno included) in *ret. The thread's registers are
 * restored. For a backend's own mappings that proc_release must not
 * unmap (the trampoline backend's code and ring stay for good). 0 or -1.
 */
int proc_syscall(udt_proc_t *p, pid_t tid, long nr, const uint64_t args[6],
    uint64_t *ret);

/*
 * The SIGTRAP guard (guard.c): a handler in the target that puts back
 * the program's byte and resumes when one of our int3s traps with no
 * tracer attached (udtrace killed). Install it through stopped thread
 * tid before planting int3s; proc_release takes it out. Pending: not
 * installed yet for this image and not failed before. 0 or -1 (tracing
 * goes on without it).
 */
int proc_guard_pending(const udt_proc_t *p);
int proc_guard_install(udt_proc_t *p, pid_t tid);

/* Threads (thread ids) the tracer currently knows of. */
size_t proc_threads(udt_proc_t *p, const pid_t **tids);
void proc_thread_add(udt_proc_t *p, pid_t tid);     /* a new clone */
void proc_thread_del(udt_proc_t *p, pid_t tid);     /* a thread exited */

/*
 * A handle on the fork (or vfork) child `child` of p, auto-attached and
 * stopped in its first stop (waited for by the caller), with a copy of
 * p's patch table and scratch areas as they were at the fork, so that
 * proc_release(handle) restores the originals in the child, unmaps the
 * scratch there and detaches it. Use it while p is still stopped at the
 * fork event. A vfork child shares p's memory: its handle restores
 * nothing (the parent's patches stay) and only detaches.
 */
udt_proc_t *proc_fork_child(udt_proc_t *parent, pid_t child);

/*
 * Take everything of udtrace's out of a fork child's handle (from
 * proc_fork_child) while keeping it attached: patches restored, the
 * scratch and the SIGTRAP guard unmapped, semaphores decremented, through
 * stopped thread tid. A child traced on for its system calls carries no
 * trace of its parent's probes.
 */
void proc_scrub(udt_proc_t *p, pid_t tid);

/*
 * Was a system call thread tid made at ns (CLOCK_MONOTONIC) one udtrace
 * injected (proc_inject_syscall)? For tracepoint-fed system call events.
 */
int proc_injected(pid_t tid, uint64_t ns);
/*
 * May udtrace inject call nr into a target? (A call it may inject cannot
 * be counted in the kernel: ours would be counted with the target's.)
 */
int proc_may_inject(long nr);

/*
 * The process exec'd: its memory is new, so forget patches and scratch
 * without restoring them.
 */
void proc_exec_reset(udt_proc_t *p);

/*
 * Stop tracing p: restore every patch, unmap scratch (if the process is
 * still alive), detach all threads and let them run on. Safe to call
 * once the process is gone. Frees p. The process's exit status is left
 * for the caller's waitpid (only stops and thread exits are consumed).
 * A thread found stopped on one of our int3s with no one having handled
 * the hit yet is rewound to the breakpoint before the bytes go back.
 */
void proc_release(udt_proc_t *p);

/*
 * Kill a created (-c) child on a fatal error of udtrace, after restoring.
 * Does not free p: proc_release it afterwards, which reaps it.
 */
void proc_kill(udt_proc_t *p);

/*
 * The dynamic linker's rendezvous (r_debug.r_brk): the address of the
 * function it calls on every dlopen/dlclose, or 0 if not found yet.
 */
uint64_t proc_rtld_brk(udt_proc_t *p);

/*
 * USDT semaphores (sema.c): add one to the 2-byte counter at addr, once
 * per (process, address) however often it is asked, and remember it;
 * proc_release (and proc_kill) subtract it again exactly once, an exec
 * forgets it, a fork child's handle inherits it. 0 or -1.
 */
int proc_sema_inc(udt_proc_t *p, uint64_t addr);
/* Number of counters p holds incremented (for tests). */
size_t proc_sema_count(const udt_proc_t *p);

#endif /* UDTRACE_PROC_PROC_H */
