/*
 * handle.h — the consumer's internal view of a udt_handle: what
 * handle.c, ecb.c, loop.c and the providers share. Not part of the
 * public API (include/udtrace/udtrace.h keeps the handle opaque).
 *
 * Owns: the layout of struct udt_handle and struct udt_prog.
 * Must not: be included by src/cli/.
 * Invariant: everything the fire path touches (hits, ECB table, buffer)
 * is allocated before udt_go returns, so firing never allocates.
 */
#ifndef UDTRACE_CONSUMER_HANDLE_H
#define UDTRACE_CONSUMER_HANDLE_H

#include <signal.h>
#include <stdio.h>
#include "udtrace/udtrace.h"
#include "actions.h"
#include "agg.h"
#include "dif/emu.h"
#include "buffer.h"
#include "ecb.h"
#include "options.h"
#include "output.h"
#include "providers/site.h"
#include "probes.h"
#include "procs.h"
#include "providers/pid.h"
#include "providers/usdt.h"
#include "providers/syscall.h"
#include "program.h"
#include "spec.h"

/*
 * One compiled program. Each program keeps its own dif_state_t because
 * the compiler numbers user variables per program: two -n programs
 * therefore do not share globals (dtrace would share same-named ones).
 */
struct udt_prog {
	struct udt_prog *next;
	d_program_t *dp;
	dif_state_t *st;
	int kind;
	char *name;
	unsigned cflags;
	int enabled;
	uint64_t fire_gen;    /* firing in which dif_firing_begin last ran */
	agg_table_t *agg;     /* its aggregations (NULL: none), from udt_enable */
	/* dtrace -v: the minimum description and statement attributes over
	 * its clauses' descriptions (dtrace_program_info), from udt_enable */
	d_attr_t descattr, stmtattr;
};

/* Clocks a firing must read (udt_handle.clocks). */
#define UDT_CLOCK_TS  0x1   /* timestamp */
#define UDT_CLOCK_VTS 0x2   /* vtimestamp */
#define UDT_CLOCK_WTS 0x4   /* walltimestamp */

struct udt_handle {
	udt_opts_t opts;
	char errmsg[8192];
	/*
	 * seterr's whole message when it does not fit errmsg (a -n program
	 * of many lines is quoted in full, as dtrace does); current while
	 * errmsg still holds its truncated head.
	 */
	char *errlong;
	FILE *outfp, *errfp;
	out_state_t out;
	char **cppargs; int ncppargs;
	/*
	 * -x setenv/unsetenv: the environment of -c commands, a copy of
	 * udtrace's made at the first change (NULL: udtrace's own).
	 */
	char **env;
	const char *arg0;        /* $0 of programs that are not scripts */

	probe_reg_t reg;
	udt_prog_t *progs, *progs_tail;
	udt_ecb_t **ecbs; size_t necbs, ecbcap;   /* ecbs[epid - 1] */
	udt_buffer_t buf;
	udt_prog_t *drain_prog;  /* program of the entry being printed (libact) */
	udt_specs_t spec;        /* speculation buffers (allocated at udt_go) */
	uint64_t next_clean;     /* next cleanrate tick (loop.c) */

	/* udtrace's own identity, for tracer-side probes and $pid... */
	int32_t pid, ppid;
	uint32_t uid, gid;
	char execname[32];

	dif_hit_t hit, errhit;   /* errhit: ERROR fired inside a firing */
	unsigned clocks;         /* UDT_CLOCK_*: what enabled programs read */
	int fire_depth;
	uint64_t firing_gen;

	udt_probe_t **timers; size_t ntimers;
	uint64_t next_switch;
	int nowait;              /* the backend's wait op said no: poll */
	uint64_t next_status;    /* next status poll: when exit() is seen */

	int active;              /* udt_go ran, udt_stop not yet */
	int stopped;
	int exiting;             /* exit() recorded: only END fires now */
	int exit_called, exit_status;
	volatile sig_atomic_t stop_req;
	int stop_seen;           /* udt_work calls since stop_req was seen */
	uint64_t error_errors;   /* faults inside ERROR clauses */
	int list_header_done;    /* udt_list printed its header */
	act_state_t act;         /* setopt/system/freopen/ftruncate (actions.c) */
	const udt_ecb_t *drain_ecb;  /* the entry being printed, for action errors */

	/* process control (procs.c) and the pid provider (providers/pid.c) */
	udt_procs_t procs;
	struct pid_state *pidst;
	struct usdt_state *usdtst;   /* the USDT provider (providers/usdt.c) */
	struct proc_state *procst;   /* the proc provider (providers/proc.c) */
	struct syscall_state *sysst; /* the syscall provider (providers/syscall.c) */
	struct syscount_state *scst; /* its kernel counts (syscall_count.c) */
	unsigned pneeds;         /* UDT_NEED_*: what pid hits must gather */
	dif_hit_t phit;          /* the context of a pid firing */
	udt_tproc_t *fire_tproc; /* process of the pid firing under way, or NULL */
	int32_t fire_tid;
	char prov_tag[32];       /* a provider's failure: D_PROC_* tag ... */
	char prov_err[1024];     /* ... and message */
	struct profile_sample *psamp;  /* profile-N sampling the targets, or NULL */
};

/* For tests and for programs built without the compiler. */
udt_prog_t *udt_prog_adopt(udt_handle_t *h, d_program_t *dp, int kind,
    const char *name, unsigned cflags);

/*
 * handle.c's libact callback calls this first: setopt and the destructive
 * actions of the entry being printed (h->drain_ecb). 1 if d was one.
 */
int handle_actions(udt_handle_t *h, const d_recdesc_t *d, const void *data,
    size_t len, const d_recdesc_t *const *args, const void *const *argdata,
    int nargs);

/* handle.c: print everything buffered, then drops and error counts. */
void handle_drain(udt_handle_t *h);

/* loop.c */
uint64_t loop_now_ns(void);
int loop_arm(udt_handle_t *h);     /* at udt_go: collect enabled timers */

/* stability.c: dtrace -v's attributes of an enabled program (udt_enable) */
void prog_stability(udt_handle_t *h, udt_prog_t *p);

#endif /* UDTRACE_CONSUMER_HANDLE_H */
