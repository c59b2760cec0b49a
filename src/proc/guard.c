/*
 * guard.c — the SIGTRAP guard: a handler of udtrace's in each ptrace
 * target that saves the process when udtrace dies while its int3s are
 * still planted (SIGKILL, the OOM killer).
 *
 * Why: when a tracer dies, the kernel resumes a thread stopped in a
 * breakpoint hit with the SIGTRAP of that stop, and a thread reaching a
 * planted int3 before the watchdog (watchdog.c) has restored the text
 * gets one too; SIGTRAP's default action kills the process. With the
 * guard, that SIGTRAP runs guard_stub.c's handler instead, which puts
 * the program's byte back and resumes at the probed instruction.
 *
 * Owns: mapping the handler's code page and table in the target,
 * installing it with an injected rt_sigaction (keeping the program's own
 * action, to which the handler chains for every SIGTRAP not ours), the
 * table entries (one per patched byte, one per scratch area), and taking
 * it all out again on release.
 * Must not: run the handler while udtrace is attached (it cannot: every
 * SIGTRAP stops the thread for the tracer first), leave the program's
 * SIGTRAP action changed after a normal end, or fail tracing when it
 * cannot be installed (it is a safety net: the watchdog stays).
 * Invariant: every live patched byte of a guarded image has a kind-1
 * entry holding its original byte, written before the byte is patched;
 * entries are only appended (a restored byte's entry is marked dead), so
 * the handler needs no lock. One install per image: exec drops it (the
 * kernel resets caught signals and the pages go with the old image), a
 * fork child inherits it and is cleaned like the parent.
 */
#include "proc/proc_impl.h"
#include "proc/guard.h"

#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#ifndef SA_RESTORER
#define SA_RESTORER 0x04000000
#endif

_Static_assert(offsetof(ucontext_t, uc_mcontext.gregs) + REG_RIP * 8 == 168,
    "guard_stub.c reads the pc at ucontext offset 168");
_Static_assert(GUARD_SI_TAKEN == 0x7564 && offsetof(siginfo_t, si_addr) == 16,
    "guard_stub.c compares si_code with 0x7564 and reads si_addr at 16");
_Static_assert(sizeof(guard_ent_t) == 16 && offsetof(guard_ent_t, orig) == 12 &&
    offsetof(guard_ent_t, kind) == 13, "guard_stub.c reads entries so");

typedef guard_ksigaction_t ksigaction_t;
typedef guard_ent_t gent_t;

static int inject(udt_proc_t *p, pid_t tid, long nr, uint64_t a0, uint64_t a1,
    uint64_t a2, uint64_t a3, uint64_t a4, uint64_t a5, uint64_t *ret)
{
	uint64_t args[6] = { a0, a1, a2, a3, a4, a5 };
	return proc_inject_syscall(p, tid, nr, args, ret);
}

static int failed(uint64_t r)
{
	return r >= (uint64_t)-4095;
}

static uint32_t append(udt_proc_t *p, const gent_t *e)
{
	if (!p->gtab || p->gnext >= GUARD_CAP)
		return 0;
	if (proc_write(p, p->gtab + GUARD_HDR + (uint64_t)p->gnext * 16, e, sizeof *e) < 0)
		return 0;
	return ++p->gnext;     /* index + 1: 0 means "no entry" */
}

uint32_t guard_note_byte(udt_proc_t *p, uint64_t addr, uint8_t orig)
{
	gent_t e = { addr, 1, orig, G_BYTE, 0 };
	return append(p, &e);
}

void guard_note_dead(udt_proc_t *p, uint32_t idx)
{
	uint8_t dead = G_DEAD;
	if (p->gtab && idx)
		proc_write(p, p->gtab + GUARD_HDR + (uint64_t)(idx - 1) * 16 + 13, &dead, 1);
}

void guard_note_area(udt_proc_t *p, uint64_t base, uint64_t size)
{
	gent_t e = { base, (uint32_t)size, 0, G_AREA, 0 };
	append(p, &e);
}

int proc_guard_pending(const udt_proc_t *p)
{
	return !p->gcode && !p->gfail && !p->sharedvm;
}

int guard_covers(const udt_proc_t *p, uint64_t addr)
{
	return p->gcode && addr >= p->gcode &&
	    addr < p->gcode + (uint64_t)sysconf(_SC_PAGESIZE);
}

/* Unmap what install mapped (used on its failure paths and on release). */
static void unmap(udt_proc_t *p, pid_t tid, uint64_t code, uint64_t tab)
{
	uint64_t r;
	if (code)
		inject(p, tid, SYS_munmap, code, (uint64_t)sysconf(_SC_PAGESIZE), 0, 0, 0, 0, &r);
	if (tab)
		inject(p, tid, SYS_munmap, tab, GUARD_TABSZ, 0, 0, 0, 0, &r);
}

int proc_guard_install(udt_proc_t *p, pid_t tid)
{
	uint64_t pg = (uint64_t)sysconf(_SC_PAGESIZE), code = 0, tab = 0, r;
	size_t len = (size_t)(udt_guard_stub_end - udt_guard_stub_start);
	unsigned char buf[1024];
	ksigaction_t old, act;

	if (!proc_guard_pending(p))
		return p->gcode ? 0 : -1;
	if (len > sizeof buf || len > pg)
		goto fail;
	if (inject(p, tid, SYS_mmap, 0, pg, PROT_READ | PROT_EXEC,
	    MAP_PRIVATE | MAP_ANONYMOUS, (uint64_t)-1, 0, &code) < 0 || failed(code)) {
		code = 0;
		goto fail;
	}
	if (inject(p, tid, SYS_mmap, 0, GUARD_TABSZ, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, (uint64_t)-1, 0, &tab) < 0 ||
	    failed(tab)) {
		tab = 0;
		goto fail;
	}
	memcpy(buf, udt_guard_stub_start, len);
	memcpy(buf + (udt_guard_table_slot - udt_guard_stub_start), &tab, 8);
	if (proc_write(p, code, buf, len) < 0)
		goto fail;
	if (inject(p, tid, SYS_rt_sigaction, SIGTRAP, 0, tab + GUARD_OLD, 8, 0, 0, &r) < 0 ||
	    r != 0 || proc_read_raw(p, tab + GUARD_OLD, &old, sizeof old) < 0)
		goto fail;
	/*
	 * SA_ONSTACK and SA_RESTART as the program asked: its handler, when
	 * we chain to it, expects its stack (Go's runtime insists), and a
	 * sent SIGTRAP must interrupt system calls as it would have.
	 */
	act.handler = code;
	act.flags = SA_SIGINFO | SA_RESTORER | (old.flags & (SA_ONSTACK | SA_RESTART));
	act.restorer = code + (uint64_t)(udt_guard_restorer - udt_guard_stub_start);
	act.mask = 0;
	if (proc_write(p, tab + GUARD_NEW, &act, sizeof act) < 0 ||
	    inject(p, tid, SYS_rt_sigaction, SIGTRAP, tab + GUARD_NEW, 0, 8, 0, 0, &r) < 0 ||
	    r != 0)
		goto fail;
	p->gcode = code;
	p->gtab = tab;
	p->gnext = 0;
	p->gold = old.handler;
	p->gfail = 0;
	/* Bytes patched and areas mapped before the guard (create's entry breakpoint). */
	for (size_t i = 0; i < p->pcap; i++)
		if (p->ptab[i].full)
			p->ptab[i].gidx = guard_note_byte(p, p->ptab[i].addr, p->ptab[i].orig);
	for (size_t i = 0; i < p->nscr; i++)
		guard_note_area(p, p->scr[i].base, p->scr[i].size);
	return 0;
fail:
	unmap(p, tid, code, tab);
	p->gfail = 1;
	return -1;
}

void guard_remove(udt_proc_t *p, pid_t tid)
{
	ksigaction_t cur;
	uint64_t r;

	if (!p->gcode)
		return;
	/*
	 * Give the program its action back if ours is still installed — or
	 * if the kernel reset it to the default, which it does when an int3
	 * hits a thread blocking SIGTRAP; an action the program set itself
	 * since stays.
	 */
	if (inject(p, tid, SYS_rt_sigaction, SIGTRAP, 0, p->gtab + GUARD_NEW, 8, 0, 0, &r) < 0 ||
	    r != 0 || proc_read_raw(p, p->gtab + GUARD_NEW, &cur, sizeof cur) < 0) {
		guard_forget(p);   /* cannot tell: leave the pages, the handler works on */
		return;
	}
	if (cur.handler == p->gcode || (cur.handler == 0 && p->gold != 0)) {
		if (inject(p, tid, SYS_rt_sigaction, SIGTRAP, p->gtab + GUARD_OLD, 0, 8, 0, 0, &r) == 0 &&
		    r == 0)
			unmap(p, tid, p->gcode, p->gtab);
	} else {
		/*
		 * The program set an action of its own since, and may have
		 * saved ours to put back later (the sigaction save/restore
		 * idiom): the handler must stay callable. Empty its table so
		 * it only chains to the program's original action.
		 */
		uint64_t end = 0;
		proc_write(p, p->gtab + GUARD_HDR, &end, sizeof end);
	}
	guard_forget(p);
}

void guard_forget(udt_proc_t *p)
{
	p->gcode = p->gtab = p->gold = 0;
	p->gnext = 0;
	p->gfail = 0;
	for (size_t i = 0; i < p->pcap; i++)
		p->ptab[i].gidx = 0;
}

void guard_copy(udt_proc_t *dst, const udt_proc_t *src)
{
	dst->gcode = src->gcode;
	dst->gtab = src->gtab;
	dst->gnext = src->gnext;
	dst->gold = src->gold;
	dst->gfail = src->gfail;
}
