/*
 * test_xlate.c — the emulator's slots for translated objects (dif/xlate.c):
 * the consumer's fill callback runs once per object and firing, a later
 * use in the same firing (another clause) reads the same bytes, a new
 * firing asks again, a ninth object of one kind reuses the oldest slot,
 * the bytes are loadable and never storable, and no callback reads zeros.
 * Must not: depend on the compiler or /proc: DIFOs are hand-written and
 * the callback is a fake that counts and stamps.
 */
#include <stdlib.h>
#include "unit.h"
#include "dif/emu_impl.h"
#include "udtrace/procfs.h"

#define I(op, rd, r1, r2, imm) ((dif_instr_t){ (op), (rd), (r1), (r2), (imm) })
#define RUN(...) run_((dif_instr_t[]){ __VA_ARGS__ }, \
	sizeof((dif_instr_t[]){ __VA_ARGS__ }) / sizeof(dif_instr_t))

static dif_state_t *st;
static dif_hit_t hit;
static difo_t D;
static dif_result_t res;
static uint64_t ints[16];
static char strs[64];
static int calls[UDT_XL_NKINDS];
static int64_t last_id;

static uint64_t run_(dif_instr_t *t, size_t n)
{
	char why[128];
	D.text = t;
	D.ntext = n;
	D.inttab = ints;
	D.nint = 16;
	D.strtab = strs;
	D.nstr = sizeof(strs);
	int v = dif_verify(&D, 0, why, sizeof(why));
	if (v != 0)
		fprintf(stderr, "verify: %s\n", why);
	CHECK(v == 0);
	memset(&res, 0, sizeof(res));
	(void)dif_exec(st, &hit, &D, &res);
	return res.rv;
}

/* The fake consumer: stamps the id (and a call count) into the object. */
static void fill(void *arg, int kind, int64_t id, void *buf, size_t len)
{
	(void)arg;
	calls[kind]++;
	last_id = id;
	if (kind == UDT_XL_PSINFO && len >= sizeof(udt_psinfo_t)) {
		udt_psinfo_t *ps = buf;
		ps->pr_pid = (int32_t)id;
		ps->pr_nlwp = calls[kind];
	} else if (kind == UDT_XL_LWPSINFO && len >= sizeof(udt_lwpsinfo_t)) {
		((udt_lwpsinfo_t *)buf)->pr_lwpid = (int32_t)id;
	} else if (kind == UDT_XL_FILEINFO && len >= sizeof(udt_fileinfo_t)) {
		udt_fileinfo_t *fi = buf;
		fi->fi_oflags = (int32_t)id;
		fi->fi_offset = calls[kind];
	}
}

static void firing(void)
{
	dif_firing_begin(st, &hit);
	dif_clause_begin(st);
}

/* curpsinfo->pr_nlwp (offset 4): which fill call the slot holds */
static int64_t cur_nlwp(void)
{
	return (int64_t)RUN(I(DIF_LDGS, 1, 0, 0, DIF_VAR_CURPSINFO),
	    I(DIF_SETX, 2, 0, 0, 2), I(DIF_ADD, 1, 1, 2, 0),
	    I(DIF_LDSW, 3, 1, 0, 0), I(DIF_RET, 0, 3, 0, 0));
}

/* fds[fd].fi_offset: which fill call the fd's slot holds */
static int64_t fd_offset(int fd)
{
	ints[0] = (uint64_t)fd;
	ints[1] = offsetof(udt_fileinfo_t, fi_offset);
	return (int64_t)RUN(I(DIF_SETX, 1, 0, 0, 0),
	    I(DIF_LDGA, 2, 1, 0, DIF_VAR_FDS), I(DIF_SETX, 3, 0, 0, 1),
	    I(DIF_ADD, 2, 2, 3, 0), I(DIF_LDX, 4, 2, 0, 0),
	    I(DIF_RET, 0, 4, 0, 0));
}

int main(void)
{
	dif_limits_t lim = { 256, 1024, 4096, 512 };
	ints[2] = 4;
	st = dif_state_create(NULL, 0, &lim);
	CHECK(st != NULL);
	hit.pid = 100;
	hit.tid = 101;

	/* no callback: the object reads as zeros, no fault */
	firing();
	CHECK_EQ_INT(cur_nlwp(), 0);
	CHECK_EQ_INT(res.fault, 0);

	hit.xlate = fill;
	firing();
	CHECK_EQ_INT(cur_nlwp(), 1);
	CHECK_EQ_INT(last_id, 100);
	dif_clause_begin(st);                 /* another clause, same firing */
	CHECK_EQ_INT(cur_nlwp(), 1);
	CHECK_EQ_INT(calls[UDT_XL_PSINFO], 1);
	firing();                             /* a new firing fills again */
	CHECK_EQ_INT(cur_nlwp(), 2);
	CHECK_EQ_INT(calls[UDT_XL_PSINFO], 2);

	/* curlwpsinfo is the hit's thread */
	uint64_t a = RUN(I(DIF_LDGS, 1, 0, 0, DIF_VAR_CURLWPSINFO),
	    I(DIF_RET, 0, 1, 0, 0));
	CHECK_EQ_INT(((const udt_lwpsinfo_t *)(uintptr_t)a)->pr_lwpid, 101);

	/* eight descriptors stay; a ninth takes the oldest slot */
	firing();
	for (int fd = 0; fd < 8; fd++)
		CHECK_EQ_INT(fd_offset(fd), fd + 1);
	for (int fd = 0; fd < 8; fd++)
		CHECK_EQ_INT(fd_offset(fd), fd + 1);   /* no new fills */
	CHECK_EQ_INT(calls[UDT_XL_FILEINFO], 8);
	CHECK_EQ_INT(fd_offset(8), 9);
	CHECK_EQ_INT(fd_offset(0), 10);           /* refilled */
	CHECK_EQ_INT(fd_offset(7), 8);            /* still there */

	/* loadable, never storable: a store into a slot faults */
	ints[3] = 7;
	RUN(I(DIF_LDGS, 1, 0, 0, DIF_VAR_CURPSINFO), I(DIF_SETX, 2, 0, 0, 3),
	    I(DIF_STW, 1, 2, 0, 0), I(DIF_RET, 0, 0, 0, 0));
	CHECK_EQ_INT(res.fault, DIF_FAULT_BADADDR);

	dif_state_destroy(st);
	return UNIT_END();
}
