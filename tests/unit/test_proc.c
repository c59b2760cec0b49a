/*
 * test_proc.c — src/proc/ against real processes: create at every
 * evaltime, grab (one and four threads), memory, maps, the patch table,
 * scratch placement, fork children, r_debug, and the error texts.
 *
 * Must not: sleep to synchronise: children say they are ready through
 * pipes and are let go through pipes, so a loaded machine only slows it.
 * Invariant: every child is released or killed and reaped before the
 * test ends; a child's exit status proves it ran on unharmed.
 */
#include "proc/proc.h"
#include "sym/sym.h"
#include "consumer/options.h"
#include "unit.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *selfexe;

/* ---- children ---------------------------------------------------------- */

__attribute__((noinline)) int child_work(int x)
{
	__asm__ volatile("" ::: "memory");
	return x * 6;
}

static int gopipe[2];

static void wait_go(void)
{
	char c;
	while (read(gopipe[0], &c, 1) < 0 && errno == EINTR)
		;
}

static void *thread_main(void *arg)
{
	(void)arg;
	wait_go();
	return NULL;
}

/*
 * Fork a child with nthreads threads, each blocked on the go pipe; it
 * exits with child_work(7) == 42 once every thread got its byte, or forks
 * first when asked (the fork child exits 43).
 */
static pid_t spawn(int nthreads, int dofork)
{
	int ready[2];
	if (pipe(ready) < 0 || pipe(gopipe) < 0)
		return -1;
	pid_t pid = fork();
	if (pid == 0) {
		close(ready[0]);
		close(gopipe[1]);
		pthread_t t[8];
		for (int i = 1; i < nthreads; i++)
			pthread_create(&t[i], NULL, thread_main, NULL);
		if (write(ready[1], "r", 1) != 1)
			_exit(99);
		wait_go();
		for (int i = 1; i < nthreads; i++)
			pthread_join(t[i], NULL);
		if (dofork) {
			pid_t c = fork();
			if (c == 0)
				_exit(child_work(7) + 1);
			int st;
			waitpid(c, &st, 0);
			/* 42 when the fork child was fine, else what happened to it. */
			_exit(WIFEXITED(st) && WEXITSTATUS(st) == 43 ? child_work(7) :
			    WIFSIGNALED(st) ? 100 + WTERMSIG(st) : 200 + (WEXITSTATUS(st) & 31));
		}
		_exit(child_work(7));
	}
	close(ready[1]);
	close(gopipe[0]);
	char c;
	while (read(ready[0], &c, 1) < 0 && errno == EINTR)
		;
	close(ready[0]);
	/* Wait until every thread is really in place: the pipe told us they exist. */
	return pid;
}

static void let_go(int n)
{
	for (int i = 0; i < n; i++)
		if (write(gopipe[1], "g", 1) != 1)
			break;
	close(gopipe[1]);
}

static int reap(pid_t pid)
{
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 1000 + WTERMSIG(st);
}

static int mem_byte(pid_t pid, uint64_t addr)
{
	char path[64];
	unsigned char b;
	snprintf(path, sizeof(path), "/proc/%d/mem", (int)pid);
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	ssize_t n = pread(fd, &b, 1, (off_t)addr);
	close(fd);
	return n == 1 ? b : -1;
}

/* ---- create ------------------------------------------------------------ */

static uint64_t regs_rip(pid_t tid)
{
	struct user_regs_struct r;
	return ptrace(PTRACE_GETREGS, tid, 0, &r) == 0 ? r.rip : 0;
}

static uint64_t auxv_of(pid_t pid, uint64_t type)
{
	char path[64];
	uint64_t v[2];
	snprintf(path, sizeof(path), "/proc/%d/auxv", (int)pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	while (fread(v, sizeof(v), 1, f) == 1 && v[0])
		if (v[0] == type) {
			fclose(f);
			return v[1];
		}
	fclose(f);
	return 0;
}

/* Run argv under proc_create with stdout to a file; returns its output. */
static void create_run(char *const argv[], int evaltime, const char *want_out,
    int want_status)
{
	char tmpl[] = "/tmp/udt-proc-outXXXXXX", err[256] = "";
	int fd = mkstemp(tmpl);
	int saved = dup(1);
	fflush(stdout);
	dup2(fd, 1);
	udt_proc_t *p = proc_create(argv, evaltime, err, sizeof(err));
	dup2(saved, 1);
	close(saved);
	CHECK(p != NULL);
	if (!p) {
		fprintf(stderr, "create %s at %d: %s\n", argv[0], evaltime, err);
		close(fd);
		unlink(tmpl);
		return;
	}
	pid_t pid = proc_pid(p);
	CHECK_EQ_INT(proc_created(p), 1);
	const pid_t *tids;
	CHECK_EQ_INT(proc_threads(p, &tids), 1);
	uint64_t rip = regs_rip(pid), entry = auxv_of(pid, AT_ENTRY);
	CHECK(rip != 0);
	if (evaltime == UDT_EVAL_PREINIT)
		CHECK_EQ_INT(rip, entry);
	if (evaltime == UDT_EVAL_EXEC && auxv_of(pid, AT_BASE))
		CHECK(rip != entry);
	if (evaltime == UDT_EVAL_PREINIT) {
		CHECK(proc_rtld_brk(p) != 0);
		/* The entry breakpoint is gone from memory and from the table. */
		CHECK(mem_byte(pid, entry) != 0xcc);
	}
	proc_release(p);
	CHECK_EQ_INT(reap(pid), want_status);
	char buf[64] = "";
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);
	buf[n > 0 ? n : 0] = '\0';
	CHECK_EQ_STR(buf, want_out);
	close(fd);
	unlink(tmpl);
}

static uint64_t main_addr(udt_proc_t *p)
{
	char err[256];
	udt_elf_t *e = sym_elf(proc_exe(p), err, sizeof(err));
	const udt_sym_t *s;
	const udt_map_t *m;
	size_t n, nm;
	uint64_t bias;
	if (!e)
		return 0;
	n = sym_funcs(e, &s);
	if (proc_maps(p, &m, &nm) < 0 || sym_bias(e, m, nm, &bias) < 0)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (strcmp(s[i].name, "main") == 0)
			return s[i].addr + bias;
	return 0;
}

static void test_create(void)
{
	char *t[] = { "/bin/true", NULL }, *e[] = { "echo", "x", NULL };
	char *f[] = { "false", NULL };
	int evs[] = { UDT_EVAL_EXEC, UDT_EVAL_PREINIT, UDT_EVAL_POSTINIT, UDT_EVAL_MAIN };
	for (int i = 0; i < 4; i++) {
		create_run(t, evs[i], "", 0);
		create_run(e, evs[i], "x\n", 0);
	}
	create_run(f, UDT_EVAL_PREINIT, "", 1);

	/* A program with a main symbol stops on main's first instruction. */
	char *s[] = { (char *)selfexe, "--exit", "7", NULL }, err[256];
	udt_proc_t *p = proc_create(s, UDT_EVAL_MAIN, err, sizeof(err));
	CHECK(p != NULL);
	if (p) {
		pid_t pid = proc_pid(p);
		uint64_t m = main_addr(p);
		CHECK(m != 0);
		CHECK_EQ_INT(regs_rip(pid), m);
		CHECK(mem_byte(pid, m) != 0xcc);
		CHECK(strstr(proc_exe(p), "test_proc") != NULL);
		proc_release(p);
		CHECK_EQ_INT(reap(pid), 7);
	}

	/* A created process at exec: scratch near its text, r_brk by symbol. */
	p = proc_create(s, UDT_EVAL_EXEC, err, sizeof(err));
	CHECK(p != NULL);
	if (p) {
		pid_t pid = proc_pid(p);
		uint64_t entry = auxv_of(pid, AT_ENTRY);
		uint64_t a = proc_scratch(p, pid, entry, 100);
		CHECK(a != 0);
		CHECK(a > entry ? a - entry < (1ull << 31) : entry - a < (1ull << 31));
		CHECK(proc_in_scratch(p, a + 99));
		/* Before ld.so ran there is no DT_DEBUG: its _dl_debug_state by symbol. */
		uint64_t brk = proc_rtld_brk(p);
		CHECK(brk != 0);
		const udt_map_t *m;
		size_t n;
		int inld = 0;
		CHECK_EQ_INT(proc_maps(p, &m, &n), 0);
		for (size_t i = 0; i < n; i++)
			if (brk >= m[i].start && brk < m[i].end)
				inld = strstr(m[i].path, "ld-linux") != NULL &&
				    (m[i].prot & PROT_EXEC);
		CHECK(inld);
		proc_release(p);
		CHECK_EQ_INT(reap(pid), 7);
	}
}

static void test_create_errors(void)
{
	char err[256] = "";
	char *a[] = { "/nonexistent/udt-cmd", NULL }, *b[] = { "udt-no-such-cmd", NULL };
	char *c[] = { "/etc/passwd", NULL };
	/* a missing program: libproc's Pcreate_error(C_NOENT), as dtrace says */
	CHECK(proc_create(a, UDT_EVAL_PREINIT, err, sizeof(err)) == NULL);
	CHECK_EQ_STR(err, "cannot find executable file");
	CHECK(proc_create(b, UDT_EVAL_EXEC, err, sizeof(err)) == NULL);
	CHECK_EQ_STR(err, "cannot find executable file");
	CHECK(proc_create(c, UDT_EVAL_EXEC, err, sizeof(err)) == NULL);
	CHECK_EQ_STR(err, "Permission denied");
}

/* ---- grab, memory, patches, scratch ------------------------------------- */

static void test_grab_one(void)
{
	char err[256] = "";
	pid_t pid = spawn(1, 0);
	udt_proc_t *p = proc_grab(pid, err, sizeof(err));
	CHECK(p != NULL);
	if (!p) {
		fprintf(stderr, "grab: %s\n", err);
		kill(pid, SIGKILL);
		reap(pid);
		return;
	}
	CHECK_EQ_INT(proc_pid(p), pid);
	CHECK_EQ_INT(proc_created(p), 0);
	const pid_t *tids;
	CHECK_EQ_INT(proc_threads(p, &tids), 1);
	CHECK(regs_rip(pid) != 0);   /* stopped */

	/* Memory: the fork child has our layout. */
	uint64_t fn = (uint64_t)(uintptr_t)child_work;
	uint8_t mine[16], theirs[16];
	memcpy(mine, (void *)(uintptr_t)fn, sizeof(mine));
	CHECK_EQ_INT(proc_read(p, fn, theirs, sizeof(theirs)), 0);
	CHECK(memcmp(mine, theirs, sizeof(mine)) == 0);
	CHECK_EQ_INT(proc_read(p, 8, theirs, 1), -1);
	char s[64];
	CHECK_EQ_INT(proc_read_str(p, (uint64_t)(uintptr_t)selfexe, s, sizeof(s)),
	    (long long)strlen(selfexe));
	CHECK_EQ_STR(s, selfexe);
	CHECK_EQ_INT(proc_read_str(p, (uint64_t)(uintptr_t)selfexe, s, 4), 3);
	CHECK_EQ_INT(strlen(s), 3);

	/* Maps: the text of child_work is ours, executable. */
	const udt_map_t *m;
	size_t n;
	CHECK_EQ_INT(proc_maps(p, &m, &n), 0);
	int found = 0;
	for (size_t i = 0; i < n; i++)
		if (fn >= m[i].start && fn < m[i].end) {
			found = 1;
			CHECK(m[i].prot & PROT_EXEC);
			CHECK_EQ_STR(m[i].path, proc_exe(p));
			CHECK(m[i].ino != 0);
		}
	CHECK(found);

	/* Patches: first original wins, reads see originals, unpatch restores. */
	static const uint8_t cc[2] = { 0xcc, 0xcc }, nop = 0x90;
	CHECK_EQ_INT(proc_patch(p, fn, cc, 1), 0);
	CHECK_EQ_INT(mem_byte(pid, fn), 0xcc);
	CHECK_EQ_INT(proc_patch(p, fn, &nop, 1), 0);
	CHECK_EQ_INT(mem_byte(pid, fn), 0x90);
	CHECK_EQ_INT(proc_read(p, fn, theirs, 4), 0);
	CHECK(memcmp(mine, theirs, 4) == 0);
	CHECK_EQ_INT(proc_patch(p, fn, cc, 2), 0);
	CHECK_EQ_INT(mem_byte(pid, fn + 1), 0xcc);
	CHECK_EQ_INT(proc_unpatch(p, fn + 1, 1), 0);
	CHECK_EQ_INT(mem_byte(pid, fn + 1), mine[1]);
	CHECK_EQ_INT(mem_byte(pid, fn), 0xcc);
	CHECK_EQ_INT(proc_unpatch(p, fn, 1), 0);
	CHECK_EQ_INT(mem_byte(pid, fn), mine[0]);
	/* Many patches, then released with the process. */
	for (int i = 0; i < 2000; i++)
		proc_patch(p, fn + (uint64_t)(i % 8), cc, 1);
	CHECK_EQ_INT(proc_patch(p, fn + 3, cc, 1), 0);
	CHECK_EQ_INT(mem_byte(pid, fn + 3), 0xcc);

	/* Scratch: near the text, reused, executable, ours to write. */
	uint64_t a = proc_scratch(p, pid, fn, 64);
	CHECK(a != 0);
	CHECK(a > fn ? a - fn < (1ull << 31) : fn - a < (1ull << 31));
	uint64_t b = proc_scratch(p, pid, fn, 64);
	CHECK(b >= a + 64 && b < a + 4096);
	CHECK(proc_in_scratch(p, a) && proc_in_scratch(p, b + 63));
	CHECK(!proc_in_scratch(p, fn));
	CHECK_EQ_INT(proc_write(p, b, "\x90\x90\xc3", 3), 0);
	CHECK_EQ_INT(mem_byte(pid, b + 2), 0xc3);
	uint64_t lib = (uint64_t)(uintptr_t)&write;
	uint64_t c = proc_scratch(p, pid, lib, 32);
	CHECK(c != 0);
	CHECK(c > lib ? c - lib < (1ull << 31) : lib - c < (1ull << 31));
	CHECK_EQ_INT(proc_maps(p, &m, &n), 0);
	int rx = 0;
	for (size_t i = 0; i < n; i++)
		if (a >= m[i].start && a < m[i].end)
			rx = m[i].prot == (PROT_READ | PROT_EXEC);
	CHECK(rx);
	/* The injection left the thread as it was. */
	CHECK(regs_rip(pid) != 0);

	proc_release(p);
	CHECK_EQ_INT(mem_byte(pid, fn), mine[0]);
	CHECK_EQ_INT(mem_byte(pid, fn + 3), mine[3]);
	CHECK_EQ_INT(mem_byte(pid, a), -1);    /* scratch unmapped */
	let_go(1);
	CHECK_EQ_INT(reap(pid), 42);
}

static void test_grab_threads(void)
{
	char err[256] = "";
	pid_t pid = spawn(4, 0);
	udt_proc_t *p = proc_grab(pid, err, sizeof(err));
	CHECK(p != NULL);
	if (p) {
		const pid_t *tids;
		size_t n = proc_threads(p, &tids);
		CHECK_EQ_INT(n, 4);
		for (size_t i = 0; i < n; i++)
			CHECK(regs_rip(tids[i]) != 0);
		proc_thread_add(p, 12345678);
		CHECK_EQ_INT(proc_threads(p, &tids), 5);
		proc_thread_del(p, 12345678);
		CHECK_EQ_INT(proc_threads(p, &tids), 4);
		uint64_t fn = (uint64_t)(uintptr_t)child_work;
		CHECK(proc_scratch(p, tids[n - 1], fn, 16) != 0);
		proc_release(p);
	}
	let_go(4);
	CHECK_EQ_INT(reap(pid), 42);

	/* Killing a many-threaded target reaps it whole, without hanging. */
	pid = spawn(4, 0);
	p = proc_grab(pid, err, sizeof(err));
	CHECK(p != NULL);
	if (p) {
		proc_kill(p);
		proc_release(p);
		CHECK_EQ_INT(reap(pid), -1);
	} else {
		kill(pid, SIGKILL);
		reap(pid);
	}
	close(gopipe[1]);
}

/* What a backend does on a fork event: the child is cleaned and let go. */
static void test_fork_child(void)
{
	char err[256] = "";
	pid_t pid = spawn(1, 1);
	udt_proc_t *p = proc_grab(pid, err, sizeof(err));
	CHECK(p != NULL);
	if (!p)
		return;
	uint64_t fn = (uint64_t)(uintptr_t)child_work;
	uint8_t orig = *(uint8_t *)(uintptr_t)fn;
	static const uint8_t cc = 0xcc;
	CHECK_EQ_INT(proc_patch(p, fn + 1, &cc, 1), 0);
	CHECK(proc_scratch(p, pid, fn, 16) != 0);
	let_go(1);
	int st;
	ptrace(PTRACE_CONT, pid, 0, 0);
	CHECK_EQ_INT(waitpid(pid, &st, __WALL), pid);
	CHECK(WIFSTOPPED(st) && (st >> 16) == PTRACE_EVENT_FORK);
	unsigned long child = 0;
	ptrace(PTRACE_GETEVENTMSG, pid, 0, &child);
	CHECK(child != 0);
	CHECK_EQ_INT(waitpid((pid_t)child, &st, __WALL), (long long)child);
	udt_proc_t *c = proc_fork_child(p, (pid_t)child);
	CHECK(c != NULL);
	if (c) {
		CHECK_EQ_INT(mem_byte((pid_t)child, fn + 1), 0xcc);
		proc_release(c);
		CHECK_EQ_INT(mem_byte(pid, fn + 1), 0xcc);
	}
	CHECK_EQ_INT(mem_byte(pid, fn), orig);
	proc_release(p);
	CHECK(mem_byte(pid, fn + 1) != 0xcc);
	CHECK_EQ_INT(reap(pid), 42);
}

/* ---- errors ------------------------------------------------------------ */

static void test_grab_errors(void)
{
	char err[256] = "";
	pid_t dead = fork();
	if (dead == 0)
		_exit(0);
	reap(dead);
	/* the texts are illumos libproc's Pgrab_error(), as dtrace prints them */
	CHECK(proc_grab(dead, err, sizeof(err)) == NULL);
	CHECK_EQ_STR(err, "no such process");
	CHECK(proc_grab(0, err, sizeof(err)) == NULL);
	CHECK_EQ_STR(err, "no such process");
	CHECK(proc_grab(getpid(), err, sizeof(err)) == NULL);
	CHECK_EQ_STR(err, "attempt to grab self");

	/* A zombie (exited, not yet waited for). */
	pid_t z = fork();
	if (z == 0)
		_exit(0);
	siginfo_t si;
	CHECK_EQ_INT(waitid(P_PID, (id_t)z, &si, WEXITED | WNOWAIT), 0);
	CHECK(proc_grab(z, err, sizeof(err)) == NULL);
	CHECK_EQ_STR(err, "zombie process");
	reap(z);

	/* Another tracer holds it. */
	pid_t victim = spawn(1, 0);
	int rp[2], hp[2];
	if (pipe(rp) < 0 || pipe(hp) < 0)
		return;
	pid_t tracer = fork();
	if (tracer == 0) {
		close(rp[0]);
		close(hp[1]);
		if (ptrace(PTRACE_SEIZE, victim, 0, 0) < 0)
			_exit(1);
		if (write(rp[1], "t", 1) != 1)
			_exit(1);
		/* Hold it until our parent closes the hold pipe. */
		char ch;
		while (read(hp[0], &ch, 1) > 0)
			;
		_exit(0);
	}
	close(rp[1]);
	close(hp[0]);
	char ch;
	CHECK_EQ_INT(read(rp[0], &ch, 1), 1);
	close(rp[0]);
	CHECK(proc_grab(victim, err, sizeof(err)) == NULL);
	CHECK_EQ_STR(err, "process is traced");
	close(hp[1]);
	CHECK_EQ_INT(reap(tracer), 0);

	/* No permission: an unprivileged grabber. */
	int ep[2];
	if (pipe(ep) < 0)
		return;
	pid_t u = fork();
	if (u == 0) {
		char e2[256] = "";
		close(ep[0]);
		if (setgid(65534) < 0 || setuid(65534) < 0)
			_exit(1);
		if (proc_grab(victim, e2, sizeof(e2)) != NULL)
			_exit(2);
		if (write(ep[1], e2, strlen(e2)) < 0)
			_exit(1);
		_exit(0);
	}
	close(ep[1]);
	char got[256] = "";
	ssize_t n = read(ep[0], got, sizeof(got) - 1);
	got[n > 0 ? n : 0] = '\0';
	close(ep[0]);
	CHECK_EQ_INT(reap(u), 0);
	CHECK_EQ_STR(got, "permission denied");
	let_go(1);
	CHECK_EQ_INT(reap(victim), 42);
}

/* An executable deleted under a running process keeps its name. */
static void test_deleted(void)
{
	char path[] = "/tmp/udt-proc-exeXXXXXX", err[256];
	int fd = mkstemp(path);
	int in = open("/bin/sleep", O_RDONLY);
	char buf[65536];
	ssize_t n;
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(fd, buf, (size_t)n) != n)
			break;
	close(in);
	fchmod(fd, 0755);
	close(fd);
	char *argv[] = { path, "1000", NULL };
	udt_proc_t *p = proc_create(argv, UDT_EVAL_PREINIT, err, sizeof(err));
	unlink(path);
	CHECK(p != NULL);
	if (!p)
		return;
	pid_t pid = proc_pid(p);
	CHECK_EQ_STR(proc_exe(p), path);
	const udt_map_t *m;
	size_t nm;
	int found = 0;
	CHECK_EQ_INT(proc_maps(p, &m, &nm), 0);
	for (size_t i = 0; i < nm; i++)
		found += strcmp(m[i].path, path) == 0;
	CHECK(found > 0);
	proc_kill(p);
	proc_release(p);
	CHECK_EQ_INT(reap(pid), -1);   /* release reaped what it killed */
	CHECK_EQ_INT(kill(pid, 0), -1);
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "--exit") == 0)
		return atoi(argv[2]);
	static char self[4096];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	self[n > 0 ? n : 0] = '\0';
	selfexe = self;
	signal(SIGPIPE, SIG_IGN);
	static const struct { const char *name; void (*fn)(void); } tests[] = {
		{ "create", test_create }, { "create_errors", test_create_errors },
		{ "grab_one", test_grab_one }, { "grab_threads", test_grab_threads },
		{ "fork_child", test_fork_child }, { "grab_errors", test_grab_errors },
		{ "deleted", test_deleted },
	};
	/* One test by name (for debugging), or all of them. */
	for (size_t i = 0; i < sizeof(tests) / sizeof(tests[0]); i++)
		if (argc < 2 || strcmp(argv[1], tests[i].name) == 0)
			tests[i].fn();
	return UNIT_END();
}
