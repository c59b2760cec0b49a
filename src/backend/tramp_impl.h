/*
 * tramp_impl.h — the trampoline backend's private state, shared by
 * tramp.c (ops, process lifecycle, points, patching, fallback),
 * tramp_code.c (which sites may be patched, the trampoline's machine
 * code) and tramp_ring.c (the ring shared with the target, its drain,
 * TSC time, thread pointer -> tid).
 *
 * Owns: one point per (process, address) with every site planted there,
 * one ring and a few code areas per process.
 * Must not: be included outside src/backend/.
 * Invariant: a point, its id and its trampoline live as long as the
 * process image: records naming it may still sit in the ring after its
 * last site is removed (they are skipped), and a thread may still run
 * its trampoline after the jump is gone. The target's copies of the
 * ring and the code areas are never unmapped by udtrace (a thread
 * interrupted by a signal inside a trampoline returns into it later).
 */
#ifndef UDTRACE_BACKEND_TRAMP_IMPL_H
#define UDTRACE_BACKEND_TRAMP_IMPL_H

#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>
#include "backend/backend.h"
#include "pid/insn.h"

/*
 * The ring: a header (counters, then the stack table), then records in
 * slots of TP_REC bytes (a cache line). The slots are mapped twice in a
 * row (in the target and in udtrace), so a record of several slots (every
 * register: TP_FULL_NSL; with a stack copy, more) is contiguous even
 * where it wraps past the last slot.
 */
#define TP_REC        64
#define TP_RECSHIFT   6
#define TP_H_HEAD     0      /* u64: slots handed out (producers, lock cmpxchg) */
#define TP_H_TAIL     64     /* u64: slots consumed (udtrace) */
#define TP_H_DROPS    128    /* u64[TP_MAXCPU]: records dropped on a full ring, by CPU */
#define TP_MAXCPU     256
/*
 * The stack table (written by udtrace only, read by the trampolines):
 * TP_STK_N entries of { u64 key: a thread pointer (0 never used, 1
 * removed), u64 lo, u64 hi, u64 spare }, open addressing by the key's
 * hash. [lo, hi) is a thread's own stack, every byte of which stays
 * mapped while any thread whose thread pointer is key lives: a
 * trampoline whose rsp lies inside copies min(N, hi - rsp) bytes, any
 * other only to the end of rsp's page (tramp_stack.c).
 */
#define TP_H_STK      4096
#define TP_STK_BITS   12
#define TP_STK_N      (1u << TP_STK_BITS)
#define TP_STK_ENT    32
/*
 * The counters: a u64 per point id below TP_CNT_N, one per cache line
 * (threads counting different points share no line), which the
 * trampoline of a counted point (site.counted) increments instead of
 * writing a record; udtrace reports the growth through cb.hits.
 */
#define TP_H_CNT      (TP_H_STK + TP_STK_N * TP_STK_ENT)
#define TP_CNT_N      16384u
#define TP_CNT_ENT    64
/*
 * The fold table (tramp_kagg.c; written by the trampolines of points
 * whose sites carry a udt_kagg_t): TP_KT_N entries of one cache line,
 * { u64 tag: 0 empty, TP_KT_BUSY being claimed, else kid + 1; u64 epoch;
 * u64 keys[4]; u64 count; u64 val }, open addressing by a hash of (tag,
 * epoch, keys) over at most TP_KT_PROBE entries. A trampoline claims an
 * empty entry with lock cmpxchg (tag 0 -> BUSY), writes epoch, keys and
 * val's empty state, then the tag; it updates val, then count, with
 * locked instructions. udtrace takes count and val with xchg, so each
 * hit is folded exactly once. Entries are never freed: a full table
 * sends the hit to the ring as a record. TP_H_EPOCH counts the records
 * of sealing points (tramp_kagg.c), taken into each hit's entry.
 */
#define TP_H_EPOCH    2304
#define TP_H_KT       (TP_H_CNT + TP_CNT_N * TP_CNT_ENT)
#define TP_KT_BITS    12
#define TP_KT_N       (1u << TP_KT_BITS)
#define TP_KT_ENT     64
#define TP_KT_PROBE   32
#define TP_KT_BUSY    (1ull << 63)
#define TP_K_TAG      0
#define TP_K_EPOCH    8
#define TP_K_KEYS     16
#define TP_K_CNT      48
#define TP_K_VAL      56
#define TP_KCL_MAX    8      /* clauses one trampoline folds, at most */
#define TP_HDR        (TP_H_KT + TP_KT_N * TP_KT_ENT)
/*
 * A record: seq (first slot + 1, written last), point id, rdtscp's aux,
 * stack bytes copied, slots taken, tsc, registers, the stack copy.
 */
#define TP_R_SEQ      0
#define TP_R_ID       8
#define TP_R_AUX      12
#define TP_R_SLEN     16
#define TP_R_NSL      20
#define TP_R_TSC      24
#define TP_R_REGS     32     /* u64 regs[R_*], up to R_FS_BASE; a sealing
                              * point's R_ORIG_RAX: the epoch it opened */
#define TP_R_STACK    (TP_R_REGS + 8 * (R_FS_BASE + 1))
#define TP_FULL_NSL   ((TP_R_STACK + TP_REC - 1) / TP_REC)
/*
 * A short record, one slot, for a point whose sites read no register but
 * those of TP_SHORT_REGS (arguments 0-2 at entry, the return value):
 * seq, point id | TP_ID_SHORT, aux, tsc, then R_FS_BASE, R_RDI, R_RSI,
 * R_RDX, R_RAX (the others read 0). The producer writes one line, the
 * consumer reads one, and the ring holds four times as many hits.
 */
#define TP_ID_SHORT   0x80000000u
#define TP_S_TSC      16
#define TP_S_REGS     24
#define TP_SHORT_REGS ((1ull << R_RDI) | (1ull << R_RSI) | (1ull << R_RDX) | \
	(1ull << R_RAX))
/* the most stack one record carries (the uprobe backend's limit too) */
#define TP_STACK_MAX  65528

#define TP_JMPLEN     5
#define TP_CODE_MAX   8192   /* one trampoline's bytes, at most (fold programs, records) */
#define TP_AREA       65536
#define TP_POLL_NS    10000000ull

/*
 * TP_INNER: a point inside another's 5 bytes, at one of its displaced
 * instructions: that point's trampoline writes its record too, just
 * before running that instruction (entry and return of a two-instruction
 * function are both jumps so).
 */
enum { TP_PENDING, TP_PATCHED, TP_FALLBACK, TP_INNER };

/* What a site's analysis found: the instructions the jump displaces. */
typedef struct tp_plan {
	udt_insn_t in[TP_JMPLEN];
	int ninsn;
	uint8_t dlen;         /* bytes of those instructions */
	int terminal;         /* the last is a ret or jmp: no jump back */
} tp_plan_t;

typedef struct tp_point {
	uint64_t addr;
	struct tp_point *hnext;
	uint32_t id;
	int state;
	tp_plan_t plan;
	uint64_t tramp;       /* its trampoline in the target, 0: none yet */
	struct tp_point *outer;   /* TP_INNER: the point whose trampoline fires it */
	uint32_t stack;       /* stack bytes its trampoline copies (its sites' most) */
	int counted;          /* its trampoline counts (every live site counted) */
	int shorter;          /* its trampoline writes short records (TP_ID_SHORT) */
	int cntused;          /* some trampoline of it counted: read its counter */
	/*
	 * its trampoline folds (every live site has a kagg): its clauses,
	 * site by site in order, are kids kid0 .. kid0 + nk - 1
	 */
	int kagg;
	uint32_t kid0, nk;
	int seal;             /* a live site seals (its full records carry the epoch) */
	uint64_t cseen;       /* its counter as last reported */
	udt_site_t **sites;   /* NULL entries: removed */
	size_t nsites, capsites, live;
} tp_point_t;

typedef struct tp_area { uint64_t base, size, used; } tp_area_t;

/*
 * A clause a trampoline folds (the fold table's tag - 1): the site and
 * the clause of its kagg; site NULL once the site is removed (its
 * entries are skipped).
 */
typedef struct tp_kid {
	udt_site_t *site;
	const udt_kagg_t *kagg;
	unsigned clause, nkeys;
	int func;
} tp_kid_t;

typedef struct tp_thr { uint64_t fs; pid_t tid; } tp_thr_t;

/* A thread's stack as udtrace published it in the ring's table. */
typedef struct tp_stk { pid_t tid; uint64_t fs, lo, hi; uint32_t slot; } tp_stk_t;

typedef struct tp_proc {
	udt_proc_t *p;
	pid_t pid;
	struct tp_proc *next;
	tp_point_t **hash;    /* by address, nhash = 2^k */
	size_t nhash;
	tp_point_t **byid;    /* id -> point */
	size_t npoints, capid;
	/* every address a site of this process is planted at, any backend */
	uint64_t *fbaddr; size_t nfb, capfb;
	tp_area_t *areas; size_t nareas, capareas;
	int pending;          /* points wait for a flush */
	/* the ring: udtrace's mapping of the target's memfd */
	int ring_failed;
	/*
	 * A followed fork child: its image still holds copies of its
	 * parent's trampolines, whose records would land in the parent's
	 * ring, so until it execs every site of it is the inner backend's
	 */
	int copied;
	unsigned char *ring;
	uint64_t rsize, nrec, tring, tail;
	uint64_t dseen[TP_MAXCPU];
	tp_thr_t *thr; size_t nthr, capthr;
	tp_stk_t *stk; size_t nstk, capstk;   /* the stack table's entries */
	uint32_t *cids; size_t ncids, capcids;  /* points that ever counted */
	int stkfull;          /* -v said once that the table is full */
	tp_kid_t *kids; size_t nkids, capkids;   /* the fold table's tags - 1 */
	uint64_t kopen;       /* the last seal drained opened this epoch */
	int inner_seal;       /* a sealing point fell back: no epoch, no folds */
} tp_proc_t;

typedef struct tp_backend {
	udt_backend_t base;
	udt_backend_t *in;    /* uprobe (or ptrace): lifecycle and fallback */
	FILE *vfp;
	uint64_t ringsize;
	tp_proc_t *procs;
	/* TSC -> CLOCK_MONOTONIC: rate over the whole run, anchored at the last drain */
	uint64_t ns0, tsc0, nsa, tsca;
	double rate;
	uint64_t last_drain;
	uint64_t drops[TP_MAXCPU];   /* by drop slot (tp_cpu_init) */
	/*
	 * rdtscp's aux -> CPU, and CPU -> the drop slot its trampolines
	 * count in (aux & (TP_MAXCPU - 1)): Linux loads each CPU's number
	 * into aux, but a hypervisor may load others (this VM: 218 on CPU
	 * 1), so they are learned at start on every CPU udtrace may run on.
	 */
	int16_t cpu_of_aux[4096];
	int16_t slot_of_cpu[TP_MAXCPU];
	int fsgsbase;         /* rdfsbase works (AT_HWCAP2) */
	int draining;
	int busy;             /* the last drain found a ring an eighth full */
	int final;            /* draining a process that is gone: skip unpublished records */
	udt_proc_t *forking;  /* in_forked: the child the consumer may add now */
	udt_hit_t hit;
	char err[256];
} tp_backend_t;

/* tramp_code.c */
/*
 * May the site at s->addr of p be a 5-byte jump? 1 with plan filled, 0
 * with why (the fallback's reason), -1 + b->err on failure.
 */
int tp_analyse(tp_backend_t *b, udt_proc_t *p, const udt_site_t *s,
    tp_plan_t *plan, char *why, size_t wl);
/* Forget the per-object branch target lists (destroy). */
void tp_code_free(void);
/* The trampoline of pt at address at: bytes into code, their count, or -1. */
int tp_emit(const tp_backend_t *b, const tp_proc_t *tp, const tp_point_t *pt,
    uint64_t at, uint8_t *code, size_t *len);

/* tramp_pads.c */
/*
 * Append the file's exception landing pads and the code addresses its
 * dynamic relocations put into data (file vaddrs, unsorted) to the
 * vectors (pointer, count, capacity). 0, or -1: a table unreadable.
 */
int tp_pads(const char *path, uint64_t **pads, size_t *npads, size_t *cpads,
    uint64_t **taken, size_t *ntaken, size_t *ctaken);

/* tramp.c */
tp_point_t *tp_pt_find(const tp_proc_t *tp, uint64_t addr);

/* tramp_ring.c */
int tp_ring_map(tp_backend_t *b, tp_proc_t *tp, pid_t tid);
void tp_ring_unmap(tp_backend_t *b, tp_proc_t *tp);
/* Deliver p's records (every process if tp NULL) with time < until (ns; UINT64_MAX: all). */
void tp_drain(tp_backend_t *b, tp_proc_t *tp, uint64_t until);
void tp_clock_init(tp_backend_t *b);
/* Learn each CPU's rdtscp aux (cpu_of_aux, slot_of_cpu). */
void tp_cpu_init(tp_backend_t *b);
uint64_t tp_now(void);
void tp_thr_set(tp_proc_t *tp, pid_t tid, uint64_t fs);
/* Drops of cpu since the last call. */
uint64_t tp_ring_drops(tp_backend_t *b, int cpu);

/* tramp_kagg.c */
/* May pt's trampoline fold (every live site has a kagg it can run)? */
int tp_kaggable(const tp_point_t *pt);
/* pt's trampoline folds from now on: new kids for its clauses (pt->kid0). */
int tp_kagg_kids(tp_proc_t *tp, tp_point_t *pt);
/* Site s goes: what the table holds for it is folded, its kids die. */
void tp_kagg_forget(tp_backend_t *b, tp_proc_t *tp, const udt_site_t *s);
/*
 * Report the count and value every entry of an epoch below `below`
 * gained since the last fold (cb.kfold); UINT64_MAX: every epoch.
 */
void tp_kagg_fold(tp_backend_t *b, tp_proc_t *tp, uint64_t below);

/* tramp_stack.c */
/*
 * Thread tid of tp (stopped: just born when born, else anywhere) gets
 * its stack's entry in the table (replacing its earlier one), or none
 * when its stack cannot be told from its registers and maps.
 */
void tp_stack_note(tp_backend_t *b, tp_proc_t *tp, pid_t tid, int born);
/* Thread tid is gone: its entry goes. */
void tp_stack_forget(tp_proc_t *tp, pid_t tid);
/* Every entry goes (exec: a new image and new stacks). */
void tp_stack_reset(tp_proc_t *tp);
/* The ring was just mapped: write the entries noted before. */
void tp_stack_publish(tp_proc_t *tp);

#endif /* UDTRACE_BACKEND_TRAMP_IMPL_H */
