/*
 * disasm.c — `-S`: a readable listing of one DIFO (instructions, then its
 * variable, integer, string and record tables). The format is udtrace's
 * own; nothing parses it.
 *
 * Must not: trust the DIFO (it may be printed before or after a failed
 * verification): every index is range-checked before use.
 * Invariant: writes only to the FILE it is given.
 */
#include <stdio.h>
#include <inttypes.h>
#include <string.h>
#include "dif/emu.h"

static const char *const opname[DIF_NOPS] = {
	[DIF_NOP] = "nop", [DIF_OR] = "or", [DIF_XOR] = "xor",
	[DIF_AND] = "and", [DIF_SLL] = "sll", [DIF_SRL] = "srl",
	[DIF_SRA] = "sra", [DIF_ADD] = "add", [DIF_SUB] = "sub",
	[DIF_MUL] = "mul", [DIF_SDIV] = "sdiv", [DIF_UDIV] = "udiv",
	[DIF_SREM] = "srem", [DIF_UREM] = "urem", [DIF_NOT] = "not",
	[DIF_MOV] = "mov", [DIF_CEQ] = "ceq", [DIF_CNE] = "cne",
	[DIF_CLT] = "clt", [DIF_CLTU] = "cltu", [DIF_CLE] = "cle",
	[DIF_CLEU] = "cleu", [DIF_SCMP] = "scmp", [DIF_BA] = "ba",
	[DIF_BZ] = "bz", [DIF_BNZ] = "bnz", [DIF_RET] = "ret",
	[DIF_SETX] = "setx", [DIF_SETS] = "sets", [DIF_LDSB] = "ldsb",
	[DIF_LDSH] = "ldsh", [DIF_LDSW] = "ldsw", [DIF_LDUB] = "ldub",
	[DIF_LDUH] = "lduh", [DIF_LDUW] = "lduw", [DIF_LDX] = "ldx",
	[DIF_STB] = "stb", [DIF_STH] = "sth", [DIF_STW] = "stw",
	[DIF_STX] = "stx", [DIF_LDGS] = "ldgs", [DIF_STGS] = "stgs",
	[DIF_LDTS] = "ldts", [DIF_STTS] = "stts", [DIF_LDLS] = "ldls",
	[DIF_STLS] = "stls", [DIF_LDGA] = "ldga", [DIF_LDGAA] = "ldgaa",
	[DIF_STGAA] = "stgaa", [DIF_LDTAA] = "ldtaa", [DIF_STTAA] = "sttaa",
	[DIF_PUSHTV] = "pushtv", [DIF_PUSHTR] = "pushtr", [DIF_POPTS] = "popts",
	[DIF_FLUSHTS] = "flushts", [DIF_CALL] = "call", [DIF_ALLOCS] = "allocs",
	[DIF_COPYS] = "copys", [DIF_REC] = "rec", [DIF_AGG] = "agg",
};

static const char *const subrname[DIF_SUBR_MAX] = {
	[DIF_SUBR_STRLEN] = "strlen", [DIF_SUBR_STRJOIN] = "strjoin",
	[DIF_SUBR_SUBSTR] = "substr", [DIF_SUBR_INDEX] = "index",
	[DIF_SUBR_RINDEX] = "rindex", [DIF_SUBR_STRSTR] = "strstr",
	[DIF_SUBR_STRCHR] = "strchr", [DIF_SUBR_STRRCHR] = "strrchr",
	[DIF_SUBR_STRTOK] = "strtok", [DIF_SUBR_BASENAME] = "basename",
	[DIF_SUBR_DIRNAME] = "dirname", [DIF_SUBR_CLEANPATH] = "cleanpath",
	[DIF_SUBR_LLTOSTR] = "lltostr", [DIF_SUBR_TOUPPER] = "toupper",
	[DIF_SUBR_TOLOWER] = "tolower", [DIF_SUBR_STRTOLL] = "strtoll",
	[DIF_SUBR_HTONS] = "htons", [DIF_SUBR_HTONL] = "htonl",
	[DIF_SUBR_HTONLL] = "htonll", [DIF_SUBR_NTOHS] = "ntohs",
	[DIF_SUBR_NTOHL] = "ntohl", [DIF_SUBR_NTOHLL] = "ntohll",
	[DIF_SUBR_RAND] = "rand", [DIF_SUBR_ALLOCA] = "alloca",
	[DIF_SUBR_BCOPY] = "bcopy", [DIF_SUBR_COPYIN] = "copyin",
	[DIF_SUBR_COPYINSTR] = "copyinstr", [DIF_SUBR_COPYINTO] = "copyinto",
	[DIF_SUBR_PROGENYOF] = "progenyof", [DIF_SUBR_INET_NTOA] = "inet_ntoa",
	[DIF_SUBR_INET_NTOA6] = "inet_ntoa6", [DIF_SUBR_INET_NTOP] = "inet_ntop",
	[DIF_SUBR_JSON] = "json", [DIF_SUBR_SPECULATION] = "speculation",
	[DIF_SUBR_USTACK] = "ustack", [DIF_SUBR_UADDR] = "uaddr",
};

static const char *const reckind[] = { "int", "string", "byref", "agg" };
#define RECKIND(k) ((k) <= DIF_REC_AGG ? reckind[(k)] : "?")

static const char *builtin_name(uint32_t id)
{
	static const char *const n[DIF_VAR_BUILTIN_MAX] = {
		[DIF_VAR_ARGS] = "args", [DIF_VAR_UREGS] = "uregs",
		[DIF_VAR_ARG0] = "arg0", [DIF_VAR_ARG0 + 1] = "arg1",
		[DIF_VAR_ARG0 + 2] = "arg2", [DIF_VAR_ARG0 + 3] = "arg3",
		[DIF_VAR_ARG0 + 4] = "arg4", [DIF_VAR_ARG0 + 5] = "arg5",
		[DIF_VAR_ARG0 + 6] = "arg6", [DIF_VAR_ARG0 + 7] = "arg7",
		[DIF_VAR_ARG0 + 8] = "arg8", [DIF_VAR_ARG9] = "arg9",
		[DIF_VAR_TIMESTAMP] = "timestamp",
		[DIF_VAR_VTIMESTAMP] = "vtimestamp",
		[DIF_VAR_WALLTIMESTAMP] = "walltimestamp",
		[DIF_VAR_PID] = "pid", [DIF_VAR_PPID] = "ppid",
		[DIF_VAR_TID] = "tid", [DIF_VAR_UID] = "uid",
		[DIF_VAR_GID] = "gid", [DIF_VAR_EXECNAME] = "execname",
		[DIF_VAR_PROBEPROV] = "probeprov", [DIF_VAR_PROBEMOD] = "probemod",
		[DIF_VAR_PROBEFUNC] = "probefunc",
		[DIF_VAR_PROBENAME] = "probename", [DIF_VAR_ID] = "id",
		[DIF_VAR_EPID] = "epid", [DIF_VAR_CPU] = "cpu",
		[DIF_VAR_ERRNO] = "errno", [DIF_VAR_UCALLER] = "ucaller",
		[DIF_VAR_USTACKDEPTH] = "ustackdepth",
		[DIF_VAR_CURTHREAD] = "curthread",
		[DIF_VAR_CURPSINFO] = "curpsinfo",
		[DIF_VAR_CURLWPSINFO] = "curlwpsinfo", [DIF_VAR_FDS] = "fds",
		[DIF_VAR_PSINFO] = "psinfo", [DIF_VAR_LWPSINFO] = "lwpsinfo",
		[DIF_VAR_SIGINFO] = "siginfo",
		[DIF_VAR_CALLER] = "caller", [DIF_VAR_STACKDEPTH] = "stackdepth",
		[DIF_VAR_IPL] = "ipl", [DIF_VAR_ZONENAME] = "zonename",
		[DIF_VAR_CURCPU] = "curcpu",
		[DIF_VAR_CWD] = "cwd", [DIF_VAR_ROOT] = "root",
	};
	return id < DIF_VAR_BUILTIN_MAX && n[id] ? n[id] : "?";
}

static const char *var_name(uint32_t id, const dif_var_t *vars, size_t nvars)
{
	if (id < DIF_VAR_USER_BASE)
		return builtin_name(id);
	if (vars != NULL && id - DIF_VAR_USER_BASE < nvars &&
	    vars[id - DIF_VAR_USER_BASE].name != NULL)
		return vars[id - DIF_VAR_USER_BASE].name;
	return "?";
}

/* A strtab string, escaped and cut short, for comments. */
static void put_str(FILE *fp, const difo_t *dp, size_t off)
{
	fputc('"', fp);
	for (size_t i = off, n = 0; i < dp->nstr && dp->strtab[i]; i++, n++) {
		unsigned char c = (unsigned char)dp->strtab[i];
		if (n == 48) {
			fputs("...", fp);
			break;
		}
		if (c == '"' || c == '\\')
			fprintf(fp, "\\%c", c);
		else if (c >= 0x20 && c < 0x7f)
			fputc(c, fp);
		else
			fprintf(fp, "\\x%02x", c);
	}
	fputc('"', fp);
}

/* A strtab string escaped for a comment (cut at 48 bytes). */
static const char *esc(const difo_t *dp, size_t off)
{
	static char b[48 * 4 + 4];
	size_t n = 0;
	for (size_t i = off, k = 0; i < dp->nstr && dp->strtab[i]; i++, k++) {
		unsigned char c = (unsigned char)dp->strtab[i];
		if (k == 48) {
			memcpy(b + n, "...", 3);
			n += 3;
			break;
		}
		if (c == '"' || c == '\\')
			n += (size_t)snprintf(b + n, 3, "\\%c", c);
		else if (c >= 0x20 && c < 0x7f)
			b[n++] = (char)c;
		else
			n += (size_t)snprintf(b + n, 5, "\\x%02x", c);
	}
	b[n] = 0;
	return b;
}

static void instr(FILE *fp, const difo_t *dp, size_t pc,
    const dif_var_t *vars, size_t nvars)
{
	const dif_instr_t *in = &dp->text[pc];
	char ops[64] = "";
	const char *name = in->op < DIF_NOPS && opname[in->op]
	    ? opname[in->op] : "???";
	unsigned rd = in->rd, r1 = in->r1, r2 = in->r2;
	uint32_t imm = in->imm;

	switch (in->op) {
	case DIF_NOP: case DIF_POPTS: case DIF_FLUSHTS:
		break;
	case DIF_NOT: case DIF_MOV: case DIF_ALLOCS:
		snprintf(ops, sizeof(ops), "%%r%u, %%r%u", r1, rd);
		break;
	case DIF_BA:
		snprintf(ops, sizeof(ops), "%02" PRIx32, imm);
		break;
	case DIF_BZ: case DIF_BNZ:
		snprintf(ops, sizeof(ops), "%%r%u, %02" PRIx32, r1, imm);
		break;
	case DIF_RET: case DIF_PUSHTV:
		snprintf(ops, sizeof(ops), "%%r%u", r1);
		break;
	case DIF_PUSHTR:
		snprintf(ops, sizeof(ops), "%%r%u, %%r%u", r1, r2);
		break;
	case DIF_SETX:
		snprintf(ops, sizeof(ops), "DT_INTEGER[%" PRIu32 "], %%r%u", imm, rd);
		break;
	case DIF_SETS:
		snprintf(ops, sizeof(ops), "DT_STRING[%" PRIu32 "], %%r%u", imm, rd);
		break;
	case DIF_LDSB: case DIF_LDSH: case DIF_LDSW: case DIF_LDUB:
	case DIF_LDUH: case DIF_LDUW: case DIF_LDX:
		snprintf(ops, sizeof(ops), "[%%r%u], %%r%u", r1, rd);
		break;
	case DIF_STB: case DIF_STH: case DIF_STW: case DIF_STX:
		snprintf(ops, sizeof(ops), "%%r%u, [%%r%u]", r1, rd);
		break;
	case DIF_LDGS: case DIF_LDTS: case DIF_LDLS: case DIF_LDGAA:
	case DIF_LDTAA:
		snprintf(ops, sizeof(ops), "DT_VAR(%#" PRIx32 "), %%r%u", imm, rd);
		break;
	case DIF_STGS: case DIF_STTS: case DIF_STLS: case DIF_STGAA:
	case DIF_STTAA:
		snprintf(ops, sizeof(ops), "%%r%u, DT_VAR(%#" PRIx32 ")", r1, imm);
		break;
	case DIF_LDGA:
		snprintf(ops, sizeof(ops), "DT_VAR(%#" PRIx32 "), %%r%u, %%r%u",
		    imm, r1, rd);
		break;
	case DIF_CALL:
		snprintf(ops, sizeof(ops), "DIF_SUBR(%" PRIu32 "), %%r%u", imm, rd);
		break;
	case DIF_REC:
		snprintf(ops, sizeof(ops), "%%r%u, DT_REC[%" PRIu32 "]", r1, imm);
		break;
	case DIF_AGG:
		snprintf(ops, sizeof(ops), "%%r%u, %%r%u, DT_REC[%" PRIu32 "]",
		    r1, r2, imm);
		break;
	default:   /* three-register arithmetic, compares, scmp, copys */
		snprintf(ops, sizeof(ops), "%%r%u, %%r%u, %%r%u", r1, r2, rd);
		break;
	}
	char cm[160] = "";
	size_t cn = 0;
#define CM(...) (cn += (size_t)snprintf(cm + cn, cn < sizeof(cm) ? \
	sizeof(cm) - cn : 0, __VA_ARGS__), cn = cn < sizeof(cm) ? cn : sizeof(cm))

	switch (in->op) {
	case DIF_SETX:
		if (dp->inttab != NULL && imm < dp->nint)
			CM("! %#" PRIx64, dp->inttab[imm]);
		break;
	case DIF_SETS:
		if (dp->strtab != NULL && imm < dp->nstr)
			CM("! \"%s\"", esc(dp, imm));
		break;
	case DIF_LDGS: case DIF_STGS: case DIF_LDGA: case DIF_LDGAA:
	case DIF_STGAA:
		CM("! %s", var_name(imm, vars, nvars));
		break;
	case DIF_LDTS: case DIF_STTS: case DIF_LDTAA: case DIF_STTAA:
		CM("! self->%s", var_name(imm, vars, nvars));
		break;
	case DIF_LDLS: case DIF_STLS:
		CM("! this->%s", var_name(imm, vars, nvars));
		break;
	case DIF_CALL:
		CM("! %s", imm < DIF_SUBR_MAX && subrname[imm]
		    ? subrname[imm] : "?");
		break;
	case DIF_PUSHTR:
		if (imm == 1)
			CM("! string");
		break;
	case DIF_REC: case DIF_AGG:
		if (dp->rectab != NULL && imm < dp->nrec) {
			const dif_rec_t *r = &dp->rectab[imm];
			CM("! %s %" PRIu32, RECKIND(r->kind), r->size);
		}
		break;
	default:
		break;
	}
	if (dp->action_of != NULL && dp->action_of[pc] != 0 &&
	    (pc == 0 || dp->action_of[pc - 1] != dp->action_of[pc]))
		CM("%s(action #%u)", cn ? "  " : "! ", dp->action_of[pc]);
	if (cn)
		fprintf(fp, "%02zx: %-8s %-28s %s\n", pc, name, ops, cm);
	else if (ops[0])
		fprintf(fp, "%02zx: %-8s %s\n", pc, name, ops);
	else
		fprintf(fp, "%02zx: %s\n", pc, name);
}

void dif_disasm(FILE *fp, const char *title, const difo_t *dp,
    const dif_var_t *vars, size_t nvars)
{
	fprintf(fp, "\nDIFO %s\n", title ? title : "");
	if (dp == NULL)
		return;
	fprintf(fp, "OFF OPCODE   OPERANDS                     COMMENT\n");
	for (size_t pc = 0; dp->text != NULL && pc < dp->ntext; pc++)
		instr(fp, dp, pc, vars, nvars);

	/* the user variables this DIFO names, once each, in id order */
	int header = 0;
	for (size_t v = 0; vars != NULL && v < nvars; v++) {
		uint32_t id = (uint32_t)(DIF_VAR_USER_BASE + v);
		int used = 0;
		for (size_t pc = 0; dp->text && pc < dp->ntext && !used; pc++) {
			uint8_t op = dp->text[pc].op;
			used = dp->text[pc].imm == id && op >= DIF_LDGS &&
			    op <= DIF_STTAA && op != DIF_LDGA;
		}
		if (!used)
			continue;
		if (!header++)
			fprintf(fp, "\nNAME             ID     SCOPE  FLAGS         SIZE\n");
		const dif_var_t *d = &vars[v];
		static const char *const sc[] = { "global", "thread", "local" };
		fprintf(fp, "%-16s %#-6" PRIx32 " %-6s %s%s%s %12" PRIu32 "\n",
		    d->name ? d->name : "?", d->id,
		    d->scope <= DIF_SCOPE_LOCAL ? sc[d->scope] : "?",
		    d->flags & DIF_VF_BYREF ? "r" : "-",
		    d->flags & DIF_VF_STRING ? "s" : "-",
		    d->flags & DIF_VF_ASSOC ? "a" : "-", d->size);
	}
	if (dp->nint > 0 && dp->inttab != NULL) {
		fprintf(fp, "\nINTEGER TABLE\n");
		for (size_t i = 0; i < dp->nint; i++)
			fprintf(fp, "%3zu: %#" PRIx64 "\n", i, dp->inttab[i]);
	}
	if (dp->nstr > 0 && dp->strtab != NULL) {
		fprintf(fp, "\nSTRING TABLE\n");
		for (size_t i = 0; i < dp->nstr; ) {
			size_t j = i;
			while (j < dp->nstr && dp->strtab[j])
				j++;
			fprintf(fp, "%3zu: ", i);
			put_str(fp, dp, i);
			fputc('\n', fp);
			i = j + 1;
		}
	}
	if (dp->nrec > 0 && dp->rectab != NULL) {
		fprintf(fp, "\nRECORD TABLE\n");
		for (size_t i = 0; i < dp->nrec; i++) {
			const dif_rec_t *r = &dp->rectab[i];
			if (r->kind == DIF_REC_AGG && r->size >= 16)
				fprintf(fp, "%3zu: agg %" PRIu32 " (value, weight,"
				    " key %" PRIu32 ")\n", i, r->size,
				    r->size - 16);
			else
				fprintf(fp, "%3zu: %s %" PRIu32 "\n", i,
				    RECKIND(r->kind), r->size);
		}
	}
}
