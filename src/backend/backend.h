/*
 * backend.h — the one interface between probe providers and the ways a
 * probe can fire: a backend turns *sites* into *hits* (decision 1 of the
 * map). ptrace.c implements it with int3 breakpoints and out-of-line
 * execution; uprobe.c with kernel uprobes through perf_event_open.
 *
 * Owns: the contract — sites in, hits and process events out.
 * Must not: know D, probes or ECBs: a site carries an opaque cookie the
 * consumer gave it, a hit hands that cookie back.
 * Invariant: a hit is delivered while the hitting thread is stopped
 * (ptrace) or with a copy of its registers and stack (uprobe), so the
 * consumer may read its memory and unwind its stack during the callback;
 * after the callback returns the thread continues exactly as if no probe
 * were there.
 */
#ifndef UDTRACE_BACKEND_BACKEND_H
#define UDTRACE_BACKEND_BACKEND_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include "udtrace/regs.h"
#include "proc/proc.h"

/* A place a probe fires: one instruction of one process (or file). */
typedef struct udt_site {
	udt_proc_t *proc;     /* the process (ptrace); NULL: every process mapping path (uprobe) */
	uint64_t addr;        /* its virtual address in proc */
	const char *path;     /* object file ... */
	uint64_t off;         /* ... and file offset of the instruction */
	uint64_t refctr_off;  /* USDT semaphore file offset, 0 if none */
	void *cookie;         /* the consumer's; given back in every hit */
	void *bpriv;          /* the backend's own per-site state */
	/*
	 * Bytes of user stack (from regs[R_RSP]) every hit must carry, 0:
	 * none. Only the uprobe backend copies it (ustack(), stack-resident
	 * arguments, ucaller read it after the thread ran on); ptrace hits
	 * come from a stopped thread whose memory is read directly.
	 */
	uint32_t stack;
	/*
	 * Registers (bits 1 << R_*) the hits need not carry: the uprobe
	 * backend leaves them out of each sample (a smaller copy per trap,
	 * when the programs read no argument, uregs[] or stack) and they read
	 * 0. 0: every register, the default.
	 */
	uint64_t regs_skip;
	/*
	 * The hit must come while the thread is stopped (destructive actions
	 * write or signal at the probe): the uprobe backend plants such a
	 * site as an int3 through its inner ptrace backend.
	 */
	int sync;
	/*
	 * Every hit of this site only adds to aggregations its programs key
	 * by the probe alone (count(), no predicate, nothing read from the
	 * hit): a backend may count its hits itself and report them in bulk
	 * through cb.hits (the trampoline: a counter in the target, no
	 * record per hit). 0: one hit at a time, the default.
	 */
	int counted;
	/*
	 * Optional (NULL: none): every hit of this site only updates
	 * aggregations by integer functions of its registers, which the
	 * backend may evaluate in the target and fold in bulk through
	 * cb.kfold (the trampoline: a table in the target, no record per
	 * hit), a hit it cannot fold being reported as usual. The owner
	 * keeps it alive while the site is planted.
	 */
	const struct udt_kagg *kagg;
	/*
	 * Its hits read or reset aggregations (printa, clear, trunc,
	 * normalize, exit): a backend that folds (kagg) reports, before each
	 * such hit, what it folded from the hits that came before it in the
	 * process, and nothing that came after.
	 */
	int seal;
} udt_site_t;

/*
 * An in-target aggregation program (udt_site_t.kagg): per clause, in
 * firing order, a straight register program over 64-bit registers k0-k15
 * (k0 reads 0) whose UDT_K_PRED ends the clause when its register is 0,
 * whose UDT_K_KEY ops give the key's integers in order, and whose
 * UDT_K_VAL gives the value and ends it. Branches go forward (tgt: an op
 * index, nops: the clause's end, no update).
 */
enum udt_kop_code {
	UDT_K_CONST,   /* rd = imm */
	UDT_K_REG,     /* rd = the hit's register imm (R_*) */
	UDT_K_MOV, UDT_K_NOT,                   /* rd = r1, ~r1 */
	UDT_K_OR, UDT_K_XOR, UDT_K_AND, UDT_K_SLL, UDT_K_SRL, UDT_K_SRA,
	UDT_K_ADD, UDT_K_SUB, UDT_K_MUL,        /* rd = r1 op r2 (shifts mod 64) */
	UDT_K_CEQ, UDT_K_CNE, UDT_K_CLT, UDT_K_CLTU, UDT_K_CLE, UDT_K_CLEU,
	UDT_K_BA, UDT_K_BZ, UDT_K_BNZ,          /* to tgt; BZ/BNZ test r1 */
	UDT_K_PRED,    /* r1 == 0: no update */
	UDT_K_KEY,     /* r1 is the next key */
	UDT_K_VAL      /* r1 is the value: the update */
};
#define UDT_KREGS     16
#define UDT_KKEYS_MAX 4
#define UDT_KOPS_MAX  48
#define UDT_KCL_MAX   8
enum udt_kfunc { UDT_KF_COUNT, UDT_KF_SUM, UDT_KF_AVG, UDT_KF_MIN, UDT_KF_MAX };

typedef struct udt_kop {
	uint8_t op, rd, r1, r2;
	uint32_t tgt;
	uint64_t imm;
} udt_kop_t;

typedef struct udt_kclause {
	int func;              /* enum udt_kfunc */
	unsigned nkeys;        /* UDT_K_KEY ops on its path: <= UDT_KKEYS_MAX */
	const udt_kop_t *ops;
	size_t nops;           /* <= UDT_KOPS_MAX */
} udt_kclause_t;

typedef struct udt_kagg {
	const udt_kclause_t *c;
	size_t n;              /* <= UDT_KCL_MAX */
} udt_kagg_t;

/* One firing, as a backend reports it. */
typedef struct udt_hit {
	void *cookie;         /* the site's cookie */
	udt_proc_t *proc;     /* NULL when the backend has no process handle */
	pid_t pid, tid;
	int cpu;
	uint64_t time;        /* CLOCK_MONOTONIC ns */
	uint64_t regs[UDT_NREGS];   /* R_* order (regs.h), R_RIP = the site */
	const void *stack;    /* copy of the user stack from regs[R_RSP], or NULL */
	size_t stacklen;
	/*
	 * The process's name when the hit happened, as the backend saw the
	 * kernel announce it (uprobe: system-wide sites, whose process may be
	 * gone before /proc can be read); NULL: the consumer knows it itself.
	 */
	const char *comm;
	/*
	 * Its parent, as the backend saw the kernel announce the fork (a
	 * system call hit of a process the consumer does not trace, read
	 * after the process may be gone); 0: the consumer finds it itself.
	 */
	int32_t ppid;
	/*
	 * Its uid and gid, when idknown, as the backend read them while the
	 * process lived (the uprobe backend's watch, holding a program that
	 * maps a watched object; a fork child has its parent's): a hit read
	 * after the process is gone; 0: the consumer finds them itself.
	 */
	int idknown;
	uint32_t uid, gid;
	/*
	 * UDT_PEV_SIGNAL and UDT_PEV_SIGACT: the signal's siginfo as the
	 * kernel gave it (ptrace: PTRACE_GETSIGINFO, all of it; the
	 * signal_deliver tracepoint: si_signo, si_errno and si_code, the
	 * rest 0), valid during the call; NULL: none.
	 */
	const siginfo_t *siginfo;
} udt_hit_t;

/*
 * System calls a backend reports (x86-64 numbers below UDT_SYS_MAX): a
 * bit per call in `entry` asks for its entry, in `ret` for its return.
 */
#define UDT_SYS_MAX 512
typedef struct udt_sysset {
	uint64_t entry[UDT_SYS_MAX / 64], ret[UDT_SYS_MAX / 64];
	/*
	 * The calls of entry/ret whose probes must fire while the calling
	 * thread is stopped in the call (their clauses read its memory or
	 * /proc, or act on it: copyinstr of a path argument must see the
	 * bytes the call sees). A backend that reports calls late (perf
	 * tracepoints) stops the thread for these where it can (the
	 * watched processes and their descendants, not system-wide); one
	 * that always stops (ptrace) ignores them. A subset of entry/ret.
	 */
	uint64_t sync_entry[UDT_SYS_MAX / 64], sync_ret[UDT_SYS_MAX / 64];
	/*
	 * 0: no program prints a record of these calls or reads `cpu`, so a
	 * hit's cpu may be left 0 where finding it costs (ptrace: /proc).
	 */
	int cpu;
	/*
	 * The kernel's process tracepoints to report through cb.procev
	 * (UDT_PTP_* bits): of every process with global set, else of the
	 * watched processes' descendants (their own events come from the
	 * backend as before). The ptrace backend ignores them.
	 */
	unsigned ptp;
} udt_sysset_t;

/* udt_sysset_t.ptp: which process tracepoints */
enum {
	UDT_PTP_NEWTASK = 1,  /* task:task_newtask: UDT_PEV_FORK / _LWP */
	UDT_PTP_EXEC = 2,     /* sched:sched_process_exec: UDT_PEV_EXEC */
	UDT_PTP_EXIT = 4,     /* sched:sched_process_exit: UDT_PEV_EXIT */
	UDT_PTP_DELIVER = 8,  /* signal:signal_deliver: UDT_PEV_SIGACT */
	UDT_PTP_DISCARD = 16  /* signal:signal_generate of a signal the
	                       * target ignores: UDT_PEV_SIGDISCARD */
};

static inline int udt_sysset_has(const uint64_t *w, unsigned nr)
{
	return nr < UDT_SYS_MAX && (w[nr / 64] >> (nr % 64)) & 1;
}

/* What a backend tells the consumer. Each runs inside backend_dispatch. */
typedef struct udt_backend_cb {
	void (*hit)(void *arg, const udt_hit_t *h);
	/* the process is gone; status as waitpid(2) reports it */
	void (*exited)(void *arg, udt_proc_t *p, int status);
	/* the process exec'd: its sites are gone; plant again if wanted */
	void (*exec)(void *arg, udt_proc_t *p);
	/* the dynamic linker changed the object list (dlopen/dlclose) */
	void (*objects)(void *arg, udt_proc_t *p);
	void *arg;
	/*
	 * Optional, set only by a backend wrapping another: a thread of p is
	 * held in its exit stop (its memory still readable). ptrace asks for
	 * exit stops only when this is set.
	 */
	void (*exiting)(void *arg, udt_proc_t *p);
	/*
	 * Optional, for a wrapping backend: thread tid of p was born (still
	 * stopped, before its first instruction) or is gone.
	 */
	void (*thread)(void *arg, udt_proc_t *p, pid_t tid, int born);
	/*
	 * Optional: a process event of a watched process (enum udt_procev),
	 * in the context of thread h->tid, which is stopped (h->regs are
	 * not filled: 0). The proc provider's; costs nothing unset.
	 */
	void (*procev)(void *arg, const udt_hit_t *h, int ev, int64_t a0,
	    int64_t a1);
	/*
	 * A system call of the set given to ops->syscalls: its entry (ret 0)
	 * or return (ret 1). h->regs holds the arguments where the call
	 * convention puts them (R_RDI, R_RSI, R_RDX, R_R10, R_R8, R_R9), the
	 * number in R_ORIG_RAX and, at return, the result in R_RAX; the other
	 * registers read 0 (the kernel's tracepoints carry no more). h->proc
	 * is the backend's handle of the process if it has one (a descendant
	 * ptrace keeps has one the consumer never added), else NULL;
	 * h->cookie is NULL.
	 */
	void (*syscall)(void *arg, const udt_hit_t *h, int nr, int ret);
	/*
	 * Optional: watched process p forked c (no exec; c is its own
	 * udt_proc_t, stopped before its first instruction, its memory a
	 * copy of p's with our breakpoints in it, which c's patch table
	 * records). Return 1 to trace c too: the backend watches it already
	 * (add_proc finds it), keeps those of p's breakpoints the callback
	 * adds sites to in c, and restores the rest before c runs. 0: every
	 * byte is restored in c and it is let go. Not called while the
	 * backend is being destroyed.
	 */
	int (*forked)(void *arg, udt_proc_t *p, udt_proc_t *c);
	/*
	 * Optional, after ops->watch_objects: process pid (any, traced or
	 * not) mapped the file path (device dev, inode ino) executable, and
	 * the watch's wants() asked for it. When the backend could hold the
	 * mapping thread (see watch_objects), it stays stopped until this
	 * returns: sites added here are armed before the mapping's code can
	 * run. Otherwise pid ran on since its mapping.
	 */
	void (*mapped)(void *arg, pid_t pid, const char *path, uint64_t dev,
	    uint64_t ino);
	/*
	 * Optional: n hits of a site with site.counted set (its cookie) in
	 * process p, counted by the backend since it last reported them:
	 * no registers, thread or time of their own. Needed by a backend
	 * that counts (the trampoline); the others never call it.
	 */
	void (*hits)(void *arg, void *cookie, udt_proc_t *p, uint64_t n);
	/*
	 * Optional: n hits of site cookie's (site.kagg) clause `clause` in
	 * process p with key keys[0..nkeys) folded by the backend since it
	 * last reported them: val is their sum (sum, avg), least or greatest
	 * value (min, max: INT64_MAX or INT64_MIN when it holds none), unused
	 * for count. n may be 0 with a value: its count comes in a later
	 * report. Needed by a backend that folds (the trampoline).
	 */
	void (*kfold)(void *arg, void *cookie, udt_proc_t *p, unsigned clause,
	    const uint64_t *keys, unsigned nkeys, uint64_t n, int64_t val);
} udt_backend_cb_t;

/* cb.procev's events. */
enum udt_procev {
	UDT_PEV_FORK,     /* h forked (fork, vfork, clone of a process):
	                   * a0 the child's pid, still before its first
	                   * instruction */
	UDT_PEV_LWP,      /* h created a thread: a0 its tid, before its
	                   * first instruction */
	UDT_PEV_EXEC_PRE, /* h's exec succeeded, before cb.exec tells the
	                   * consumer: its identity is still the old one */
	UDT_PEV_EXEC,     /* h's exec succeeded: the new image, not run yet;
	                   * from a kernel tracepoint (h->proc NULL), a0 is
	                   * the name before the exec and a1 the path exec
	                   * was given, NUL-terminated strings in udtrace's
	                   * memory valid during the call, or 0 */
	UDT_PEV_SIGNAL,   /* signal a0 (si_code a1) is about to be delivered
	                   * to h->tid: handled, ignored or acted on by default */
	/* system-wide (udt_sysset_t.ptp), h's memory not readable: */
	UDT_PEV_EXIT,     /* thread h->tid is ending; a0 1: the last of its
	                   * process (the process is gone) */
	UDT_PEV_SIGACT,   /* signal a0 is being delivered to h->tid, whose
	                   * action for it is a1: 0 default, 1 ignore, else
	                   * the handler's address */
	UDT_PEV_SIGDISCARD, /* h sent signal a0 to thread a1, which ignores it:
	                   * the kernel dropped it */
	UDT_PEV_DUMPED    /* (with UDT_PTP_EXIT) h's process dumped core: the
	                   * SIGCHLD its parent is sent says CLD_DUMPED; comes
	                   * after the process's UDT_PEV_EXIT */
};

typedef struct udt_backend udt_backend_t;

typedef struct udt_backend_ops {
	const char *name;     /* "ptrace", "uprobe" */
	/* Watch a (stopped) process: its events now come through dispatch. */
	int (*add_proc)(udt_backend_t *b, udt_proc_t *p);
	/* Plant a site (the process may be stopped or running). 0 or -1 + errmsg. */
	int (*add_site)(udt_backend_t *b, udt_site_t *s);
	int (*remove_site)(udt_backend_t *b, udt_site_t *s);
	/* Let every watched process run (after setup, and after each dispatch). */
	int (*resume)(udt_backend_t *b);
	/* A file descriptor that is readable when events wait (for poll). */
	int (*fd)(udt_backend_t *b);
	/* Handle every pending event, calling the callbacks. 0, or -1 on a fatal error. */
	int (*dispatch)(udt_backend_t *b);
	/* Number of watched processes still alive. */
	int (*nprocs)(udt_backend_t *b);
	/* Remove every site, stop watching every process (they run on), free b. */
	void (*destroy)(udt_backend_t *b);
	const char *(*errmsg)(udt_backend_t *b);
	/*
	 * Optional (NULL: not possible): stop each thread of every watched
	 * process that is running on a CPU, call fn with a hit of its
	 * registers (cookie NULL, no stack copy: the thread stays stopped
	 * during fn, so its memory and stack may be read), and let it go on.
	 * profile-N's sampling when perf_event_open is refused. 0 or -1.
	 */
	int (*sample)(udt_backend_t *b,
	    void (*fn)(void *arg, const udt_hit_t *h), void *arg);
	/*
	 * Hits the backend lost on cpu since the last call (then zeroed);
	 * NULL: the backend never loses any (ptrace stops the thread).
	 */
	uint64_t (*take_drops)(udt_backend_t *b, int cpu);
	/*
	 * Optional (NULL: fd() alone says when): the CLOCK_MONOTONIC ns by
	 * which dispatch must run even if fd() stays quiet — a backend that
	 * batches wakeups (uprobe: one per half ring) holds fewer hits than
	 * that unannounced, and the loop bounds their delay with this. 0:
	 * no deadline now. Such a backend's dispatch also delivers what is
	 * buffered when tracing stops.
	 */
	uint64_t (*deadline)(udt_backend_t *b);
	/*
	 * Optional (ptrace, and uprobe through its inner ptrace): on = 1
	 * stops every thread of p that runs, so its code may be rewritten
	 * with no thread moving, and returns a stopped thread to inject
	 * system calls through (-1: none); their other stops wait in the
	 * backend's queue for dispatch. on = 0 lets the threads hold
	 * stopped run again. Threads already stopped stay as they were.
	 */
	pid_t (*hold)(udt_backend_t *b, udt_proc_t *p, int on);
	/*
	 * Optional (NULL: no system call events): report the calls of set
	 * from now on (an empty set: none, and no cost), replacing any set
	 * given before. global 0: in every watched process and every process
	 * they start later (descendants); global 1: in every process on the
	 * machine but udtrace itself. Calls udtrace injects into a target
	 * (scratch mappings, the SIGTRAP guard) are never reported. 0, or -1
	 * + errmsg saying why (and what to do instead).
	 */
	int (*syscalls)(udt_backend_t *b, const udt_sysset_t *set, int global);
	/*
	 * Optional (NULL: poll fd() and call dispatch): for a caller with
	 * no other fd to watch, wait for events and dispatch them, as fd()
	 * and dispatch would, until the CLOCK_MONOTONIC deadline (ns; it may
	 * return earlier, never much later), a signal, or quit(arg) true
	 * (asked after each event). The caller calls resume after it, as
	 * after dispatch. 0; 1: not possible here (use fd() and dispatch
	 * from now on); -1 + errmsg.
	 */
	int (*wait)(udt_backend_t *b, uint64_t deadline, int (*quit)(void *),
	    void *arg);
	/*
	 * Optional (NULL: the kernel cannot count calls for this backend):
	 * count the entries (ret 0) or returns (ret 1) of call nr in the
	 * kernel from now on, reporting none of them one by one, in the
	 * scope syscalls() would report them (global as there), or with
	 * only > 0 in watched process `only` alone: its threads, later ones
	 * too, not its children. name: the kernel's name of the call (its
	 * syscalls:sys_enter_NAME tracepoint). Calls udtrace injects are
	 * counted too: ask only for calls it never injects
	 * (proc_may_inject). Returns a counter id >= 0, or -1 when the
	 * kernel cannot (report the calls through syscalls() instead).
	 */
	int (*syscount_open)(udt_backend_t *b, unsigned nr, int ret,
	    const char *name, pid_t only, int global);
	/* The calls counter id has counted since it was opened. */
	uint64_t (*syscount_read)(udt_backend_t *b, int id);
	/* Close every counter (ids are then free for reuse). */
	void (*syscount_close)(udt_backend_t *b);
	/*
	 * Optional (NULL: not possible): from now on, report through
	 * cb.mapped the executable file mappings made by any process on the
	 * machine but udtrace (uprobe: perf's PERF_RECORD_MMAP2 per CPU) for
	 * which wants(arg, path, dev, ino) returns 1 (wants NULL: all), so a
	 * file-wide site can be added for an object first mapped after
	 * tracing began. wants runs on a thread of the backend's, as soon as
	 * the kernel writes the record (it must be thread-safe and must not
	 * call the consumer); a thread it wants is held, where ptrace allows
	 * (not traced by anyone else, not udtrace's own child), from then
	 * until cb.mapped returns. wants/arg are kept from the first call.
	 * 0, or -1 + errmsg.
	 */
	int (*watch_objects)(udt_backend_t *b,
	    int (*wants)(void *arg, const char *path, uint64_t dev,
	    uint64_t ino), void *arg);
} udt_backend_ops_t;

struct udt_backend {
	const udt_backend_ops_t *ops;
	udt_backend_cb_t cb;
};

/* ptrace.c */
udt_backend_t *backend_ptrace_create(const udt_backend_cb_t *cb);

/*
 * uprobe.c: may this process use kernel uprobes through perf_event_open?
 * 1, or 0 with why ("no CAP_PERFMON", "no uprobe PMU", ...).
 */
int backend_uprobe_permitted(char *why, size_t len);
/*
 * ringsize: data bytes of each CPU's ring (rounded down to a power of
 * two, at least one page; 0: 1 MiB). NULL with err set on failure.
 */
udt_backend_t *backend_uprobe_create(const udt_backend_cb_t *cb,
    size_t ringsize, char *err, size_t errlen);

/*
 * tramp.c: pid sites as 5-byte jumps to trampolines that write records
 * into a ring shared with the target (no trap per hit); a site that
 * cannot be patched safely goes to the uprobe backend (ptrace when
 * uprobes are not permitted). vfp: where -v says which sites fell back
 * and why (NULL: quiet). NULL with err set on failure.
 */
/*
 * Does be attach system-wide sites to files through kernel uprobes (which
 * count USDT semaphores themselves)? uprobe, and trampoline over uprobe.
 */
int backend_kernel_files(const udt_backend_t *be);
udt_backend_t *backend_trampoline_create(const udt_backend_cb_t *cb,
    size_t ringsize, void *vfp, char *err, size_t errlen);

#endif /* UDTRACE_BACKEND_BACKEND_H */
