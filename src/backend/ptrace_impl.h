/*
 * ptrace_impl.h — the ptrace backend's private state, shared by ptrace.c
 * (events, threads, processes, the ops table) and ptrace_ool.c (out-of-line
 * slots and branch emulation).
 *
 * Owns: the breakpoint table (one int3 per (process, address), with every
 * site planted there), the thread table, and the hit that is filled on
 * every int3 (preallocated: the hit path allocates nothing).
 * Must not: be included outside src/backend/.
 * Invariant: a breakpoint record, and so its slot, lives until its process
 * execs or goes away, even after its last site is removed: a thread may
 * still be running its slot, and a late SIGTRAP from it must be recognised.
 */
#ifndef UDTRACE_BACKEND_PTRACE_IMPL_H
#define UDTRACE_BACKEND_PTRACE_IMPL_H

#include <signal.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <sys/user.h>
#include "backend/backend.h"
#include "pid/insn.h"

#define PT_SLOT_SIZE 32     /* relocated insn (<= 16) + jmp back (<= 14) */
#define PT_TH_HASH   256
#define PT_QMAX      256

typedef struct pt_bp pt_bp_t;
typedef struct pt_proc pt_proc_t;
typedef struct pt_thread pt_thread_t;

struct pt_bp {
	uint64_t addr;
	pt_bp_t *hnext;
	pt_bp_t *lnext;          /* every bp of the process, for walks */
	udt_insn_t insn;         /* the displaced instruction, from original bytes */
	uint8_t orig;            /* the original byte under the int3 */
	int planted;
	int rtld;                /* internal: the dynamic linker's breakpoint */
	uint64_t slot;           /* INSN_PLAIN, INSN_RET: out-of-line slot, else 0 */
	uint8_t slot_ilen;       /* length of the relocated insn in the slot */
	udt_site_t **sites;      /* NULL entries are removed sites */
	size_t nsites, capsites, live;
};

struct pt_proc {
	udt_proc_t *p;
	pid_t pid;
	pt_proc_t *next;
	pt_bp_t **bph;           /* hash by address */
	size_t nbph, nbp;
	pt_bp_t *bplist;
	pt_thread_t *threads;    /* this process's threads, incl. vfork children */
	int rtld_done;           /* the rtld breakpoint is planted */
	/*
	 * A descendant kept for its system calls (a fork child, or a vfork
	 * child that exec'd): ours to release, unknown to the consumer, with
	 * no site and no breakpoint.
	 */
	int owned;
	struct pt_backend *b;
};

struct pt_thread {
	pid_t tid;
	pt_proc_t *pp;
	pt_thread_t *hnext, *pnext;
	int statfd;
	int stopped;             /* in a ptrace-stop we have not resumed */
	int queued;              /* its stop status waits in the backend queue */
	int vfork;               /* vfork child sharing pp's memory: no hits */
	int sigstop_sent;        /* we stopped it with SIGSTOP (non-seized) */
	int held;                /* stopped by the hold op, to let go by it */
	int sysnr;               /* the call its last syscall-entry stop was in, -1: none */
	/*
	 * Not 0: its breakpoint trap was consumed away from the hit path, so
	 * it was put back onto the int3 at this address (ptrace.c, take):
	 * resumed, it traps anew.
	 */
	uint64_t rewound;
	/*
	 * Its next system call stop: 1 the exit of sysnr, 0 an entry, -1
	 * unknown (attached, new, or any other stop, hold or resume came
	 * between): known only from one syscall stop to the next.
	 */
	int insys;
};

typedef struct pt_status { pid_t tid; int status; } pt_status_t;

typedef struct pt_backend {
	udt_backend_t base;
	int sfd;
	sigset_t oldmask;
	pt_proc_t *procs;
	pt_thread_t *th[PT_TH_HASH];
	pt_status_t queue[PT_QMAX];   /* stops taken outside dispatch */
	size_t nq;
	pt_status_t orphan[PT_QMAX];  /* stops of tids not known yet */
	size_t norphan;
	udt_hit_t hit;
	/*
	 * The system calls to report (ops->syscalls); sysstops: resume with
	 * PTRACE_SYSCALL, so a thread stops at every call's entry and exit
	 * only while some call is asked for.
	 */
	udt_sysset_t sys;
	int sysstops;
	timer_t timer;           /* ptrace_wait.c's wake-up, if has_timer */
	int has_timer;
	char err[256];
} pt_backend_t;

/* ptrace.c: one wait status of tid, as dispatch handles it */
void pt_handle(pt_backend_t *b, pid_t tid, int st);
/*
 * ptrace.c: a status of tid peeked (not consumed), handled: a trap or a
 * system call stop of a thread of ours unconsumed (the resume ends it),
 * any other consumed first.
 */
void pt_take_handle(pt_backend_t *b, pid_t tid, int st);
/* ptrace.c: the statuses taken outside dispatch (stop_one), handled */
void pt_drain_queue(pt_backend_t *b);

/* ptrace_wait.c */
/* The signal that ends a blocking wait at its deadline (blocked outside it). */
int pt_wakesig(void);
/* ops->wait. */
int pt_wait(udt_backend_t *be, uint64_t deadline, int (*quit)(void *),
    void *arg);

/* ptrace_ool.c */
pt_bp_t *pt_bp_find(pt_proc_t *pp, uint64_t addr);
/* Write the out-of-line slot of a slotted bp (tid is stopped). 0 or -1 + err. */
int pt_ool_slot(pt_backend_t *b, pt_proc_t *pp, pt_bp_t *bp, pid_t tid);
/* Does `in` get a slot (run out of line) rather than emulation? */
int pt_ool_slotted(const udt_insn_t *in);
/* Compute the registers after bp's displaced instruction. 0 or -1. */
int pt_ool_step(pt_proc_t *pp, const pt_bp_t *bp, struct user_regs_struct *r);
/* pc inside a slot: the equivalent original address (or pc unchanged). */
uint64_t pt_ool_unslot(pt_proc_t *pp, uint64_t pc);

/* ptrace_wait.c */
/* Stash a status met out of turn (dispatch handles it) / of a tid not known yet. */
void pt_queue_add(pt_backend_t *b, pt_thread_t *t, int st);
void pt_orphan_add(pt_backend_t *b, pid_t tid, int st);
/* The first stop of a new auto-attached task (0 = gone). */
int pt_wait_initial(pt_backend_t *b, pid_t tid);
/* The next status of id (P_ALL: any child), left unconsumed: tid, 0 (WNOHANG: none), -1. */
pid_t pt_peek(idtype_t idt, pid_t id, int flags, int *st);
/* A signal-delivery stop of SIGTRAP? */
int pt_trap_stop(int st);
/* Mark t's SIGTRAP stop as taken by us at the int3 at addr (guard.h). */
void pt_mark_taken(pt_thread_t *t, uint64_t addr);
/* Wait for and consume t's next status, a trap of ours rewound first (t->rewound). */
pid_t pt_take(pt_thread_t *t, int flags, int *st);

/* ptrace.c, for ptrace_fork.c */
pt_thread_t *pt_th_add(pt_backend_t *b, pt_proc_t *pp, pid_t tid, int vfork);
void pt_th_del(pt_backend_t *b, pt_thread_t *t);
/* Resume t: through its next system call's stops while any is asked for. */
void pt_cont(pt_thread_t *t, int sig);
int pt_bp_insert(pt_proc_t *pp, pt_bp_t *bp);
/* Forget every breakpoint without touching memory (exec, exit, destroy). */
void pt_bp_forget_all(pt_proc_t *pp);
void pt_unplant(pt_proc_t *pp, pt_bp_t *bp);
void pt_plant_rtld(pt_backend_t *b, pt_proc_t *pp);
/* Stop watching pp: its threads and breakpoints forgotten, nothing written. */
void pt_drop_proc(pt_backend_t *b, pt_proc_t *pp);

/* ptrace_fork.c */
/* Watch descendant c (stopped) for its system calls only: ours to release. */
void pt_own_child(pt_backend_t *b, udt_proc_t *c, pid_t child);
/* Fork child of pp: followed if keep and the consumer wants it, else cleaned and let go. */
void pt_fork_child(pt_backend_t *b, pt_proc_t *pp, pid_t child, int keep);
/* Vfork child t of pp exec'd: followed as a fork child, or let go. */
void pt_vfork_exec(pt_backend_t *b, pt_proc_t *pp, pt_thread_t *t);

#endif /* UDTRACE_BACKEND_PTRACE_IMPL_H */
