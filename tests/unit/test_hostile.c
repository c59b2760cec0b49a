/*
 * test_hostile.c — regression tests for what fuzzing and hostile input
 * found (tests/fuzz/, tests/d/hostile/), and the watchdog's patch mirror
 * (a process named by pid and start time).
 *
 * Owns: one case per finding, named for it. Must not: depend on timing.
 * Invariant: each case failed (crashed, or reported UB under
 * SANITIZE=1) before its fix.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include "unit.h"
#include "dif/emu.h"
#include "d/dcomp.h"
#include "consumer/program.h"
#include "proc/watchdog.h"

/* fuzz_dif: a verified DIFO recording a string record of size 0 (memmove from NULL). */
static void zero_size_string_record(void)
{
	dif_instr_t text[] = {
		{ DIF_REC, 0, 0, 0, 0 },      /* record %r0 as rec 0: STRING, size 0 */
		{ DIF_REC, 0, 0, 0, 1 },      /* and as rec 1: BYREF, size 0 */
		{ DIF_RET, 0, 0, 0, 0 },
	};
	uint16_t act[3] = { 1, 1, 1 };
	dif_rec_t rec[] = { { DIF_REC_STRING, 0, 0 }, { DIF_REC_BYREF, 0, 0 } };
	difo_t d = { text, 3, NULL, 0, NULL, 0, act, rec, 2 };
	char why[128];
	CHECK_EQ_INT(dif_verify(&d, 0, why, sizeof(why)), 0);
	dif_limits_t lim = { 256, 4096, 4096, 1024 };
	dif_state_t *st = dif_state_create(NULL, 0, &lim);
	CHECK(st != NULL);
	dif_hit_t hit;
	memset(&hit, 0, sizeof(hit));
	hit.prov = hit.mod = hit.func = hit.name = hit.execname = "";
	dif_result_t res;
	dif_firing_begin(st, &hit);
	dif_clause_begin(st);
	dif_exec(st, &hit, &d, &res);
	size_t len = 0;
	dif_records(st, &len);
	CHECK(len >= 2 * sizeof(dif_rechdr_t) || res.fault != 0);
	dif_state_destroy(st);
}

static int compile(const char *src, char *msg, size_t len)
{
	d_cc_t cc;
	d_program_t *dp = NULL;
	d_cc_init(&cc);
	cc.src = src;
	cc.srcname = "deep.d";
	cc.strsize = 256;
	int rc = d_compile(&cc, &dp);
	if (rc == 0)
		d_program_free(dp);
	else
		snprintf(msg, len, "%.200s", cc.errmsg);
	d_cc_fini(&cc);
	return rc;
}

static char *nest(const char *open, const char *close, int n)
{
	size_t lo = strlen(open), lc = strlen(close);
	char *s = malloc(64 + n * (lo + lc)), *p = s;
	p += sprintf(p, "BEGIN { x = ");
	for (int i = 0; i < n; i++, p += lo)
		memcpy(p, open, lo);
	*p++ = '1';
	for (int i = 0; i < n; i++, p += lc)
		memcpy(p, close, lc);
	strcpy(p, "; }");
	return s;
}

/* deep nesting overflowed the parser's and code generator's C stack (SIGSEGV). */
static void deep_nesting(void)
{
	char msg[256] = "";
	char *s = nest("(", ")", 10000);
	/* compiles; a sanitizer build's bigger frames may refuse it instead */
	if (compile(s, msg, sizeof(msg)) != 0)
		CHECK_EQ_STR(msg, "program is nested too deeply");
	free(s);
	s = nest("(", ")", 200000);
	CHECK_EQ_INT(compile(s, msg, sizeof(msg)), -1);
	CHECK_EQ_STR(msg, "program is nested too deeply");
	free(s);
	s = nest("-", "", 200000);
	CHECK_EQ_INT(compile(s, msg, sizeof(msg)), -1);
	CHECK_EQ_STR(msg, "program is nested too deeply");
	free(s);
	s = nest("1+", "", 200000);     /* iterative in the parser, deep in cg */
	CHECK_EQ_INT(compile(s, msg, sizeof(msg)), -1);
	CHECK_EQ_STR(msg, "program is nested too deeply");
	free(s);
}

/*
 * The watchdog's mirror: a byte noted as patched in another process is
 * written back by wd_restore_all (which seizes, stops and detaches the
 * process), a byte noted as restored is left alone.
 */
static volatile char buf[16] = "abcdefghijklmno";

static void watchdog_mirror(void)
{
	int go[2];
	CHECK_EQ_INT(pipe(go), 0);
	pid_t c = fork();
	if (c == 0) {
		char x;
		close(go[1]);
		/* wait for the parent, then report what our bytes became */
		if (read(go[0], &x, 1) != 1)
			_exit(2);
		_exit(buf[1] == 'b' && buf[2] == 'Y' && buf[3] == 'd' ? 0 : 1);
	}
	close(go[0]);
	CHECK_EQ_INT(wd_start(), 0);
	char path[64];
	snprintf(path, sizeof(path), "/proc/%d/mem", (int)c);
	int fd = open(path, O_RDWR);
	CHECK(fd >= 0);
	uint64_t a = (uint64_t)(uintptr_t)&buf[1], st0 = wd_proc_start(c);
	CHECK(st0 != 0);
	CHECK_EQ_INT((int)pwrite(fd, "XYZ", 3, (off_t)a), 3);
	wd_note_patch(c, st0, a, 'b');
	wd_note_patch(c, st0, a + 1, 'c');
	wd_note_patch(c, st0, a + 2, 'd');
	wd_note_patch(c, st0, a + 2, 'Q');     /* a second patch keeps the first original */
	wd_note_unpatch(c, st0, a + 1);        /* restored by udtrace: 'Y' stays */
	CHECK_EQ_INT((int)wd_restore_all(), 2);
	CHECK_EQ_INT((int)wd_restore_all(), 0);
	close(fd);
	CHECK_EQ_INT((int)write(go[1], "g", 1), 1);
	int st;
	CHECK_EQ_INT((int)waitpid(c, &st, 0), (int)c);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
}

/*
 * A pid the kernel gave to another process: entries noted for the
 * process that had it (same pid, another start time) are dropped and
 * the process that has it now is never touched, its bytes as they are;
 * the same entries under its own start time are restored. And the
 * identity check itself: this process is itself, not with another start
 * time, and a reaped child's pid is nobody.
 */
static volatile char ibuf[8] = "abcdefg";

static void watchdog_identity(void)
{
	int go[2];
	CHECK_EQ_INT(pipe(go), 0);
	pid_t c = fork();
	if (c == 0) {
		char x;
		close(go[1]);
		if (read(go[0], &x, 1) != 1)
			_exit(2);
		_exit(ibuf[1] == 'b' && ibuf[2] == 'c' ? 0 : 1);
	}
	close(go[0]);
	uint64_t me = wd_proc_start(getpid()), st0 = wd_proc_start(c);
	CHECK(me != 0 && st0 != 0);
	CHECK_EQ_INT(wd_same_process(getpid(), me), 1);
	CHECK_EQ_INT(wd_same_process(getpid(), me + 1), 0);
	CHECK_EQ_INT(wd_same_process(c, st0), 1);
	CHECK_EQ_INT(wd_start(), 0);
	char path[64];
	snprintf(path, sizeof(path), "/proc/%d/mem", (int)c);
	int fd = open(path, O_RDWR);
	CHECK(fd >= 0);
	uint64_t a = (uint64_t)(uintptr_t)&ibuf[1];
	CHECK_EQ_INT((int)pwrite(fd, "XY", 2, (off_t)a), 2);
	/* the process that had pid c before it, started at another time */
	wd_note_patch(c, st0 - 1, a, 'z');
	wd_note_patch(c, st0 - 1, a + 1, 'z');
	CHECK_EQ_INT((int)wd_restore_all(), 0);
	char now[2] = "";
	CHECK_EQ_INT((int)pread(fd, now, 2, (off_t)a), 2);
	CHECK(now[0] == 'X' && now[1] == 'Y');  /* left alone */
	/* dropped: noting c's own bytes now restores them, nothing else */
	wd_note_patch(c, st0, a, 'b');
	wd_note_patch(c, st0, a + 1, 'c');
	CHECK_EQ_INT((int)wd_restore_all(), 2);
	close(fd);
	CHECK_EQ_INT((int)write(go[1], "g", 1), 1);
	int st;
	CHECK_EQ_INT((int)waitpid(c, &st, 0), (int)c);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	CHECK_EQ_INT(wd_same_process(c, st0), 0);   /* reaped: nobody */
}

int main(void)
{
	zero_size_string_record();
	deep_nesting();
	watchdog_mirror();
	watchdog_identity();
	return UNIT_END();
}
