/*
 * scratch.c — executable memory of our own inside the target, for the
 * backend's out-of-line instructions (decision 3), and the system call
 * injection that maps and unmaps it.
 *
 * Owns: proc_inject_syscall, the scratch areas and their placement.
 * Must not: leave anything of the injection behind: the thread's
 * registers are restored, and a borrowed `syscall` instruction is one
 * that was already there (or two bytes written and restored at once).
 * Invariant: every scratch address handed out lies within +-2 GiB of the
 * `near` it was asked for, so a rel32 jump reaches it from there and
 * back; areas are only unmapped by proc_release (the backend moves pcs
 * out first) and forgotten on exec.
 */
#include "proc/proc_impl.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif

#define AREA_MIN  (64 * 1024)
#define REACH     0x7fff0000ull   /* a little under 2 GiB: room for the jump itself */

static const uint8_t syscall_insn[2] = { 0x0f, 0x05 };

static int is_syscall_at(udt_proc_t *p, uint64_t a)
{
	uint8_t b[2];
	return a && proc_read_raw(p, a, b, 2) == 0 && memcmp(b, syscall_insn, 2) == 0;
}

static int in_area(const udt_proc_t *p, uint64_t a)
{
	for (size_t i = 0; i < p->nscr; i++)
		if (a >= p->scr[i].base && a < p->scr[i].base + p->scr[i].size)
			return 1;
	return 0;
}

/* Ours, and unmapped at release: not a `syscall` to borrow. */
static int mapped_by_us(const udt_proc_t *p, uint64_t a)
{
	return in_area(p, a) || guard_covers(p, a);
}

/* A `syscall` instruction already in executable memory (bytes, not a boundary: we step just it). */
static uint64_t find_syscall(udt_proc_t *p, uint64_t rip)
{
	if (is_syscall_at(p, p->sysinsn) && !mapped_by_us(p, p->sysinsn))
		return p->sysinsn;
	if (rip >= 2 && is_syscall_at(p, rip - 2) && !mapped_by_us(p, rip - 2))
		return p->sysinsn = rip - 2;
	const udt_map_t *m;
	size_t n;
	if (proc_maps(p, &m, &n) < 0)
		return 0;
	static uint8_t buf[65536];
	/* The vdso first: small and always there. */
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < n; i++) {
			int vdso = strcmp(m[i].path, "[vdso]") == 0;
			if (!(m[i].prot & PROT_EXEC) || vdso != (pass == 0) ||
			    mapped_by_us(p, m[i].start))
				continue;
			for (uint64_t a = m[i].start; a < m[i].end; a += sizeof(buf) - 1) {
				size_t len = m[i].end - a < sizeof(buf) ? m[i].end - a : sizeof(buf);
				if (proc_read_raw(p, a, buf, len) < 0)
					break;
				for (size_t k = 0; k + 1 < len; k++)
					if (buf[k] == 0x0f && buf[k + 1] == 0x05)
						return p->sysinsn = a + k;
				if (len < sizeof(buf))
					break;
			}
		}
	}
	return 0;
}

/*
 * A thread stopped at a fork/clone/exec event is still inside that
 * system call: its result is written into rax when it resumes, over our
 * call number, and the registers we restore then show -ENOSYS, on which
 * glibc retries clone3 as clone — a second thread running the same
 * start routine. Step it out of the call first (the step reports right
 * after the syscall instruction, result in rax). A vfork parent would
 * block for its child: refuse. 0 ready, -1 not usable; *pending gets a
 * signal that arrived meanwhile (given back after the injection).
 */
static int leave_syscall_event(pid_t tid, int *pending)
{
	for (int tries = 0; tries < 10; tries++) {
		siginfo_t si;
		int st, ev;
		pid_t w;
		if (ptrace(PTRACE_GETSIGINFO, tid, 0, &si) < 0)
			return 0;   /* not a signal or event stop: nothing to leave */
		ev = (si.si_code >> 8) & 0xff;
		if (si.si_signo != SIGTRAP || (ev != PTRACE_EVENT_FORK &&
		    ev != PTRACE_EVENT_CLONE && ev != PTRACE_EVENT_EXEC &&
		    ev != PTRACE_EVENT_VFORK_DONE))
			return ev == PTRACE_EVENT_VFORK ? -1 : 0;
		if (ptrace(PTRACE_SINGLESTEP, tid, 0, 0) < 0)
			return -1;
		while ((w = waitpid(tid, &st, __WALL)) < 0 && errno == EINTR)
			;
		if (w < 0 || !WIFSTOPPED(st))
			return -1;
		if ((st >> 16) == 0 && WSTOPSIG(st) != SIGTRAP)
			*pending = WSTOPSIG(st);
	}
	return -1;
}

int proc_inject_syscall(udt_proc_t *p, pid_t tid, long nr,
    const uint64_t args[6], uint64_t *ret)
{
	struct user_regs_struct saved, r;
	int pending = 0;
	/* injected.c must know every call we inject (its invariant) */
	if (!proc_may_inject(nr)) {
		errno = EINVAL;
		return -1;
	}
	if (leave_syscall_event(tid, &pending) < 0) {
		if (pending)
			syscall(SYS_tgkill, p->pid, tid, pending);
		return -1;
	}
	if (ptrace(PTRACE_GETREGS, tid, 0, &saved) < 0)
		return -1;
	uint64_t at = find_syscall(p, saved.rip);
	uint8_t keep[2];
	int borrowed = 0;
	if (!at) {
		/* Nothing to borrow: write one at the pc, through the table. */
		at = saved.rip;
		if (proc_read_raw(p, at, keep, 2) < 0)
			return -1;
		uint8_t o;
		if (proc_patch_find(p, at, &o) || proc_patch_find(p, at + 1, &o)) {
			if (proc_write(p, at, syscall_insn, 2) < 0)
				return -1;
			borrowed = 1;
		} else {
			if (proc_patch(p, at, syscall_insn, 2) < 0)
				return -1;
			borrowed = 2;
		}
	}
	r = saved;
	r.rax = (uint64_t)nr;
	r.rdi = args[0];
	r.rsi = args[1];
	r.rdx = args[2];
	r.r10 = args[3];
	r.r8 = args[4];
	r.r9 = args[5];
	r.rip = at;
	/* No system call restart for the one the thread was stopped in: we are not resuming it. */
	r.orig_rax = (uint64_t)-1;
	int rc = -1;
	unsigned win = proc_inj_begin(tid);
	if (ptrace(PTRACE_SETREGS, tid, 0, &r) < 0)
		goto restore_bytes;
	for (int tries = 0; tries < 100; tries++) {
		int st;
		if (ptrace(PTRACE_SINGLESTEP, tid, 0, 0) < 0)
			goto restore_regs;
		pid_t w;
		while ((w = waitpid(tid, &st, __WALL)) < 0 && errno == EINTR)
			;
		if (w < 0 || WIFEXITED(st) || WIFSIGNALED(st))
			goto restore_bytes;   /* gone: nothing to restore in it */
		if (!WIFSTOPPED(st))
			continue;
		if (ptrace(PTRACE_GETREGS, tid, 0, &r) < 0)
			goto restore_bytes;
		if (r.rip == at + 2) {
			*ret = r.rax;
			rc = 0;
			break;
		}
		/* A signal arrived before the step: hold it and give it back after. */
		if ((st >> 16) == 0 && WSTOPSIG(st) != SIGTRAP)
			pending = WSTOPSIG(st);
		/*
		 * A stop before the instruction ran (a trap left pending by
		 * the exec, an interrupt): step again. Anywhere else: give up.
		 */
		else if (r.rip != at)
			break;
	}
restore_regs:
	ptrace(PTRACE_SETREGS, tid, 0, &saved);
	if (pending)
		syscall(SYS_tgkill, p->pid, tid, pending);
restore_bytes:
	proc_inj_end(win);
	if (borrowed == 1)
		proc_write(p, at, keep, 2);
	else if (borrowed == 2)
		proc_unpatch(p, at, 2);
	return rc;
}

static int reachable(uint64_t a, uint64_t len, uint64_t near)
{
	if (a + len <= near)
		return near - a <= REACH;
	if (a >= near)
		return a + len - near <= REACH;
	return 1;
}

typedef struct cand { uint64_t addr, dist; } cand_t;

static int cmp_cand(const void *x, const void *y)
{
	uint64_t a = ((const cand_t *)x)->dist, b = ((const cand_t *)y)->dist;
	return a < b ? -1 : a > b;
}

/* Holes near `near` big enough for size bytes, nearest first. */
static size_t candidates(udt_proc_t *p, uint64_t near, uint64_t size,
    cand_t *c, size_t max)
{
	const udt_map_t *m;
	size_t n, k = 0;
	uint64_t pg = (uint64_t)sysconf(_SC_PAGESIZE);
	if (proc_maps(p, &m, &n) < 0 || n == 0)
		return 0;
	cand_t *all = malloc((n + 1) * 2 * sizeof(*all));
	if (!all)
		return 0;
	uint64_t lo = 0x10000, top = 0x7ffffffff000ull;
	for (size_t i = 0; i <= n; i++) {
		uint64_t gs = i == 0 ? lo : m[i - 1].end;
		uint64_t ge = i == n ? top : m[i].start;
		if (i == n || (i < n && m[i].start >= top))
			ge = top;
		/* Leave room for the heap to grow up and the stack to grow down. */
		if (i > 0 && strcmp(m[i - 1].path, "[heap]") == 0)
			gs += 256ull << 20;
		if (i < n && strcmp(m[i].path, "[stack]") == 0)
			ge = ge > (256ull << 20) ? ge - (256ull << 20) : 0;
		if (i == n && n > 0 && m[n - 1].end >= top)
			continue;
		if (gs < lo)
			gs = lo;
		gs = (gs + pg - 1) & ~(pg - 1);
		ge &= ~(pg - 1);
		if (ge <= gs || ge - gs < size)
			continue;
		uint64_t a = ge <= near ? ge - size : gs >= near ? gs : 0;
		if (!a) {
			/* near is inside the hole (unusual): take the hole's start. */
			a = gs;
		}
		if (!reachable(a, size, near))
			continue;
		all[k].addr = a;
		all[k].dist = a > near ? a - near : near - a;
		k++;
	}
	qsort(all, k, sizeof(*all), cmp_cand);
	if (k > max)
		k = max;
	memcpy(c, all, k * sizeof(*c));
	free(all);
	return k;
}

uint64_t proc_scratch(udt_proc_t *p, pid_t tid, uint64_t near, size_t len)
{
	if (len == 0)
		len = 1;
	for (size_t i = 0; i < p->nscr; i++) {
		proc_scr_t *s = &p->scr[i];
		uint64_t off = (s->used + 15) & ~15ull;
		if (off + len <= s->size && reachable(s->base + off, len, near)) {
			s->used = off + len;
			return s->base + off;
		}
	}
	if (p->sharedvm)
		return 0;
	uint64_t pg = (uint64_t)sysconf(_SC_PAGESIZE);
	uint64_t size = ((len > AREA_MIN ? len : AREA_MIN) + pg - 1) & ~(pg - 1);
	cand_t c[8];
	size_t nc = candidates(p, near, size, c, 8);
	for (size_t i = 0; i < nc; i++) {
		uint64_t args[6] = { c[i].addr, size, PROT_READ | PROT_EXEC,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE,
		    (uint64_t)-1, 0 };
		uint64_t a;
		if (proc_inject_syscall(p, tid, SYS_mmap, args, &a) < 0)
			return 0;
		if (a >= (uint64_t)-4095)
			continue;
		if (!reachable(a, size, near)) {
			/* An old kernel took MAP_FIXED_NOREPLACE as a hint and put it elsewhere. */
			uint64_t un[6] = { a, size, 0, 0, 0, 0 }, r;
			proc_inject_syscall(p, tid, SYS_munmap, un, &r);
			continue;
		}
		if (p->nscr == p->capscr) {
			size_t ncap = p->capscr ? p->capscr * 2 : 4;
			proc_scr_t *ns = realloc(p->scr, ncap * sizeof(*ns));
			if (!ns) {
				uint64_t un[6] = { a, size, 0, 0, 0, 0 }, r;
				proc_inject_syscall(p, tid, SYS_munmap, un, &r);
				return 0;
			}
			p->scr = ns;
			p->capscr = ncap;
		}
		p->scr[p->nscr].base = a;
		p->scr[p->nscr].size = size;
		p->scr[p->nscr].used = len;
		p->nscr++;
		guard_note_area(p, a, size);
		return a;
	}
	return 0;
}

int proc_in_scratch(const udt_proc_t *p, uint64_t addr)
{
	return in_area(p, addr);
}

void proc_scratch_unmap(udt_proc_t *p, pid_t tid)
{
	/* The syscall we borrow must not be one that is about to disappear. */
	if (mapped_by_us(p, p->sysinsn))
		p->sysinsn = 0;
	for (size_t i = 0; i < p->nscr; i++) {
		uint64_t args[6] = { p->scr[i].base, p->scr[i].size, 0, 0, 0, 0 }, r;
		proc_inject_syscall(p, tid, SYS_munmap, args, &r);
	}
	p->nscr = 0;
}

int proc_syscall(udt_proc_t *p, pid_t tid, long nr, const uint64_t args[6],
    uint64_t *ret)
{
	if (p->sharedvm)
		return -1;
	return proc_inject_syscall(p, tid, nr, args, ret);
}
