/*
 * unwind_sample.c — user stacks from a sample: the registers and a copy
 * of the stack a kernel uprobe took at the hit, with no stopped thread to
 * ask (the thread ran on long ago). libdw's frame unwinder (dwfl frame
 * state, CFI from .eh_frame / .debug_frame) first, a frame-pointer walk
 * when it cannot go on.
 *
 * Owns: one Dwfl per process (modules from /proc/PID/maps, their CFI
 * cached by libdw, which is what makes the second stack cheap), and the
 * thread callbacks that feed it the sample.
 * Must not: write to the target or stop it; the target may have moved on,
 * exec'd or exited by the time its hit is unwound.
 * Invariant: frame 0 is regs[R_RIP]; a word in [regs[R_RSP],
 * regs[R_RSP] + stacklen) is always read from the copy (what the stack
 * held at the hit), anything else through process_vm_readv of pid.
 */
#include <elfutils/libdwfl.h>
#include <dwarf.h>
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>

#include "sym/sym.h"
#include "sym/sym_impl.h"
#include "udtrace/regs.h"

/* The sample being unwound; the Dwfl's callbacks get it as their arg. */
typedef struct sample {
	pid_t pid;
	const uint64_t *regs;
	const uint8_t *stack;
	size_t stacklen;
	uint64_t sp;
} sample_t;

typedef struct sproc {
	pid_t pid;                /* 0: free slot */
	unsigned long used;
	Dwfl *dwfl;
	sample_t cur;             /* the Dwfl's dwfl_arg: must not move */
} sproc_t;

#define NSPROC 16

static sproc_t sprocs[NSPROC];
static unsigned long sclock;
static pthread_mutex_t sample_lock = PTHREAD_MUTEX_INITIALIZER;

/* A word from the copy when it holds all of it, else from the process. */
static int sample_word(const sample_t *s, uint64_t addr, uint64_t *val)
{
	if (s->stack != NULL && addr >= s->sp && addr - s->sp <= s->stacklen &&
	    s->stacklen - (addr - s->sp) >= sizeof(*val)) {
		memcpy(val, s->stack + (addr - s->sp), sizeof(*val));
		return 0;
	}
	struct iovec local = { val, sizeof(*val) };
	struct iovec remote = { (void *)(uintptr_t)addr, sizeof(*val) };
	if (s->pid <= 0 ||
	    process_vm_readv(s->pid, &local, 1, &remote, 1, 0) !=
	    (ssize_t)sizeof(*val))
		return -1;
	return 0;
}

static pid_t cb_next_thread(Dwfl *dwfl, void *arg, void **thread_argp)
{
	sample_t *s = arg;
	(void)dwfl;
	if (*thread_argp != NULL)
		return 0;
	*thread_argp = s;
	return s->pid;
}

static bool cb_get_thread(Dwfl *dwfl, pid_t tid, void *arg,
    void **thread_argp)
{
	(void)dwfl; (void)tid;
	*thread_argp = arg;
	return true;
}

static bool cb_memory_read(Dwfl *dwfl, Dwarf_Addr addr, Dwarf_Word *result,
    void *arg)
{
	uint64_t v;
	(void)dwfl;
	if (sample_word(arg, addr, &v) != 0)
		return false;
	*result = v;
	return true;
}

/* DWARF register numbers of x86-64 (the psABI): rax rdx rcx rbx rsi rdi rbp rsp r8..r15 ra. */
static const int dwarf2r[17] = {
	R_RAX, R_RDX, R_RCX, R_RBX, R_RSI, R_RDI, R_RBP, R_RSP,
	R_R8, R_R9, R_R10, R_R11, R_R12, R_R13, R_R14, R_R15, R_RIP,
};

static bool cb_set_initial_registers(Dwfl_Thread *thread, void *arg)
{
	const sample_t *s = arg;
	Dwarf_Word dregs[17];
	for (int i = 0; i < 17; i++)
		dregs[i] = s->regs[dwarf2r[i]];
	if (!dwfl_thread_state_registers(thread, 0, 17, dregs))
		return false;
	dwfl_thread_state_register_pc(thread, s->regs[R_RIP]);
	return true;
}

static const Dwfl_Thread_Callbacks thread_cbs = {
	.next_thread = cb_next_thread,
	.get_thread = cb_get_thread,
	.memory_read = cb_memory_read,
	.set_initial_registers = cb_set_initial_registers,
};

static char *debuginfo_path;

static const Dwfl_Callbacks proc_cbs = {
	.find_elf = dwfl_linux_proc_find_elf,
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.debuginfo_path = &debuginfo_path,
};

static void sproc_clear(sproc_t *p)
{
	if (p->dwfl != NULL)
		dwfl_end(p->dwfl);
	memset(p, 0, sizeof(*p));
}

/* A Dwfl with pid's modules reported and the sample callbacks attached. */
static int sproc_open(sproc_t *p, pid_t pid)
{
	sproc_clear(p);
	p->pid = pid;
	p->cur.pid = pid;
	if ((p->dwfl = dwfl_begin(&proc_cbs)) == NULL)
		goto fail;
	dwfl_report_begin(p->dwfl);
	if (dwfl_linux_proc_report(p->dwfl, pid) != 0 ||
	    dwfl_report_end(p->dwfl, NULL, NULL) != 0)
		goto fail;
	if (!dwfl_attach_state(p->dwfl, NULL, pid, &thread_cbs, &p->cur))
		goto fail;
	p->used = ++sclock;
	return 0;
fail:
	sproc_clear(p);
	return -1;
}

/*
 * The Dwfl of pid whose modules cover pc (reported again when pc is in
 * none: a dlopen or an exec since the last stack), or NULL.
 */
static sproc_t *sproc_get(pid_t pid, uint64_t pc, int fresh)
{
	sproc_t *p, *victim = &sprocs[0];

	for (size_t i = 0; i < NSPROC; i++) {
		p = &sprocs[i];
		if (p->pid == pid && p->dwfl != NULL) {
			if (!fresh && dwfl_addrmodule(p->dwfl, pc) != NULL) {
				p->used = ++sclock;
				return p;
			}
			victim = p;
			break;
		}
		if (p->pid == 0 || (victim->pid != 0 && p->used < victim->used))
			victim = p;
	}
	if (sproc_open(victim, pid) != 0)
		return NULL;
	return victim;
}

typedef struct walk {
	uint64_t *pcs;
	int n, max;
	uint64_t fp, sp;          /* of the last frame taken */
	int have_fp;
} walk_t;

static int frame_cb(Dwfl_Frame *f, void *arg)
{
	walk_t *w = arg;
	Dwarf_Addr pc;
	Dwarf_Word sp = 0, fp = 0;
	bool act;

	if (!dwfl_frame_pc(f, &pc, &act) || pc == 0)
		return DWARF_CB_ABORT;
	int have_sp = dwfl_frame_reg(f, 7, &sp) == 0;
	w->have_fp = dwfl_frame_reg(f, 6, &fp) == 0;
	if (w->n > 0) {
		/* a stack that moves back, or stays with the same pc, is a loop */
		if (have_sp && (sp < w->sp || (sp == w->sp &&
		    pc == w->pcs[w->n - 1])))
			return DWARF_CB_ABORT;
	}
	w->pcs[w->n++] = pc;
	if (have_sp)
		w->sp = sp;
	w->fp = w->have_fp ? fp : 0;
	return w->n < w->max ? DWARF_CB_OK : DWARF_CB_ABORT;
}

/*
 * Frame-pointer walk from fp on, over the copy first: each frame holds
 * the caller's fp at [fp] and the return address at [fp+8]; frames grow
 * towards higher addresses, which stops loops and garbage.
 */
static int fp_walk(const sample_t *s, uint64_t fp, uint64_t sp,
    uint64_t *pcs, int n, int max)
{
	while (n < max && fp != 0 && (fp & 7) == 0 && fp >= sp) {
		uint64_t next, ret;

		if (sample_word(s, fp, &next) != 0 ||
		    sample_word(s, fp + 8, &ret) != 0 || ret == 0)
			break;
		pcs[n++] = ret;
		if (next <= fp)
			break;
		sp = fp + 16;
		fp = next;
	}
	return n;
}

int sym_ustack_sample(pid_t pid, const uint64_t *regs, const void *stack,
    size_t stacklen, uint64_t *pcs, int max)
{
	sample_t s = { pid, regs, stack, stacklen, regs[R_RSP] };
	walk_t w;

	if (max <= 0 || regs[R_RIP] == 0)
		return 0;
	pthread_mutex_lock(&sample_lock);
	for (int attempt = 0; attempt < 2; attempt++) {
		sproc_t *p = sproc_get(pid, regs[R_RIP], attempt);
		if (p == NULL)
			break;
		p->cur = s;
		w = (walk_t){ pcs, 0, max, regs[R_RBP], regs[R_RSP], 1 };
		int rc = dwfl_getthread_frames(p->dwfl, pid, frame_cb, &w);
		p->cur.regs = NULL;
		p->cur.stack = NULL;
		if (rc == 0 || w.n >= max) {
			pthread_mutex_unlock(&sample_lock);
			return w.n;
		}
		if (w.n == 0)
			continue;        /* nothing unwound: maybe stale modules */
		/*
		 * Stopped short of the outermost frame (a pc with no module
		 * since a dlopen, or no CFI): report the modules again once,
		 * then frame pointers from the last good frame.
		 */
		uint64_t last = pcs[w.n - 1];
		if (attempt == 0 && dwfl_addrmodule(p->dwfl, last) == NULL)
			continue;
		pthread_mutex_unlock(&sample_lock);
		if (w.n == 1)
			return fp_walk(&s, regs[R_RBP], regs[R_RSP], pcs, 1, max);
		return w.have_fp ? fp_walk(&s, w.fp, w.sp, pcs, w.n, max) : w.n;
	}
	pthread_mutex_unlock(&sample_lock);
	pcs[0] = regs[R_RIP];
	return fp_walk(&s, regs[R_RBP], regs[R_RSP], pcs, 1, max);
}

void sym_unwind_sample_flush(void)
{
	pthread_mutex_lock(&sample_lock);
	for (size_t i = 0; i < NSPROC; i++)
		sproc_clear(&sprocs[i]);
	sclock = 0;
	pthread_mutex_unlock(&sample_lock);
}
