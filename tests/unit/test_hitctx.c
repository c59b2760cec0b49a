/*
 * test_hitctx.c — a uprobe-style hit (no process handle, a stack copy)
 * read the way D reads it: stack addresses from the copy even when the
 * live stack has changed since, a read straddling the copy's end half
 * from the copy and half live, reads outside the copy through
 * process_vm_readv of the hit's pid, unreadable memory failing (so D
 * faults) instead of returning zeros, the unwinder choice, and the
 * identity of a process udtrace does not trace.
 * Must not: need another process: the hit's pid is this test's own.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

#include "consumer/hitctx.h"
#include "udtrace/regs.h"
#include "unit.h"

static uint64_t live[64];        /* "the target's stack" (this process) */

int main(void)
{
	uint8_t copy[128];
	udt_hit_t uh;
	uint64_t w[4];
	uint8_t buf[64];

	for (int i = 0; i < 64; i++)
		live[i] = 0x1000 + (uint64_t)i;
	memset(&uh, 0, sizeof(uh));
	uh.pid = uh.tid = getpid();
	uh.regs[R_RSP] = (uint64_t)(uintptr_t)&live[0];
	/* the copy: what live[0..15] held at the hit */
	for (int i = 0; i < 16; i++) {
		uint64_t v = 0x2000 + (uint64_t)i;
		memcpy(copy + 8 * i, &v, 8);
	}
	uh.stack = copy;
	uh.stacklen = sizeof(copy);

	/* inside the copy: the copy's words, not today's */
	CHECK_EQ_INT(hitctx_stack_words(&uh, 8, w, 2), 0);
	CHECK_EQ_INT(w[0], 0x2001);
	CHECK_EQ_INT(w[1], 0x2002);
	CHECK_EQ_INT(hitctx_read(&uh, (uint64_t)(uintptr_t)&live[15], w, 8), 0);
	CHECK_EQ_INT(w[0], 0x200f);
	/* straddling the end of the copy: copy, then live */
	CHECK_EQ_INT(hitctx_read(&uh, (uint64_t)(uintptr_t)&live[14], w, 32), 0);
	CHECK_EQ_INT(w[0], 0x200e);
	CHECK_EQ_INT(w[1], 0x200f);
	CHECK_EQ_INT(w[2], 0x1010);
	CHECK_EQ_INT(w[3], 0x1011);
	/* below regs[R_RSP] (the red zone): live, then the copy */
	uh.regs[R_RSP] = (uint64_t)(uintptr_t)&live[2];
	CHECK_EQ_INT(hitctx_read(&uh, (uint64_t)(uintptr_t)&live[1], w, 16), 0);
	CHECK_EQ_INT(w[0], 0x1001);
	CHECK_EQ_INT(w[1], 0x2000);
	uh.regs[R_RSP] = (uint64_t)(uintptr_t)&live[0];
	/* outside it: process_vm_readv of the hit's pid */
	CHECK_EQ_INT(hitctx_read(&uh, (uint64_t)(uintptr_t)&live[40], w, 8), 0);
	CHECK_EQ_INT(w[0], 0x1028);
	static const char text[] = "a string in the target";
	CHECK_EQ_INT(hitctx_read(&uh, (uint64_t)(uintptr_t)text, buf,
	    sizeof(text)), 0);
	CHECK_EQ_STR((char *)buf, text);
	/* zero bytes always succeed */
	CHECK_EQ_INT(hitctx_read(&uh, 0, buf, 0), 0);

	/* unreadable memory fails whole: D's fault, never zeros */
	long pg = sysconf(_SC_PAGESIZE);
	uint8_t *m = mmap(NULL, (size_t)pg * 2, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	CHECK(m != MAP_FAILED);
	if (m != MAP_FAILED) {
		memset(m, 'x', (size_t)pg);
		munmap(m + pg, (size_t)pg);
		CHECK_EQ_INT(hitctx_read(&uh, (uint64_t)(uintptr_t)(m + pg - 8),
		    buf, 16), -1);
		CHECK_EQ_INT(hitctx_read(&uh, (uint64_t)(uintptr_t)(m + pg - 8),
		    buf, 8), 0);
		munmap(m, (size_t)pg);
	}
	CHECK_EQ_INT(hitctx_read(&uh, 8, buf, 8), -1);
	/* ... also when the range would wrap */
	CHECK_EQ_INT(hitctx_read(&uh, UINT64_MAX - 3, buf, 8), -1);
	/* no pid and no process: nothing outside the copy */
	uh.pid = 0;
	CHECK_EQ_INT(hitctx_read(&uh, (uint64_t)(uintptr_t)&live[40], w, 8), -1);
	CHECK_EQ_INT(hitctx_read(&uh, (uint64_t)(uintptr_t)&live[3], w, 8), 0);
	CHECK_EQ_INT(w[0], 0x2003);
	uh.pid = getpid();
	/* no copy at all: everything live */
	uh.stack = NULL;
	uh.stacklen = 0;
	CHECK_EQ_INT(hitctx_stack_words(&uh, 8, w, 1), 0);
	CHECK_EQ_INT(w[0], 0x1001);

	/* the unwinder: only ptrace holds threads stopped */
	CHECK_EQ_INT(hitctx_stopped(NULL), 0);
	static const udt_backend_ops_t pt = { .name = "ptrace" };
	static const udt_backend_ops_t up = { .name = "uprobe" };
	udt_backend_t bpt = { .ops = &pt }, bup = { .ops = &up };
	CHECK_EQ_INT(hitctx_stopped(&bpt), 1);
	CHECK_EQ_INT(hitctx_stopped(&bup), 0);

	/* identity of a process we do not trace: ours, from /proc */
	const hitctx_ident_t *id = hitctx_ident(getpid(), 1000, 0);
	CHECK_EQ_INT(id->pid, getpid());
	CHECK_EQ_INT(id->ppid, getppid());
	CHECK_EQ_INT(id->uid, getuid());
	CHECK_EQ_INT(id->gid, getgid());
	CHECK_EQ_STR(id->execname, "test_hitctx");
	/* cached within a quarter second, read again after */
	CHECK(hitctx_ident(getpid(), 1000 + 1000000, 0) == id);
	CHECK_EQ_STR(hitctx_ident(getpid(), 1000 + 1000000000ULL, 0)->execname,
	    "test_hitctx");
	/* a process that does not exist: zeros and an empty name */
	id = hitctx_ident(0x3fffffff, 5, 0);
	CHECK_EQ_INT(id->ppid, 0);
	CHECK_EQ_STR(id->execname, "");
	/*
	 * fresh (the program reads uid or gid): a read taken after the hit
	 * serves it; a hit more than HITCTX_IDENT_FRESH_NS after the read,
	 * or any hit after hitctx_ident_forget, reads again, so a setgid
	 * between two hits shows (in a child, root: its gid changes, ours
	 * not)
	 */
	pid_t c = fork();
	if (c == 0) {
		struct timespec ts;
		clock_gettime(CLOCK_MONOTONIC, &ts);
		uint64_t t0 = (uint64_t)ts.tv_sec * 1000000000ull +
		    (uint64_t)ts.tv_nsec;
		const hitctx_ident_t *ci = hitctx_ident(getpid(), t0, 1);
		uint32_t before = ci->gid;
		if (setgid(getgid() + 4321) != 0)
			_exit(3);   /* not root: nothing to show */
		int kept = hitctx_ident(getpid(), t0, 1)->gid == before;
		int late = hitctx_ident(getpid(), t0 + 60000000000ULL, 1)->gid ==
		    getgid();
		if (setgid(getgid() + 1) != 0)
			_exit(4);
		/* within HITCTX_IDENT_FRESH_NS of the last read: kept */
		int stale = hitctx_ident(getpid(), ci->readat + 1000, 1)->gid !=
		    getgid();
		hitctx_ident_forget(getpid());
		int forgot = hitctx_ident(getpid(), t0, 1)->gid == getgid();
		_exit(kept && late && stale && forgot ? 0 : 1);
	}
	int st = -1;
	CHECK_EQ_INT((int)waitpid(c, &st, 0), (int)c);
	CHECK(WIFEXITED(st) && (WEXITSTATUS(st) == 0 ||
	    (WEXITSTATUS(st) == 3 && getuid() != 0)));
	return UNIT_END();
}
