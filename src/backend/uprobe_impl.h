/*
 * uprobe_impl.h — the uprobe backend's private state, shared by uprobe.c
 * (sites as perf events, process lifecycle through an inner ptrace
 * backend, the ops table) and uprobe_ring.c (per-CPU ring buffers, sample
 * parsing, the time-ordered merge, lost-sample counts).
 *
 * Owns: one ring per traced thread (every site's event on that thread
 * writes into it through PERF_EVENT_IOC_SET_OUTPUT) and one per CPU (the
 * system-wide sites' events of that CPU, the COMM/FORK trackers), the event-id -> site hash, the preallocated
 * hit and the scratch a wrapped record is copied into, and the process
 * names seen in PERF_RECORD_COMM/FORK records (system-wide sites only).
 * Must not: be included outside src/backend/.
 * Invariant: an event id in the hash always names a live up_site_t; a
 * site's events are removed from the hash before their fds close, and
 * samples whose id is no longer in the hash are skipped (a site removed
 * while its samples still sat in a ring fires no more).
 */
#ifndef UDTRACE_BACKEND_UPROBE_IMPL_H
#define UDTRACE_BACKEND_UPROBE_IMPL_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include "backend/backend.h"

#define UP_MAXCPU     1024
#define UP_SCRATCH    65536   /* a perf record's size is a u16 */
/*
 * Hits wake the tracer only when a ring is an eighth full (one wakeup per hit
 * costs the target ~2.5x the trap itself); below that the consumer loop
 * drains at least this often (ns), through the deadline op.
 */
#define UP_POLL_NS    10000000ull

/* perf's x86 user register numbers (uapi asm/perf_regs.h). */
enum {
	UP_AX, UP_BX, UP_CX, UP_DX, UP_SI, UP_DI, UP_BP, UP_SP, UP_IP,
	UP_FLAGS, UP_CS, UP_SS, UP_DS, UP_ES, UP_FS, UP_GS,
	UP_R8, UP_R9, UP_R10, UP_R11, UP_R12, UP_R13, UP_R14, UP_R15
};
/* Every general register x86-64 perf can sample (DS..GS it refuses). */
#define UP_REGS_MASK  (((1ull << (UP_SS + 1)) - 1) | (0xffull << UP_R8))
#define UP_NREGS      20
/* perf register order -> R_* (regs.h), UP_NREGS entries (uprobe_ring.c) */
extern const int up_perf2r[UP_NREGS];
/* the perf register number of up_perf2r[i] */
#define UP_PERFBIT(i) ((i) <= UP_SS ? (i) : (i) + (UP_R8 - UP_SS - 1))

typedef struct up_ring {
	int fd;               /* the event whose buffer this is, -1: none yet */
	int commfd;           /* COMM/FORK tracker writing here, -1: none */
	int cpu;              /* a CPU's ring: that CPU; a thread's: -1 */
	pid_t tid;            /* a thread's ring: the thread, else 0 */
	struct up_proc *up;   /* ... and its process */
	void *base;           /* metadata page + data pages */
	unsigned char *data;
	uint64_t size;        /* data bytes, a power of two */
	uint64_t tail;        /* next unread byte (we own data_tail) */
	uint64_t head;        /* data_head seen at the start of this drain */
	/* the record at tail, parsed, while the merge holds it */
	const unsigned char *rec;
	uint64_t rec_time;
	int has_rec;
	uint64_t lost;        /* lost samples not yet taken (CPU rings) */
} up_ring_t;

/*
 * One perf event of a site: on one thread (any CPU, into the thread's
 * ring), or on every task of one CPU (a system-wide site, into the CPU's).
 */
typedef struct up_ev { int fd; pid_t tid; uint64_t id; } up_ev_t;

typedef struct up_site {
	udt_site_t *s;
	struct up_proc *up;   /* NULL: system-wide */
	up_ev_t *ev; size_t nev, capev;
	uint32_t stack;       /* sample_stack_user bytes, 0: none */
	/*
	 * The registers its samples carry (sample_regs_user, 0: none and no
	 * PERF_SAMPLE_REGS_USER), and their R_* slots in perf's bit order:
	 * only what the programs read is copied at each trap.
	 */
	uint64_t pmask;
	unsigned char preg[UP_NREGS];
	int npreg;
	struct up_site *next; /* the process's (or the system-wide) list */
} up_site_t;

typedef struct up_proc {
	udt_proc_t *p;
	pid_t pid;
	up_site_t *sites;
	struct up_proc *next;
} up_proc_t;

typedef struct up_idslot { uint64_t id; up_site_t *site; } up_idslot_t;

/*
 * A process's name as the kernel announced it (exec, prctl, or inherited
 * at fork): a system-wide hit's execname even after the process is gone
 * and /proc with it. Direct-mapped by pid: a collision forgets the older
 * process, whose hits then fall back to /proc (as before tracking).
 */
#define UP_NCOMM 4096
/*
 * A process's name as the records told it; old: its name before its
 * last exec, while that exec's tracepoint has not been taken (execd)
 */
typedef struct up_comm {
	pid_t pid, ppid;
	char name[16], old[16];
	int execd;
	int idknown;             /* uid, gid read from /proc, or inherited */
	uint32_t uid, gid;
} up_comm_t;

/* The system call events (tracepoint.c). */
/* A system call counted in the kernel (syscount.c): its events. */
typedef struct up_cnt {
	int *fd; size_t nfd, capfd;
	uint64_t last;           /* the last sum read */
} up_cnt_t;

typedef struct up_sys {
	int ready;               /* ids and offsets read */
	long enter_tp, exit_tp;  /* raw_syscalls:sys_enter / sys_exit ids */
	int off_id, off_args, off_ret;   /* field offsets in the raw data */
	pid_t self;
	up_site_t site;          /* the id hash's mark of these events */
	up_ev_t *ev; size_t nev, capev;
	udt_sysset_t set;
	int global;
	/* the process tracepoints (set.ptp): ids by UDT_PTP_* bit, offsets */
	int ptp_ready;
	long ptp_id[5];
	int off_newpid, off_flags, off_dead, off_sig, off_handler;
	int off_serrno, off_scode;   /* signal_deliver's errno, code; -1: none */
	siginfo_t si;            /* what signal_deliver gives, for one event */
	int off_gsig, off_gpid;
	int off_gcode, off_gres;     /* signal_generate's code, result; -1: none */
	int off_execfn;          /* sched_process_exec's filename (__data_loc) */
	char execfn[4096];       /* its copy, NUL-terminated, for one event */
	up_cnt_t *cnt; size_t ncnt, capcnt;   /* counters, by id */
} up_sys_t;

typedef struct up_backend {
	udt_backend_t base;
	udt_backend_t *pt;       /* the inner ptrace backend: lifecycle only */
	int pmu;                 /* /sys/bus/event_source/devices/uprobe/type */
	int ncpu;
	unsigned char online[UP_MAXCPU];
	uint64_t ringsize;       /* data bytes per ring */
	int epfd;
	up_ring_t rings[UP_MAXCPU];   /* by CPU: system-wide sites, trackers */
	/*
	 * Every mapped ring, the CPUs' and the threads' (heap): what a drain
	 * merges. Changed only outside a drain (thread birth and death,
	 * sites added, exec, exit), never on the hit path.
	 */
	up_ring_t **act; size_t nact, capact;
	up_proc_t *procs;
	const udt_proc_t *adding; /* up_add_proc: inner add_proc runs, not linked yet */
	up_site_t *global;       /* system-wide sites */
	up_idslot_t *ids; size_t nids, capids;   /* open addressing, capids = 2^k */
	udt_hit_t hit;
	unsigned char scratch[UP_SCRATCH];
	int draining;
	int tracking;            /* COMM/FORK trackers are open */
	up_comm_t comm[UP_NCOMM];
	size_t nevents;          /* open uprobe events: 0 needs no deadline */
	uint64_t last_drain;     /* CLOCK_MONOTONIC ns of the last drain */
	/* the start-up warm-up uprobe (uprobe.c, warm_*) */
	pthread_t warm, closer;
	int warming, closing;    /* those threads were started, not joined */
	int warm_memfd, warmfd;
	uint64_t resumed_at;     /* CLOCK_MONOTONIC ns of the first resume */
	up_sys_t sys;
	struct up_watch *watch;  /* the new-object watch (uprobe_maps.c), or NULL */
	char err[256];
} up_backend_t;

/* uprobe.c */
/* cpu's ring, made on first use. Its fd, or -1 + err. */
int up_ring_fd(up_backend_t *b, int cpu);
/* Start the per-CPU COMM/FORK trackers (system-wide hits' names). */
void up_track_comm(up_backend_t *b);
/* Wait until udtrace's helper threads are gone (none starts after). */
void up_helpers_join(up_backend_t *b);

/* tracepoint.c */
int up_syscalls(udt_backend_t *be, const udt_sysset_t *set, int global);
/* Where tracefs is (mounting it as root if need be): 0, or -1 + err. */
int up_tracefs(up_backend_t *b, const char **dirp);
/* A sample of a system call event (its id maps to &b->sys.site). */
void up_sys_sample(up_backend_t *b, const unsigned char *rec, size_t size);
void up_sys_fini(up_backend_t *b);

/* syscount.c: the backend's syscount_* ops */
int up_syscount_open(udt_backend_t *be, unsigned nr, int ret,
    const char *name, pid_t only, int global);
uint64_t up_syscount_read(udt_backend_t *be, int id);
void up_syscount_close(udt_backend_t *be);

/* A thread that takes no signal (they stay the main thread's). */
int up_start_helper(pthread_t *t, void *(*fn)(void *), void *arg);

/* uprobe_maps.c */
int up_watch_objects(udt_backend_t *be,
    int (*wants)(void *arg, const char *path, uint64_t dev, uint64_t ino),
    void *arg);
/*
 * Report the mappings the watch thread queued (cb.mapped), then let the
 * threads it holds for them go.
 */
void up_maps_read(up_backend_t *b);
/* Stop the watch thread (every held thread let go) and close the watch. */
void up_maps_fini(up_backend_t *b);

/* uprobe_hold.c: one held thread, owned by the watch thread */
typedef struct up_hold {
	pid_t tid;
	int held;       /* seized, not yet let go or reaped */
	int stopped;    /* its stop was taken (waitpid) */
	int sig;        /* ... a signal-delivery stop's signal, to give back */
} up_hold_t;
/*
 * Hold thread tid of process pid: PTRACE_SEIZE + PTRACE_INTERRUPT (no
 * signal). 0, or -1: not held (another tracer's, not permitted, a child
 * of udtrace's, gone).
 */
int up_hold_start(up_hold_t *h, pid_t pid, pid_t tid);
/*
 * Take h's stop or exit if it came (block: wait for it); with release,
 * let it go from its stop. 1 once it is no longer held, else 0.
 */
int up_hold_poll(up_hold_t *h, int release, int block);

/* uprobe_ring.c */
/*
 * Map ring r (a CPU's, or a thread's made by the caller) on event fd, the
 * ring's owner, with at most size data bytes (halved while the locked-
 * memory limit refuses), and add it to the drained set. 0 or -1 + err.
 */
int up_ring_open(up_backend_t *b, up_ring_t *r, int fd, uint64_t size);
/* Unmap and close r and take it out of the drained set (not while draining). */
void up_ring_close(up_backend_t *b, up_ring_t *r);
/* Read every ring, calling the hit callback in timestamp order. */
void up_drain(up_backend_t *b);
up_site_t *up_id_find(const up_backend_t *b, uint64_t id);
/* pid's name from the COMM/FORK records, NULL: never announced. */
const char *up_comm_find(up_backend_t *b, pid_t pid);
/* pid's parent from the FORK records, 0: not seen. */
pid_t up_comm_ppid(up_backend_t *b, pid_t pid);
/*
 * pid's parent, uid and gid from /proc/PID/status (stack buffers only:
 * any thread may call it). 0, or -1 if it is gone.
 */
int up_proc_ids(pid_t pid, pid_t *ppid, uint32_t *uid, uint32_t *gid);
/* What the trackers know of pid (name, parent, ids) into h's fields. */
void up_comm_fill(up_backend_t *b, udt_hit_t *h, pid_t pid);
/*
 * pid's parent, ids and name as read from /proc while it lived (the
 * watch held it): kept for its hits read after it is gone, and given to
 * the children it forks. Main thread only, as the records.
 */
void up_comm_ident(up_backend_t *b, pid_t pid, pid_t ppid, uint32_t uid,
    uint32_t gid, const char *name);
/*
 * pid's name before the exec the kernel's exec tracepoint reports: the
 * old name if the exec's COMM record came first, else the name (the
 * record is still to come), NULL if unknown. Forgets the exec.
 */
const char *up_comm_take_old(up_backend_t *b, pid_t pid);
int up_id_add(up_backend_t *b, uint64_t id, up_site_t *s);
void up_id_del(up_backend_t *b, uint64_t id);

#endif /* UDTRACE_BACKEND_UPROBE_IMPL_H */
