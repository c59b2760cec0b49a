/*
 * test_guard.c — the SIGTRAP guard's machine code (src/proc/guard_stub.c)
 * run in this very process, with no tracer, exactly as a target runs it
 * after udtrace died: copied to a page of its own, given a table, and
 * installed with a raw rt_sigaction.
 *
 * Owns: what the handler does for each kind of SIGTRAP: an int3 at a
 * table site (byte restored through /proc/self/mem, call resumed), a pc
 * inside a listed area (resumed there), the program's own int3 or a sent
 * SIGTRAP (chained to the program's handler, or to the default action,
 * or dropped when ignored and sent), a site whose own byte was int3, a
 * trap udtrace had taken when it died (GUARD_SI_TAKEN).
 * Must not: leave its handler installed (each case restores the action)
 * or dump core (the dying cases run in children with RLIMIT_CORE 0).
 * Invariant: every case fails if the stub's offsets disagree with
 * guard.h or ucontext's layout.
 */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "unit.h"
#include "proc/guard.h"

#ifndef SA_RESTORER
#define SA_RESTORER 0x04000000
#endif

static volatile sig_atomic_t own_traps;
static unsigned char *code, *tab;
static size_t nent;

static void own_handler(int sig)
{
	if (sig == SIGTRAP)
		own_traps++;
}

static long ksigaction(int sig, const guard_ksigaction_t *act, guard_ksigaction_t *old)
{
	return syscall(SYS_rt_sigaction, sig, act, old, 8);
}

/* The program's action (handler: own_handler, SIG_DFL or SIG_IGN), then ours over it. */
static void install(void (*program)(int))
{
	struct sigaction sa;
	guard_ksigaction_t act;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = program;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTRAP, &sa, NULL);
	CHECK_EQ_INT(ksigaction(SIGTRAP, NULL, (guard_ksigaction_t *)(tab + GUARD_OLD)), 0);
	act.handler = (uint64_t)(uintptr_t)code;
	act.flags = SA_SIGINFO | SA_RESTORER;
	act.restorer = (uint64_t)(uintptr_t)(code + (udt_guard_restorer - udt_guard_stub_start));
	act.mask = 0;
	CHECK_EQ_INT(ksigaction(SIGTRAP, &act, NULL), 0);
}

static void uninstall(void)
{
	signal(SIGTRAP, SIG_DFL);
	memset(tab + GUARD_HDR, 0, nent * sizeof(guard_ent_t));
	nent = 0;
}

static void add(uint64_t addr, uint32_t size, uint8_t orig, uint8_t kind)
{
	guard_ent_t e = { addr, size, orig, kind, 0 };
	memcpy(tab + GUARD_HDR + nent++ * sizeof e, &e, sizeof e);
}

/* A read-and-execute page holding bytes (as text is), written through /proc/self/mem's way round: mprotect. */
static unsigned char *text_page(const unsigned char *bytes, size_t n)
{
	unsigned char *pg = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (pg == MAP_FAILED)
		return NULL;
	memset(pg, 0xcc, 4096);
	memcpy(pg, bytes, n);
	mprotect(pg, 4096, PROT_READ | PROT_EXEC);
	return pg;
}

static void poke(unsigned char *at, unsigned char b)
{
	mprotect((void *)((uintptr_t)at & ~4095ul), 4096, PROT_READ | PROT_WRITE);
	*at = b;
	mprotect((void *)((uintptr_t)at & ~4095ul), 4096, PROT_READ | PROT_EXEC);
}

/* mov $42, %eax; ret — with an int3 of a dead udtrace's over its first byte. */
static void site_restored(void)
{
	static const unsigned char fn[] = { 0xb8, 42, 0, 0, 0, 0xc3 };
	unsigned char *pg = text_page(fn, sizeof fn);
	CHECK(pg != NULL);
	poke(pg, 0xcc);
	add((uint64_t)(uintptr_t)pg, 1, 0xb8, G_BYTE);
	install(own_handler);
	own_traps = 0;
	int r = ((int (*)(void))(uintptr_t)pg)();
	CHECK_EQ_INT(r, 42);
	CHECK_EQ_INT(pg[0], 0xb8);        /* the program's byte is back, for good */
	CHECK_EQ_INT(own_traps, 0);       /* not the program's trap */
	CHECK_EQ_INT(((int (*)(void))(uintptr_t)pg)(), 42);
	uninstall();
	munmap(pg, 4096);
}

/* A dead entry is not a site: the trap is the program's. */
static void dead_entry_chains(void)
{
	static const unsigned char fn[] = { 0xcc, 0xb8, 7, 0, 0, 0, 0xc3 };
	unsigned char *pg = text_page(fn, sizeof fn);
	CHECK(pg != NULL);
	add((uint64_t)(uintptr_t)pg, 1, 0x90, G_DEAD);
	install(own_handler);
	own_traps = 0;
	CHECK_EQ_INT(((int (*)(void))(uintptr_t)pg)(), 7);
	CHECK_EQ_INT(own_traps, 1);
	CHECK_EQ_INT(pg[0], 0xcc);
	uninstall();
	munmap(pg, 4096);
}

/* int3; ret inside a listed scratch area: a thread udtrace moved to a slot runs on. */
static void area_resumes(void)
{
	static const unsigned char slot[] = { 0xcc, 0xc3 };
	unsigned char *pg = text_page(slot, sizeof slot);
	CHECK(pg != NULL);
	add((uint64_t)(uintptr_t)pg, 64, 0, G_AREA);
	install(own_handler);
	own_traps = 0;
	((void (*)(void))(uintptr_t)pg)();
	CHECK_EQ_INT(own_traps, 0);
	uninstall();
	munmap(pg, 4096);
}

/* The program's own SIGTRAPs reach its handler: sent, its own int3, and a site whose byte was int3. */
static void program_traps_chain(void)
{
	static const unsigned char fn[] = { 0xcc, 0xc3 };
	unsigned char *pg = text_page(fn, sizeof fn);
	CHECK(pg != NULL);
	add((uint64_t)(uintptr_t)pg, 1, 0xcc, G_BYTE);
	install(own_handler);
	own_traps = 0;
	raise(SIGTRAP);
	CHECK_EQ_INT(own_traps, 1);
	__asm__ volatile("int3");
	CHECK_EQ_INT(own_traps, 2);
	((void (*)(void))(uintptr_t)pg)();
	CHECK_EQ_INT(own_traps, 3);
	CHECK_EQ_INT(pg[0], 0xcc);
	uninstall();
	munmap(pg, 4096);
}

/*
 * A trap a dying udtrace had taken (si_code GUARD_SI_TAKEN, si_addr the
 * int3): a thread it had moved already runs on where it stands; one
 * still just after the int3 is rewound onto the restored byte. The
 * signal comes from rt_tgsigqueueinfo made by a syscall instruction
 * whose second byte stands for the int3, so the pc is that byte + 1:
 * mov %rcx,%r10; mov $297,%eax; syscall; ret — restored, the byte is a
 * nop and the ret follows.
 */
static void taken_trap(void)
{
	static const unsigned char fn[] = { 0x49, 0x89, 0xca, 0xb8, 0x29, 0x01,
	    0, 0, 0x0f, 0x05, 0xc3 };
	unsigned char *pg = text_page(fn, sizeof fn), *a;
	long (*q)(long, long, long, siginfo_t *);
	siginfo_t si;

	CHECK(pg != NULL);
	if (!pg)
		return;
	a = pg + 9;
	q = (long (*)(long, long, long, siginfo_t *))(uintptr_t)pg;
	add((uint64_t)(uintptr_t)a, 1, 0x90, G_BYTE);
	install(own_handler);
	own_traps = 0;
	memset(&si, 0, sizeof si);
	si.si_signo = SIGTRAP;
	si.si_code = GUARD_SI_TAKEN;
	si.si_addr = pg + 200;            /* moved past another int3 */
	CHECK_EQ_INT((int)q(getpid(), syscall(SYS_gettid), SIGTRAP, &si), 0);
	CHECK_EQ_INT(a[0], 0x05);         /* left alone */
	si.si_addr = a;                   /* still just after this one */
	CHECK_EQ_INT((int)q(getpid(), syscall(SYS_gettid), SIGTRAP, &si), 0);
	CHECK_EQ_INT(a[0], 0x90);         /* restored, and run from there */
	CHECK_EQ_INT(own_traps, 0);
	uninstall();
	munmap(pg, 4096);
}

/* In a child: SIGTRAP's action is dfl_or_ign; then a sent SIGTRAP (how = 0) or an int3 not ours (1). */
static int child_status(void (*program)(int), int how)
{
	pid_t pid = fork();
	int st = -1;
	if (pid == 0) {
		struct rlimit nocore = { 0, 0 };
		setrlimit(RLIMIT_CORE, &nocore);
		install(program);
		if (how == 0)
			raise(SIGTRAP);
		else
			__asm__ volatile("int3");
		_exit(0);
	}
	if (pid > 0)
		waitpid(pid, &st, 0);
	return st;
}

static void default_and_ignored(void)
{
	int st = child_status(SIG_DFL, 1);
	CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGTRAP);
	st = child_status(SIG_DFL, 0);
	CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGTRAP);
	st = child_status(SIG_IGN, 0);          /* sent and ignored: dropped */
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	st = child_status(SIG_IGN, 1);          /* a trap is never ignored */
	CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGTRAP);
}

int main(void)
{
	size_t len = (size_t)(udt_guard_stub_end - udt_guard_stub_start);
	uint64_t t;

	code = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	tab = mmap(NULL, 1 << 16, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	CHECK(code != MAP_FAILED && tab != MAP_FAILED && len < 4096);
	if (code == MAP_FAILED || tab == MAP_FAILED)
		return UNIT_END();
	memcpy(code, udt_guard_stub_start, len);
	t = (uint64_t)(uintptr_t)tab;
	memcpy(code + (udt_guard_table_slot - udt_guard_stub_start), &t, 8);
	mprotect(code, 4096, PROT_READ | PROT_EXEC);

	site_restored();
	dead_entry_chains();
	area_resumes();
	program_traps_chain();
	taken_trap();
	default_and_ignored();
	return UNIT_END();
}
