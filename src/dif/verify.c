/*
 * verify.c — the DIF verifier: proves a DIFO well formed before it may
 * run, so the emulator only has to check data (addresses, divisors),
 * never the code itself.
 *
 * Must not: execute anything or depend on run-time state; it sees only
 * the DIFO and the number of user variables.
 * Invariant: a DIFO that passes terminates (branches go strictly forward,
 * the last instruction is RET) and every table index, register, variable
 * id and subroutine id it names exists.
 */
#include <stdio.h>
#include "dif/emu.h"

static int reject(char *why, size_t len, uint32_t pc, const char *msg)
{
	if (why != NULL && len > 0)
		snprintf(why, len, "DIF offset %u: %s", pc, msg);
	return -1;
}

static int builtin_scalar(uint32_t id)
{
	return id >= DIF_VAR_ARG0 && id < DIF_VAR_BUILTIN_MAX;
}

int dif_verify(const difo_t *dp, size_t nvars, char *why, size_t len)
{
	if (why != NULL && len > 0)
		why[0] = 0;
	if (dp == NULL || dp->text == NULL || dp->ntext == 0)
		return reject(why, len, 0, "empty program");
	if (dp->ntext > UINT32_MAX - 1)
		return reject(why, len, 0, "program too long");
	if (dp->text[dp->ntext - 1].op != DIF_RET)
		return reject(why, len, (uint32_t)dp->ntext - 1,
		    "last instruction is not ret");

	uint64_t uend = (uint64_t)DIF_VAR_USER_BASE + nvars;
	for (size_t i = 0; i < dp->ntext; i++) {
		const dif_instr_t *in = &dp->text[i];
		uint32_t pc = (uint32_t)i;
		if (in->op >= DIF_NOPS)
			return reject(why, len, pc, "unknown opcode");
		if (in->rd >= DIF_NREGS || in->r1 >= DIF_NREGS ||
		    in->r2 >= DIF_NREGS)
			return reject(why, len, pc, "invalid register");
		switch (in->op) {
		case DIF_BA: case DIF_BZ: case DIF_BNZ:
			if (in->imm <= pc || in->imm > dp->ntext)
				return reject(why, len, pc, "invalid branch target");
			break;
		case DIF_SETX:
			if (dp->inttab == NULL || in->imm >= dp->nint)
				return reject(why, len, pc, "invalid integer table index");
			break;
		case DIF_SETS:
			if (dp->strtab == NULL || in->imm >= dp->nstr)
				return reject(why, len, pc, "invalid string table offset");
			break;
		case DIF_REC: {
			if (dp->rectab == NULL || in->imm >= dp->nrec)
				return reject(why, len, pc, "invalid record index");
			const dif_rec_t *r = &dp->rectab[in->imm];
			/* DIF_REC_AGG records are DIF_AGG's alone */
			if (r->kind > DIF_REC_BYREF)
				return reject(why, len, pc, "invalid record kind");
			/* size 0: a marker with no data (printf's own record) */
			if (r->kind == DIF_REC_INT && r->size != 0 && r->size != 1 &&
			    r->size != 2 && r->size != 4 && r->size != 8)
				return reject(why, len, pc, "invalid integer record size");
			if (r->spec > DIF_RSPEC_END || (r->spec != DIF_RSPEC_NONE &&
			    (r->kind != DIF_REC_INT || r->size != 8)))
				return reject(why, len, pc, "invalid speculation record");
			break;
		}
		case DIF_AGG: {
			if (dp->rectab == NULL || in->imm >= dp->nrec)
				return reject(why, len, pc, "invalid record index");
			const dif_rec_t *r = &dp->rectab[in->imm];
			if (r->kind != DIF_REC_AGG)
				return reject(why, len, pc, "invalid record kind");
			if (r->size < 16)
				return reject(why, len, pc, "invalid aggregation record size");
			break;
		}
		case DIF_LDGS:
			if (builtin_scalar(in->imm))
				break;
			/* FALLTHROUGH */
		case DIF_STGS: case DIF_LDTS: case DIF_STTS: case DIF_LDLS:
		case DIF_STLS: case DIF_LDGAA: case DIF_STGAA: case DIF_LDTAA:
		case DIF_STTAA:
			if (in->imm < DIF_VAR_USER_BASE || in->imm >= uend)
				return reject(why, len, pc, "invalid variable id");
			break;
		case DIF_LDGA:
			if (in->imm != DIF_VAR_ARGS && in->imm != DIF_VAR_UREGS &&
			    in->imm != DIF_VAR_FDS && in->imm != DIF_VAR_PSINFO &&
			    in->imm != DIF_VAR_LWPSINFO &&
			    in->imm != DIF_VAR_SIGINFO)
				return reject(why, len, pc, "invalid built-in array");
			break;
		case DIF_CALL:
			if (in->imm == 0 || in->imm >= DIF_SUBR_MAX)
				return reject(why, len, pc, "invalid subroutine");
			break;
		default:
			break;
		}
	}
	return 0;
}
