/*
 * test_ptrace.c — the ptrace backend against children of this very test
 * (same addresses, no exec): hits with the right registers at every
 * instruction of hand-written functions (plain, RIP-relative, ret, call,
 * jcc, indirect call/jmp, loop), and a target that computes exactly what
 * it computes untraced; fork, vfork, threads, signals and group-stops, and
 * destroy while threads run hot.
 * Must not: depend on the consumer; the callbacks count hits themselves.
 * Invariant: every child reports its checksum through a pipe and its exit
 * status, and the parent compares both with an untraced run.
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>
#include "backend/backend.h"
#include "pid/insn.h"
#include "proc/proc.h"
#include "unit.h"

/* Functions whose bytes we choose: every kind the out-of-line runner has. */
__asm__(
    ".text\n"
    ".globl ptt_add\n ptt_add:\n"
    "	lea (%rdi,%rsi),%rax\n"
    "	ret\n"
    ".globl ptt_add_end\n ptt_add_end:\n"
    ".globl ptt_multi\n ptt_multi:\n"
    "	test %rdi,%rdi\n"
    "	js 1f\n"
    "	cmp $10,%rdi\n"
    "	jg 2f\n"
    "	mov %rdi,%rax\n"
    "	ret\n"
    "1:	mov $-1,%rax\n"
    "	ret\n"
    "2:	lea 100(%rdi),%rax\n"
    "	ret\n"
    ".globl ptt_multi_end\n ptt_multi_end:\n"
    ".globl ptt_rsum\n ptt_rsum:\n"
    "	test %rdi,%rdi\n"
    "	je 1f\n"
    "	push %rbx\n"
    "	mov %rdi,%rbx\n"
    "	lea -1(%rdi),%rdi\n"
    "	call ptt_rsum\n"
    "	add %rbx,%rax\n"
    "	pop %rbx\n"
    "	ret\n"
    "1:	xor %eax,%eax\n"
    "	ret\n"
    ".globl ptt_rsum_end\n ptt_rsum_end:\n"
    ".globl ptt_riprel\n ptt_riprel:\n"
    "	mov ptt_counter(%rip),%rax\n"
    "	add %rdi,%rax\n"
    "	mov %rax,ptt_counter(%rip)\n"
    "	ret\n"
    ".globl ptt_riprel_end\n ptt_riprel_end:\n"
    ".globl ptt_callind\n ptt_callind:\n"
    "	push %rbx\n"
    "	mov $5,%esi\n"
    "	call *ptt_fptr(%rip)\n"
    "	lea ptt_add(%rip),%rdx\n"
    "	mov %rax,%rdi\n"
    "	mov $1,%esi\n"
    "	call *%rdx\n"
    "	pop %rbx\n"
    "	ret\n"
    ".globl ptt_callind_end\n ptt_callind_end:\n"
    ".globl ptt_jmpind\n ptt_jmpind:\n"
    "	mov %rsi,%rax\n"
    "	mov $7,%esi\n"
    "	jmp *%rax\n"
    ".globl ptt_jmpind_end\n ptt_jmpind_end:\n"
    ".globl ptt_loop\n ptt_loop:\n"
    "	mov %rdi,%rcx\n"
    "	xor %eax,%eax\n"
    "	jrcxz 2f\n"
    "1:	add %rcx,%rax\n"
    "	loop 1b\n"
    "2:	jmp 3f\n"
    "	nop\n"
    "3:	ret\n"
    ".globl ptt_loop_end\n ptt_loop_end:\n"
    ".data\n"
    ".globl ptt_counter\n ptt_counter: .quad 0\n"
    ".globl ptt_fptr\n ptt_fptr: .quad ptt_add\n"
    ".text\n");

extern long ptt_add(long, long), ptt_multi(long), ptt_rsum(long),
    ptt_riprel(long), ptt_callind(long), ptt_jmpind(long, long (*)(long, long)),
    ptt_loop(long);
extern char ptt_add_end[], ptt_multi_end[], ptt_rsum_end[], ptt_riprel_end[],
    ptt_callind_end[], ptt_jmpind_end[], ptt_loop_end[];
extern long ptt_counter;

#define N 105   /* a multiple of 15, 7 and 5: exact counts below */

static uint64_t work(long n)
{
	uint64_t sum = 0;
	long i;

	for (i = 0; i < n; i++) {
		sum = sum * 31 + (uint64_t)ptt_add(i, 2);
		sum = sum * 31 + (uint64_t)ptt_multi(i % 15 - 2);
		sum = sum * 31 + (uint64_t)ptt_rsum(i % 7);
		sum = sum * 31 + (uint64_t)ptt_riprel(i);
		sum = sum * 31 + (uint64_t)ptt_callind(i);
		sum = sum * 31 + (uint64_t)ptt_jmpind(i, ptt_add);
		sum = sum * 31 + (uint64_t)ptt_loop(i % 5);
	}
	return sum;
}

/* ---- sites and hits ---- */

#define MAXSITES 128
static udt_site_t sites[MAXSITES];
static long counts[MAXSITES];
static size_t nsites;
static long add_rsi2, add_rdi_sum, bad_rip, bad_pid, nhits, nobjects;
static pid_t want_pid;
static int exited, exit_status, saw_stopped;
static udt_proc_t *cur;

static void on_hit(void *arg, const udt_hit_t *h)
{
	size_t i = (size_t)(uintptr_t)h->cookie;

	(void)arg;
	nhits++;
	counts[i]++;
	if (h->regs[R_RIP] != sites[i].addr)
		bad_rip++;
	if (h->pid != want_pid || h->proc != cur || h->tid <= 0 ||
	    h->cpu < 0 || h->cpu >= 4096 || h->time == 0)
		bad_pid++;
	if (sites[i].addr == (uint64_t)(uintptr_t)ptt_add &&
	    h->regs[R_RSI] == 2) {
		add_rsi2++;
		add_rdi_sum += (long)h->regs[R_RDI];
	}
}

static void on_exited(void *arg, udt_proc_t *p, int status)
{
	(void)arg;
	(void)p;
	exited = 1;
	exit_status = status;
}

static long nexec;

static void on_exec(void *arg, udt_proc_t *p)
{
	(void)arg;
	(void)p;
	nexec++;
}

static void on_objects(void *arg, udt_proc_t *p)
{
	(void)arg;
	(void)p;
	nobjects++;
}

static const udt_backend_cb_t cbs = {
	.hit = on_hit, .exited = on_exited, .objects = on_objects,
	.exec = on_exec,
};

static void reset(void)
{
	nsites = 0;
	memset(counts, 0, sizeof counts);
	add_rsi2 = add_rdi_sum = bad_rip = bad_pid = nhits = nobjects = 0;
	nexec = 0;
	exited = exit_status = saw_stopped = 0;
}

static int site_of(uint64_t addr)
{
	size_t i;

	for (i = 0; i < nsites; i++)
		if (sites[i].addr == addr)
			return (int)i;
	return -1;
}

static long count_at(void *fn, size_t off)
{
	int i = site_of((uint64_t)(uintptr_t)fn + off);
	return i < 0 ? -1 : counts[i];
}

static int add_one(udt_backend_t *be, udt_proc_t *p, uint64_t addr)
{
	udt_site_t *s;

	if (nsites == MAXSITES)
		return -1;
	s = &sites[nsites];
	memset(s, 0, sizeof *s);
	s->proc = p;
	s->addr = addr;
	s->cookie = (void *)(uintptr_t)nsites;
	if (be->ops->add_site(be, s) < 0) {
		fprintf(stderr, "add_site 0x%llx: %s\n", (unsigned long long)addr,
		    be->ops->errmsg(be));
		return -1;
	}
	nsites++;
	return 0;
}

typedef struct { udt_backend_t *be; udt_proc_t *p; int fails; } walkarg_t;

static int walk_cb(void *arg, const udt_insn_t *in)
{
	walkarg_t *w = arg;

	if (add_one(w->be, w->p, in->addr) < 0)
		w->fails++;
	return 0;
}

/* A site at every instruction of [fn, end). */
static int plant_fn(udt_backend_t *be, udt_proc_t *p, void *fn, void *end)
{
	walkarg_t w = { be, p, 0 };
	size_t len = (size_t)((char *)end - (char *)fn);

	if (insn_walk((const uint8_t *)fn, len, (uint64_t)(uintptr_t)fn,
	    walk_cb, &w) != 0)
		return -1;
	return w.fails ? -1 : 0;
}

static int plant_all(udt_backend_t *be, udt_proc_t *p)
{
	int r = 0;

	r |= plant_fn(be, p, (void *)ptt_add, ptt_add_end);
	r |= plant_fn(be, p, (void *)ptt_multi, ptt_multi_end);
	r |= plant_fn(be, p, (void *)ptt_rsum, ptt_rsum_end);
	r |= plant_fn(be, p, (void *)ptt_riprel, ptt_riprel_end);
	r |= plant_fn(be, p, (void *)ptt_callind, ptt_callind_end);
	r |= plant_fn(be, p, (void *)ptt_jmpind, ptt_jmpind_end);
	r |= plant_fn(be, p, (void *)ptt_loop, ptt_loop_end);
	return r;
}

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static char proc_state(pid_t pid)
{
	char path[64], buf[512], *s;
	int fd;
	ssize_t n;

	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	if ((fd = open(path, O_RDONLY)) < 0)
		return 'X';
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return 'X';
	buf[n] = '\0';
	s = strrchr(buf, ')');
	return s && s[1] ? s[2] : 'X';
}

/*
 * Dispatch until the target is gone (or until `hits` hits when > 0),
 * within 20 s. With contat > 0, the target is sent SIGCONT while site 0
 * has exactly contat hits (it stops itself there).
 */
static int run(udt_backend_t *be, long hits, long contat)
{
	struct pollfd pfd = { be->ops->fd(be), POLLIN, 0 };
	uint64_t end = now_ms() + 20000;
	int stable = 0;

	while (be->ops->nprocs(be) > 0) {
		if (hits > 0 && nhits >= hits)
			return 0;
		if (now_ms() > end) {
			fprintf(stderr, "run: timeout\n");
			return -1;
		}
		poll(&pfd, 1, 20);
		if (be->ops->dispatch(be) < 0)
			return -1;
		if (contat > 0 && counts[0] == contat) {
			/* stopped for a while (not just between two hits) */
			char st = proc_state(want_pid);
			if (st != 'T' && st != 't')
				stable = 0;
			else if (++stable % 5 == 0) {
				saw_stopped = 1;
				kill(want_pid, SIGCONT);
			}
		}
	}
	return 0;
}

/* ---- children ---- */

typedef struct {
	pid_t pid;
	int go[2], out[2];
} child_t;

static int child_start(child_t *c, void (*body)(int out))
{
	char x;

	if (pipe(c->go) < 0 || pipe(c->out) < 0)
		return -1;
	ptt_counter = 0;
	c->pid = fork();
	if (c->pid < 0)
		return -1;
	if (c->pid == 0) {
		close(c->go[1]);
		close(c->out[0]);
		if (read(c->go[0], &x, 1) != 1)
			_exit(99);
		body(c->out[1]);
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
	close(c->go[1]);
}

static uint64_t child_result_keep(child_t *c)
{
	uint64_t v = 0;

	if (read(c->out[0], &v, sizeof v) != (ssize_t)sizeof v)
		v = (uint64_t)-1;
	return v;
}

static uint64_t child_result(child_t *c)
{
	uint64_t v = 0;

	if (read(c->out[0], &v, sizeof v) != (ssize_t)sizeof v)
		v = (uint64_t)-1;
	close(c->out[0]);
	return v;
}

static void put(int out, uint64_t v)
{
	if (write(out, &v, sizeof v) != (ssize_t)sizeof v)
		_exit(98);
}

/* Grab c, make a backend, plant, resume. */
static udt_backend_t *trace(child_t *c, udt_proc_t **pp, int all)
{
	char err[256];
	udt_backend_t *be;
	udt_proc_t *p = proc_grab(c->pid, err, sizeof err);

	if (!p) {
		fprintf(stderr, "proc_grab: %s\n", err);
		return NULL;
	}
	be = backend_ptrace_create(&cbs);
	if (!be || be->ops->add_proc(be, p) < 0) {
		fprintf(stderr, "backend setup failed\n");
		return NULL;
	}
	reset();
	want_pid = c->pid;
	cur = p;
	if (all) {
		CHECK_EQ_INT(plant_all(be, p), 0);
	} else {
		CHECK_EQ_INT(add_one(be, p, (uint64_t)(uintptr_t)ptt_add), 0);
		CHECK_EQ_INT(add_one(be, p, (uint64_t)(uintptr_t)ptt_add + 4), 0);
	}
	CHECK_EQ_INT(be->ops->resume(be), 0);
	*pp = p;
	return be;
}

static void body_basic(int out)
{
	put(out, work(N));
	_exit((int)(work(1) & 0x7f));
}

static void test_basic(void)
{
	child_t c;
	udt_proc_t *p;
	udt_backend_t *be;
	uint64_t expect, got;
	int expect_status;

	ptt_counter = 0;
	expect = work(N);
	ptt_counter = N * (N - 1) / 2;   /* where the child is after work(N) */
	expect_status = (int)(work(1) & 0x7f);
	if (child_start(&c, body_basic) < 0 || !(be = trace(&c, &p, 1))) {
		CHECK(0);
		return;
	}
	CHECK_EQ_STR(be->ops->name, "ptrace");
	CHECK_EQ_INT(be->ops->nprocs(be), 1);
	/* Two sites at one address share the int3 and both fire. */
	CHECK_EQ_INT(add_one(be, p, (uint64_t)(uintptr_t)ptt_multi), 0);
	child_go(&c);
	CHECK_EQ_INT(run(be, 0, 0), 0);
	got = child_result(&c);
	CHECK(got == expect);
	CHECK(exited);
	CHECK(WIFEXITED(exit_status));
	CHECK_EQ_INT(WEXITSTATUS(exit_status), expect_status);
	CHECK_EQ_INT(bad_rip, 0);
	CHECK_EQ_INT(bad_pid, 0);
	/* entries: ptt_add is called directly, through a pointer, a register and a tail jump */
	CHECK_EQ_INT(count_at(ptt_add, 0), 4 * (N + 1));
	CHECK_EQ_INT(add_rsi2, N + 1);
	CHECK_EQ_INT(add_rdi_sum, N * (N - 1) / 2);
	CHECK_EQ_INT(count_at(ptt_add, 4), 4 * (N + 1));       /* ret */
	CHECK_EQ_INT(counts[site_of((uint64_t)(uintptr_t)ptt_multi)], N + 1);
	CHECK_EQ_INT(counts[nsites - 1], N + 1);             /* the shared site */
	/* multi: x in -2..12: 11 fall to the first ret, 2 to each of the others */
	CHECK_EQ_INT(count_at(ptt_multi, 3 + 2 + 4 + 2 + 3), 11 * N / 15);
	CHECK_EQ_INT(count_at(ptt_multi, 3 + 2 + 4 + 2 + 3 + 1 + 7), 2 * N / 15 + 1);
	CHECK_EQ_INT(count_at(ptt_multi, 3 + 2 + 4 + 2 + 3 + 1 + 7 + 1 + 4), 2 * N / 15);
	/* rsum(i%7): 1+..+7 calls per 7 iterations; one base case each */
	CHECK_EQ_INT(count_at(ptt_rsum, 0), 28 * N / 7 + 1);
	CHECK_EQ_INT(count_at(ptt_riprel, 0), N + 1);
	CHECK_EQ_INT(count_at(ptt_callind, 0), N + 1);
	CHECK_EQ_INT(count_at(ptt_jmpind, 0), N + 1);
	CHECK_EQ_INT(count_at(ptt_loop, 0), N + 1);
	/* the loop insn runs i%5 times: 0+1+2+3+4 per 5 iterations */
	CHECK_EQ_INT(count_at(ptt_loop, 3 + 2 + 2 + 3), 10 * N / 5);
	be->ops->destroy(be);
	proc_release(p);
}

/* ---- fork and vfork ---- */

static uint8_t text_copy[512];
static size_t text_len;

static void body_fork(int out)
{
	pid_t k;
	int st = -1, same;
	uint64_t sum;

	k = fork();
	if (k == 0) {
		/* no int3 of the tracer may be left here */
		same = memcmp((void *)ptt_add, text_copy, text_len) == 0;
		sum = work(N);
		_exit(same ? (int)(sum & 0x3f) : 100);
	}
	waitpid(k, &st, 0);
	put(out, (uint64_t)st);
	k = vfork();
	if (k == 0)
		_exit((int)ptt_add(40, 2));
	waitpid(k, &st, 0);
	put(out, (uint64_t)st);
	put(out, work(N));
}

static void test_fork(void)
{
	child_t c;
	udt_proc_t *p;
	udt_backend_t *be;
	uint64_t expect, st1, st2, got;

	text_len = (size_t)(ptt_loop_end - (char *)ptt_add);
	if (text_len > sizeof text_copy)
		text_len = sizeof text_copy;
	memcpy(text_copy, (void *)ptt_add, text_len);
	ptt_counter = 0;
	expect = work(N);
	if (child_start(&c, body_fork) < 0 || !(be = trace(&c, &p, 1))) {
		CHECK(0);
		return;
	}
	child_go(&c);
	CHECK_EQ_INT(run(be, 0, 0), 0);
	st1 = child_result_keep(&c);
	st2 = child_result_keep(&c);
	got = child_result(&c);
	if (!(WIFEXITED((int)st1) && WEXITSTATUS((int)st1) == (int)(expect & 0x3f)))
		fprintf(stderr, "fork child status 0x%llx\n", (unsigned long long)st1);
	CHECK(WIFEXITED((int)st1) && WEXITSTATUS((int)st1) == (int)(expect & 0x3f));
	CHECK(WIFEXITED((int)st2) && WEXITSTATUS((int)st2) == 42);
	CHECK(got == expect);
	CHECK(exited);
	CHECK_EQ_INT(WEXITSTATUS(exit_status), 0);
	/* only the traced child's own calls, none of the fork or vfork child */
	CHECK_EQ_INT(count_at(ptt_add, 0), 4 * N);
	CHECK_EQ_INT(bad_pid, 0);
	be->ops->destroy(be);
	proc_release(p);
}

/* ---- threads ---- */

#define NTH 4
#define M 500

static void *thr(void *a)
{
	long i, s = 0, base = (long)(intptr_t)a;

	for (i = 0; i < M; i++)
		s += ptt_add(base + i, 2);
	return (void *)(intptr_t)s;
}

static void body_threads(int out)
{
	pthread_t t[NTH];
	uint64_t sum = 0;
	void *r;
	int i;

	for (i = 0; i < NTH; i++)
		pthread_create(&t[i], NULL, thr, (void *)(intptr_t)(i * 1000));
	for (i = 0; i < NTH; i++) {
		pthread_join(t[i], &r);
		sum += (uint64_t)(intptr_t)r;
	}
	put(out, sum);
}

static void test_threads(void)
{
	child_t c;
	udt_proc_t *p;
	udt_backend_t *be;
	uint64_t expect = 0;
	int i;

	for (i = 0; i < NTH; i++)
		expect += (uint64_t)(intptr_t)thr((void *)(intptr_t)(i * 1000));
	if (child_start(&c, body_threads) < 0 || !(be = trace(&c, &p, 0))) {
		CHECK(0);
		return;
	}
	child_go(&c);
	CHECK_EQ_INT(run(be, 0, 0), 0);
	CHECK(child_result(&c) == expect);
	CHECK(exited && WIFEXITED(exit_status) && WEXITSTATUS(exit_status) == 0);
	CHECK_EQ_INT(counts[0], NTH * M);
	CHECK_EQ_INT(counts[1], NTH * M);
	CHECK_EQ_INT(add_rsi2, NTH * M);
	be->ops->destroy(be);
	proc_release(p);
}

/* ---- signals ---- */

static volatile sig_atomic_t nusr1;
static volatile long usr1sum;

static void usr1(int sig)
{
	(void)sig;
	nusr1++;
	usr1sum += ptt_add(1000, 3);
}

static void body_signals(int out)
{
	long i;
	uint64_t sum = 0;

	signal(SIGUSR1, usr1);
	for (i = 0; i < 200; i++) {
		sum += (uint64_t)ptt_add(i, 2);
		if (i % 10 == 0)
			raise(SIGUSR1);
		if (i == 100)
			raise(SIGSTOP);   /* a group-stop under the tracer */
	}
	put(out, sum);
	put(out, (uint64_t)nusr1);
	put(out, (uint64_t)usr1sum);
}

static void test_signals(void)
{
	child_t c;
	udt_proc_t *p;
	udt_backend_t *be;
	uint64_t v[3] = { 0, 0, 0 };

	if (child_start(&c, body_signals) < 0 || !(be = trace(&c, &p, 0))) {
		CHECK(0);
		return;
	}
	child_go(&c);
	CHECK_EQ_INT(run(be, 0, 101 + 11), 0);
	CHECK(saw_stopped);
	if (read(c.out[0], v, sizeof v) != (ssize_t)sizeof v)
		CHECK(0);
	close(c.out[0]);
	CHECK_EQ_INT(v[0], 200 * 199 / 2 + 400);
	CHECK_EQ_INT(v[1], 20);
	CHECK_EQ_INT(v[2], 20 * 1003);
	CHECK(exited && WIFEXITED(exit_status) && WEXITSTATUS(exit_status) == 0);
	CHECK_EQ_INT(counts[0], 220);
	CHECK_EQ_INT(add_rsi2, 200);
	be->ops->destroy(be);
	proc_release(p);
}

/* ---- destroy while threads run hot ---- */

static volatile int hot_stop;
static volatile long hot_bad;

static void *hot(void *a)
{
	long i = (long)(intptr_t)a;

	while (!hot_stop) {
		if (ptt_add(i, 2) != i + 2 || ptt_multi(5) != 5 ||
		    ptt_riprel(0) != ptt_counter || ptt_loop(3) != 6)
			hot_bad++;
		i++;
	}
	return NULL;
}

static volatile sig_atomic_t hot_quit;
static void usr2(int sig) { (void)sig; hot_quit = 1; }

static void body_hot2(int out)
{
	pthread_t t[2];
	struct timespec ts = { 0, 5000000 };
	int i;

	signal(SIGUSR2, usr2);
	for (i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, hot, (void *)(intptr_t)(i * 100000));
	while (!hot_quit)
		nanosleep(&ts, NULL);
	hot_stop = 1;
	for (i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	put(out, (uint64_t)hot_bad);
	_exit(hot_bad ? 1 : 0);
}

static void test_destroy_hot(void)
{
	child_t c;
	udt_proc_t *p;
	udt_backend_t *be;
	uint8_t now[64];
	char path[64];
	int fd, st = -1;
	size_t len = (size_t)(ptt_loop_end - (char *)ptt_add);

	if (len > sizeof now)
		len = sizeof now;
	if (child_start(&c, body_hot2) < 0 || !(be = trace(&c, &p, 1))) {
		CHECK(0);
		return;
	}
	child_go(&c);
	CHECK_EQ_INT(run(be, 3000, 0), 0);
	CHECK(nhits >= 3000);
	{
		/* remove ptt_add's sites while its threads run through them */
		long before;
		CHECK_EQ_INT(be->ops->remove_site(be, &sites[0]), 0);
		CHECK_EQ_INT(be->ops->remove_site(be, &sites[1]), 0);
		before = counts[0] + counts[1];
		CHECK_EQ_INT(run(be, nhits + 2000, 0), 0);
		CHECK_EQ_INT(counts[0] + counts[1], before);
	}
	be->ops->destroy(be);
	proc_release(p);
	/* nothing of ours is left in the text */
	snprintf(path, sizeof path, "/proc/%d/mem", (int)c.pid);
	fd = open(path, O_RDONLY);
	CHECK(fd >= 0);
	CHECK(pread(fd, now, len, (off_t)(uintptr_t)ptt_add) == (ssize_t)len);
	CHECK(memcmp(now, (void *)ptt_add, len) == 0);
	close(fd);
	usleep(50000);   /* it runs on untraced for a while */
	kill(c.pid, SIGUSR2);
	waitpid(c.pid, &st, 0);
	if (!(WIFEXITED(st) && WEXITSTATUS(st) == 0))
		fprintf(stderr, "hot child status 0x%x\n", st);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	CHECK_EQ_INT(child_result(&c), 0);
}

/* ---- dlopen and exec ---- */

static void body_exec(int out)
{
	void *h = dlopen("libm.so.6", RTLD_NOW);

	put(out, h != NULL);
	put(out, (uint64_t)ptt_add(1, 2));
	execl("/bin/sh", "sh", "-c", "exit 7", (char *)NULL);
	_exit(99);
}

static void test_exec_objects(void)
{
	child_t c;
	udt_proc_t *p;
	udt_backend_t *be;
	uint64_t v[2] = { 0, 0 };

	if (child_start(&c, body_exec) < 0 || !(be = trace(&c, &p, 0))) {
		CHECK(0);
		return;
	}
	child_go(&c);
	CHECK_EQ_INT(run(be, 0, 0), 0);
	if (read(c.out[0], v, sizeof v) != (ssize_t)sizeof v)
		CHECK(0);
	close(c.out[0]);
	CHECK_EQ_INT(v[0], 1);
	CHECK_EQ_INT(v[1], 3);
	CHECK(nobjects >= 1);      /* the dynamic linker's breakpoint fired */
	CHECK_EQ_INT(nexec, 1);
	CHECK_EQ_INT(counts[0], 1);
	CHECK(exited && WIFEXITED(exit_status) && WEXITSTATUS(exit_status) == 7);
	be->ops->destroy(be);
	proc_release(p);
}

int main(void)
{
	signal(SIGPIPE, SIG_IGN);
	test_basic();
	test_fork();
	test_threads();
	test_signals();
	test_destroy_hot();
	test_exec_objects();
	return UNIT_END();
}
