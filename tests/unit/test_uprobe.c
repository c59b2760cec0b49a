/*
 * test_uprobe.c — the uprobe backend against children of this very test
 * (same file, same offsets): exact hit counts with their registers, pid,
 * tid and stack copy; threads born after the probes were placed, on two
 * CPUs, delivered in timestamp order; a system-wide site firing in a
 * process started later; lost samples reported exactly as drops when a
 * tiny ring overflows; a removed site firing no more; a USDT-style
 * semaphore counted by the kernel and back to zero when the fds close;
 * nothing left in the target's text after destroy.
 * Must not: depend on the consumer; the callbacks count hits themselves.
 * Invariant: every child tells its own count through a pipe, so a lost
 * or extra hit shows as a difference, never as a hang.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>
#include "backend/backend.h"
#include "proc/proc.h"
#include "unit.h"

/* The probed function: its own bytes, so the site is its first insn. */
__attribute__((noinline, noipa)) long upt_fn(long a, long b)
{
	__asm__ volatile("" ::: "memory");
	return a + b;
}

/* A semaphore the kernel counts (ref_ctr_offset), as a USDT probe's. */
/*
 * In a file-backed section, as <sys/sdt.h> puts semaphores: the kernel
 * updates a ref_ctr only inside a mapping of the file, and a .bss
 * variable can sit past the file's last page (it does in the ASan build).
 */
volatile unsigned short upt_sema __attribute__((section(".probes"))) = 0;

static long nhits, bad_rip, bad_pid, arg_sum, nstack, bad_order, ncpu_seen[2];
static uint64_t last_time;
static pid_t want_pid;
static int exited;
static uint64_t fn_addr;
static udt_proc_t *want_proc;

static void on_hit(void *arg, const udt_hit_t *h)
{
	(void)arg;
	nhits++;
	if (h->regs[R_RIP] != fn_addr)
		bad_rip++;
	if (want_pid && (h->pid != want_pid || h->proc != want_proc))
		bad_pid++;
	arg_sum += (long)(h->regs[R_RSI] - h->regs[R_RDI]);
	if (h->time < last_time)
		bad_order++;
	last_time = h->time;
	if (h->cpu == 0 || h->cpu == 1)
		ncpu_seen[h->cpu]++;
	if (h->stack && h->stacklen >= 8) {
		uint64_t ra;
		memcpy(&ra, h->stack, 8);
		/* the return address lies in this test's text, past upt_fn */
		if (ra > fn_addr && ra < fn_addr + (1 << 20))
			nstack++;
	}
}

static void on_exited(void *arg, udt_proc_t *p, int status)
{
	(void)arg; (void)p; (void)status;
	exited++;
}

static const udt_backend_cb_t cbs = { .hit = on_hit, .exited = on_exited };

static void reset(void)
{
	nhits = bad_rip = bad_pid = arg_sum = nstack = bad_order = 0;
	ncpu_seen[0] = ncpu_seen[1] = 0;
	last_time = 0;
	exited = 0;
	want_pid = 0;
	want_proc = NULL;
}

/* File offset of addr in our own executable (from /proc/self/maps). */
static uint64_t file_off(uint64_t addr)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[512];
	uint64_t r = 0;

	while (f && fgets(line, sizeof line, f)) {
		unsigned long long s, e, off;
		if (sscanf(line, "%llx-%llx %*s %llx", &s, &e, &off) == 3 &&
		    addr >= s && addr < e) {
			r = addr - s + off;
			break;
		}
	}
	if (f)
		fclose(f);
	return r;
}

static char exe[4096];

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* Dispatch until `until` says stop, or 20 s. */
static int run(udt_backend_t *be, int (*until)(void))
{
	struct pollfd pfd = { be->ops->fd(be), POLLIN, 0 };
	uint64_t end = now_ms() + 20000;

	while (!until()) {
		if (now_ms() > end) {
			fprintf(stderr, "run: timeout (%ld hits)\n", nhits);
			return -1;
		}
		poll(&pfd, 1, 20);
		if (be->ops->dispatch(be) < 0)
			return -1;
	}
	return 0;
}

static int until_exit(void) { return exited > 0; }
static long hits_wanted;
static int until_hits(void) { return nhits >= hits_wanted; }

/* ---- children ---- */

typedef struct { pid_t pid; int go[2], out[2]; } child_t;

static void put(int out, long v)
{
	if (write(out, &v, sizeof v) != (ssize_t)sizeof v)
		_exit(98);
}

static int child_start(child_t *c, void (*body)(child_t *c))
{
	char x;

	if (pipe(c->go) < 0 || pipe(c->out) < 0)
		return -1;
	if ((c->pid = fork()) < 0)
		return -1;
	if (c->pid == 0) {
		close(c->go[1]);
		close(c->out[0]);
		if (read(c->go[0], &x, 1) != 1)
			_exit(99);
		body(c);
		_exit(0);
	}
	close(c->go[0]);
	close(c->out[1]);
	return 0;
}

static void child_go(child_t *c)
{
	char x = 'g';

	if (write(c->go[1], &x, 1) != 1)
		perror("write");
}

static long child_get(child_t *c)
{
	long v = -1;

	if (read(c->out[0], &v, sizeof v) != (ssize_t)sizeof v)
		v = -1;
	return v;
}

static void child_end(child_t *c)
{
	close(c->go[1]);
	close(c->out[0]);
}

/* Wait (in the child) for the next go byte. */
static void child_wait(child_t *c)
{
	char x;

	if (read(c->go[0], &x, 1) != 1)
		_exit(97);
}

#define N_BASIC 1000

static void body_basic(child_t *c)
{
	long s = 0;

	for (long i = 0; i < N_BASIC; i++)
		s += upt_fn(i, 2 * i);
	put(c->out[1], s);
}

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof set, &set);
}

#define N_THREAD 2000

static void *thread_run(void *arg)
{
	long cpu = (long)arg, s = 0;

	pin((int)cpu);
	for (long i = 0; i < N_THREAD; i++) {
		s += upt_fn(i, i + 1);
		if (i % 100 == 0)
			sched_yield();
	}
	return (void *)s;
}

static void body_threads(child_t *c)
{
	pthread_t t[2];
	long total = 0;

	for (long i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, thread_run, (void *)i);
	for (int i = 0; i < 2; i++) {
		void *r;
		pthread_join(t[i], &r);
		total += (long)r;
	}
	put(c->out[1], total);
}

#define N_HAMMER 200000

static void body_hammer(child_t *c)
{
	pin(0);   /* one ring: the loss is reported by its next write */
	for (long i = 0; i < N_HAMMER; i++)
		upt_fn(i, i);
	put(c->out[1], N_HAMMER);
	child_wait(c);
	/* a few more: the first write after room is made reports the loss */
	for (long i = 0; i < 10; i++)
		upt_fn(i, i);
	put(c->out[1], 10);
}

static void body_sema(child_t *c)
{
	put(c->out[1], upt_sema);
	child_wait(c);
	put(c->out[1], upt_sema);
}

static udt_site_t site_at(udt_proc_t *p, uint32_t stack)
{
	udt_site_t s;

	memset(&s, 0, sizeof s);
	s.proc = p;
	s.addr = fn_addr;
	s.path = exe;
	s.off = file_off(fn_addr);
	s.stack = stack;
	return s;
}

static udt_backend_t *make(size_t ring)
{
	char err[256] = "";
	udt_backend_t *be = backend_uprobe_create(&cbs, ring, err, sizeof err);

	if (!be)
		fprintf(stderr, "backend_uprobe_create: %s\n", err);
	return be;
}

static udt_proc_t *grab(child_t *c)
{
	char err[256];
	udt_proc_t *p = proc_grab(c->pid, err, sizeof err);

	if (!p)
		fprintf(stderr, "proc_grab: %s\n", err);
	return p;
}

static int reap(pid_t pid)
{
	int st = -1;

	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	return st;
}

/* N calls: N hits, each at the function with its arguments and a stack. */
static void test_basic(void)
{
	child_t c;
	udt_site_t s;
	udt_backend_t *be = make(0);
	udt_proc_t *p;

	CHECK(be != NULL);
	if (!be || child_start(&c, body_basic) < 0 || !(p = grab(&c)))
		return;
	reset();
	want_pid = c.pid;
	want_proc = p;
	CHECK_EQ_INT(be->ops->add_proc(be, p), 0);
	s = site_at(p, 64);
	CHECK_EQ_INT(be->ops->add_site(be, &s), 0);
	CHECK_EQ_STR(be->ops->name, "uprobe");
	CHECK_EQ_INT(be->ops->resume(be), 0);
	child_go(&c);
	CHECK_EQ_INT(child_get(&c), (long)N_BASIC * (N_BASIC - 1) / 2 * 3);
	CHECK_EQ_INT(run(be, until_exit), 0);
	CHECK_EQ_INT(nhits, N_BASIC);
	CHECK_EQ_INT(bad_rip, 0);
	CHECK_EQ_INT(bad_pid, 0);
	/* rsi - rdi summed: sum of i */
	CHECK_EQ_INT(arg_sum, (long)N_BASIC * (N_BASIC - 1) / 2);
	CHECK_EQ_INT(nstack, N_BASIC);
	CHECK_EQ_INT(bad_order, 0);
	CHECK_EQ_INT(be->ops->take_drops(be, 0) + be->ops->take_drops(be, 1), 0);
	CHECK_EQ_INT(be->ops->nprocs(be), 0);
	be->ops->destroy(be);
	proc_release(p);
	child_end(&c);
}

/* Threads born after the site was placed, one per CPU, merged by time. */
static void test_threads(void)
{
	child_t c;
	udt_site_t s;
	udt_backend_t *be = make(0);
	udt_proc_t *p;

	if (!be || child_start(&c, body_threads) < 0 || !(p = grab(&c)))
		return;
	reset();
	want_pid = c.pid;
	want_proc = p;
	CHECK_EQ_INT(be->ops->add_proc(be, p), 0);
	s = site_at(p, 0);
	CHECK_EQ_INT(be->ops->add_site(be, &s), 0);
	CHECK_EQ_INT(be->ops->resume(be), 0);
	child_go(&c);
	/* clone events stop the child until dispatched: run first */
	CHECK_EQ_INT(run(be, until_exit), 0);
	CHECK(child_get(&c) > 0);
	CHECK_EQ_INT(nhits, 2 * N_THREAD);
	CHECK_EQ_INT(bad_pid, 0);
	CHECK_EQ_INT(nstack, 0);     /* no stack asked for */
	if (sysconf(_SC_NPROCESSORS_ONLN) >= 2) {
		CHECK_EQ_INT(ncpu_seen[0], N_THREAD);
		CHECK_EQ_INT(ncpu_seen[1], N_THREAD);
	}
	CHECK_EQ_INT(bad_order, 0);
	be->ops->destroy(be);
	proc_release(p);
	reap(c.pid);
	child_end(&c);
}

/*
 * A one-page ring the child overflows while we do not read: every call
 * is either a hit or a counted drop, none vanishes.
 */
static void test_drops(void)
{
	child_t c;
	udt_site_t s;
	udt_backend_t *be = make(4096);
	udt_proc_t *p;
	uint64_t drops = 0;

	if (!be || child_start(&c, body_hammer) < 0 || !(p = grab(&c)))
		return;
	reset();
	want_pid = c.pid;
	want_proc = p;
	CHECK_EQ_INT(be->ops->add_proc(be, p), 0);
	s = site_at(p, 0);
	CHECK_EQ_INT(be->ops->add_site(be, &s), 0);
	CHECK_EQ_INT(be->ops->resume(be), 0);
	child_go(&c);
	CHECK_EQ_INT(child_get(&c), N_HAMMER);   /* it ran all, unread */
	hits_wanted = 1;
	CHECK_EQ_INT(run(be, until_hits), 0);
	child_go(&c);
	CHECK_EQ_INT(child_get(&c), 10);
	CHECK_EQ_INT(run(be, until_exit), 0);
	for (int cpu = 0; cpu < 64; cpu++)
		drops += be->ops->take_drops(be, cpu);
	CHECK(drops > 0);
	CHECK_EQ_INT((long)drops + nhits, N_HAMMER + 10);
	CHECK_EQ_INT(be->ops->take_drops(be, 0), 0);   /* taken once */
	be->ops->destroy(be);
	proc_release(p);
	reap(c.pid);
	child_end(&c);
}

/* A system-wide site fires in a process that did not exist before. */
static void test_global(void)
{
	child_t c;
	udt_site_t s;
	udt_backend_t *be = make(0);

	if (!be)
		return;
	reset();
	s = site_at(NULL, 0);
	CHECK_EQ_INT(be->ops->add_site(be, &s), 0);
	if (child_start(&c, body_basic) < 0)
		return;
	child_go(&c);
	CHECK(child_get(&c) > 0);
	hits_wanted = N_BASIC;
	CHECK_EQ_INT(run(be, until_hits), 0);
	CHECK_EQ_INT(nhits, N_BASIC);
	CHECK_EQ_INT(bad_rip, 0);
	/* removed: the next child fires nothing */
	CHECK_EQ_INT(be->ops->remove_site(be, &s), 0);
	reap(c.pid);
	child_end(&c);
	if (child_start(&c, body_basic) < 0)
		return;
	child_go(&c);
	CHECK(child_get(&c) > 0);
	reap(c.pid);
	be->ops->dispatch(be);
	CHECK_EQ_INT(nhits, N_BASIC);
	be->ops->destroy(be);
	child_end(&c);
}

/* The kernel counts the semaphore while the event lives, and only then. */
static void test_sema(void)
{
	child_t c;
	udt_site_t s;
	udt_backend_t *be = make(0);
	udt_proc_t *p;
	uint8_t byte = 0, orig;

	if (!be || child_start(&c, body_sema) < 0 || !(p = grab(&c)))
		return;
	reset();
	memcpy(&orig, (void *)(uintptr_t)fn_addr, 1);
	CHECK_EQ_INT(be->ops->add_proc(be, p), 0);
	s = site_at(p, 0);
	s.refctr_off = file_off((uint64_t)(uintptr_t)&upt_sema);
	CHECK_EQ_INT(be->ops->add_site(be, &s), 0);
	CHECK_EQ_INT(be->ops->resume(be), 0);
	child_go(&c);
	CHECK_EQ_INT(child_get(&c), 1);
	CHECK_EQ_INT(proc_read(p, fn_addr, &byte, 1), 0);
	CHECK_EQ_INT(byte, 0xcc);        /* the kernel's breakpoint */
	be->ops->destroy(be);
	/* fds closed: breakpoint and count gone, nothing left behind */
	CHECK_EQ_INT(proc_read(p, fn_addr, &byte, 1), 0);
	CHECK_EQ_INT(byte, orig);
	proc_release(p);
	child_go(&c);
	CHECK_EQ_INT(child_get(&c), 0);
	reap(c.pid);
	child_end(&c);
}

int main(void)
{
	char why[256];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);

	if (n <= 0)
		return 1;
	exe[n] = '\0';
	fn_addr = (uint64_t)(uintptr_t)upt_fn;
	if (!backend_uprobe_permitted(why, sizeof why)) {
		/* nothing to test here, and say so */
		printf("uprobes not permitted (%s)\n", why);
		CHECK(1);
		return UNIT_END();
	}
	signal(SIGPIPE, SIG_IGN);
	test_basic();
	test_threads();
	test_drops();
	test_global();
	test_sema();
	return UNIT_END();
}
