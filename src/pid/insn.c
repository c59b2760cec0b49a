/*
 * insn.c — x86-64 instruction decoding for the pid provider and the
 * out-of-line runner, on top of capstone 4.
 *
 * Owns: the one capstone handle of udtrace (opened on first use, detail
 * on, reused; a single preallocated cs_insn, so decoding allocates
 * nothing after the first call — not thread-safe, udtrace decodes from
 * one thread). Must not: read processes; the bytes come from the object
 * file.
 * Invariant: every instruction that changes control flow is classified
 * into a branch kind the runner emulates, or INSN_UNSUPPORTED; only
 * instructions that behave the same at any address (after fixing a
 * RIP-relative disp32) are INSN_PLAIN.
 *
 * Return sites (insn_is_return), decided here once for the whole tool:
 * DTrace's pid provider on x86 counts `ret` and direct `jmp` out of the
 * function; it never counts indirect jumps or conditional jumps. We do
 * the same, with one widening: an indirect `jmp` through memory that is
 * not indexed (`jmp *foo@GOTPCREL(%rip)` from -fno-plt, `jmp *8(%rax)`
 * for a function-pointer member) is a tail call, because a compiler's
 * jump table always indexes it. `jmp *%reg` stays a non-return, as in
 * DTrace: it is how position-independent switch tables dispatch (and
 * `notrack jmp *%reg` is always one), so a tail call through a register
 * is missed rather than a switch firing `return`. A conditional jump out
 * of the function is not a return site: a probe there would fire when
 * the branch is not taken too.
 */
#include <string.h>
#include <capstone/capstone.h>

#include "pid/insn.h"
#include "udtrace/regs.h"

static csh insn_cs;
static cs_insn *insn_ci;
static int insn_cs_state;   /* 0 not tried, 1 open, -1 failed */

static int
insn_open(void)
{
	if (insn_cs_state == 0) {
		insn_cs_state = -1;
		if (cs_open(CS_ARCH_X86, CS_MODE_64, &insn_cs) != CS_ERR_OK)
			return -1;
		if (cs_option(insn_cs, CS_OPT_DETAIL, CS_OPT_ON) != CS_ERR_OK ||
		    (insn_ci = cs_malloc(insn_cs)) == NULL) {
			cs_close(&insn_cs);
			return -1;
		}
		insn_cs_state = 1;
	}
	return insn_cs_state == 1 ? 0 : -1;
}

/* capstone register -> R_*; -1 for anything that is not a 64-bit GPR or RIP. */
static int
insn_reg(x86_reg r)
{
	switch (r) {
	case X86_REG_RAX: return R_RAX;
	case X86_REG_RBX: return R_RBX;
	case X86_REG_RCX: return R_RCX;
	case X86_REG_RDX: return R_RDX;
	case X86_REG_RSI: return R_RSI;
	case X86_REG_RDI: return R_RDI;
	case X86_REG_RBP: return R_RBP;
	case X86_REG_RSP: return R_RSP;
	case X86_REG_R8:  return R_R8;
	case X86_REG_R9:  return R_R9;
	case X86_REG_R10: return R_R10;
	case X86_REG_R11: return R_R11;
	case X86_REG_R12: return R_R12;
	case X86_REG_R13: return R_R13;
	case X86_REG_R14: return R_R14;
	case X86_REG_R15: return R_R15;
	case X86_REG_RIP: return R_RIP;
	default: return -1;
	}
}

/*
 * Where the disp32 of a RIP-relative legacy (non-VEX) instruction sits:
 * after the prefixes, the opcode (1 byte, 0f xx, 0f 38/3a xx) and a
 * ModRM with mod=00 rm=101. Capstone 4 leaves encoding.disp_offset 0 for
 * some of them (66 83 3d disp32 imm8: cmpw $0, sym(%rip), the USDT
 * is-enabled test); the offset is accepted only if the bytes there hold
 * the displacement capstone decoded. -1 when not found.
 */
static int legacy_rip_disp_off(const uint8_t *b, size_t len, int64_t disp)
{
	size_t i = 0;
	while (i < len && (b[i] == 0x66 || b[i] == 0x67 || b[i] == 0xf2 ||
	    b[i] == 0xf3 || b[i] == 0xf0 || b[i] == 0x2e || b[i] == 0x36 ||
	    b[i] == 0x3e || b[i] == 0x26 || b[i] == 0x64 || b[i] == 0x65))
		i++;
	if (i < len && (b[i] & 0xf0) == 0x40)
		i++;                               /* REX */
	if (i >= len)
		return -1;
	if (b[i] == 0x0f) {
		i++;
		if (i < len && (b[i] == 0x38 || b[i] == 0x3a))
			i++;
	}
	i++;                                       /* opcode */
	if (i >= len || (b[i] & 0xc7) != 0x05)     /* ModRM: mod 00, rm 101 */
		return -1;
	i++;
	if (i + 4 > len)
		return -1;
	int32_t d;
	memcpy(&d, b + i, 4);
	return (int64_t)d == disp ? (int)i : -1;
}

/* The condition nibble of a jcc, as the x86 encoding numbers it (7x / 0f 8x). */
static int
insn_jcc_cc(unsigned id)
{
	switch (id) {
	case X86_INS_JO:  return 0x0;
	case X86_INS_JNO: return 0x1;
	case X86_INS_JB:  return 0x2;
	case X86_INS_JAE: return 0x3;
	case X86_INS_JE:  return 0x4;
	case X86_INS_JNE: return 0x5;
	case X86_INS_JBE: return 0x6;
	case X86_INS_JA:  return 0x7;
	case X86_INS_JS:  return 0x8;
	case X86_INS_JNS: return 0x9;
	case X86_INS_JP:  return 0xa;
	case X86_INS_JNP: return 0xb;
	case X86_INS_JL:  return 0xc;
	case X86_INS_JGE: return 0xd;
	case X86_INS_JLE: return 0xe;
	case X86_INS_JG:  return 0xf;
	default: return -1;
	}
}

/* Fill out->op from an r/m64 operand; -1 if it uses anything we cannot evaluate. */
static int
insn_operand(const cs_x86 *x, insn_operand_t *op)
{
	const cs_x86_op *o;

	memset(op, 0, sizeof(*op));
	op->reg = op->base = op->index = -1;
	if (x->op_count != 1)
		return -1;
	o = &x->operands[0];
	if (o->type == X86_OP_REG) {
		op->reg = insn_reg(o->reg);
		return op->reg < 0 || op->reg == R_RIP ? -1 : 0;
	}
	if (o->type != X86_OP_MEM || x->addr_size != 8 || o->size != 8)
		return -1;
	op->is_mem = 1;
	if (o->mem.base != X86_REG_INVALID &&
	    (op->base = insn_reg(o->mem.base)) < 0)
		return -1;
	if (o->mem.index != X86_REG_INVALID &&
	    ((op->index = insn_reg(o->mem.index)) < 0 || op->index == R_RIP))
		return -1;
	op->scale = op->index >= 0 ? o->mem.scale : 1;
	op->disp = o->mem.disp;
	switch (o->mem.segment) {
	case X86_REG_INVALID: case X86_REG_DS: case X86_REG_CS:
	case X86_REG_SS: case X86_REG_ES:
		break;   /* flat in 64-bit mode (3e is also `notrack`) */
	case X86_REG_FS: op->seg_fs = 1; break;
	case X86_REG_GS: op->seg_gs = 1; break;
	default: return -1;
	}
	return 0;
}

static int
insn_in_group(const cs_detail *d, uint8_t g)
{
	for (uint8_t i = 0; i < d->groups_count; i++)
		if (d->groups[i] == g)
			return 1;
	return 0;
}

/* Classify a decoded instruction; out->kind stays INSN_UNSUPPORTED on doubt. */
static void
insn_classify(const cs_insn *ci, udt_insn_t *out)
{
	const cs_detail *d = ci->detail;
	const cs_x86 *x = &d->x86;
	int cc;
	/* 66 on a near branch means a 16-bit IP on some CPUs: never guess. */
	int opsize = x->prefix[2] == X86_PREFIX_OPSIZE;

	out->kind = INSN_UNSUPPORTED;
	switch (ci->id) {
	case X86_INS_RET:
		if (opsize)
			return;
		if (x->op_count == 1 && x->operands[0].type == X86_OP_IMM)
			out->ret_pop = (uint16_t)x->operands[0].imm;
		out->kind = INSN_RET;
		return;
	case X86_INS_CALL:
	case X86_INS_JMP:
		if (opsize || x->op_count != 1)
			return;
		if (x->operands[0].type == X86_OP_IMM) {
			out->target = (uint64_t)x->operands[0].imm;
			out->kind = ci->id == X86_INS_CALL ? INSN_CALL_REL :
			    INSN_JMP_REL;
			return;
		}
		if (insn_operand(x, &out->op) == 0)
			out->kind = ci->id == X86_INS_CALL ? INSN_CALL_IND :
			    INSN_JMP_IND;
		return;
	case X86_INS_LOOPNE: out->cc = 0; goto loop;
	case X86_INS_LOOPE:  out->cc = 1; goto loop;
	case X86_INS_LOOP:   out->cc = 2; goto loop;
	case X86_INS_JRCXZ:  out->cc = 3; goto loop;
	case X86_INS_JECXZ:  out->cc = 4; goto loop;
	loop:
		/* 67 on loop* would count with ecx: only j[er]cxz name it. */
		if (opsize || x->op_count != 1 ||
		    x->operands[0].type != X86_OP_IMM ||
		    (x->addr_size != 8 && out->cc < 3))
			return;
		out->target = (uint64_t)x->operands[0].imm;
		out->kind = INSN_LOOP;
		return;
	case X86_INS_SYSCALL:
		/* Returns to the next instruction, wherever that is. */
		out->kind = INSN_PLAIN;
		return;
	default:
		break;
	}
	if ((cc = insn_jcc_cc(ci->id)) >= 0) {
		if (opsize || x->op_count != 1 ||
		    x->operands[0].type != X86_OP_IMM)
			return;
		out->cc = cc;
		out->target = (uint64_t)x->operands[0].imm;
		out->kind = INSN_JCC_REL;
		return;
	}
	/*
	 * Anything else that moves the pc (far branches, iret, int3, int1,
	 * into, xbegin, sysenter...) or traps on purpose (ud0/ud1/ud2: the
	 * fault would report a scratch address) cannot run displaced.
	 */
	if (insn_in_group(d, X86_GRP_JUMP) || insn_in_group(d, X86_GRP_CALL) ||
	    insn_in_group(d, X86_GRP_RET) || insn_in_group(d, X86_GRP_IRET) ||
	    insn_in_group(d, X86_GRP_BRANCH_RELATIVE) ||
	    ci->id == X86_INS_INT3 || ci->id == X86_INS_INT1 ||
	    ci->id == X86_INS_INTO || ci->id == X86_INS_UD0 ||
	    ci->id == X86_INS_UD2 || ci->id == X86_INS_UD2B ||
	    ci->id == X86_INS_XBEGIN || ci->id == X86_INS_SYSENTER ||
	    ci->id == X86_INS_SYSEXIT || ci->id == X86_INS_SYSRET ||
	    ci->id == X86_INS_LCALL || ci->id == X86_INS_LJMP ||
	    ci->id == X86_INS_RETF || ci->id == X86_INS_RETFQ)
		return;
	for (uint8_t i = 0; i < x->op_count; i++) {
		const cs_x86_op *o = &x->operands[i];
		if (o->type != X86_OP_MEM)
			continue;
		if (o->mem.base == X86_REG_EIP)
			return;   /* 67-prefixed eip-relative: not worth a guess */
		if (o->mem.base == X86_REG_RIP) {
			int off = x->encoding.disp_offset;
			if (off == 0 || x->encoding.disp_size != 4)
				off = legacy_rip_disp_off(out->bytes, out->len,
				    o->mem.disp);
			if (off <= 0)
				return;
			out->rip_rel = 1;
			out->disp_off = (uint8_t)off;
		}
	}
	out->kind = INSN_PLAIN;
}

/*
 * Capstone 4 predates some encodings glibc uses (AVX-512 mask and
 * byte/word instructions in the *_evex string functions, rdpkru/wrpkru).
 * None of them moves the pc, so their length is all we need: decode the
 * VEX/EVEX layout by hand (prefix, opcode, ModRM/SIB/disp, imm8 by
 * opcode map) and call them INSN_PLAIN, noting a RIP-relative disp32.
 */
static int
insn_fallback(const uint8_t *code, size_t len, udt_insn_t *out)
{
	size_t i = 0, op, n;
	int map, a32 = 0, modrm = 1, imm = 0;
	const char *mn;

	while (i < len && i < 4 && (code[i] == 0x67 || code[i] == 0x26 ||
	    code[i] == 0x2e || code[i] == 0x36 || code[i] == 0x3e ||
	    code[i] == 0x64 || code[i] == 0x65)) {
		a32 |= code[i] == 0x67;
		i++;
	}
	if (i + 3 <= len && code[i] == 0x0f && code[i + 1] == 0x01 &&
	    (code[i + 2] == 0xee || code[i + 2] == 0xef)) {
		n = i + 3;
		mn = code[i + 2] == 0xee ? "rdpkru" : "wrpkru";
		goto done;
	}
	if (i + 2 > len)
		return -1;
	switch (code[i]) {
	case 0xc5:
		map = 1; op = i + 2; mn = "(vex)";
		break;
	case 0xc4:
		map = code[i + 1] & 0x1f; op = i + 3; mn = "(vex)";
		if (map < 1 || map > 3)
			return -1;
		break;
	case 0x62:
		if (i + 4 > len || !(code[i + 2] & 0x04))
			return -1;
		map = code[i + 1] & 0x07; op = i + 4; mn = "(evex)";
		if (map != 1 && map != 2 && map != 3 && map != 5 && map != 6)
			return -1;
		break;
	default:
		return -1;
	}
	if (op >= len)
		return -1;
	if (map == 3)
		imm = 1;
	else if (map == 1) {
		switch (code[op]) {
		case 0x70: case 0x71: case 0x72: case 0x73:
		case 0xc2: case 0xc4: case 0xc5: case 0xc6:
			imm = 1;
			break;
		case 0x77:      /* vzeroupper/vzeroall */
			modrm = code[i] != 0x62 ? 0 : 1;
			break;
		}
	}
	n = op + 1;
	if (modrm) {
		uint8_t m, mod, rm;
		if (n >= len)
			return -1;
		m = code[n++];
		mod = m >> 6;
		rm = m & 7;
		if (mod != 3 && rm == 4) {
			if (n >= len)
				return -1;
			if (mod == 0 && (code[n] & 7) == 5)
				mod = 2;        /* no base: disp32 */
			n++;
		} else if (mod == 0 && rm == 5) {
			if (a32)
				return -1;      /* eip-relative */
			out->rip_rel = 1;
			out->disp_off = (uint8_t)n;
			mod = 2;
		}
		n += mod == 1 ? 1 : mod == 2 ? 4 : 0;
	}
	n += imm;
done:
	if (n > len || n > 15)
		return -1;
	out->len = (uint8_t)n;
	memcpy(out->mnemonic, mn, strlen(mn) + 1);
	out->kind = INSN_PLAIN;
	return 0;
}

int
insn_decode(const uint8_t *code, size_t len, uint64_t addr, udt_insn_t *out)
{
	const uint8_t *p = code;
	size_t n = len;
	uint64_t a = addr;

	if (insn_open() < 0 || code == NULL || len == 0)
		return -1;
	memset(out, 0, sizeof(*out));
	out->addr = addr;
	out->op.reg = out->op.base = out->op.index = -1;
	if (!cs_disasm_iter(insn_cs, &p, &n, &a, insn_ci)) {
		if (insn_fallback(code, len, out) < 0)
			return -1;
		memcpy(out->bytes, code, out->len);
		return 0;
	}
	if (insn_ci->size == 0 || insn_ci->size > sizeof(out->bytes))
		return -1;
	out->len = (uint8_t)insn_ci->size;
	memcpy(out->bytes, code, out->len);
	/* Prefixed mnemonics ("notrack jmp") may not fit: keep what does. */
	{
		size_t ml = strnlen(insn_ci->mnemonic, sizeof(out->mnemonic) - 1);
		memcpy(out->mnemonic, insn_ci->mnemonic, ml);
		out->mnemonic[ml] = '\0';
	}
	insn_classify(insn_ci, out);
	return 0;
}

int
insn_walk(const uint8_t *code, size_t len, uint64_t addr,
    int (*cb)(void *arg, const udt_insn_t *in), void *arg)
{
	udt_insn_t in;
	size_t off = 0;
	int rc;

	while (off < len) {
		if (insn_decode(code + off, len - off, addr + off, &in) < 0)
			return -1;
		if ((rc = cb(arg, &in)) != 0)
			return rc;
		off += in.len;
	}
	return 0;
}

int
insn_is_return(const udt_insn_t *in, uint64_t fstart, uint64_t fend)
{
	switch (in->kind) {
	case INSN_RET:
		return 1;
	case INSN_JMP_REL:
		return in->target < fstart || in->target >= fend;
	case INSN_JMP_IND:
		/* See the head comment: unindexed memory only. */
		return in->op.is_mem && in->op.index < 0;
	default:
		return 0;
	}
}

int
insn_relocate(const udt_insn_t *in, uint64_t new_addr, uint8_t *out,
    size_t *outlen)
{
	int32_t disp;
	int64_t nd;

	if (in->kind != INSN_PLAIN)
		return -1;
	memcpy(out, in->bytes, in->len);
	*outlen = in->len;
	if (!in->rip_rel)
		return 0;
	if (in->disp_off + 4u > in->len)
		return -1;
	/* Further apart than any disp32 could bridge: no arithmetic to overflow. */
	if ((new_addr > in->addr ? new_addr - in->addr : in->addr - new_addr) >
	    ((uint64_t)1 << 33))
		return -1;
	memcpy(&disp, in->bytes + in->disp_off, 4);
	/* Same absolute target: old_next + disp == new_next + nd. */
	nd = (int64_t)disp + (int64_t)in->addr - (int64_t)new_addr;
	if (nd < INT32_MIN || nd > INT32_MAX)
		return -1;
	disp = (int32_t)nd;
	memcpy(out + in->disp_off, &disp, 4);
	return 0;
}
