/*
 * test_pid.c — pid_enumerate on a forked child of this test: module
 * aliases (basename, full path, a.out, `libc`), function globs, entry,
 * return (every ret and tail jump), offsets and their errors, function
 * `-`, an -O2 C function, and the callback's stop.
 * Must not: depend on how the compiler lays out code, except for
 * pidt_asm, whose bytes are written out below so offsets are known.
 */
#include <dlfcn.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "unit.h"
#include "pid/pid.h"
#include "pid/insn.h"
#include "proc/proc.h"

/*
 * pidt_asm(x, y): 0 test %edi,%edi; 2 js 7; 4 mov %edi,%eax; 6 ret;
 * 7 xor %eax,%eax; 9 test %esi,%esi; b je 12; d jmp pidt_other (tail
 * call, rel32); 12 ret. Size 0x13, nine instructions.
 */
__asm__(
    ".text\n"
    ".globl pidt_other\n.type pidt_other,@function\n"
    "pidt_other:\n .byte 0x31,0xc0,0xc3\n"
    ".size pidt_other, .-pidt_other\n"
    ".globl pidt_asm\n.type pidt_asm,@function\n"
    "pidt_asm:\n"
    " .byte 0x85,0xff, 0x78,0x03, 0x89,0xf8, 0xc3, 0x31,0xc0\n"
    " .byte 0x85,0xf6, 0x74,0x05\n"
    " .byte 0xe9\n .long pidt_other - . - 4\n"
    " .byte 0xc3\n"
    ".size pidt_asm, .-pidt_asm\n");
int pidt_asm(int, int);
int pidt_other(void);

/* Several paths out at -O2; only the invariants are checked. */
volatile int pidt_sink;
__attribute__((noinline, used)) int
pidt_c(int x)
{
	if (x > 100) {
		pidt_sink = x;
		return x * 3;
	}
	if (x < -5)
		return pidt_c(x + 7) + 1;
	for (int i = 0; i < x; i++)
		pidt_sink += i;
	return pidt_sink;
}

#define MAXP 64
typedef struct got {
	int n;
	char mod[MAXP][64], func[MAXP][64], name[MAXP][32];
	int kind[MAXP];
	uint64_t func_addr[MAXP];
	size_t nsites[MAXP];
	pid_site_t sites[MAXP][8];
	int stop_after;
} got_t;

static int
collect(void *arg, const pid_probe_t *pp)
{
	got_t *g = arg;
	if (g->n < MAXP) {
		snprintf(g->mod[g->n], 64, "%s", pp->mod);
		snprintf(g->func[g->n], 64, "%s", pp->func);
		snprintf(g->name[g->n], 32, "%s", pp->name);
		g->kind[g->n] = pp->kind;
		g->func_addr[g->n] = pp->func_addr;
		g->nsites[g->n] = pp->nsites;
		for (size_t i = 0; i < pp->nsites && i < 8; i++)
			g->sites[g->n][i] = pp->sites[i];
	}
	g->n++;
	return g->stop_after && g->n >= g->stop_after;
}

static int no_init, nbad;

static int
counter(void *arg, const pid_probe_t *pp)
{
	(*(int *)arg)++;
	if (pp->nsites < 1 || (no_init && (strcmp(pp->func, "_init") == 0 ||
	    strcmp(pp->func, "_fini") == 0)))
		nbad++;
	return 0;
}

static char tag[64], err[256];

static int
run(udt_proc_t *p, const char *m, const char *f, const char *n, got_t *g)
{
	memset(g, 0, sizeof(*g));
	tag[0] = err[0] = '\0';
	return pid_enumerate(p, m, f, n, collect, g, tag, sizeof(tag), err,
	    sizeof(err));
}

static int
count(udt_proc_t *p, const char *m, const char *f, const char *n)
{
	int k = 0, rc = pid_enumerate(p, m, f, n, counter, &k, tag,
	    sizeof(tag), err, sizeof(err));
	CHECK_EQ_INT(rc, k);
	CHECK_EQ_INT(nbad, 0);
	return rc;
}

int
main(void)
{
	int fds[2];
	pid_t child;
	char perr[256], self[4096], hex[32];
	const char *base;
	udt_proc_t *p;
	got_t g;
	uint64_t fa = (uint64_t)(uintptr_t)pidt_asm;
	ssize_t sl;

	pidt_sink = pidt_c(3) + pidt_asm(1, 0);   /* keep both alive */
	sl = readlink("/proc/self/exe", self, sizeof(self) - 1);
	CHECK(sl > 0);
	self[sl > 0 ? sl : 0] = '\0';
	base = strrchr(self, '/') ? strrchr(self, '/') + 1 : self;

	if (pipe(fds) < 0)
		return 1;
	if ((child = fork()) == 0) {
		char c;
		close(fds[1]);
		while (read(fds[0], &c, 1) < 0)
			;
		_exit(0);
	}
	close(fds[0]);
	p = proc_grab(child, perr, sizeof(perr));
	CHECK(p != NULL);
	if (p == NULL) {
		fprintf(stderr, "proc_grab: %s\n", perr);
		kill(child, SIGKILL);
		waitpid(child, NULL, 0);
		return UNIT_END();
	}

	/* entry, through every module alias of the executable */
	const char *aliases[] = { "a.out", base, self, "test_pi*", "" };
	for (size_t i = 0; i < sizeof(aliases) / sizeof(aliases[0]); i++) {
		CHECK_EQ_INT(run(p, aliases[i], "pidt_asm", "entry", &g), 1);
		CHECK_EQ_STR(g.mod[0], base);
		CHECK_EQ_STR(g.func[0], "pidt_asm");
		CHECK_EQ_STR(g.name[0], "entry");
		CHECK_EQ_INT(g.kind[0], PID_ENTRY);
		CHECK_EQ_INT(g.nsites[0], 1);
		CHECK_EQ_INT(g.sites[0][0].addr, fa);
		CHECK_EQ_INT(g.sites[0][0].insn_off, 0);
		CHECK_EQ_INT(g.func_addr[0], fa);
	}
	/* the file offset holds the function's bytes */
	{
		FILE *f = fopen(self, "rb");
		unsigned char b[3] = { 0 };
		CHECK(f != NULL);
		if (f) {
			fseek(f, (long)g.sites[0][0].foff, SEEK_SET);
			CHECK_EQ_INT(fread(b, 1, 3, f), 3);
			fclose(f);
		}
		CHECK(b[0] == 0x85 && b[1] == 0xff && b[2] == 0x78);
	}
	CHECK_EQ_INT(run(p, "test_pid.so", "pidt_asm", "entry", &g), 0);
	CHECK_EQ_INT(run(p, "a.out", "pidt_nosuch", "entry", &g), 0);

	/* return: both rets and the tail jump, arg0 = offset */
	CHECK_EQ_INT(run(p, "a.out", "pidt_asm", "return", &g), 1);
	CHECK_EQ_STR(g.name[0], "return");
	CHECK_EQ_INT(g.kind[0], PID_RETURN);
	CHECK_EQ_INT(g.nsites[0], 3);
	CHECK_EQ_INT(g.sites[0][0].insn_off, 0x6);
	CHECK_EQ_INT(g.sites[0][1].insn_off, 0xd);
	CHECK_EQ_INT(g.sites[0][2].insn_off, 0x12);
	CHECK_EQ_INT(g.sites[0][1].addr, fa + 0xd);
	CHECK_EQ_INT(g.sites[0][2].foff - g.sites[0][0].foff, 0x12 - 0x6);

	/* offsets */
	CHECK_EQ_INT(run(p, "a.out", "pidt_asm", "b", &g), 1);
	CHECK_EQ_STR(g.name[0], "b");
	CHECK_EQ_INT(g.kind[0], PID_OFFSET);
	CHECK_EQ_INT(g.sites[0][0].addr, fa + 0xb);
	CHECK_EQ_INT(g.sites[0][0].insn_off, 0xb);
	CHECK_EQ_INT(run(p, "a.out", "pidt_asm", "0", &g), 1);
	CHECK_EQ_STR(g.name[0], "0");
	CHECK_EQ_INT(g.kind[0], PID_OFFSET);
	CHECK_EQ_INT(run(p, "a.out", "pidt_asm", "3", &g), -1);
	CHECK_EQ_STR(tag, "D_PROC_ALIGN");
	CHECK_EQ_STR(err, "offset 0x3 is not aligned on an instruction");
	CHECK_EQ_INT(run(p, "a.out", "pidt_asm", "40", &g), -1);
	CHECK_EQ_STR(tag, "D_PROC_OFF");
	CHECK_EQ_STR(err, "offset 0x40 outside of function 'pidt_asm'");
	CHECK_EQ_INT(run(p, "a.out", "pidt_asm", "13", &g), -1);
	CHECK_EQ_STR(tag, "D_PROC_OFF");
	CHECK_EQ_INT(run(p, "a.out", "pidt_asm", "foo", &g), -1);
	CHECK_EQ_STR(tag, "D_PROC_NAME");
	CHECK_EQ_STR(err, "'foo' is an invalid probe name");
	CHECK_EQ_INT(run(p, "a.out", "pidt_asm", "entry1", &g), -1);
	CHECK_EQ_STR(tag, "D_PROC_NAME");

	/* empty name: return, entry, and one probe per instruction */
	CHECK_EQ_INT(run(p, "a.out", "pidt_asm", "", &g), 11);
	CHECK_EQ_STR(g.name[0], "return");
	CHECK_EQ_STR(g.name[1], "entry");
	{
		static const char *offs[] = { "0", "2", "4", "6", "7", "9", "b",
		    "d", "12" };
		for (int i = 0; i < 9; i++) {
			CHECK_EQ_STR(g.name[2 + i], offs[i]);
			CHECK_EQ_INT(g.kind[2 + i], PID_OFFSET);
		}
	}
	CHECK_EQ_INT(run(p, "a.out", "pidt_asm", "1*", &g), 1);
	CHECK_EQ_STR(g.name[0], "12");
	CHECK_EQ_INT(run(p, "a.out", "pidt_asm", "*r*", &g), 2);
	CHECK_EQ_STR(g.name[0], "return");
	CHECK_EQ_STR(g.name[1], "entry");
	/* a glob function: pidt_asm, pidt_c, pidt_other in address order */
	CHECK_EQ_INT(run(p, "a.out", "pidt_[ao]*", "entry", &g), 2);
	CHECK_EQ_STR(g.func[0], "pidt_other");
	CHECK_EQ_STR(g.func[1], "pidt_asm");
	/* offset with a glob function: the first too short one is an error */
	CHECK_EQ_INT(run(p, "a.out", "pidt_[ao]*", "10", &g), -1);
	CHECK_EQ_STR(err, "offset 0x10 outside of function 'pidt_other'");

	/* the callback can stop */
	memset(&g, 0, sizeof(g));
	g.stop_after = 2;
	CHECK_EQ_INT(pid_enumerate(p, "a.out", "pidt_asm", "", collect, &g,
	    tag, sizeof(tag), err, sizeof(err)), 2);

	/* an -O2 C function: every return site decodes to ret or a jump out */
	CHECK_EQ_INT(run(p, "a.out", "pidt_c", "return", &g), 1);
	CHECK(g.nsites[0] >= 1);
	for (size_t i = 0; i < g.nsites[0] && i < 8; i++) {
		udt_insn_t in;
		const uint8_t *code = (const uint8_t *)(uintptr_t)
		    g.sites[0][i].addr;
		uint64_t cfa = (uint64_t)(uintptr_t)pidt_c;
		CHECK_EQ_INT(g.sites[0][i].addr - cfa, g.sites[0][i].insn_off);
		CHECK_EQ_INT(insn_decode(code, 16, g.sites[0][i].addr, &in), 0);
		CHECK(in.kind == INSN_RET || in.kind == INSN_JMP_REL ||
		    in.kind == INSN_JMP_IND);
		CHECK(insn_is_return(&in, cfa, cfa + 0x1000) == 1 ||
		    in.kind == INSN_JMP_REL);
	}

	/* function "-": an absolute address */
	snprintf(hex, sizeof(hex), "%" PRIx64, fa + 4);
	CHECK_EQ_INT(run(p, "a.out", "-", hex, &g), 1);
	CHECK_EQ_STR(g.func[0], "-");
	CHECK_EQ_STR(g.mod[0], base);
	CHECK_EQ_STR(g.name[0], hex);
	CHECK_EQ_INT(g.sites[0][0].addr, fa + 4);
	CHECK_EQ_INT(g.sites[0][0].insn_off, 4);
	CHECK_EQ_INT(run(p, "", "-", hex, &g), 1);
	CHECK_EQ_INT(run(p, "libc", "-", hex, &g), 0);
	snprintf(hex, sizeof(hex), "%" PRIx64, fa + 3);
	CHECK_EQ_INT(run(p, "a.out", "-", hex, &g), -1);
	CHECK_EQ_STR(tag, "D_PROC_ALIGN");
	CHECK_EQ_INT(run(p, "a.out", "-", "entry", &g), -1);
	CHECK_EQ_STR(tag, "D_PROC_NAME");

	/* libc through its aliases; _init only by name */
	{
		int nlibc = count(p, "libc.so.6", "*", "entry");
		CHECK(nlibc > 500);
		CHECK_EQ_INT(count(p, "libc", "*", "entry"), nlibc);
		CHECK_EQ_INT(count(p, "libc.so", "*", "entry"), 0);
		CHECK_EQ_INT(count(p, "libc.so.*", "*", "entry"), nlibc);
		CHECK_EQ_INT(count(p, "libc", "getpid", "entry"), 1);
		CHECK_EQ_INT(run(p, "libc", "getpid", "entry", &g), 1);
		CHECK_EQ_STR(g.mod[0], "libc.so.6");
		{
			void *gp = dlsym(RTLD_DEFAULT, "getpid");
			CHECK_EQ_INT(g.sites[0][0].addr, (uint64_t)(uintptr_t)gp);
		}
		/* named, _init is found when it is a sized symbol */
		CHECK(run(p, "", "_init", "entry", &g) >= 0);
		for (int i = 0; i < g.n && i < MAXP; i++)
			CHECK_EQ_STR(g.func[i], "_init");
		/* everything: every object, every function, but _init/_fini */
		no_init = 1;
		CHECK(count(p, "", "*", "entry") > nlibc);
		CHECK(count(p, "", "", "entry") > nlibc);
		no_init = 0;
	}

	proc_release(p);
	close(fds[1]);
	waitpid(child, NULL, 0);
	return UNIT_END();
}
