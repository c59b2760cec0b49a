/*
 * injected.c — the record of the system calls udtrace injects into its
 * targets (scratch mmap/munmap, the SIGTRAP guard's rt_sigaction), so a
 * syscall provider fed by the kernel's tracepoints (which see every call
 * a task makes, ours included) can leave them out.
 *
 * Owns: a small ring of (thread, start, end) windows in CLOCK_MONOTONIC
 * ns, one per injection. Must not: allocate or block (the drain asks on
 * its hit path).
 * Invariant: an injected call's tracepoint time lies inside its window:
 * the window opens before the thread is set on the call and closes after
 * the step over it reported back. PROC_INJ_KEEP windows are kept, far
 * more than a drain's delay (10 ms) ever covers. Every call udtrace can
 * inject is in `may_inject` (proc_inject_syscall refuses any other): a
 * count the kernel keeps of a call cannot tell ours apart, so those
 * calls are always reported one by one.
 */
#include "proc/proc_impl.h"

#include <sys/syscall.h>
#include <time.h>

static const long may_inject[] = {
	SYS_mmap, SYS_munmap, SYS_rt_sigaction, SYS_memfd_create,
	SYS_ftruncate, SYS_close,
};

int proc_may_inject(long nr)
{
	for (size_t i = 0; i < sizeof may_inject / sizeof *may_inject; i++)
		if (may_inject[i] == nr)
			return 1;
	return 0;
}

#define PROC_INJ_KEEP 256

static struct inj { pid_t tid; uint64_t t0, t1; } inj[PROC_INJ_KEEP];
static unsigned inj_next;

static uint64_t mono_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

unsigned proc_inj_begin(pid_t tid)
{
	unsigned i = inj_next++ % PROC_INJ_KEEP;
	inj[i].tid = tid;
	inj[i].t0 = mono_ns();
	inj[i].t1 = UINT64_MAX;      /* open until it ends */
	return i;
}

void proc_inj_end(unsigned i)
{
	inj[i % PROC_INJ_KEEP].t1 = mono_ns();
}

int proc_injected(pid_t tid, uint64_t ns)
{
	for (unsigned i = 0; i < PROC_INJ_KEEP; i++)
		if (inj[i].tid == tid && ns >= inj[i].t0 && ns <= inj[i].t1)
			return 1;
	return 0;
}
