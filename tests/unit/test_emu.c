/*
 * test_emu.c — the DIF emulator on hand-assembled DIFOs: arithmetic edge
 * cases, checked memory, variables of every scope, the tuple stack,
 * records and aggregation records, every fault with its pc and address,
 * and the subroutines' edge cases from D-REFERENCE §4.5.
 * Must not: depend on the compiler; every program here is written by hand
 * (and passes dif_verify, which run() checks first).
 */
#include <stdlib.h>
#include "unit.h"
#include "dif/emu_impl.h"

#define I(op, rd, r1, r2, imm) ((dif_instr_t){ (op), (rd), (r1), (r2), (imm) })
#define RUN(...) run_((dif_instr_t[]){ __VA_ARGS__ }, \
	sizeof((dif_instr_t[]){ __VA_ARGS__ }) / sizeof(dif_instr_t))

enum { V_G = DIF_VAR_USER_BASE, V_GS, V_T, V_TS, V_L, V_LS, V_A, V_AS, V_TA };
static dif_var_t vars[] = {
	{ V_G,  DIF_SCOPE_GLOBAL, 0, 8, "g" },
	{ V_GS, DIF_SCOPE_GLOBAL, DIF_VF_BYREF | DIF_VF_STRING, 32, "gs" },
	{ V_T,  DIF_SCOPE_THREAD, 0, 8, "t" },
	{ V_TS, DIF_SCOPE_THREAD, DIF_VF_BYREF | DIF_VF_STRING, 32, "ts" },
	{ V_L,  DIF_SCOPE_LOCAL, 0, 8, "l" },
	{ V_LS, DIF_SCOPE_LOCAL, DIF_VF_BYREF | DIF_VF_STRING, 32, "ls" },
	{ V_A,  DIF_SCOPE_GLOBAL, DIF_VF_ASSOC, 8, "a" },
	{ V_AS, DIF_SCOPE_GLOBAL, DIF_VF_ASSOC | DIF_VF_BYREF | DIF_VF_STRING, 32, "as" },
	{ V_TA, DIF_SCOPE_THREAD, DIF_VF_ASSOC, 8, "ta" },
};
#define NVARS (sizeof(vars) / sizeof(vars[0]))

static dif_state_t *st;
static dif_hit_t hit;
static difo_t D;
static dif_result_t res;
static uint64_t ints[64];
static char strs[1 << 16];
static dif_rec_t recs[8];

static uint64_t run_(dif_instr_t *t, size_t n)
{
	char why[128];
	D.text = t;
	D.ntext = n;
	D.inttab = ints;
	D.nint = 64;
	D.rectab = recs;
	D.nrec = 8;
	if (D.strtab == NULL) {
		D.strtab = strs;
		D.nstr = sizeof(strs);
	}
	int v = dif_verify(&D, NVARS, why, sizeof(why));
	if (v != 0)
		fprintf(stderr, "verify: %s\n", why);
	CHECK(v == 0);
	memset(&res, 0xff, sizeof(res));
	int rc = dif_exec(st, &hit, &D, &res);
	CHECK((rc == 0) == (res.fault == 0));
	return res.rv;
}

static void new_state(size_t strsize, size_t scratch, size_t dyn, size_t rec)
{
	dif_limits_t lim = { strsize, scratch, dyn, rec };
	dif_state_destroy(st);
	st = dif_state_create(vars, NVARS, &lim);
	CHECK(st != NULL);
	dif_firing_begin(st, &hit);
	dif_clause_begin(st);
}

/* strs holds "s0\0s1\0..."; returns the offset of each piece */
static size_t nstrs;
static uint32_t S(const char *s)
{
	size_t off = nstrs, l = strlen(s);
	memcpy(strs + off, s, l + 1);
	nstrs += l + 1;
	return (uint32_t)off;
}
static uint32_t B(const void *b, size_t n)   /* raw bytes, 8-aligned */
{
	nstrs = (nstrs + 7) & ~(size_t)7;
	size_t off = nstrs;
	memcpy(strs + off, b, n);
	nstrs += n;
	return (uint32_t)off;
}

static void test_arith(void)
{
	ints[0] = INT64_MAX; ints[1] = 1; ints[2] = (uint64_t)INT64_MIN;
	ints[3] = (uint64_t)-1; ints[4] = 64; ints[5] = 65;
	ints[6] = (uint64_t)-8; ints[7] = (uint64_t)-7; ints[8] = 2;
	ints[9] = 0; ints[10] = 60;

#define BIN(op, a, b) RUN(I(DIF_SETX, 1, 0, 0, a), I(DIF_SETX, 2, 0, 0, b), \
	I(op, 3, 1, 2, 0), I(DIF_RET, 0, 3, 0, 0))
	CHECK_EQ_INT(BIN(DIF_ADD, 0, 1), INT64_MIN);
	CHECK(BIN(DIF_SUB, 9, 1) == UINT64_MAX);
	CHECK(BIN(DIF_MUL, 0, 8) == (uint64_t)-2);
	CHECK(BIN(DIF_SLL, 1, 4) == 1);          /* shift by 64 = by 0 */
	CHECK(BIN(DIF_SLL, 1, 5) == 2);          /* by 65 = by 1 */
	CHECK_EQ_INT(BIN(DIF_SRA, 6, 1), -4);
	CHECK_EQ_INT(BIN(DIF_SRA, 2, 10), -8);
	CHECK(BIN(DIF_SRL, 6, 10) == 0xf);
	CHECK_EQ_INT(BIN(DIF_SDIV, 7, 8), -3);
	CHECK_EQ_INT(BIN(DIF_SREM, 7, 8), -1);
	CHECK(BIN(DIF_UDIV, 7, 8) == ((uint64_t)-7) / 2);
	CHECK_EQ_INT(BIN(DIF_SDIV, 2, 3), INT64_MIN);
	CHECK_EQ_INT(BIN(DIF_SREM, 2, 3), 0);
	CHECK_EQ_INT(BIN(DIF_CLT, 3, 1), 1);
	CHECK_EQ_INT(BIN(DIF_CLTU, 3, 1), 0);
	CHECK_EQ_INT(BIN(DIF_CLE, 1, 1), 1);
	CHECK_EQ_INT(BIN(DIF_CLEU, 3, 1), 0);
	CHECK_EQ_INT(BIN(DIF_CEQ, 1, 1), 1);
	CHECK_EQ_INT(BIN(DIF_CNE, 1, 1), 0);
	CHECK(BIN(DIF_XOR, 3, 1) == UINT64_MAX - 1);

	/* divide by zero: fault at the div, pc 2 */
	BIN(DIF_UREM, 1, 9);
	CHECK_EQ_INT(res.fault, DIF_FAULT_DIVZERO);
	CHECK_EQ_INT(res.pc, 2);
	BIN(DIF_SDIV, 1, 9);
	CHECK_EQ_INT(res.fault, DIF_FAULT_DIVZERO);

	/* %r0 reads 0 even after a write */
	CHECK_EQ_INT(RUN(I(DIF_SETX, 0, 0, 0, 1), I(DIF_RET, 0, 0, 0, 0)), 0);
	/* NOT, MOV, branches */
	CHECK(RUN(I(DIF_NOT, 1, 0, 0, 0), I(DIF_RET, 0, 1, 0, 0)) == UINT64_MAX);
	CHECK_EQ_INT(RUN(I(DIF_SETX, 1, 0, 0, 1), I(DIF_BNZ, 0, 1, 0, 3),
	    I(DIF_SETX, 1, 0, 0, 8), I(DIF_BZ, 0, 0, 0, 5),
	    I(DIF_SETX, 1, 0, 0, 0), I(DIF_RET, 0, 1, 0, 0)), 1);
	/* a branch to ntext ends the program with 0 */
	CHECK_EQ_INT(RUN(I(DIF_SETX, 1, 0, 0, 1), I(DIF_BA, 0, 0, 0, 3),
	    I(DIF_RET, 0, 1, 0, 0)), 0);
	CHECK_EQ_INT(res.fault, 0);
}

static void test_strings(void)
{
	uint32_t abc = S("abc"), abd = S("abd"), b = S("b"), e = S(""),
	    hi = S("\xff"), a = S("a"), l1 = S("0123456789xyz"),
	    l2 = S("0123456789abc");
#define SCMP(x, y) (int64_t)RUN(I(DIF_SETS, 1, 0, 0, x), \
	I(DIF_SETS, 2, 0, 0, y), I(DIF_SCMP, 3, 1, 2, 0), I(DIF_RET, 0, 3, 0, 0))
	CHECK_EQ_INT(SCMP(abc, abd), -1);
	CHECK_EQ_INT(SCMP(b, abc), 1);
	CHECK_EQ_INT(SCMP(abc, abc), 0);
	CHECK_EQ_INT(SCMP(hi, a), 1);   /* bytes compare unsigned */
	CHECK_EQ_INT(SCMP(abc, e), 1);
	/* NULL reads as "" */
	CHECK_EQ_INT((int64_t)RUN(I(DIF_SETS, 2, 0, 0, e),
	    I(DIF_SCMP, 3, 0, 2, 0), I(DIF_RET, 0, 3, 0, 0)), 0);
	/* strsize 8: the strings agree in their first 8 bytes */
	new_state(8, 256, 4096, 512);
	CHECK_EQ_INT(SCMP(l1, l2), 0);
	new_state(256, 1024, 4096, 512);
	CHECK_EQ_INT(SCMP(l1, l2), 1);

	/* a string that runs to the end of its region ends there */
	difo_t save = D;
	static char tail[3] = { 'x', 'y', 'z' };
	D.strtab = tail;
	D.nstr = 3;
	CHECK_EQ_INT(RUN(I(DIF_SETS, 1, 0, 0, 1), I(DIF_PUSHTR, 0, 1, 0, 1),
	    I(DIF_CALL, 2, 0, 0, DIF_SUBR_STRLEN), I(DIF_RET, 0, 2, 0, 0)), 2);
	CHECK_EQ_INT(res.fault, 0);
	D = save;
}

static void test_memory(void)
{
	static uint64_t outside = 7;
	ints[20] = 16; ints[21] = 0x1122334455667788ull; ints[22] = 1;
	ints[23] = (uint64_t)(uintptr_t)&outside; ints[24] = 0x80;
	ints[25] = 1u << 30;
	/* scratch round trip and sign extension */
	CHECK(RUN(I(DIF_SETX, 1, 0, 0, 20), I(DIF_ALLOCS, 2, 1, 0, 0),
	    I(DIF_SETX, 3, 0, 0, 21), I(DIF_STX, 2, 3, 0, 0),
	    I(DIF_LDX, 4, 2, 0, 0), I(DIF_RET, 0, 4, 0, 0)) == 0x1122334455667788ull);
	CHECK_EQ_INT((int64_t)RUN(I(DIF_SETX, 1, 0, 0, 20),
	    I(DIF_ALLOCS, 2, 1, 0, 0), I(DIF_SETX, 3, 0, 0, 24),
	    I(DIF_STB, 2, 3, 0, 0), I(DIF_LDSB, 4, 2, 0, 0),
	    I(DIF_RET, 0, 4, 0, 0)), -128);
	CHECK_EQ_INT(RUN(I(DIF_SETX, 1, 0, 0, 20),
	    I(DIF_ALLOCS, 2, 1, 0, 0), I(DIF_SETX, 3, 0, 0, 24),
	    I(DIF_STB, 2, 3, 0, 0), I(DIF_LDUB, 4, 2, 0, 0),
	    I(DIF_RET, 0, 4, 0, 0)), 128);
	/* misaligned: BADALIGN with the address */
	RUN(I(DIF_SETX, 1, 0, 0, 20), I(DIF_ALLOCS, 2, 1, 0, 0),
	    I(DIF_SETX, 3, 0, 0, 22), I(DIF_ADD, 2, 2, 3, 0),
	    I(DIF_LDUW, 4, 2, 0, 0), I(DIF_RET, 0, 4, 0, 0));
	CHECK_EQ_INT(res.fault, DIF_FAULT_BADALIGN);
	CHECK_EQ_INT(res.pc, 4);
	CHECK(res.addr % 8 == 1 && dif_canstore(st, res.addr, 1));
	/* NULL and tracer memory: BADADDR with the address */
	RUN(I(DIF_LDX, 1, 0, 0, 0), I(DIF_RET, 0, 1, 0, 0));
	CHECK_EQ_INT(res.fault, DIF_FAULT_BADADDR);
	CHECK_EQ_INT(res.addr, 0);
	CHECK_EQ_INT(res.pc, 0);
	RUN(I(DIF_SETX, 1, 0, 0, 23), I(DIF_LDX, 2, 1, 0, 0), I(DIF_RET, 0, 2, 0, 0));
	CHECK_EQ_INT(res.fault, DIF_FAULT_BADADDR);
	CHECK(res.addr == ints[23]);
	CHECK_EQ_INT(res.pc, 1);
	/* a load straddling the end of scratch */
	ints[26] = (uint64_t)(uintptr_t)st->scratch + st->lim.scratchsize - 4;
	RUN(I(DIF_SETX, 1, 0, 0, 26), I(DIF_LDUH, 2, 1, 0, 0),
	    I(DIF_LDX, 2, 1, 0, 0), I(DIF_RET, 0, 2, 0, 0));
	CHECK_EQ_INT(res.fault, DIF_FAULT_BADADDR);
	CHECK_EQ_INT(res.pc, 2);
	/* stores into the string table are refused */
	RUN(I(DIF_SETS, 1, 0, 0, 0), I(DIF_STB, 1, 1, 0, 0), I(DIF_RET, 0, 0, 0, 0));
	CHECK_EQ_INT(res.fault, DIF_FAULT_BADADDR);
	CHECK(res.addr == (uint64_t)(uintptr_t)D.strtab);
	RUN(I(DIF_SETX, 1, 0, 0, 20), I(DIF_ALLOCS, 2, 1, 0, 0),
	    I(DIF_SETS, 3, 0, 0, 0), I(DIF_COPYS, 3, 2, 1, 0), I(DIF_RET, 0, 0, 0, 0));
	CHECK_EQ_INT(res.fault, DIF_FAULT_BADADDR);
	CHECK_EQ_INT(res.pc, 3);
	/* copys from the string table into scratch */
	uint32_t hello = S("hello");
	ints[27] = 6;
	uint64_t p = RUN(I(DIF_SETX, 1, 0, 0, 27), I(DIF_ALLOCS, 2, 1, 0, 0),
	    I(DIF_SETS, 3, 0, 0, hello), I(DIF_COPYS, 2, 3, 1, 0),
	    I(DIF_RET, 0, 2, 0, 0));
	CHECK_EQ_STR((const char *)(uintptr_t)p, "hello");
	/* out of scratch */
	RUN(I(DIF_SETX, 1, 0, 0, 25), I(DIF_ALLOCS, 2, 1, 0, 0), I(DIF_RET, 0, 2, 0, 0));
	CHECK_EQ_INT(res.fault, DIF_FAULT_NOSCRATCH);
	CHECK_EQ_INT(res.pc, 1);
}

static void test_vars(void)
{
	ints[30] = 42; ints[31] = 43;
	uint32_t foo = S("foo"), bar = S("bar");
	dif_clause_begin(st);
	/* global scalar and string */
	CHECK_EQ_INT(RUN(I(DIF_SETX, 1, 0, 0, 30), I(DIF_STGS, 0, 1, 0, V_G),
	    I(DIF_LDGS, 2, 0, 0, V_G), I(DIF_RET, 0, 2, 0, 0)), 42);
	uint64_t g = RUN(I(DIF_SETS, 1, 0, 0, foo), I(DIF_STGS, 0, 1, 0, V_GS),
	    I(DIF_LDGS, 2, 0, 0, V_GS), I(DIF_RET, 0, 2, 0, 0));
	CHECK_EQ_STR((const char *)(uintptr_t)g, "foo");
	CHECK((const char *)(uintptr_t)g != strs + foo);   /* a copy */

	/* thread-locals per tid; storing 0 deletes */
	hit.tid = 1;
	RUN(I(DIF_SETX, 1, 0, 0, 30), I(DIF_STTS, 0, 1, 0, V_T), I(DIF_RET, 0, 0, 0, 0));
	hit.tid = 2;
	CHECK_EQ_INT(RUN(I(DIF_LDTS, 1, 0, 0, V_T), I(DIF_RET, 0, 1, 0, 0)), 0);
	RUN(I(DIF_SETX, 1, 0, 0, 31), I(DIF_STTS, 0, 1, 0, V_T), I(DIF_RET, 0, 0, 0, 0));
	hit.tid = 1;
	CHECK_EQ_INT(RUN(I(DIF_LDTS, 1, 0, 0, V_T), I(DIF_RET, 0, 1, 0, 0)), 42);
	size_t live = st->dyn.nlive;
	RUN(I(DIF_STTS, 0, 0, 0, V_T), I(DIF_RET, 0, 0, 0, 0));
	CHECK_EQ_INT(st->dyn.nlive, live - 1);
	CHECK_EQ_INT(RUN(I(DIF_LDTS, 1, 0, 0, V_T), I(DIF_RET, 0, 1, 0, 0)), 0);
	hit.tid = 2;
	CHECK_EQ_INT(RUN(I(DIF_LDTS, 1, 0, 0, V_T), I(DIF_RET, 0, 1, 0, 0)), 43);
	/* thread-local string; "" does not delete, NULL does */
	uint64_t t = RUN(I(DIF_SETS, 1, 0, 0, bar), I(DIF_STTS, 0, 1, 0, V_TS),
	    I(DIF_LDTS, 2, 0, 0, V_TS), I(DIF_RET, 0, 2, 0, 0));
	CHECK_EQ_STR((const char *)(uintptr_t)t, "bar");
	live = st->dyn.nlive;
	uint32_t e = S("");
	RUN(I(DIF_SETS, 1, 0, 0, e), I(DIF_STTS, 0, 1, 0, V_TS), I(DIF_RET, 0, 0, 0, 0));
	CHECK_EQ_INT(st->dyn.nlive, live);
	RUN(I(DIF_STTS, 0, 0, 0, V_TS), I(DIF_RET, 0, 0, 0, 0));
	CHECK_EQ_INT(st->dyn.nlive, live - 1);
	/* a missing string element reads as NULL (illumos's LDTS), uncreated */
	t = RUN(I(DIF_LDTS, 2, 0, 0, V_TS), I(DIF_RET, 0, 2, 0, 0));
	CHECK_EQ_INT(t, 0);
	CHECK_EQ_INT(st->dyn.nlive, live - 1);

	/* clause-locals persist across clauses of one firing */
	RUN(I(DIF_SETX, 1, 0, 0, 31), I(DIF_STLS, 0, 1, 0, V_L), I(DIF_RET, 0, 0, 0, 0));
	dif_clause_begin(st);
	CHECK_EQ_INT(RUN(I(DIF_LDLS, 1, 0, 0, V_L), I(DIF_RET, 0, 1, 0, 0)), 43);
	uint64_t l = RUN(I(DIF_SETS, 1, 0, 0, foo), I(DIF_STLS, 0, 1, 0, V_LS),
	    I(DIF_LDLS, 2, 0, 0, V_LS), I(DIF_RET, 0, 2, 0, 0));
	CHECK_EQ_STR((const char *)(uintptr_t)l, "foo");

	/* scope mismatch is an illegal operation, not a crash */
	RUN(I(DIF_LDGS, 1, 0, 0, V_T), I(DIF_RET, 0, 1, 0, 0));
	CHECK_EQ_INT(res.fault, DIF_FAULT_ILLOP);
}

static void test_assoc(void)
{
	uint32_t x = S("x"), xg = B("x\0garbage", 10), y = S("y"), v = S("val");
	ints[40] = 1; ints[41] = 2; ints[42] = 5; ints[43] = 6; ints[44] = 32;
	/* a["x", 1] = 5; a["x", 2] = 6 */
#define KEY(s, k) I(DIF_FLUSHTS, 0, 0, 0, 0), I(DIF_SETS, 1, 0, 0, s), \
	I(DIF_SETX, 2, 0, 0, 44), I(DIF_PUSHTR, 0, 1, 2, 1), \
	I(DIF_SETX, 3, 0, 0, k), I(DIF_PUSHTV, 0, 3, 0, 0)
	RUN(KEY(x, 40), I(DIF_SETX, 4, 0, 0, 42), I(DIF_STGAA, 0, 4, 0, V_A),
	    I(DIF_RET, 0, 0, 0, 0));
	RUN(KEY(x, 41), I(DIF_SETX, 4, 0, 0, 43), I(DIF_STGAA, 0, 4, 0, V_A),
	    I(DIF_RET, 0, 0, 0, 0));
	CHECK_EQ_INT(RUN(KEY(x, 40), I(DIF_LDGAA, 4, 0, 0, V_A), I(DIF_RET, 0, 4, 0, 0)), 5);
	CHECK_EQ_INT(RUN(KEY(x, 41), I(DIF_LDGAA, 4, 0, 0, V_A), I(DIF_RET, 0, 4, 0, 0)), 6);
	/* strings compare up to their NUL */
	CHECK_EQ_INT(RUN(KEY(xg, 40), I(DIF_LDGAA, 4, 0, 0, V_A), I(DIF_RET, 0, 4, 0, 0)), 5);
	size_t live = st->dyn.nlive;
	CHECK_EQ_INT(RUN(KEY(y, 40), I(DIF_LDGAA, 4, 0, 0, V_A), I(DIF_RET, 0, 4, 0, 0)), 0);
	CHECK_EQ_INT(st->dyn.nlive, live);   /* reading never creates */
	/* delete by zero */
	RUN(KEY(x, 40), I(DIF_STGAA, 0, 0, 0, V_A), I(DIF_RET, 0, 0, 0, 0));
	CHECK_EQ_INT(st->dyn.nlive, live - 1);
	CHECK_EQ_INT(RUN(KEY(x, 40), I(DIF_LDGAA, 4, 0, 0, V_A), I(DIF_RET, 0, 4, 0, 0)), 0);
	CHECK_EQ_INT(RUN(KEY(x, 41), I(DIF_LDGAA, 4, 0, 0, V_A), I(DIF_RET, 0, 4, 0, 0)), 6);

	/* by-ref values: as["y", 2] = "val"; a missing one reads NULL */
	uint64_t r = RUN(KEY(y, 41), I(DIF_SETS, 4, 0, 0, v),
	    I(DIF_STGAA, 0, 4, 0, V_AS), I(DIF_LDGAA, 5, 0, 0, V_AS),
	    I(DIF_RET, 0, 5, 0, 0));
	CHECK_EQ_STR((const char *)(uintptr_t)r, "val");
	r = RUN(KEY(y, 40), I(DIF_LDGAA, 5, 0, 0, V_AS), I(DIF_RET, 0, 5, 0, 0));
	CHECK_EQ_INT(r, 0);

	/* keys are copied when pushed: changing the source later is harmless */
	ints[45] = 'q';
	RUN(I(DIF_FLUSHTS, 0, 0, 0, 0), I(DIF_SETX, 1, 0, 0, 44),
	    I(DIF_ALLOCS, 2, 1, 0, 0), I(DIF_SETX, 3, 0, 0, 45),
	    I(DIF_STB, 2, 3, 0, 0), I(DIF_PUSHTR, 0, 2, 1, 1),
	    I(DIF_SETX, 3, 0, 0, 40), I(DIF_STB, 2, 3, 0, 0),
	    I(DIF_SETX, 4, 0, 0, 42), I(DIF_STGAA, 0, 4, 0, V_A),
	    I(DIF_RET, 0, 0, 0, 0));
	uint32_t q = S("q");
	CHECK_EQ_INT(RUN(I(DIF_FLUSHTS, 0, 0, 0, 0), I(DIF_SETS, 1, 0, 0, q),
	    I(DIF_SETX, 2, 0, 0, 44), I(DIF_PUSHTR, 0, 1, 2, 1),
	    I(DIF_LDGAA, 4, 0, 0, V_A), I(DIF_RET, 0, 4, 0, 0)), 5);
	/* a NULL string key faults with (0x0) */
	RUN(I(DIF_FLUSHTS, 0, 0, 0, 0), I(DIF_PUSHTR, 0, 0, 0, 1),
	    I(DIF_LDGAA, 4, 0, 0, V_A), I(DIF_RET, 0, 4, 0, 0));
	CHECK_EQ_INT(res.fault, DIF_FAULT_BADADDR);
	CHECK_EQ_INT(res.addr, 0);
	CHECK_EQ_INT(res.pc, 2);

	/* thread-local associative: same key, different tids */
	hit.tid = 10;
	RUN(KEY(x, 40), I(DIF_SETX, 4, 0, 0, 42), I(DIF_STTAA, 0, 4, 0, V_TA),
	    I(DIF_RET, 0, 0, 0, 0));
	CHECK_EQ_INT(RUN(KEY(x, 40), I(DIF_LDTAA, 4, 0, 0, V_TA), I(DIF_RET, 0, 4, 0, 0)), 5);
	hit.tid = 11;
	CHECK_EQ_INT(RUN(KEY(x, 40), I(DIF_LDTAA, 4, 0, 0, V_TA), I(DIF_RET, 0, 4, 0, 0)), 0);
	/* and a global array with the same key is a different variable */
	CHECK_EQ_INT(RUN(KEY(x, 40), I(DIF_LDGAA, 4, 0, 0, V_A), I(DIF_RET, 0, 4, 0, 0)), 0);

	/* tuple stack overflow at the 17th push */
	RUN(I(DIF_PUSHTV, 0, 0, 0, 0), I(DIF_PUSHTV, 0, 0, 0, 0), I(DIF_PUSHTV, 0, 0, 0, 0),
	    I(DIF_PUSHTV, 0, 0, 0, 0), I(DIF_PUSHTV, 0, 0, 0, 0), I(DIF_PUSHTV, 0, 0, 0, 0),
	    I(DIF_PUSHTV, 0, 0, 0, 0), I(DIF_PUSHTV, 0, 0, 0, 0), I(DIF_PUSHTV, 0, 0, 0, 0),
	    I(DIF_PUSHTV, 0, 0, 0, 0), I(DIF_PUSHTV, 0, 0, 0, 0), I(DIF_PUSHTV, 0, 0, 0, 0),
	    I(DIF_PUSHTV, 0, 0, 0, 0), I(DIF_PUSHTV, 0, 0, 0, 0), I(DIF_PUSHTV, 0, 0, 0, 0),
	    I(DIF_PUSHTV, 0, 0, 0, 0), I(DIF_PUSHTV, 0, 0, 0, 0), I(DIF_RET, 0, 0, 0, 0));
	CHECK_EQ_INT(res.fault, DIF_FAULT_TUPOFLOW);
	CHECK_EQ_INT(res.pc, 16);
	/* popts gives the room back */
	RUN(I(DIF_PUSHTV, 0, 0, 0, 0), I(DIF_POPTS, 0, 0, 0, 0), I(DIF_RET, 0, 0, 0, 0));
	CHECK_EQ_INT(res.fault, 0);
}

static void test_dynvar_exhaustion(void)
{
	/* strsize 8: the pool is raised to hold one entry of the largest key
	 * (DIF_TUPLE_MAX strings), so a small strsize keeps 512 bytes small */
	new_state(8, 1024, 512, 512);
	size_t stored = 0;
	for (uint64_t k = 1; k <= 40; k++) {
		hit.args[0] = k;
		RUN(I(DIF_FLUSHTS, 0, 0, 0, 0), I(DIF_LDGS, 1, 0, 0, DIF_VAR_ARG0),
		    I(DIF_PUSHTV, 0, 1, 0, 0), I(DIF_STGAA, 0, 1, 0, V_A),
		    I(DIF_RET, 0, 0, 0, 0));
		CHECK_EQ_INT(res.fault, 0);
	}
	stored = st->dyn.nlive;
	CHECK(stored > 0 && stored < 40);
	CHECK_EQ_INT(dif_take_dynvar_drops(st), 40 - stored);
	CHECK_EQ_INT(dif_take_dynvar_drops(st), 0);
	/* freeing one makes room for one more */
	hit.args[0] = 1;
	RUN(I(DIF_FLUSHTS, 0, 0, 0, 0), I(DIF_LDGS, 1, 0, 0, DIF_VAR_ARG0),
	    I(DIF_PUSHTV, 0, 1, 0, 0), I(DIF_STGAA, 0, 0, 0, V_A), I(DIF_RET, 0, 0, 0, 0));
	hit.args[0] = 100;
	RUN(I(DIF_FLUSHTS, 0, 0, 0, 0), I(DIF_LDGS, 1, 0, 0, DIF_VAR_ARG0),
	    I(DIF_PUSHTV, 0, 1, 0, 0), I(DIF_STGAA, 0, 1, 0, V_A),
	    I(DIF_LDGAA, 2, 0, 0, V_A), I(DIF_RET, 0, 2, 0, 0));
	CHECK_EQ_INT(res.rv, 100);
	CHECK_EQ_INT(dif_take_dynvar_drops(st), 0);
	new_state(256, 1024, 4096, 512);
}

static void test_builtins(void)
{
	static const uint64_t regs[3] = { 11, 22, 33 };
	hit.pid = 4242; hit.tid = 4243; hit.cpu = -1; hit.execname = "myprog";
	hit.func = "main"; hit.args[3] = 77; hit.uregs = regs; hit.nuregs = 3;
	dif_firing_begin(st, &hit);
	dif_clause_begin(st);
	CHECK_EQ_INT(RUN(I(DIF_LDGS, 1, 0, 0, DIF_VAR_PID), I(DIF_RET, 0, 1, 0, 0)), 4242);
	CHECK_EQ_INT((int64_t)RUN(I(DIF_LDGS, 1, 0, 0, DIF_VAR_CPU), I(DIF_RET, 0, 1, 0, 0)), -1);
	uint64_t s = RUN(I(DIF_LDGS, 1, 0, 0, DIF_VAR_EXECNAME), I(DIF_RET, 0, 1, 0, 0));
	CHECK_EQ_STR((const char *)(uintptr_t)s, "myprog");
	CHECK(s != (uint64_t)(uintptr_t)hit.execname);   /* D-owned copy */
	uint32_t mn = S("main");
	CHECK_EQ_INT(RUN(I(DIF_LDGS, 1, 0, 0, DIF_VAR_PROBEFUNC), I(DIF_SETS, 2, 0, 0, mn),
	    I(DIF_SCMP, 3, 1, 2, 0), I(DIF_RET, 0, 3, 0, 0)), 0);
	s = RUN(I(DIF_LDGS, 1, 0, 0, DIF_VAR_PROBENAME), I(DIF_RET, 0, 1, 0, 0));
	CHECK_EQ_STR((const char *)(uintptr_t)s, "");   /* NULL name */
	ints[50] = 3; ints[51] = 12; ints[52] = 1;
	CHECK_EQ_INT(RUN(I(DIF_SETX, 1, 0, 0, 50), I(DIF_LDGA, 2, 1, 0, DIF_VAR_ARGS),
	    I(DIF_RET, 0, 2, 0, 0)), 77);
	CHECK_EQ_INT(RUN(I(DIF_SETX, 1, 0, 0, 51), I(DIF_LDGA, 2, 1, 0, DIF_VAR_ARGS),
	    I(DIF_RET, 0, 2, 0, 0)), 0);
	CHECK_EQ_INT(RUN(I(DIF_SETX, 1, 0, 0, 52), I(DIF_LDGA, 2, 1, 0, DIF_VAR_UREGS),
	    I(DIF_RET, 0, 2, 0, 0)), 22);
	RUN(I(DIF_SETX, 1, 0, 0, 50), I(DIF_LDGA, 2, 1, 0, DIF_VAR_UREGS), I(DIF_RET, 0, 2, 0, 0));
	CHECK_EQ_INT(res.fault, DIF_FAULT_ILLOP);
	CHECK_EQ_INT(res.pc, 1);
}

static void test_records(void)
{
	uint32_t hello = S("hello, world");
	recs[0] = (dif_rec_t){ DIF_REC_INT, 4, 0 };
	recs[1] = (dif_rec_t){ DIF_REC_STRING, 8, 0 };
	recs[2] = (dif_rec_t){ DIF_REC_BYREF, 3, 0 };
	ints[55] = 0x1122334455667788ull;
	dif_clause_begin(st);
	RUN(I(DIF_SETX, 1, 0, 0, 55), I(DIF_REC, 0, 1, 0, 0),
	    I(DIF_SETS, 2, 0, 0, hello), I(DIF_REC, 0, 2, 0, 1),
	    I(DIF_REC, 0, 2, 0, 2), I(DIF_RET, 0, 0, 0, 0));
	size_t len;
	const uint8_t *rb = dif_records(st, &len);
	CHECK_EQ_INT(len, 3 * 8 + 8 + 8 + 8);
	dif_rechdr_t h;
	memcpy(&h, rb, 8);
	CHECK_EQ_INT(h.rec, 0);
	CHECK_EQ_INT(h.len, 4);
	CHECK(rb[8] == 0x88 && rb[11] == 0x55 && rb[12] == 0);
	memcpy(&h, rb + 16, 8);
	CHECK_EQ_INT(h.rec, 1);
	CHECK_EQ_INT(h.len, 8);
	/* a string that fills its record keeps all size bytes, no NUL */
	CHECK(memcmp(rb + 24, "hello, w", 8) == 0);
	memcpy(&h, rb + 32, 8);
	CHECK_EQ_INT(h.len, 3);
	CHECK(memcmp(rb + 40, "hel\0\0\0\0\0", 8) == 0);
	/* NULL string record: (0x0) */
	dif_clause_begin(st);
	RUN(I(DIF_REC, 0, 0, 0, 1), I(DIF_RET, 0, 0, 0, 0));
	CHECK_EQ_INT(res.fault, DIF_FAULT_BADADDR);
	CHECK_EQ_INT(res.addr, 0);
	/* overflow of recbufsize drops the clause's data and counts it */
	new_state(256, 1024, 4096, 24);
	RUN(I(DIF_REC, 0, 0, 0, 0), I(DIF_REC, 0, 0, 0, 0), I(DIF_RET, 0, 0, 0, 0));
	CHECK_EQ_INT(res.fault, 0);
	CHECK(dif_records(st, &len) == NULL);
	CHECK_EQ_INT(len, 0);
	CHECK_EQ_INT(dif_take_rec_drops(st), 1);
	dif_clause_begin(st);
	RUN(I(DIF_REC, 0, 0, 0, 0), I(DIF_RET, 0, 0, 0, 0));
	CHECK(dif_records(st, &len) != NULL && len == 16);
	new_state(256, 1024, 4096, 512);
}

static void test_fault_names(void)
{
	CHECK_EQ_STR(dif_fault_name(DIF_FAULT_BADADDR), "invalid address");
	CHECK_EQ_STR(dif_fault_name(DIF_FAULT_BADALIGN), "invalid alignment");
	CHECK_EQ_STR(dif_fault_name(DIF_FAULT_ILLOP), "illegal operation");
	CHECK_EQ_STR(dif_fault_name(DIF_FAULT_DIVZERO), "divide-by-zero");
	CHECK_EQ_STR(dif_fault_name(DIF_FAULT_NOSCRATCH), "out of scratch space");
	CHECK_EQ_STR(dif_fault_name(DIF_FAULT_KPRIV), "invalid kernel access");
	CHECK_EQ_STR(dif_fault_name(DIF_FAULT_UPRIV), "invalid user access");
	CHECK_EQ_STR(dif_fault_name(DIF_FAULT_TUPOFLOW), "tuple stack overflow");
	CHECK_EQ_STR(dif_fault_name(DIF_FAULT_LIBRARY), "library-level fault");
	CHECK_EQ_STR(dif_fault_name(99), "unknown fault");
}

/* ---- subroutines ---- */

/* An argument: a string (pushed by reference) or an integer. */
typedef struct { int str; const char *s; uint64_t v; } arg_t;
#define AS(x) ((arg_t){ 1, (x), 0 })
#define AV(x) ((arg_t){ 0, NULL, (uint64_t)(x) })
#define AP(off) ((arg_t){ 2, NULL, (off) })   /* address strtab + off */

static uint64_t call(int subr, int n, const arg_t *a)
{
	dif_instr_t t[40];
	size_t k = 0;
	t[k++] = I(DIF_FLUSHTS, 0, 0, 0, 0);
	for (int i = 0; i < n; i++) {
		if (a[i].str == 1) {
			t[k++] = I(DIF_SETS, 1, 0, 0, S(a[i].s));
			t[k++] = I(DIF_SETX, 2, 0, 0, 63);
			t[k++] = I(DIF_PUSHTR, 0, 1, 2, 1);
		} else if (a[i].str == 2) {
			t[k++] = I(DIF_SETS, 1, 0, 0, (uint32_t)a[i].v);
			t[k++] = I(DIF_PUSHTV, 0, 1, 0, 0);
		} else {
			ints[56 + i] = a[i].v;
			t[k++] = I(DIF_SETX, 1, 0, 0, 56 + i);
			t[k++] = I(DIF_PUSHTV, 0, 1, 0, 0);
		}
	}
	ints[63] = 256;
	t[k++] = I(DIF_CALL, 3, 0, 0, (uint32_t)subr);
	t[k++] = I(DIF_RET, 0, 3, 0, 0);
	return run_(t, k);
}
#define CALL(subr, ...) call(subr, \
	sizeof((arg_t[]){ __VA_ARGS__ }) / sizeof(arg_t), (arg_t[]){ __VA_ARGS__ })
#define CALLS(subr, ...) ((const char *)(uintptr_t)CALL(subr, __VA_ARGS__))

static const char *nz(uint64_t p) { return p ? (const char *)(uintptr_t)p : "(NULL)"; }

static void test_subr_strings(void)
{
	CHECK_EQ_INT(CALL(DIF_SUBR_STRLEN, AS("hello")), 5);
	CHECK_EQ_STR(CALLS(DIF_SUBR_STRJOIN, AS("ab"), AS("cd")), "abcd");
	new_state(16, 1024, 4096, 512);
	CALL(DIF_SUBR_STRJOIN, AS("0123456789"), AS("abcdef"));
	CHECK_EQ_INT(res.fault, DIF_FAULT_NOSCRATCH);
	CHECK_EQ_STR(CALLS(DIF_SUBR_STRJOIN, AS("0123456"), AS("abcdefgh")),
	    "0123456abcdefgh");
	new_state(256, 1024, 4096, 512);
	CALL(DIF_SUBR_STRLEN, AV(0));
	CHECK_EQ_INT(res.fault, DIF_FAULT_BADADDR);
	CHECK_EQ_INT(res.addr, 0);

	CHECK_EQ_STR(CALLS(DIF_SUBR_SUBSTR, AS("hello"), AV(1)), "ello");
	CHECK_EQ_STR(CALLS(DIF_SUBR_SUBSTR, AS("hello"), AV(-2)), "lo");
	CHECK_EQ_STR(CALLS(DIF_SUBR_SUBSTR, AS("hello"), AV(1), AV(2)), "el");
	CHECK_EQ_STR(CALLS(DIF_SUBR_SUBSTR, AS("hello"), AV(-10), AV(7)), "he");
	CHECK_EQ_STR(CALLS(DIF_SUBR_SUBSTR, AS("hello"), AV(-10), AV(3)), "");
	CHECK_EQ_STR(CALLS(DIF_SUBR_SUBSTR, AS("hello"), AV(-10)), "hello");
	CHECK_EQ_STR(CALLS(DIF_SUBR_SUBSTR, AS("hello"), AV(5)), "");
	CHECK_EQ_STR(CALLS(DIF_SUBR_SUBSTR, AS("hello"), AV(99), AV(2)), "");
	CHECK_EQ_STR(CALLS(DIF_SUBR_SUBSTR, AS("hello"), AV(1), AV(-1)), "ell");
	CHECK_EQ_STR(CALLS(DIF_SUBR_SUBSTR, AS("hello"), AV(0), AV(-10)), "");
	CHECK_EQ_STR(CALLS(DIF_SUBR_SUBSTR, AS("hello"), AV(2), AV(99)), "llo");
	CHECK_EQ_STR(CALLS(DIF_SUBR_SUBSTR, AS("hello"), AV(INT64_MIN), AV(INT64_MAX)), "hello");

	CHECK_EQ_INT(CALL(DIF_SUBR_INDEX, AS("hello"), AS("l")), 2);
	CHECK_EQ_INT(CALL(DIF_SUBR_INDEX, AS("hello"), AS("l"), AV(3)), 3);
	CHECK_EQ_INT(CALL(DIF_SUBR_INDEX, AS("hello"), AS("l"), AV(4)), -1);
	CHECK_EQ_INT(CALL(DIF_SUBR_INDEX, AS("hello"), AS("z")), -1);
	CHECK_EQ_INT(CALL(DIF_SUBR_INDEX, AS("hello"), AS("")), 0);
	CHECK_EQ_INT(CALL(DIF_SUBR_RINDEX, AS("hello"), AS("l")), 3);
	CHECK_EQ_INT(CALL(DIF_SUBR_RINDEX, AS("hello"), AS("l"), AV(2)), 2);
	CHECK_EQ_INT(CALL(DIF_SUBR_RINDEX, AS("hello"), AS("l"), AV(1)), -1);
	CHECK_EQ_INT(CALL(DIF_SUBR_RINDEX, AS("hello"), AS("hello!")), -1);

	CHECK_EQ_STR(nz(CALL(DIF_SUBR_STRSTR, AS("hello"), AS("ll"))), "llo");
	CHECK_EQ_STR(nz(CALL(DIF_SUBR_STRSTR, AS("hello"), AS("lx"))), "(NULL)");
	CHECK_EQ_STR(nz(CALL(DIF_SUBR_STRCHR, AS("hello"), AV('l'))), "llo");
	CHECK_EQ_STR(nz(CALL(DIF_SUBR_STRRCHR, AS("hello"), AV('l'))), "lo");
	CHECK_EQ_STR(nz(CALL(DIF_SUBR_STRCHR, AS("hello"), AV('z'))), "(NULL)");
	CHECK_EQ_STR(nz(CALL(DIF_SUBR_STRCHR, AS("hello"), AV(0))), "");

	CHECK_EQ_STR(CALLS(DIF_SUBR_TOUPPER, AS("aBc1-z")), "ABC1-Z");
	CHECK_EQ_STR(CALLS(DIF_SUBR_TOLOWER, AS("aBC1-Z")), "abc1-z");
}

static void test_subr_strtok(void)
{
	dif_firing_begin(st, &hit);
	dif_clause_begin(st);
	CHECK_EQ_STR(nz(CALL(DIF_SUBR_STRTOK, AS(",a,b,,c"), AS(","))), "a");
	dif_clause_begin(st);   /* continues in a later clause of the firing */
	CHECK_EQ_STR(nz(CALL(DIF_SUBR_STRTOK, AV(0), AS(","))), "b");
	CHECK_EQ_STR(nz(CALL(DIF_SUBR_STRTOK, AV(0), AS(";,"))), "c");
	CHECK_EQ_STR(nz(CALL(DIF_SUBR_STRTOK, AV(0), AS(","))), "(NULL)");
	CHECK_EQ_STR(nz(CALL(DIF_SUBR_STRTOK, AV(0), AS(","))), "(NULL)");
	dif_firing_begin(st, &hit);
	CHECK_EQ_STR(nz(CALL(DIF_SUBR_STRTOK, AV(0), AS(","))), "(NULL)");
	CHECK_EQ_STR(nz(CALL(DIF_SUBR_STRTOK, AS("one two"), AS(" "))), "one");
	/* resumes at the delimiter that ended "one", as DTrace does */
	CHECK_EQ_STR(nz(CALL(DIF_SUBR_STRTOK, AV(0), AS(""))), " two");
}

static void test_subr_paths(void)
{
	CHECK_EQ_STR(CALLS(DIF_SUBR_BASENAME, AS("/")), "/");
	CHECK_EQ_STR(CALLS(DIF_SUBR_BASENAME, AS("a")), "a");
	CHECK_EQ_STR(CALLS(DIF_SUBR_BASENAME, AS("/usr/lib/")), "lib");
	CHECK_EQ_STR(CALLS(DIF_SUBR_BASENAME, AS("/usr/lib/libc.so")), "libc.so");
	CHECK_EQ_STR(CALLS(DIF_SUBR_BASENAME, AS("///")), "/");
	CHECK_EQ_STR(CALLS(DIF_SUBR_BASENAME, AS("")), ".");
	CHECK_EQ_STR(CALLS(DIF_SUBR_DIRNAME, AS("/")), "/");
	CHECK_EQ_STR(CALLS(DIF_SUBR_DIRNAME, AS("a")), ".");
	CHECK_EQ_STR(CALLS(DIF_SUBR_DIRNAME, AS("/usr/lib")), "/usr");
	CHECK_EQ_STR(CALLS(DIF_SUBR_DIRNAME, AS("/usr/lib/")), "/usr");
	CHECK_EQ_STR(CALLS(DIF_SUBR_DIRNAME, AS("/usr")), "/");
	CHECK_EQ_STR(CALLS(DIF_SUBR_DIRNAME, AS("a/b//")), "a");
	CHECK_EQ_STR(CALLS(DIF_SUBR_DIRNAME, AS("a//b")), "a");
	CHECK_EQ_STR(CALLS(DIF_SUBR_DIRNAME, AS("")), ".");
	CHECK_EQ_STR(CALLS(DIF_SUBR_CLEANPATH, AS("/a//b/./c/../d")), "/a/b/d");
	CHECK_EQ_STR(CALLS(DIF_SUBR_CLEANPATH, AS("a/../../b")), "../b");
	CHECK_EQ_STR(CALLS(DIF_SUBR_CLEANPATH, AS("/../x")), "/x");
	CHECK_EQ_STR(CALLS(DIF_SUBR_CLEANPATH, AS("/a/b/")), "/a/b/");
	CHECK_EQ_STR(CALLS(DIF_SUBR_CLEANPATH, AS("/a/..")), "/");
	CHECK_EQ_STR(CALLS(DIF_SUBR_CLEANPATH, AS("a/..")), ".");
}

static void test_subr_numbers(void)
{
	CHECK_EQ_STR(CALLS(DIF_SUBR_LLTOSTR, AV(-42)), "-42");
	CHECK_EQ_STR(CALLS(DIF_SUBR_LLTOSTR, AV(INT64_MIN)), "-9223372036854775808");
	CHECK_EQ_STR(CALLS(DIF_SUBR_LLTOSTR, AV(255), AV(16)), "0xff");
	CHECK_EQ_STR(CALLS(DIF_SUBR_LLTOSTR, AV(0), AV(16)), "0x0");
	CHECK_EQ_STR(CALLS(DIF_SUBR_LLTOSTR, AV(-1), AV(16)), "0xffffffffffffffff");
	CHECK_EQ_STR(CALLS(DIF_SUBR_LLTOSTR, AV(8), AV(8)), "010");
	CHECK_EQ_STR(CALLS(DIF_SUBR_LLTOSTR, AV(0), AV(8)), "0");
	CHECK_EQ_STR(CALLS(DIF_SUBR_LLTOSTR, AV(5), AV(2)), "101");
	CHECK_EQ_STR(CALLS(DIF_SUBR_LLTOSTR, AV(35), AV(36)), "z");
	CALL(DIF_SUBR_LLTOSTR, AV(5), AV(1));
	CHECK_EQ_INT(res.fault, DIF_FAULT_ILLOP);

	CHECK_EQ_INT(CALL(DIF_SUBR_STRTOLL, AS("  -123xyz")), -123);
	CHECK_EQ_INT(CALL(DIF_SUBR_STRTOLL, AS("ff"), AV(16)), 255);
	CHECK_EQ_INT(CALL(DIF_SUBR_STRTOLL, AS("0x1f"), AV(16)), 31);
	CHECK_EQ_INT(CALL(DIF_SUBR_STRTOLL, AS("777"), AV(8)), 511);
	CHECK_EQ_INT(CALL(DIF_SUBR_STRTOLL, AS("99999999999999999999")), INT64_MAX);
	CHECK_EQ_INT(CALL(DIF_SUBR_STRTOLL, AS("-9223372036854775808")), INT64_MIN);
	CHECK_EQ_INT(CALL(DIF_SUBR_STRTOLL, AS("")), 0);
	CALL(DIF_SUBR_STRTOLL, AS("1"), AV(37));
	CHECK_EQ_INT(res.fault, DIF_FAULT_ILLOP);

	CHECK_EQ_INT(CALL(DIF_SUBR_HTONS, AV(0x1234)), 0x3412);
	CHECK_EQ_INT(CALL(DIF_SUBR_NTOHS, AV(0xff1234)), 0x3412);
	CHECK_EQ_INT(CALL(DIF_SUBR_HTONL, AV(0x12345678)), 0x78563412);
	CHECK(CALL(DIF_SUBR_HTONLL, AV(0x0102030405060708ull)) == 0x0807060504030201ull);
	CHECK(CALL(DIF_SUBR_NTOHLL, AV(0x0102030405060708ull)) == 0x0807060504030201ull);
	uint64_t r1 = CALL(DIF_SUBR_RAND, AV(0)) ;   /* wrong arity */
	(void)r1;
	CHECK_EQ_INT(res.fault, DIF_FAULT_ILLOP);
	dif_instr_t t[] = { I(DIF_FLUSHTS, 0, 0, 0, 0), I(DIF_CALL, 1, 0, 0, DIF_SUBR_RAND),
	    I(DIF_CALL, 2, 0, 0, DIF_SUBR_RAND), I(DIF_CNE, 3, 1, 2, 0), I(DIF_RET, 0, 3, 0, 0) };
	CHECK_EQ_INT(run_(t, 5), 1);

	hit.pid = 100; hit.ppid = 50;
	CHECK_EQ_INT(CALL(DIF_SUBR_PROGENYOF, AV(100)), 1);
	CHECK_EQ_INT(CALL(DIF_SUBR_PROGENYOF, AV(50)), 1);
	CHECK_EQ_INT(CALL(DIF_SUBR_PROGENYOF, AV(7)), 0);
}

static void test_subr_memory(void)
{
	dif_clause_begin(st);
	uint64_t p = CALL(DIF_SUBR_ALLOCA, AV(10));
	CHECK(p % 8 == 0 && p != 0);
	CALL(DIF_SUBR_ALLOCA, AV(1 << 20));
	CHECK_EQ_INT(res.fault, DIF_FAULT_NOSCRATCH);
	/* bcopy into scratch from the string table */
	uint32_t src = S("copy me");
	dif_instr_t t[] = {
		I(DIF_SETX, 1, 0, 0, 60), I(DIF_ALLOCS, 2, 1, 0, 0),
		I(DIF_FLUSHTS, 0, 0, 0, 0), I(DIF_SETS, 3, 0, 0, src),
		I(DIF_PUSHTV, 0, 3, 0, 0), I(DIF_PUSHTV, 0, 2, 0, 0),
		I(DIF_PUSHTV, 0, 1, 0, 0), I(DIF_CALL, 4, 0, 0, DIF_SUBR_BCOPY),
		I(DIF_RET, 0, 2, 0, 0) };
	ints[60] = 8;
	CHECK_EQ_STR(nz(run_(t, 9)), "copy me");
	/* bcopy into the string table: BADADDR with the destination */
	CALL(DIF_SUBR_BCOPY, AP(src), AP(src), AV(4));
	CHECK_EQ_INT(res.fault, DIF_FAULT_BADADDR);
	CHECK(res.addr == (uint64_t)(uintptr_t)(strs + src));
	CHECK_EQ_INT(res.pc, 7);
}

/* A fake target: the last 64 bytes of a page; the next page is unmapped. */
static char target[64] = "0123456789abcdefghijklmnopqrst\0";
#define TBASE (0x10000u - 64)
static int fake_read(void *arg, uint64_t addr, void *buf, size_t len)
{
	(void)arg;
	if (addr < TBASE || addr + len > TBASE + sizeof(target))
		return -1;
	memcpy(buf, target + (addr - TBASE), len);
	return 0;
}

static void test_subr_copyin(void)
{
	hit.read_mem = fake_read;
	memcpy(target + 58, "hello", 6);
	dif_clause_begin(st);
	uint64_t p = CALL(DIF_SUBR_COPYIN, AV(TBASE + 10), AV(6));
	CHECK(p != 0 && memcmp((char *)(uintptr_t)p, "abcdef", 6) == 0);
	CALL(DIF_SUBR_COPYIN, AV(TBASE + 60), AV(8));
	CHECK_EQ_INT(res.fault, DIF_FAULT_BADADDR);
	CHECK_EQ_INT(res.addr, TBASE + 60);
	CHECK_EQ_STR(CALLS(DIF_SUBR_COPYINSTR, AV(TBASE)), "0123456789abcdefghijklmnopqrst");
	CHECK_EQ_STR(CALLS(DIF_SUBR_COPYINSTR, AV(TBASE), AV(4)), "0123");
	/* the string ends before the unreadable page: no fault */
	CHECK_EQ_STR(CALLS(DIF_SUBR_COPYINSTR, AV(TBASE + 58)), "hello");
	/* runs off readable memory: fault at the unreadable page */
	memset(target + 58, 'x', 6);
	CALL(DIF_SUBR_COPYINSTR, AV(TBASE + 58));
	CHECK_EQ_INT(res.fault, DIF_FAULT_BADADDR);
	CHECK_EQ_INT(res.addr, 0x10000);
	/* strsize bounds copyinstr */
	new_state(8, 1024, 4096, 512);
	hit.read_mem = fake_read;
	CHECK_EQ_STR(CALLS(DIF_SUBR_COPYINSTR, AV(TBASE)), "0123456");
	new_state(256, 1024, 4096, 512);
	hit.read_mem = NULL;
	CALL(DIF_SUBR_COPYIN, AV(TBASE), AV(1));
	CHECK_EQ_INT(res.fault, DIF_FAULT_BADADDR);
	CHECK_EQ_INT(res.addr, TBASE);
	hit.read_mem = fake_read;
	/* copyinto a global by-ref target is allowed; into strtab is not */
	uint32_t s = S("zzzz");
	CALL(DIF_SUBR_COPYINTO, AV(TBASE), AV(4), AP(s));
	CHECK_EQ_INT(res.fault, DIF_FAULT_BADADDR);
	dif_instr_t t[] = {
		I(DIF_SETX, 1, 0, 0, 61), I(DIF_ALLOCS, 2, 1, 0, 0),
		I(DIF_FLUSHTS, 0, 0, 0, 0), I(DIF_SETX, 3, 0, 0, 62),
		I(DIF_PUSHTV, 0, 3, 0, 0), I(DIF_PUSHTV, 0, 1, 0, 0),
		I(DIF_PUSHTV, 0, 2, 0, 0), I(DIF_CALL, 4, 0, 0, DIF_SUBR_COPYINTO),
		I(DIF_RET, 0, 2, 0, 0) };
	ints[61] = 3; ints[62] = TBASE + 4;
	CHECK_EQ_STR(nz(run_(t, 9)), "456");
}

static void test_subr_inet(void)
{
	static const uint8_t v4[4] = { 192, 168, 1, 10 };
	static const uint8_t lo[16] = { [15] = 1 };
	static const uint8_t any[16] = { 0 };
	static const uint8_t doc[16] = { 0x20, 0x01, 0x0d, 0xb8, [15] = 1 };
	static const uint8_t two[16] = { 0x20, 0x01, 0, 0, 0, 0, 0, 1, [15] = 1 };
	static const uint8_t one[16] = { 0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 1,
	    0, 1, 0, 1, 0, 1, 0, 1 };
	static const uint8_t map[16] = { [10] = 0xff, [11] = 0xff, 1, 2, 3, 4 };
	static const uint8_t ll[16] = { 0xfe, 0x80, [9] = 1, [15] = 1 };
	CHECK_EQ_STR(CALLS(DIF_SUBR_INET_NTOA, AP(B(v4, 4))), "192.168.1.10");
	CHECK_EQ_STR(CALLS(DIF_SUBR_INET_NTOP, AV(2), AP(B(v4, 4))), "192.168.1.10");
	CHECK_EQ_STR(CALLS(DIF_SUBR_INET_NTOA6, AP(B(lo, 16))), "::1");
	CHECK_EQ_STR(CALLS(DIF_SUBR_INET_NTOA6, AP(B(any, 16))), "::");
	CHECK_EQ_STR(CALLS(DIF_SUBR_INET_NTOA6, AP(B(doc, 16))), "2001:db8::1");
	CHECK_EQ_STR(CALLS(DIF_SUBR_INET_NTOA6, AP(B(two, 16))), "2001:0:0:1::1");
	CHECK_EQ_STR(CALLS(DIF_SUBR_INET_NTOA6, AP(B(one, 16))), "2001:db8:0:1:1:1:1:1");
	/* DTrace prints only the IPv4 part of a mapped address here */
	CHECK_EQ_STR(CALLS(DIF_SUBR_INET_NTOA6, AP(B(map, 16))), "1.2.3.4");
	CHECK_EQ_STR(CALLS(DIF_SUBR_INET_NTOP, AV(10), AP(B(ll, 16))), "fe80::1:0:0:1");
	CALL(DIF_SUBR_INET_NTOP, AV(26), AP(B(ll, 16)));
	CHECK_EQ_INT(res.fault, DIF_FAULT_ILLOP);
	CALL(DIF_SUBR_INET_NTOA, AV(0));
	CHECK_EQ_INT(res.fault, DIF_FAULT_BADADDR);
}

static void test_subr_json(void)
{
	const char *j = "{\"a\": {\"b\": [1, \"x\", true, {\"c\": null}]}, "
	    "\"s\": \"q\\\"r\", \"n\": -2.5e3}";
	CHECK_EQ_STR(nz(CALL(DIF_SUBR_JSON, AS(j), AS("a.b[1]"))), "x");
	CHECK_EQ_STR(nz(CALL(DIF_SUBR_JSON, AS(j), AS("a.b[0]"))), "1");
	CHECK_EQ_STR(nz(CALL(DIF_SUBR_JSON, AS(j), AS("a.b[2]"))), "true");
	CHECK_EQ_STR(nz(CALL(DIF_SUBR_JSON, AS(j), AS("a.b[3].c"))), "null");
	CHECK_EQ_STR(nz(CALL(DIF_SUBR_JSON, AS(j), AS("s"))), "q\"r");
	CHECK_EQ_STR(nz(CALL(DIF_SUBR_JSON, AS(j), AS("n"))), "-2.5e3");
	CHECK_EQ_STR(nz(CALL(DIF_SUBR_JSON, AS(j), AS("a.b[4]"))), "(NULL)");
	CHECK_EQ_STR(nz(CALL(DIF_SUBR_JSON, AS(j), AS("zz"))), "(NULL)");
	CHECK_EQ_STR(nz(CALL(DIF_SUBR_JSON, AS("{\"a\":"), AS("a"))), "(NULL)");
	CHECK_EQ_STR(nz(CALL(DIF_SUBR_JSON, AS("[1,[2,3]]"), AS("[1][0]"))), "2");
}


/* DIF_AGG: {value, weight, key in push order} in the clause's records */
static void test_agg(void)
{
	uint32_t ab = S("ab"), big = S("0123456789");
	dif_rechdr_t h;
	size_t len;
	const uint8_t *rb;
	uint64_t u;
	ints[45] = 42; ints[46] = 3; ints[47] = 7; ints[48] = 32; ints[49] = 12;

	/* @[ "ab" (pushed as 32 bytes), 7 ] with value 42, weight 3 */
	recs[3] = (dif_rec_t){ DIF_REC_AGG, 16 + 32 + 8, 0 };
#define AGGKEY I(DIF_FLUSHTS, 0, 0, 0, 0), I(DIF_SETS, 1, 0, 0, ab), \
	I(DIF_SETX, 2, 0, 0, 48), I(DIF_PUSHTR, 0, 1, 2, 1), \
	I(DIF_SETX, 3, 0, 0, 47), I(DIF_PUSHTV, 0, 3, 0, 0), \
	I(DIF_SETX, 4, 0, 0, 45), I(DIF_SETX, 5, 0, 0, 46)
	dif_clause_begin(st);
	RUN(AGGKEY, I(DIF_AGG, 0, 4, 5, 3), I(DIF_RET, 0, 0, 0, 0));
	CHECK_EQ_INT(res.fault, 0);
	rb = dif_records(st, &len);
	CHECK(rb != NULL);
	CHECK_EQ_INT(len, 8 + 56);
	memcpy(&h, rb, 8);
	CHECK_EQ_INT(h.rec, 3);
	CHECK_EQ_INT(h.len, 56);
	memcpy(&u, rb + 8, 8);
	CHECK_EQ_INT(u, 42);
	memcpy(&u, rb + 16, 8);
	CHECK_EQ_INT(u, 3);
	static const uint8_t key[32] = "ab";
	CHECK(memcmp(rb + 24, key, 32) == 0);   /* NUL-padded to 32 */
	memcpy(&u, rb + 56, 8);
	CHECK_EQ_INT(u, 7);

	/* no key; then a trace() record and an aggregation share the buffer */
	recs[4] = (dif_rec_t){ DIF_REC_AGG, 16, 0 };
	recs[0] = (dif_rec_t){ DIF_REC_INT, 4, 0 };
	dif_clause_begin(st);
	RUN(I(DIF_SETX, 1, 0, 0, 47), I(DIF_REC, 0, 1, 0, 0),
	    I(DIF_FLUSHTS, 0, 0, 0, 0), I(DIF_AGG, 0, 1, 1, 4),
	    I(DIF_RET, 0, 0, 0, 0));
	rb = dif_records(st, &len);
	CHECK_EQ_INT(len, 16 + 24);
	memcpy(&h, rb + 16, 8);
	CHECK_EQ_INT(h.rec, 4);
	CHECK_EQ_INT(h.len, 16);
	memcpy(&u, rb + 32, 8);
	CHECK_EQ_INT(u, 7);

	/* a string pushed with size 0 takes strsize bytes */
	recs[5] = (dif_rec_t){ DIF_REC_AGG, 16 + 256, 0 };
	dif_clause_begin(st);
	RUN(I(DIF_FLUSHTS, 0, 0, 0, 0), I(DIF_SETS, 1, 0, 0, big),
	    I(DIF_PUSHTR, 0, 1, 0, 1), I(DIF_AGG, 0, 0, 0, 5),
	    I(DIF_RET, 0, 0, 0, 0));
	CHECK_EQ_INT(res.fault, 0);
	rb = dif_records(st, &len);
	CHECK_EQ_INT(len, 8 + 272);
	CHECK(memcmp(rb + 24, "0123456789\0", 11) == 0 && rb[8 + 271] == 0);

	/* a by-ref key of 12 bytes: its pushed size, record padded to 8 */
	recs[6] = (dif_rec_t){ DIF_REC_AGG, 16 + 12, 0 };
	dif_clause_begin(st);
	RUN(I(DIF_FLUSHTS, 0, 0, 0, 0), I(DIF_SETS, 1, 0, 0, big),
	    I(DIF_SETX, 2, 0, 0, 49), I(DIF_PUSHTR, 0, 1, 2, 0),
	    I(DIF_AGG, 0, 0, 0, 6), I(DIF_RET, 0, 0, 0, 0));
	CHECK_EQ_INT(res.fault, 0);
	rb = dif_records(st, &len);
	CHECK_EQ_INT(len, 8 + 32);
	memcpy(&h, rb, 8);
	CHECK_EQ_INT(h.len, 28);
	CHECK(memcmp(rb + 24, "0123456789\0\0\0\0\0\0", 16) == 0);

	/* the tuple stack must be exactly the key the record was sized for */
	RUN(I(DIF_FLUSHTS, 0, 0, 0, 0), I(DIF_PUSHTV, 0, 0, 0, 0),
	    I(DIF_AGG, 0, 0, 0, 4), I(DIF_RET, 0, 0, 0, 0));
	CHECK_EQ_INT(res.fault, DIF_FAULT_ILLOP);
	CHECK_EQ_INT(res.pc, 2);
	RUN(I(DIF_FLUSHTS, 0, 0, 0, 0), I(DIF_AGG, 0, 0, 0, 3),
	    I(DIF_RET, 0, 0, 0, 0));
	CHECK_EQ_INT(res.fault, DIF_FAULT_ILLOP);
	RUN(AGGKEY, I(DIF_PUSHTV, 0, 3, 0, 0), I(DIF_AGG, 0, 4, 5, 3),
	    I(DIF_RET, 0, 0, 0, 0));
	CHECK_EQ_INT(res.fault, DIF_FAULT_ILLOP);
	/* a string pushed as 24 bytes is 8 short of the record */
	ints[48] = 24;
	RUN(AGGKEY, I(DIF_AGG, 0, 4, 5, 3), I(DIF_RET, 0, 0, 0, 0));
	CHECK_EQ_INT(res.fault, DIF_FAULT_ILLOP);
	ints[48] = 32;
	/* a NULL by-ref key */
	RUN(I(DIF_FLUSHTS, 0, 0, 0, 0), I(DIF_SETX, 2, 0, 0, 48),
	    I(DIF_PUSHTR, 0, 0, 2, 1), I(DIF_SETX, 3, 0, 0, 47),
	    I(DIF_PUSHTV, 0, 3, 0, 0), I(DIF_AGG, 0, 0, 0, 3),
	    I(DIF_RET, 0, 0, 0, 0));
	CHECK_EQ_INT(res.fault, DIF_FAULT_BADADDR);
	CHECK_EQ_INT(res.addr, 0);

	/* an unverified DIFO naming a non-aggregation record: illegal op */
	dif_instr_t bad[] = { I(DIF_AGG, 0, 0, 0, 0), I(DIF_RET, 0, 0, 0, 0) };
	difo_t d = D;
	d.text = bad;
	d.ntext = 2;
	CHECK_EQ_INT(dif_exec(st, &hit, &d, &res), -1);
	CHECK_EQ_INT(res.fault, DIF_FAULT_ILLOP);
	bad[0].imm = 99;
	CHECK_EQ_INT(dif_exec(st, &hit, &d, &res), -1);
	CHECK_EQ_INT(res.fault, DIF_FAULT_ILLOP);

	/* overflow of recbufsize drops the aggregation with the clause */
	new_state(256, 1024, 4096, 80);
	RUN(AGGKEY, I(DIF_AGG, 0, 4, 5, 3), I(DIF_AGG, 0, 4, 5, 3),
	    I(DIF_RET, 0, 0, 0, 0));
	CHECK_EQ_INT(res.fault, 0);
	CHECK(dif_records(st, &len) == NULL);
	CHECK_EQ_INT(dif_take_rec_drops(st), 1);
	new_state(256, 1024, 4096, 512);
#undef AGGKEY
}

static int spec_calls;
static uint64_t fake_spec(void *arg)
{
	spec_calls++;
	return *(uint64_t *)arg;
}

static void test_subr_ustack(void)
{
	static const uint64_t pcs[3] = { 0x1000, 0x2000, 0x3000 };
	const uint64_t *p;
	hit.pid = 77;
	hit.ustack = pcs;
	hit.nustack = 3;
	dif_clause_begin(st);
	p = (const uint64_t *)(uintptr_t)CALL(DIF_SUBR_USTACK, AV(5));
	CHECK_EQ_INT(res.fault, 0);
	CHECK(p != NULL && p[0] == 77 && p[1] == 0x1000 && p[2] == 0x2000 &&
	    p[3] == 0x3000 && p[4] == 0 && p[5] == 0);
	p = (const uint64_t *)(uintptr_t)CALL(DIF_SUBR_USTACK, AV(2));
	CHECK(p != NULL && p[0] == 77 && p[1] == 0x1000 && p[2] == 0x2000);
	p = (const uint64_t *)(uintptr_t)CALL(DIF_SUBR_USTACK, AV(0));
	CHECK(p != NULL && p[0] == 77);
	CALL(DIF_SUBR_USTACK, AV(-1));
	CHECK_EQ_INT(res.fault, DIF_FAULT_ILLOP);
	CALL(DIF_SUBR_USTACK, AV(1025));
	CHECK_EQ_INT(res.fault, DIF_FAULT_ILLOP);
	/* 8 * 1025 bytes do not fit 1024 bytes of scratch */
	CALL(DIF_SUBR_USTACK, AV(1024));
	CHECK_EQ_INT(res.fault, DIF_FAULT_NOSCRATCH);
	/* no stack: {pid, 0, ...} over scratch that held other data */
	hit.ustack = NULL;
	dif_clause_begin(st);
	uint64_t *q = (uint64_t *)(uintptr_t)CALL(DIF_SUBR_ALLOCA, AV(64));
	memset(q, 0xab, 64);
	dif_clause_begin(st);
	p = (const uint64_t *)(uintptr_t)CALL(DIF_SUBR_USTACK, AV(3));
	CHECK(p != NULL && p[0] == 77 && p[1] == 0 && p[3] == 0);

	/* uaddr(pc): {pid, pc} */
	p = (const uint64_t *)(uintptr_t)CALL(DIF_SUBR_UADDR, AV(0x401234));
	CHECK(p != NULL && p[0] == 77 && p[1] == 0x401234);
	call(DIF_SUBR_UADDR, 0, NULL);
	CHECK_EQ_INT(res.fault, DIF_FAULT_ILLOP);

	/* speculation(): the consumer's callback, or 0 without one */
	CHECK_EQ_INT(call(DIF_SUBR_SPECULATION, 0, NULL), 0);
	CHECK_EQ_INT(res.fault, 0);
	uint64_t id = 3;
	hit.speculation = fake_spec;
	hit.spec_arg = &id;
	CHECK_EQ_INT(call(DIF_SUBR_SPECULATION, 0, NULL), 3);
	CHECK_EQ_INT(spec_calls, 1);
	CALL(DIF_SUBR_SPECULATION, AV(1));
	CHECK_EQ_INT(res.fault, DIF_FAULT_ILLOP);
	CHECK_EQ_INT(spec_calls, 1);
	hit.speculation = NULL;
	hit.spec_arg = NULL;
	hit.pid = 0;
}

/*
 * Random programs that pass the verifier must never crash the tracer
 * (run this file under ASan/UBSan): only faults may come out.
 */
static void test_fuzz(void)
{
	uint64_t x = 12345;
#define RND() (x ^= x << 13, x ^= x >> 7, x ^= x << 17, x)
	static dif_instr_t t[32];
	int ran = 0;
	for (int iter = 0; iter < 30000; iter++) {
		size_t n = 1 + RND() % 31;
		for (size_t i = 0; i < 16; i++)
			ints[i] = RND() % 4 == 0 ? (uint64_t)(uintptr_t)st->scratch +
			    RND() % 1100 : RND() % 5 == 0 ? RND() : RND() % 300;
		ints[16] = (uint64_t)(uintptr_t)strs + RND() % 64;
		for (size_t i = 0; i < n; i++) {
			uint32_t op = (uint32_t)(RND() % DIF_NOPS), imm;
			switch (op) {
			case DIF_BA: case DIF_BZ: case DIF_BNZ:
				imm = (uint32_t)(i + 1 + RND() % (n - i)); break;
			case DIF_SETX: imm = (uint32_t)(RND() % 17); break;
			case DIF_SETS: imm = (uint32_t)(RND() % 64); break;
			case DIF_REC: imm = (uint32_t)(RND() % 3); break;
			case DIF_AGG: imm = 3 + (uint32_t)(RND() % 2); break;
			case DIF_LDGA: imm = 1 + (uint32_t)(RND() % 2); break;
			case DIF_CALL: imm = 1 + (uint32_t)(RND() % (DIF_SUBR_MAX - 1)); break;
			case DIF_LDGS:
				if (RND() % 2) { imm = DIF_VAR_ARG0 + (uint32_t)(RND() %
				    (DIF_VAR_BUILTIN_MAX - DIF_VAR_ARG0)); break; }
				/* FALLTHROUGH */
			default: imm = DIF_VAR_USER_BASE + (uint32_t)(RND() % NVARS); break;
			}
			t[i] = I(op, RND() % 16, RND() % 16, RND() % 16, imm);
			if (op == DIF_PUSHTR)
				t[i].imm = (uint32_t)(RND() % 2);
		}
		t[n - 1] = I(DIF_RET, 0, RND() % 16, 0, 0);
		if (iter % 50 == 0) {
			dif_firing_begin(st, &hit);
			dif_clause_begin(st);
		}
		D.text = t;
		D.ntext = n;
		if (dif_verify(&D, NVARS, NULL, 0) != 0)
			continue;
		dif_exec(st, &hit, &D, &res);
		ran++;
	}
	CHECK(ran > 20000);
}

int main(void)
{
	hit.tid = 1;
	new_state(256, 1024, 4096, 512);
	test_arith();
	test_strings();
	test_memory();
	test_vars();
	test_assoc();
	test_dynvar_exhaustion();
	test_builtins();
	test_records();
	test_fault_names();
	test_subr_strings();
	test_subr_strtok();
	test_subr_paths();
	test_subr_numbers();
	test_subr_memory();
	test_subr_copyin();
	test_subr_inet();
	test_subr_json();
	test_agg();
	test_subr_ustack();
	recs[2] = (dif_rec_t){ DIF_REC_BYREF, 24, 0 };
	recs[3] = (dif_rec_t){ DIF_REC_AGG, 16 + 8, 0 };   /* one integer key */
	recs[4] = (dif_rec_t){ DIF_REC_AGG, 16 + 256, 0 }; /* one string key */
	hit.read_mem = fake_read;
	test_fuzz();
	dif_state_destroy(st);
	return UNIT_END();
}
