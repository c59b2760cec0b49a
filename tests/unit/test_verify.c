/*
 * test_verify.c — dif_verify accepts well-formed DIFOs and rejects each
 * kind of malformed one (aggregation records included); dif_disasm lists a DIFO without tripping on bad
 * indices.
 * Must not: run any DIFO; that is test_emu.c's job.
 */
#include <stdlib.h>
#include "unit.h"
#include "dif/emu.h"

#define I(op, rd, r1, r2, imm) ((dif_instr_t){ (op), (rd), (r1), (r2), (imm) })
#define V(...) verify_((dif_instr_t[]){ __VA_ARGS__ }, \
	sizeof((dif_instr_t[]){ __VA_ARGS__ }) / sizeof(dif_instr_t))

static uint64_t ints[2] = { 42, 7 };
static char strs[] = "foo\0bar";
static dif_rec_t recs[3] = { { DIF_REC_INT, 4, 0 }, { DIF_REC_STRING, 256, 0 },
	{ DIF_REC_INT, 3, 0 } };
static char why[128];

static int verify_n(dif_instr_t *t, size_t n, size_t nrec)
{
	difo_t d = { t, n, ints, 2, strs, sizeof(strs), NULL, recs, nrec };
	return dif_verify(&d, 2, why, sizeof(why));
}

static int verify_(dif_instr_t *t, size_t n)
{
	return verify_n(t, n, 2);
}

int main(void)
{
	/* good */
	CHECK_EQ_INT(V(I(DIF_SETX, 1, 0, 0, 1), I(DIF_SETS, 2, 0, 0, 4),
	    I(DIF_BZ, 0, 1, 0, 4), I(DIF_REC, 0, 1, 0, 1),
	    I(DIF_LDGS, 3, 0, 0, DIF_VAR_PID), I(DIF_LDGA, 3, 1, 0, DIF_VAR_ARGS),
	    I(DIF_STGS, 0, 3, 0, DIF_VAR_USER_BASE + 1),
	    I(DIF_CALL, 4, 0, 0, DIF_SUBR_JSON), I(DIF_MOV, 0, 4, 0, 0),
	    I(DIF_BA, 0, 0, 0, 10), I(DIF_RET, 0, 1, 0, 0)), 0);
	CHECK_EQ_STR(why, "");
	/* a branch to ntext is a way out */
	CHECK_EQ_INT(V(I(DIF_BA, 0, 0, 0, 2), I(DIF_RET, 0, 0, 0, 0)), 0);

	/* bad */
	CHECK_EQ_INT(verify_(NULL, 0), -1);
	CHECK_EQ_STR(why, "DIF offset 0: empty program");
	CHECK_EQ_INT(V(I(DIF_NOP, 0, 0, 0, 0)), -1);
	CHECK_EQ_STR(why, "DIF offset 0: last instruction is not ret");
	CHECK_EQ_INT(V(I(DIF_NOPS, 0, 0, 0, 0), I(DIF_RET, 0, 0, 0, 0)), -1);
	CHECK_EQ_STR(why, "DIF offset 0: unknown opcode");
	CHECK_EQ_INT(V(I(DIF_ADD, 16, 0, 0, 0), I(DIF_RET, 0, 0, 0, 0)), -1);
	CHECK_EQ_STR(why, "DIF offset 0: invalid register");
	CHECK_EQ_INT(V(I(DIF_NOP, 0, 0, 0, 0), I(DIF_RET, 0, 0, 200, 0)), -1);
	CHECK_EQ_STR(why, "DIF offset 1: invalid register");
	CHECK_EQ_INT(V(I(DIF_NOP, 0, 0, 0, 0), I(DIF_BA, 0, 0, 0, 1),
	    I(DIF_RET, 0, 0, 0, 0)), -1);
	CHECK_EQ_STR(why, "DIF offset 1: invalid branch target");
	CHECK_EQ_INT(V(I(DIF_NOP, 0, 0, 0, 0), I(DIF_BZ, 0, 0, 0, 0),
	    I(DIF_RET, 0, 0, 0, 0)), -1);
	CHECK_EQ_INT(V(I(DIF_BNZ, 0, 0, 0, 3), I(DIF_RET, 0, 0, 0, 0)), -1);
	CHECK_EQ_INT(V(I(DIF_SETX, 1, 0, 0, 2), I(DIF_RET, 0, 0, 0, 0)), -1);
	CHECK_EQ_STR(why, "DIF offset 0: invalid integer table index");
	CHECK_EQ_INT(V(I(DIF_SETS, 1, 0, 0, sizeof(strs)), I(DIF_RET, 0, 0, 0, 0)), -1);
	CHECK_EQ_STR(why, "DIF offset 0: invalid string table offset");
	CHECK_EQ_INT(V(I(DIF_REC, 0, 0, 0, 2), I(DIF_RET, 0, 0, 0, 0)), -1);
	CHECK_EQ_STR(why, "DIF offset 0: invalid record index");
	recs[1].kind = 9;
	CHECK_EQ_INT(V(I(DIF_REC, 0, 0, 0, 1), I(DIF_RET, 0, 0, 0, 0)), -1);
	CHECK_EQ_STR(why, "DIF offset 0: invalid record kind");
	recs[1] = (dif_rec_t){ DIF_REC_INT, 3, 0 };
	CHECK_EQ_INT(V(I(DIF_REC, 0, 0, 0, 1), I(DIF_RET, 0, 0, 0, 0)), -1);
	CHECK_EQ_STR(why, "DIF offset 0: invalid integer record size");
	recs[1] = (dif_rec_t){ DIF_REC_STRING, 256, 0 };
	CHECK_EQ_INT(V(I(DIF_LDGS, 1, 0, 0, DIF_VAR_USER_BASE + 2), I(DIF_RET, 0, 0, 0, 0)), -1);
	CHECK_EQ_STR(why, "DIF offset 0: invalid variable id");
	CHECK_EQ_INT(V(I(DIF_LDGS, 1, 0, 0, DIF_VAR_BUILTIN_MAX), I(DIF_RET, 0, 0, 0, 0)), -1);
	CHECK_EQ_INT(V(I(DIF_LDGS, 1, 0, 0, DIF_VAR_ARGS), I(DIF_RET, 0, 0, 0, 0)), -1);
	CHECK_EQ_INT(V(I(DIF_STGS, 0, 1, 0, DIF_VAR_PID), I(DIF_RET, 0, 0, 0, 0)), -1);
	CHECK_EQ_INT(V(I(DIF_STTAA, 0, 1, 0, 0), I(DIF_RET, 0, 0, 0, 0)), -1);
	CHECK_EQ_INT(V(I(DIF_LDLS, 1, 0, 0, DIF_VAR_USER_BASE + 9), I(DIF_RET, 0, 0, 0, 0)), -1);
	CHECK_EQ_INT(V(I(DIF_LDGA, 1, 0, 0, DIF_VAR_PID), I(DIF_RET, 0, 0, 0, 0)), -1);
	CHECK_EQ_STR(why, "DIF offset 0: invalid built-in array");
	CHECK_EQ_INT(V(I(DIF_CALL, 1, 0, 0, 0), I(DIF_RET, 0, 0, 0, 0)), -1);
	CHECK_EQ_STR(why, "DIF offset 0: invalid subroutine");
	CHECK_EQ_INT(V(I(DIF_CALL, 1, 0, 0, DIF_SUBR_MAX), I(DIF_RET, 0, 0, 0, 0)), -1);
	CHECK_EQ_INT(V(I(DIF_CALL, 1, 0, 0, DIF_SUBR_UADDR), I(DIF_RET, 0, 0, 0, 0)), 0);

	/* DIF_AGG names an aggregation record; DIF_REC never does */
	recs[2] = (dif_rec_t){ DIF_REC_AGG, 16 + 8, 0 };
	CHECK_EQ_INT(verify_n((dif_instr_t[]){ I(DIF_AGG, 0, 1, 2, 2),
	    I(DIF_RET, 0, 0, 0, 0) }, 2, 3), 0);
	CHECK_EQ_INT(verify_n((dif_instr_t[]){ I(DIF_REC, 0, 1, 0, 2),
	    I(DIF_RET, 0, 0, 0, 0) }, 2, 3), -1);
	CHECK_EQ_STR(why, "DIF offset 0: invalid record kind");
	CHECK_EQ_INT(V(I(DIF_NOP, 0, 0, 0, 0), I(DIF_AGG, 0, 1, 2, 0),
	    I(DIF_RET, 0, 0, 0, 0)), -1);
	CHECK_EQ_STR(why, "DIF offset 1: invalid record kind");
	CHECK_EQ_INT(V(I(DIF_AGG, 0, 1, 2, 2), I(DIF_RET, 0, 0, 0, 0)), -1);
	CHECK_EQ_STR(why, "DIF offset 0: invalid record index");
	CHECK_EQ_INT(V(I(DIF_AGG, 0, 1, 16, 0), I(DIF_RET, 0, 0, 0, 0)), -1);
	CHECK_EQ_STR(why, "DIF offset 0: invalid register");
	recs[2].size = 15;
	CHECK_EQ_INT(verify_n((dif_instr_t[]){ I(DIF_AGG, 0, 1, 2, 2),
	    I(DIF_RET, 0, 0, 0, 0) }, 2, 3), -1);
	CHECK_EQ_STR(why, "DIF offset 0: invalid aggregation record size");
	recs[2] = (dif_rec_t){ DIF_REC_AGG, 16 + 8, 0 };

	/* disasm: a listing with the tables, even for bad indices */
	dif_var_t vars[2] = {
		{ DIF_VAR_USER_BASE, DIF_SCOPE_GLOBAL, 0, 8, "x" },
		{ DIF_VAR_USER_BASE + 1, DIF_SCOPE_THREAD, DIF_VF_BYREF | DIF_VF_STRING, 256, "s" },
	};
	dif_instr_t t[] = { I(DIF_SETX, 1, 0, 0, 0), I(DIF_SETS, 2, 0, 0, 4),
	    I(DIF_STTS, 0, 2, 0, DIF_VAR_USER_BASE + 1), I(DIF_CALL, 3, 0, 0, 99),
	    I(DIF_SETX, 1, 0, 0, 77), I(DIF_CALL, 4, 0, 0, DIF_SUBR_USTACK),
	    I(DIF_CALL, 4, 0, 0, DIF_SUBR_SPECULATION),
	    I(DIF_CALL, 4, 0, 0, DIF_SUBR_UADDR), I(DIF_AGG, 0, 1, 5, 2),
	    I(DIF_AGG, 0, 1, 5, 9), I(DIF_RET, 0, 1, 0, 0) };
	difo_t d = { t, 11, ints, 2, strs, sizeof(strs), NULL, recs, 3 };
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	dif_disasm(fp, "test", &d, vars, 2);
	fclose(fp);
	CHECK(strstr(buf, "00: setx     DT_INTEGER[0], %r1") != NULL);
	CHECK(strstr(buf, "! 0x2a") != NULL);
	CHECK(strstr(buf, "! \"bar\"") != NULL);
	CHECK(strstr(buf, "! self->s") != NULL);
	CHECK(strstr(buf, "call     DIF_SUBR(99), %r3") != NULL);
	CHECK(strstr(buf, "STRING TABLE") != NULL);
	CHECK(strstr(buf, "INTEGER TABLE") != NULL);
	CHECK(strstr(buf, "! ustack") != NULL);
	CHECK(strstr(buf, "! speculation") != NULL);
	CHECK(strstr(buf, "! uaddr") != NULL);
	CHECK(strstr(buf, "08: agg      %r1, %r5, DT_REC[2]          ! agg 24") != NULL);
	CHECK(strstr(buf, "09: agg      %r1, %r5, DT_REC[9]\n") != NULL);
	CHECK(strstr(buf, "RECORD TABLE\n  0: int 4\n  1: string 256\n"
	    "  2: agg 24 (value, weight, key 8)\n") != NULL);
	free(buf);
	return UNIT_END();
}
