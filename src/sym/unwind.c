/*
 * unwind.c — user stacks of stopped threads: libunwind-ptrace (DWARF CFI
 * from .eh_frame) first, a frame-pointer walk when it gives up.
 *
 * Owns: one libunwind address space and _UPT handle per thread, created
 * on first use and kept (libunwind caches each object's unwind tables in
 * the address space, which is what makes the second stack cheap).
 * Must not: write to the target. libunwind's accessors could (resume,
 * register writes); only reads are ever asked for here.
 * Invariant: frame 0 is regs[R_RIP] and the frame-0 registers libunwind
 * sees are the caller's regs (served by our access_reg, not re-read from
 * the thread), so a backend that reports a pc the thread does not hold
 * right now (after a breakpoint, say) still unwinds from that pc.
 * Memory is read through tid, which must be in a ptrace stop of the
 * calling thread.
 */
#include <errno.h>
#include <libunwind-ptrace.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>

#include "sym/sym.h"
#include "sym/sym_impl.h"
#include "udtrace/regs.h"

/*
 * The frame-0 registers of the walk in progress. libunwind hands the
 * accessors whatever arg it was given, and _UPT's own functions call
 * back into them with the _UPT handle, so arg must stay the _UPT handle;
 * the registers ride here instead (set only under unwind_lock).
 */
static const uint64_t *cur_regs;

typedef struct uthread {
	pid_t tid;                /* 0: free slot */
	unsigned long used;
	void *upt;
	unw_addr_space_t as;
} uthread_t;

#define NUTHREAD 64

static uthread_t uthreads[NUTHREAD];
static unsigned long uclock;
static pthread_mutex_t unwind_lock = PTHREAD_MUTEX_INITIALIZER;

/* libunwind's x86-64 register numbers -> R_* (user_regs_struct order). */
static const int unw2r[] = {
	[UNW_X86_64_RAX] = R_RAX, [UNW_X86_64_RDX] = R_RDX,
	[UNW_X86_64_RCX] = R_RCX, [UNW_X86_64_RBX] = R_RBX,
	[UNW_X86_64_RSI] = R_RSI, [UNW_X86_64_RDI] = R_RDI,
	[UNW_X86_64_RBP] = R_RBP, [UNW_X86_64_RSP] = R_RSP,
	[UNW_X86_64_R8] = R_R8, [UNW_X86_64_R9] = R_R9,
	[UNW_X86_64_R10] = R_R10, [UNW_X86_64_R11] = R_R11,
	[UNW_X86_64_R12] = R_R12, [UNW_X86_64_R13] = R_R13,
	[UNW_X86_64_R14] = R_R14, [UNW_X86_64_R15] = R_R15,
	[UNW_X86_64_RIP] = R_RIP,
};

static int acc_access_reg(unw_addr_space_t as, unw_regnum_t reg,
    unw_word_t *val, int write, void *arg)
{
	if (write)
		return -UNW_EREADONLYREG;
	if (reg < 0 || reg >= (int)(sizeof(unw2r) / sizeof(unw2r[0])))
		return -UNW_EBADREG;
	if (cur_regs == NULL)
		return _UPT_access_reg(as, reg, val, 0, arg);
	*val = cur_regs[unw2r[reg]];
	return 0;
}

/* Nothing is ever written to the target: no register, no memory, no resume. */
static int acc_access_mem(unw_addr_space_t as, unw_word_t addr,
    unw_word_t *val, int write, void *arg)
{
	if (write)
		return -UNW_EREADONLYREG;
	return _UPT_access_mem(as, addr, val, 0, arg);
}

static int acc_access_fpreg(unw_addr_space_t as, unw_regnum_t reg,
    unw_fpreg_t *val, int write, void *arg)
{
	if (write)
		return -UNW_EREADONLYREG;
	return _UPT_access_fpreg(as, reg, val, 0, arg);
}

static int acc_resume(unw_addr_space_t as, unw_cursor_t *c, void *arg)
{
	(void)as; (void)c; (void)arg;
	return -UNW_EINVAL;
}

static unw_accessors_t accessors = {
	.find_proc_info = _UPT_find_proc_info,
	.put_unwind_info = _UPT_put_unwind_info,
	.get_dyn_info_list_addr = _UPT_get_dyn_info_list_addr,
	.access_mem = acc_access_mem,
	.access_reg = acc_access_reg,
	.access_fpreg = acc_access_fpreg,
	.resume = acc_resume,
	.get_proc_name = _UPT_get_proc_name,
};

static void uthread_clear(uthread_t *t)
{
	if (t->as != NULL)
		unw_destroy_addr_space(t->as);
	if (t->upt != NULL)
		_UPT_destroy(t->upt);
	memset(t, 0, sizeof(*t));
}

static uthread_t *uthread_get(pid_t tid)
{
	uthread_t *t, *victim = &uthreads[0];

	for (size_t i = 0; i < NUTHREAD; i++) {
		t = &uthreads[i];
		if (t->tid == tid) {
			t->used = ++uclock;
			return t;
		}
		if (t->tid == 0 || (victim->tid != 0 && t->used < victim->used))
			victim = t;
	}
	uthread_clear(victim);
	if ((victim->upt = _UPT_create(tid)) == NULL)
		return NULL;
	if ((victim->as = unw_create_addr_space(&accessors, 0)) == NULL) {
		uthread_clear(victim);
		return NULL;
	}
	unw_set_caching_policy(victim->as, UNW_CACHE_GLOBAL);
	victim->tid = tid;
	victim->used = ++uclock;
	return victim;
}

/* One word of the target's memory: through proc when we have it. */
static int read_word(udt_proc_t *p, pid_t tid, uint64_t addr, uint64_t *val)
{
	long w;

	if (p != NULL)
		return proc_read(p, addr, val, sizeof(*val));
	errno = 0;
	w = ptrace(PTRACE_PEEKDATA, tid, (void *)(uintptr_t)addr, NULL);
	if (w == -1 && errno != 0)
		return -1;
	*val = (uint64_t)w;
	return 0;
}

/*
 * Frame-pointer walk from (fp) on: each frame holds the caller's fp at
 * [fp] and the return address at [fp+8]; frames grow towards higher
 * addresses, which stops loops and garbage.
 */
static int fp_walk(udt_proc_t *p, pid_t tid, uint64_t fp, uint64_t sp,
    uint64_t *pcs, int n, int max)
{
	while (n < max && fp != 0 && (fp & 7) == 0 && fp >= sp) {
		uint64_t next, ret;

		if (read_word(p, tid, fp, &next) != 0 ||
		    read_word(p, tid, fp + 8, &ret) != 0 || ret == 0)
			break;
		pcs[n++] = ret;
		if (next <= fp)
			break;
		sp = fp + 16;
		fp = next;
	}
	return n;
}

int sym_ustack(udt_proc_t *p, pid_t tid, const uint64_t *regs,
    uint64_t *pcs, int max)
{
	unw_cursor_t cur;
	uthread_t *t;
	uint64_t fp = regs[R_RBP], sp = regs[R_RSP];
	int n = 0, rc;

	if (max <= 0 || regs[R_RIP] == 0)
		return 0;
	pcs[n++] = regs[R_RIP];
	pthread_mutex_lock(&unwind_lock);
	t = uthread_get(tid);
	if (t == NULL) {
		pthread_mutex_unlock(&unwind_lock);
		return fp_walk(p, tid, fp, sp, pcs, n, max);
	}
	cur_regs = regs;
	if (unw_init_remote(&cur, t->as, t->upt) != 0) {
		cur_regs = NULL;
		pthread_mutex_unlock(&unwind_lock);
		return fp_walk(p, tid, fp, sp, pcs, n, max);
	}
	while (n < max) {
		unw_word_t ip = 0, usp = 0, ufp = 0;

		rc = unw_step(&cur);
		if (rc == 0)
			break;                    /* the outermost frame */
		if (rc < 0) {
			/* libunwind gave up: frame pointers from the last good frame */
			cur_regs = NULL;
			pthread_mutex_unlock(&unwind_lock);
			return fp_walk(p, tid, fp, sp, pcs, n, max);
		}
		if (unw_get_reg(&cur, UNW_REG_IP, &ip) != 0 || ip == 0)
			break;
		unw_get_reg(&cur, UNW_REG_SP, &usp);
		if (unw_get_reg(&cur, UNW_X86_64_RBP, &ufp) != 0)
			ufp = 0;
		/* a stack that moves back, or stays with the same pc, is a loop */
		if (usp != 0 && (usp < sp || (usp == sp && ip == pcs[n - 1])))
			break;
		pcs[n++] = ip;
		fp = ufp;
		sp = usp;
	}
	cur_regs = NULL;
	pthread_mutex_unlock(&unwind_lock);
	return n;
}

void sym_unwind_flush(void)
{
	pthread_mutex_lock(&unwind_lock);
	for (size_t i = 0; i < NUTHREAD; i++)
		uthread_clear(&uthreads[i]);
	uclock = 0;
	pthread_mutex_unlock(&unwind_lock);
}
