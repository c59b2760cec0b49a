/*
 * test_unwind_sample.c — sym_ustack_sample, the unwinder of a uprobe's
 * sample, against sym_ustack on the same stopped child: a forked child
 * stopped three calls deep gives its registers (PTRACE_GETREGS) and
 * 16 KiB of stack (process_vm_readv), and both unwinders must return the
 * same pcs. Then: the copy wins over live memory, max bounds the walk,
 * and a process that is gone still unwinds by frame pointers over the
 * copy alone.
 * Must not: leave the child behind (PR_SET_PDEATHSIG, killed at the end).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sym/sym.h"
#include "udtrace/regs.h"
#include "unit.h"

static volatile int sink;

/* Three frames that stay three frames at -O2: no inlining, no tail calls. */
__attribute__((noinline)) void us_test_c(void)
{
	raise(SIGSTOP);
	sink++;
	__asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) void us_test_b(void)
{
	us_test_c();
	sink++;
	__asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) void us_test_a(void)
{
	us_test_b();
	sink++;
	__asm__ volatile("" ::: "memory");
}

static int get_regs(pid_t pid, uint64_t *regs)
{
	struct user_regs_struct ur;
	if (ptrace(PTRACE_GETREGS, pid, NULL, &ur) != 0)
		return -1;
	memset(regs, 0, UDT_NREGS * sizeof(*regs));
	memcpy(regs, &ur, sizeof(ur) < UDT_NREGS * sizeof(*regs) ?
	    sizeof(ur) : UDT_NREGS * sizeof(*regs));
	return 0;
}

/* Up to len bytes of pid's stack from sp (less where the stack ends). */
static size_t copy_stack(pid_t pid, uint64_t sp, void *buf, size_t len)
{
	struct iovec local = { buf, len }, remote = { (void *)(uintptr_t)sp, len };
	ssize_t n = process_vm_readv(pid, &local, 1, &remote, 1, 0);
	return n > 0 ? (size_t)n : 0;
}

static void name_of(pid_t pid, uint64_t pc, char *func, size_t len)
{
	char mod[256];
	uint64_t off;
	if (sym_lookup_pid(pid, pc, mod, sizeof(mod), func, len, &off) != 0)
		snprintf(func, len, "?");
}

static int find_frame(pid_t pid, const uint64_t *pcs, int n, const char *name)
{
	char func[256];
	for (int i = 0; i < n; i++) {
		name_of(pid, pcs[i], func, sizeof(func));
		if (strcmp(func, name) == 0)
			return i;
	}
	return -1;
}

static void same_stack(const uint64_t *a, int na, const uint64_t *b, int nb)
{
	CHECK_EQ_INT(nb, na);
	for (int i = 0; i < na && i < nb; i++)
		if (a[i] != b[i]) {
			fprintf(stderr, "frame %d: 0x%llx, expected 0x%llx\n", i,
			    (unsigned long long)b[i], (unsigned long long)a[i]);
			CHECK(a[i] == b[i]);
			return;
		}
}

static void test_child(pid_t pid)
{
	static uint8_t stack[16384];
	uint64_t regs[UDT_NREGS], ref[64], pcs[64];
	int status;

	CHECK(waitpid(pid, &status, 0) == pid);
	CHECK(WIFSTOPPED(status) && WSTOPSIG(status) == SIGSTOP);
	CHECK_EQ_INT(get_regs(pid, regs), 0);
	size_t len = copy_stack(pid, regs[R_RSP], stack, sizeof(stack));
	CHECK(len >= 512);

	int nref = sym_ustack(NULL, pid, regs, ref, 64);
	CHECK(nref >= 5);
	int at = find_frame(pid, ref, nref, "us_test_c");
	CHECK(at > 0);
	CHECK(at >= 0 && at + 3 < nref);
	if (at < 0 || at + 3 >= nref)
		return;
	CHECK_EQ_INT(find_frame(pid, ref, nref, "us_test_b"), at + 1);
	CHECK_EQ_INT(find_frame(pid, ref, nref, "us_test_a"), at + 2);
	CHECK_EQ_INT(find_frame(pid, ref, nref, "main"), at + 3);

	/* the sample gives the same stack: cold, cached, after a flush */
	for (int round = 0; round < 3; round++) {
		if (round == 2)
			sym_cache_flush();
		int n = sym_ustack_sample(pid, regs, stack, len, pcs, 64);
		same_stack(ref, nref, pcs, n);
	}
	/* no copy at all: every word through process_vm_readv */
	same_stack(ref, nref, pcs, sym_ustack_sample(pid, regs, NULL, 0, pcs, 64));
	/* a copy too short for the outer frames: the rest from the process */
	same_stack(ref, nref, pcs, sym_ustack_sample(pid, regs, stack, 64, pcs,
	    64));

	/* max bounds the walk */
	CHECK_EQ_INT(sym_ustack_sample(pid, regs, stack, len, pcs, 2), 2);
	CHECK_EQ_INT(pcs[0], regs[R_RIP]);
	CHECK_EQ_INT(sym_ustack_sample(pid, regs, stack, len, pcs, 0), 0);

	/*
	 * The copy wins: b's return address into a, changed in the copy only,
	 * is what the unwinder reports (the hit's stack, not today's).
	 */
	static uint8_t forged[16384];
	memcpy(forged, stack, len);
	int slot = -1;
	for (size_t o = 0; o + 8 <= len; o += 8) {
		uint64_t w;
		memcpy(&w, stack + o, 8);
		if (w == ref[at + 2]) {
			slot = (int)o;
			break;
		}
	}
	CHECK(slot >= 0);
	if (slot >= 0) {
		uint64_t bogus = ref[at + 2] + 1;
		memcpy(forged + slot, &bogus, 8);
		int n = sym_ustack_sample(pid, regs, forged, len, pcs, 64);
		CHECK(n > at + 2);
		if (n > at + 2) {
			CHECK_EQ_INT(pcs[at + 1], ref[at + 1]);
			CHECK_EQ_INT(pcs[at + 2], bogus);
		}
	}

	/* symbolization is sym_lookup_pid's, as for the ptrace stacks */
	char func[256];
	int n = sym_ustack_sample(pid, regs, stack, len, pcs, 64);
	if (n > at + 1) {
		name_of(pid, pcs[at + 1], func, sizeof(func));
		CHECK_EQ_STR(func, "us_test_b");
	}

	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);

	/*
	 * The process is gone: no modules, no memory; a frame chain in the
	 * copy still unwinds by frame pointers (fp -> [fp], [fp+8]).
	 */
	uint64_t fake[16] = { 0 }, fregs[UDT_NREGS] = { 0 };
	uint64_t base = 0x7ffd00001000ULL;
	fregs[R_RIP] = 0x1000;
	fregs[R_RSP] = base;
	fregs[R_RBP] = base + 16;
	fake[2] = base + 48;     /* [fp] = the caller's fp */
	fake[3] = 0x2222;        /* [fp+8] = return address */
	fake[6] = 0;             /* the outermost frame */
	fake[7] = 0x3333;
	n = sym_ustack_sample(pid, fregs, fake, sizeof(fake), pcs, 64);
	CHECK_EQ_INT(n, 3);
	CHECK_EQ_INT(pcs[0], 0x1000);
	CHECK_EQ_INT(pcs[1], 0x2222);
	CHECK_EQ_INT(pcs[2], 0x3333);
	/* ... and stops at the end of the copy instead of reading garbage */
	n = sym_ustack_sample(pid, fregs, fake, 40, pcs, 64);
	CHECK_EQ_INT(n, 2);
	/* a pc of 0 is no stack */
	fregs[R_RIP] = 0;
	CHECK_EQ_INT(sym_ustack_sample(pid, fregs, fake, sizeof(fake), pcs, 64), 0);
}

int main(void)
{
	pid_t child = fork();

	if (child == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		ptrace(PTRACE_TRACEME, 0, NULL, NULL);
		us_test_a();
		_exit(0);
	}
	CHECK(child > 0);
	if (child > 0)
		test_child(child);
	sym_cache_flush();
	return UNIT_END();
}
