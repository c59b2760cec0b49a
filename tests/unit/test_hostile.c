/*
 * test_hostile.c — regression tests for what fuzzing and hostile input
 * found (tests/fuzz/, tests/d/hostile/), and the watchdog's patch mirror.
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
	uint64_t a = (uint64_t)(uintptr_t)&buf[1];
	CHECK_EQ_INT((int)pwrite(fd, "XYZ", 3, (off_t)a), 3);
	wd_note_patch(c, a, 'b');
	wd_note_patch(c, a + 1, 'c');
	wd_note_patch(c, a + 2, 'd');
	wd_note_patch(c, a + 2, 'Q');     /* a second patch keeps the first original */
	wd_note_unpatch(c, a + 1);        /* restored by udtrace: 'Y' stays */
	CHECK_EQ_INT((int)wd_restore_all(), 2);
	CHECK_EQ_INT((int)wd_restore_all(), 0);
	close(fd);
	CHECK_EQ_INT((int)write(go[1], "g", 1), 1);
	int st;
	CHECK_EQ_INT((int)waitpid(c, &st, 0), (int)c);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
}

int main(void)
{
	zero_size_string_record();
	deep_nesting();
	watchdog_mirror();
	return UNIT_END();
}
