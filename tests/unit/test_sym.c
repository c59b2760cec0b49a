/*
 * test_sym.c — src/sym/ on real objects: this test's own executable
 * (PIE or not, as it was built), libc, a non-PIE program and stripped,
 * debuglinked, truncated and non-ELF copies made in /tmp at run time,
 * the stack of a forked child stopped three calls deep, and both through
 * a grabbed udt_proc_t.
 * Must not: depend on tools being present — steps needing gcc, strip or
 * objcopy are skipped (and say so) when the tool is missing.
 */
#include <elf.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sym/sym.h"
#include "udtrace/regs.h"
#include "unit.h"

static volatile int sink;

/* Three frames that stay three frames at -O2: no inlining, no tail calls. */
__attribute__((noinline)) void sym_test_c(void)
{
	raise(SIGSTOP);
	sink++;
	__asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) void sym_test_b(void)
{
	sym_test_c();
	sink++;
	__asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) void sym_test_a(void)
{
	sym_test_b();
	sink++;
	__asm__ volatile("" ::: "memory");
}

static char tmpdir[64];
static char self[4096];

static int have(const char *tool)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "command -v %s >/dev/null 2>&1", tool);
	return system(cmd) == 0;
}

static int run(const char *cmd)
{
	int st = system(cmd);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* /proc/PID/maps as udt_map_t, the way proc_maps will hand them over. */
static size_t read_maps(pid_t pid, udt_map_t *maps, size_t max, char *paths,
    size_t plen)
{
	char fn[64], line[4608];
	size_t n = 0, used = 0;
	FILE *f;

	snprintf(fn, sizeof(fn), "/proc/%d/maps", (int)pid);
	if ((f = fopen(fn, "r")) == NULL)
		return 0;
	while (n < max && fgets(line, sizeof(line), f) != NULL) {
		unsigned long long s, e, o, ino;
		unsigned ma, mi;
		char perms[8];
		int pos = 0;

		line[strcspn(line, "\n")] = '\0';
		if (sscanf(line, "%llx-%llx %7s %llx %x:%x %llu %n", &s, &e, perms,
		    &o, &ma, &mi, &ino, &pos) < 7)
			continue;
		const char *p = pos ? line + pos : "";
		if (used + strlen(p) + 1 > plen)
			break;
		strcpy(paths + used, p);
		maps[n] = (udt_map_t){ s, e, o, 0, makedev(ma, mi), ino, paths + used };
		used += strlen(p) + 1;
		n++;
	}
	fclose(f);
	return n;
}

static const udt_sym_t *find_sym(udt_elf_t *e, const char *name)
{
	const udt_sym_t *s;
	size_t n = sym_funcs(e, &s);

	for (size_t i = 0; i < n; i++)
		if (strcmp(s[i].name, name) == 0)
			return &s[i];
	return NULL;
}

static int elf_type(const char *path)
{
	Elf64_Ehdr eh;
	int fd = open(path, O_RDONLY), ok;

	ok = fd >= 0 && read(fd, &eh, sizeof(eh)) == (ssize_t)sizeof(eh);
	if (fd >= 0)
		close(fd);
	return ok ? eh.e_type : -1;
}

static const char *base(const char *p)
{
	const char *s = strrchr(p, '/');
	return s ? s + 1 : p;
}

static void test_self(void)
{
	char err[512];
	udt_elf_t *e = sym_elf(self, err, sizeof(err));
	const udt_sym_t *syms, *c;
	size_t n;

	CHECK(e != NULL);
	if (e == NULL)
		return;
	CHECK(sym_elf(self, err, sizeof(err)) == e);     /* cached */
	CHECK_EQ_STR(sym_elf_path(e), self);
	CHECK_EQ_INT(sym_elf_is_pie(e), elf_type(self) == ET_DYN);

	n = sym_funcs(e, &syms);
	CHECK(n > 10);
	int sorted = 1;
	for (size_t i = 1; i < n; i++)
		if (syms[i].addr <= syms[i - 1].addr)
			sorted = 0;
	CHECK(sorted);
	CHECK(find_sym(e, "main") != NULL);
	c = find_sym(e, "sym_test_c");
	CHECK(c != NULL);
	if (c == NULL)
		return;
	CHECK(c->global);
	CHECK(c->size > 4);
	CHECK(sym_func_at(e, c->addr) == c);
	CHECK(sym_func_at(e, c->addr + c->size - 1) == c);
	CHECK(sym_func_at(e, c->addr + c->size) != c);
	CHECK(sym_func_at(e, 0) == NULL);

	/* the bytes sym_code gives are the file's, and the code the process runs */
	int64_t off = sym_vaddr_to_off(e, c->addr);
	CHECK(off > 0);
	const uint8_t *code = sym_code(e, c->addr, c->size);
	CHECK(code != NULL);
	if (code != NULL && off > 0) {
		uint8_t buf[64];
		size_t len = c->size < sizeof(buf) ? c->size : sizeof(buf);
		int fd = open(self, O_RDONLY);
		CHECK(pread(fd, buf, len, off) == (ssize_t)len);
		close(fd);
		CHECK(memcmp(buf, code, len) == 0);
		CHECK(memcmp((const void *)(uintptr_t)&sym_test_c, code, len) == 0);
	}
	CHECK(sym_code(e, c->addr, (size_t)1 << 40) == NULL);
	CHECK(sym_vaddr_to_off(e, (uint64_t)1 << 60) == -1);

	/* bias: process address = file vaddr + bias */
	static udt_map_t maps[512];
	static char paths[65536];
	size_t nm = read_maps(getpid(), maps, 512, paths, sizeof(paths));
	uint64_t bias = 1;
	CHECK_EQ_INT(sym_bias(e, maps, nm, &bias), 0);
	CHECK_EQ_INT(c->addr + bias, (uint64_t)(uintptr_t)&sym_test_c);
	if (sym_elf_is_pie(e))
		CHECK(bias != 0);
	else
		CHECK_EQ_INT(bias, 0);
	/* the same file under another name: found by device and inode */
	for (size_t i = 0; i < nm; i++)
		if (strcmp(maps[i].path, self) == 0)
			maps[i].path = "/elsewhere/name";
	bias = 1;
	CHECK_EQ_INT(sym_bias(e, maps, nm, &bias), 0);
	CHECK_EQ_INT(c->addr + bias, (uint64_t)(uintptr_t)&sym_test_c);
	CHECK_EQ_INT(sym_bias(e, maps, 0, &bias), -1);
}

static void test_lookup(void)
{
	char mod[256], func[256];
	uint64_t off = 99;
	void *anon;

	/* module`symbol+off inside this executable */
	CHECK_EQ_INT(sym_lookup_pid(getpid(), (uint64_t)(uintptr_t)&sym_test_c + 3,
	    mod, sizeof(mod), func, sizeof(func), &off), 0);
	CHECK_EQ_STR(mod, base(self));
	CHECK_EQ_STR(func, "sym_test_c");
	CHECK_EQ_INT(off, 3);
	CHECK_EQ_INT(sym_lookup_pid(getpid(), (uint64_t)(uintptr_t)&sym_test_a,
	    mod, sizeof(mod), func, sizeof(func), &off), 0);
	CHECK_EQ_STR(func, "sym_test_a");
	CHECK_EQ_INT(off, 0);

	/* libc; ASan replaces malloc, so check it only without ASan */
#if !defined(__SANITIZE_ADDRESS__)
	CHECK_EQ_INT(sym_lookup_pid(getpid(), (uint64_t)(uintptr_t)&malloc, mod,
	    sizeof(mod), func, sizeof(func), &off), 0);
	CHECK_EQ_STR(mod, "libc.so.6");
	CHECK_EQ_STR(func, "malloc");
	CHECK_EQ_INT(off, 0);
#endif
	CHECK_EQ_INT(sym_lookup_pid(getpid(), (uint64_t)(uintptr_t)&fork + 1, mod,
	    sizeof(mod), func, sizeof(func), &off), 0);
	CHECK_EQ_STR(mod, "libc.so.6");
	CHECK(func[0] != '\0');
	CHECK_EQ_INT(off, 1);

	/* in the executable but in no function: offset from its lowest mapping */
	static udt_map_t maps[512];
	static char paths[65536];
	size_t nm = read_maps(getpid(), maps, 512, paths, sizeof(paths));
	uint64_t low = 0;
	for (size_t i = 0; i < nm; i++)
		if (strcmp(maps[i].path, self) == 0 && (low == 0 || maps[i].start < low))
			low = maps[i].start;
	CHECK(low != 0);
	CHECK_EQ_INT(sym_lookup_pid(getpid(), low + 2, mod, sizeof(mod), func,
	    sizeof(func), &off), 0);
	CHECK_EQ_STR(mod, base(self));
	CHECK_EQ_STR(func, "");
	CHECK_EQ_INT(off, 2);

	/* no object: anonymous memory, an unmapped address, a bad pid */
	anon = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	CHECK(sym_lookup_pid(getpid(), (uint64_t)(uintptr_t)anon, mod, sizeof(mod),
	    func, sizeof(func), &off) == -1);
	munmap(anon, 4096);
	CHECK(sym_lookup_pid(getpid(), 16, mod, sizeof(mod), func, sizeof(func),
	    &off) == -1);
	CHECK(sym_lookup_pid(-1, 16, mod, sizeof(mod), func, sizeof(func), &off) == -1);

	/* a library mapped after the maps were cached is found (a miss re-reads) */
	char lib[128];
	snprintf(lib, sizeof(lib), "%s/late.so", tmpdir);
	if (have("gcc")) {
		char cmd[512];
		snprintf(cmd, sizeof(cmd), "printf 'int late_fn(int x){return x*3+1;}\\n' |"
		    " gcc -x c -O1 -shared -fPIC -o %s - 2>/dev/null", lib);
		if (run(cmd) == 0) {
			int fd = open(lib, O_RDONLY);
			struct stat st;
			fstat(fd, &st);
			uint8_t *m = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
			close(fd);
			CHECK(m != MAP_FAILED);
			if (m != MAP_FAILED) {
				CHECK_EQ_INT(sym_lookup_pid(getpid(), (uint64_t)(uintptr_t)m + 1,
				    mod, sizeof(mod), func, sizeof(func), &off), 0);
				CHECK_EQ_STR(mod, "late.so");
				munmap(m, st.st_size);
			}
		}
	}

	/* the hook's signature is the symbolizer's */
	int (*hook)(int, uint64_t, char *, size_t, char *, size_t, uint64_t *) =
	    sym_lookup_pid;
	CHECK(hook != NULL);
}

static void test_nonpie(void)
{
	char prog[128], cmd[512], err[512];
	udt_elf_t *e;
	const udt_sym_t *m;

	if (!have("gcc")) {
		printf("test_sym: no gcc, non-PIE checks skipped\n");
		return;
	}
	snprintf(prog, sizeof(prog), "%s/nopie", tmpdir);
	snprintf(cmd, sizeof(cmd), "printf '#include <unistd.h>\\nint main(void)"
	    "{ pause(); return 0; }\\n' | gcc -x c -O1 -g -no-pie -fno-pie -o %s -"
	    " 2>/dev/null", prog);
	if (run(cmd) != 0) {
		printf("test_sym: gcc -no-pie failed, non-PIE checks skipped\n");
		return;
	}
	e = sym_elf(prog, err, sizeof(err));
	CHECK(e != NULL);
	if (e == NULL)
		return;
	CHECK_EQ_INT(sym_elf_is_pie(e), 0);
	CHECK_EQ_INT(elf_type(prog), ET_EXEC);
	m = find_sym(e, "main");
	CHECK(m != NULL);

	/* run it, and look at it from outside */
	pid_t pid = fork();
	if (pid == 0) {
		execl(prog, prog, (char *)NULL);
		_exit(127);
	}
	char exe[4096] = "";
	for (int i = 0; i < 500; i++) {
		char link[64];
		ssize_t l;
		snprintf(link, sizeof(link), "/proc/%d/exe", (int)pid);
		l = readlink(link, exe, sizeof(exe) - 1);
		exe[l > 0 ? l : 0] = '\0';
		if (strcmp(exe, prog) == 0)
			break;
		usleep(2000);
	}
	CHECK_EQ_STR(exe, prog);
	static udt_map_t maps[512];
	static char paths[65536];
	/*
	 * /proc/PID/exe can name the new image before its mappings are all
	 * in /proc/PID/maps (a loaded machine, a sanitizer build): retry.
	 */
	size_t nm = 0;
	uint64_t bias = 1;
	int brc = -1;
	for (int i = 0; i < 500 && brc != 0; i++) {
		nm = read_maps(pid, maps, 512, paths, sizeof(paths));
		brc = sym_bias(e, maps, nm, &bias);
		if (brc != 0)
			usleep(2000);
	}
	CHECK_EQ_INT(brc, 0);
	CHECK_EQ_INT(bias, 0);
	if (m != NULL) {
		char mod[256], func[256];
		uint64_t off = 9;
		CHECK_EQ_INT(sym_lookup_pid(pid, m->addr + 1, mod, sizeof(mod), func,
		    sizeof(func), &off), 0);
		CHECK_EQ_STR(mod, "nopie");
		CHECK_EQ_STR(func, "main");
		CHECK_EQ_INT(off, 1);
	}
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

static void test_stripped(void)
{
	char cmd[16384], path[256], err[512];
	udt_elf_t *e;

	if (!have("strip") || !have("objcopy")) {
		printf("test_sym: no strip/objcopy, stripped checks skipped\n");
		return;
	}
	/* stripped executable with a debuglink: full symbols from the .debug file */
	snprintf(cmd, sizeof(cmd), "cd %s && cp '%s' prog && objcopy --only-keep-debug"
	    " prog prog.debug && strip -s prog && objcopy --add-gnu-debuglink=prog.debug"
	    " prog && cp prog nolink && objcopy --remove-section=.gnu_debuglink nolink",
	    tmpdir, self);
	CHECK_EQ_INT(run(cmd), 0);
	snprintf(path, sizeof(path), "%s/prog", tmpdir);
	e = sym_elf(path, err, sizeof(err));
	CHECK(e != NULL);
	if (e != NULL)
		CHECK(find_sym(e, "sym_test_b") != NULL);
	snprintf(path, sizeof(path), "%s/nolink", tmpdir);
	e = sym_elf(path, err, sizeof(err));
	CHECK(e != NULL);
	if (e != NULL)
		CHECK(find_sym(e, "sym_test_b") == NULL);
	/* the debug file in .debug/ beside it */
	snprintf(cmd, sizeof(cmd), "cd %s && mkdir -p .debug && mv prog.debug .debug/"
	    " && cp prog prog2", tmpdir);
	CHECK_EQ_INT(run(cmd), 0);
	snprintf(path, sizeof(path), "%s/prog2", tmpdir);
	e = sym_elf(path, err, sizeof(err));
	CHECK(e != NULL);
	if (e != NULL)
		CHECK(find_sym(e, "sym_test_b") != NULL);

	/* a small shared library, stripped: its exported names remain (.dynsym) */
	static udt_map_t maps[512];
	static char paths[65536];
	size_t nm = read_maps(getpid(), maps, 512, paths, sizeof(paths));
	const char *lib = NULL;
	for (size_t i = 0; i < nm && lib == NULL; i++)
		if (strstr(maps[i].path, "libunwind-ptrace") != NULL)
			lib = maps[i].path;
	if (lib == NULL) {
		printf("test_sym: libunwind-ptrace not mapped, .dynsym check skipped\n");
		return;
	}
	snprintf(cmd, sizeof(cmd), "cp '%s' %s/small.so && strip -s %s/small.so",
	    lib, tmpdir, tmpdir);
	CHECK_EQ_INT(run(cmd), 0);
	snprintf(path, sizeof(path), "%s/small.so", tmpdir);
	e = sym_elf(path, err, sizeof(err));
	CHECK(e != NULL);
	if (e != NULL) {
		CHECK(sym_elf_is_pie(e));
		CHECK(find_sym(e, "_UPT_create") != NULL);
		CHECK(find_sym(e, "_UPT_access_mem") != NULL);
	}
}

static void test_bad_files(void)
{
	char cmd[16384], path[256], err[512], want[600];

	/* truncated ELF */
	snprintf(cmd, sizeof(cmd), "head -c 100 '%s' > %s/trunc && head -c 3000 '%s'"
	    " > %s/trunc2 && echo 'hello, not an object' > %s/text", self, tmpdir,
	    self, tmpdir, tmpdir);
	CHECK_EQ_INT(run(cmd), 0);
	snprintf(path, sizeof(path), "%s/trunc", tmpdir);
	err[0] = '\0';
	CHECK(sym_elf(path, err, sizeof(err)) == NULL);
	snprintf(want, sizeof(want), "%s is not an ELF file", path);
	CHECK_EQ_STR(err, want);
	snprintf(path, sizeof(path), "%s/trunc2", tmpdir);
	err[0] = '\0';
	CHECK(sym_elf(path, err, sizeof(err)) == NULL);
	snprintf(want, sizeof(want), "%s is not an ELF file", path);
	CHECK_EQ_STR(err, want);
	snprintf(path, sizeof(path), "%s/text", tmpdir);
	CHECK(sym_elf(path, err, sizeof(err)) == NULL);
	snprintf(want, sizeof(want), "%s is not an ELF file", path);
	CHECK_EQ_STR(err, want);
	CHECK(sym_elf(tmpdir, err, sizeof(err)) == NULL);
	CHECK(sym_elf("/nonexistent/x.so", err, sizeof(err)) == NULL);
	CHECK_EQ_STR(err, "failed to open /nonexistent/x.so: No such file or directory");
	CHECK(sym_elf("/nonexistent/x.so", NULL, 0) == NULL);
	/* unreadable (as root only a missing file is unreadable; chmod does not stop root) */
}

/* The regs a backend hands sym_ustack, from a ptrace-stopped thread. */
static int get_regs(pid_t pid, uint64_t *regs)
{
	struct user_regs_struct ur;

	if (ptrace(PTRACE_GETREGS, pid, NULL, &ur) != 0)
		return -1;
	memset(regs, 0, UDT_NREGS * sizeof(uint64_t));
	memcpy(regs, &ur, sizeof(ur) < UDT_NREGS * 8 ? sizeof(ur) : UDT_NREGS * 8);
	return 0;
}

/* pid: a child forked by main, traced, that called a() -> b() -> c() -> SIGSTOP. */
static void test_ustack(pid_t pid)
{
	uint64_t regs[UDT_NREGS], pcs[32];
	char names[32][128], mod[256];
	int status, n;

	CHECK(pid > 0);
	if (pid <= 0)
		return;
	CHECK(waitpid(pid, &status, 0) == pid);
	CHECK(WIFSTOPPED(status) && WSTOPSIG(status) == SIGSTOP);
	CHECK_EQ_INT(get_regs(pid, regs), 0);
	CHECK(regs[R_RIP] != 0);

	for (int round = 0; round < 3; round++) {
		if (round == 2)
			sym_cache_flush();
		n = sym_ustack(NULL, pid, regs, pcs, 32);
		CHECK(n >= 5);
		CHECK_EQ_INT(pcs[0], regs[R_RIP]);
		for (int i = 0; i < n; i++) {
			uint64_t off;
			char func[128];
			if (sym_lookup_pid(pid, pcs[i], mod, sizeof(mod), func,
			    sizeof(func), &off) != 0)
				snprintf(func, sizeof(func), "?");
			snprintf(names[i], sizeof(names[i]), "%s", func);
			if (getenv("TEST_SYM_VERBOSE") != NULL && round == 0)
				printf("  %s`%s+0x%llx\n", mod, func, (unsigned long long)off);
		}
		int at = -1;
		for (int i = 0; i < n; i++)
			if (strcmp(names[i], "sym_test_c") == 0) {
				at = i;
				break;
			}
		CHECK(at >= 0);
		if (at >= 0 && at + 3 < n) {
			CHECK_EQ_STR(names[at + 1], "sym_test_b");
			CHECK_EQ_STR(names[at + 2], "sym_test_a");
			CHECK_EQ_STR(names[at + 3], "main");
		} else {
			CHECK(at >= 0 && at + 3 < n);
		}
		/* frames below c are libc's raise path */
		CHECK(at > 0);
		if (at > 0) {
			uint64_t off;
			char func[128];
			CHECK_EQ_INT(sym_lookup_pid(pid, pcs[0], mod, sizeof(mod), func,
			    sizeof(func), &off), 0);
			CHECK_EQ_STR(mod, "libc.so.6");
		}
	}
	/* max bounds the walk */
	CHECK_EQ_INT(sym_ustack(NULL, pid, regs, pcs, 2), 2);
	CHECK_EQ_INT(sym_ustack(NULL, pid, regs, pcs, 0), 0);

	/* libunwind lost: a pc in no object still yields frame 0, then frame pointers */
	uint64_t bad[UDT_NREGS];
	memcpy(bad, regs, sizeof(bad));
	bad[R_RIP] = 0x10;
	n = sym_ustack(NULL, pid, bad, pcs, 32);
	CHECK(n >= 1);
	CHECK_EQ_INT(pcs[0], 0x10);

	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	/* the thread is gone: frame 0 only, no crash */
	n = sym_ustack(NULL, pid, regs, pcs, 32);
	CHECK(n >= 1 && n <= 32);
	/* its maps are still known: records of an exited process still resolve */
	{
		uint64_t off;
		char func[128];
		CHECK_EQ_INT(sym_lookup_pid(pid, pcs[0], mod, sizeof(mod), func,
		    sizeof(func), &off), 0);
	}
}

/* Through a udt_proc_t: a grabbed child that sleeps in pause() under main. */
static void test_proc(pid_t pid)
{
	char err[512], mod[256], func[256];
	uint64_t regs[UDT_NREGS], pcs[32], off;
	udt_proc_t *p;
	int n, found = 0;

	CHECK(pid > 0);
	for (int i = 0; i < 200; i++) {            /* until it sits in pause() */
		char fn[64], st[256] = "";
		snprintf(fn, sizeof(fn), "/proc/%d/wchan", (int)pid);
		FILE *f = fopen(fn, "r");
		if (f != NULL) {
			if (fgets(st, sizeof(st), f) == NULL)
				st[0] = '\0';
			fclose(f);
		}
		if (strstr(st, "pause") != NULL || strstr(st, "sigsuspend") != NULL)
			break;
		usleep(5000);
	}
	p = proc_grab(pid, err, sizeof(err));
	CHECK(p != NULL);
	if (p == NULL) {
		fprintf(stderr, "test_sym: %s\n", err);
		return;
	}
	CHECK_EQ_INT(sym_lookup(p, (uint64_t)(uintptr_t)&sym_test_b + 1, mod,
	    sizeof(mod), func, sizeof(func), &off), 0);
	CHECK_EQ_STR(func, "sym_test_b");
	CHECK_EQ_INT(off, 1);
	CHECK_EQ_INT(get_regs(pid, regs), 0);
	n = sym_ustack(p, pid, regs, pcs, 32);
	CHECK(n >= 2);
	for (int i = 1; i < n; i++)
		if (sym_lookup(p, pcs[i], mod, sizeof(mod), func, sizeof(func),
		    &off) == 0 && strcmp(func, "main") == 0)
			found = 1;
	CHECK(found);
	proc_release(p);
}

int main(void)
{
	ssize_t l = readlink("/proc/self/exe", self, sizeof(self) - 1);
	/* forked here, so the child's stack is c, b, a, main */
	pid_t child = fork();

	if (child == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		ptrace(PTRACE_TRACEME, 0, NULL, NULL);
		sym_test_a();
		_exit(0);
	}
	pid_t sleeper = fork();
	if (sleeper == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		for (;;)
			pause();
	}

	self[l > 0 ? l : 0] = '\0';
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/udt-sym-XXXXXX");
	if (mkdtemp(tmpdir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	test_self();
	test_lookup();
	test_nonpie();
	test_stripped();
	test_bad_files();
	test_ustack(child);
	test_proc(sleeper);
	kill(sleeper, SIGKILL);
	waitpid(sleeper, NULL, 0);
	sym_cache_flush();

	char cmd[128];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", tmpdir);
	run(cmd);
	return UNIT_END();
}
