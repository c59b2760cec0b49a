/*
 * proc_impl.h — the inside of a udt_proc_t, shared by the files of
 * src/proc/ only (create, grab, memory, maps, patch table, scratch,
 * rtld, threads and release).
 *
 * Owns: the struct layout and the small helpers every proc file needs
 * (raw memory access, the stop-waiting loop, system call injection).
 * Must not: be included outside src/proc/; the rest of udtrace sees only
 * proc.h.
 * Invariant: tids[] lists every thread we are attached to; the patch
 * table maps each patched byte address to the byte that was there before
 * udtrace first wrote it, and nothing else; raw reads (proc_read_raw) see
 * the target as it is, proc_read sees it as the program would without us.
 */
#ifndef UDTRACE_PROC_PROC_IMPL_H
#define UDTRACE_PROC_PROC_IMPL_H

#include "proc/proc.h"

#include <limits.h>
#include <stdint.h>
#include <sys/types.h>

/* Options every tracee gets, whether created or grabbed. */
#define PROC_PTRACE_OPTS (PTRACE_O_TRACECLONE | PTRACE_O_TRACEFORK | \
	PTRACE_O_TRACEVFORK | PTRACE_O_TRACEEXEC)

/* One patched byte: slot of an open-addressing table keyed by address. */
typedef struct proc_pslot {
	uint64_t addr;
	uint8_t orig;
	uint8_t full;
	uint32_t gidx;        /* its guard table entry + 1, 0 if none (guard.c) */
} proc_pslot_t;

/* One mmap'ed scratch area, bump-allocated. */
typedef struct proc_scr {
	uint64_t base, size, used;
} proc_scr_t;

struct udt_proc {
	pid_t pid;
	uint64_t start;       /* start time (watchdog.h): with pid, which process this is */
	int created;          /* -c child */
	int forkchild;        /* lightweight handle from proc_fork_child */
	int sharedvm;         /* vfork child: its memory is the parent's */
	int killed;           /* proc_kill'ed: release reaps it, no one wants its status */
	int memfd;            /* /proc/PID/mem of the current image, or -1 */

	pid_t *tids;
	unsigned char *tstop; /* per tid: 1 when we know it is in a ptrace stop */
	size_t ntids, captids;

	udt_map_t *maps;
	size_t nmaps, capmaps;
	char *mapbuf;
	size_t mapbufcap;

	char exe[PATH_MAX];

	proc_pslot_t *ptab;   /* capacity pcap (power of two), pcount used */
	size_t pcap, pcount;
	uint64_t pmin, pmax;  /* bounds of patched bytes, when pcount > 0 */

	proc_scr_t *scr;
	size_t nscr, capscr;

	uint64_t sysinsn;     /* a known `syscall` instruction, 0 if none yet */

	uint64_t gcode, gtab; /* the SIGTRAP guard's code page and table, 0 if none (guard.c) */
	uint64_t gold;        /* the program's own SIGTRAP handler when it was installed */
	uint32_t gnext;       /* guard table entries written */
	int gfail;            /* installing failed for this image: not retried */

	uint64_t *sema;       /* USDT semaphores we incremented (sema.c) */
	size_t nsema, capsema;
};

/* proc.c */
udt_proc_t *proc_alloc(pid_t pid);
void proc_free(udt_proc_t *p);
int proc_open_mem(udt_proc_t *p);
void proc_read_exe(udt_proc_t *p);
ssize_t proc_thread_index(const udt_proc_t *p, pid_t tid);
void proc_fmt(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/*
 * Wait until thread tid (attached, interrupted or starting) is in a
 * ptrace stop, handling what comes first: clone (new thread recorded,
 * still to be waited for), fork (child cleaned and detached), signals
 * (passed on), a pending breakpoint trap of ours (pc rewound). Returns 1
 * stopped, 0 the thread is gone, -1 error. *execd set on an exec event.
 */
int proc_wait_stop(udt_proc_t *p, pid_t tid, int *execd);
/* Restore our patches in the fresh (stopped) fork child and detach it. */
void proc_drop_fork_child(udt_proc_t *p, pid_t child);

/* mem.c */
int proc_read_raw(udt_proc_t *p, uint64_t addr, void *buf, size_t len);

/* maps.c */
int proc_auxv(pid_t pid, uint64_t type, uint64_t *val);

/* patch.c */
int proc_patch_find(const udt_proc_t *p, uint64_t addr, uint8_t *orig);
void proc_patch_forget(udt_proc_t *p);
int proc_patch_copy(udt_proc_t *dst, const udt_proc_t *src);

/* scratch.c */
/* Run one system call in stopped thread tid; its return value in *ret. */
int proc_inject_syscall(udt_proc_t *p, pid_t tid, long nr,
    const uint64_t args[6], uint64_t *ret);
void proc_scratch_unmap(udt_proc_t *p, pid_t tid);

/* injected.c: the window of one injection into thread tid (ring index) */
unsigned proc_inj_begin(pid_t tid);
void proc_inj_end(unsigned i);

/* guard.c: table entries are written as patch.c and scratch.c go */
uint32_t guard_note_byte(udt_proc_t *p, uint64_t addr, uint8_t orig);
void guard_note_dead(udt_proc_t *p, uint32_t idx);
void guard_note_area(udt_proc_t *p, uint64_t base, uint64_t size);
int guard_covers(const udt_proc_t *p, uint64_t addr);    /* in its code page */
void guard_remove(udt_proc_t *p, pid_t tid);   /* release: action back, pages unmapped */
void guard_forget(udt_proc_t *p);              /* exec: the image took it along */
void guard_copy(udt_proc_t *dst, const udt_proc_t *src);

/* sema.c */
void proc_sema_release(udt_proc_t *p);   /* decrement each, forget them */
void proc_sema_forget(udt_proc_t *p);    /* exec: the counters went with the image */
int proc_sema_copy(udt_proc_t *dst, const udt_proc_t *src);

#endif /* UDTRACE_PROC_PROC_IMPL_H */
