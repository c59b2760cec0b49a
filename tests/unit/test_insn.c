/*
 * test_insn.c — insn.c on hand-written x86-64 byte sequences: every kind
 * the out-of-line runner distinguishes, the return-site rule, walking a
 * body, and RIP-relative relocation arithmetic.
 * Must not: depend on the compiler's code generation (bytes are literal).
 */
#include <stdint.h>
#include <string.h>
#include "unit.h"
#include "pid/insn.h"
#include "udtrace/regs.h"

#define A 0x401000ull

static udt_insn_t
dec(const uint8_t *b, size_t n, int *rc)
{
	udt_insn_t in;
	memset(&in, 0xa5, sizeof(in));
	*rc = insn_decode(b, n, A, &in);
	return in;
}

#define DEC(in, ...) do { \
	static const uint8_t b_[] = { __VA_ARGS__ }; int rc_; \
	in = dec(b_, sizeof(b_), &rc_); CHECK_EQ_INT(rc_, 0); \
	CHECK_EQ_INT(in.len, sizeof(b_)); } while (0)

static int walk_n;
static uint64_t walk_addrs[16];

static int
walk_cb(void *arg, const udt_insn_t *in)
{
	(void)arg;
	if (walk_n < 16)
		walk_addrs[walk_n] = in->addr;
	walk_n++;
	return 0;
}

static int
walk_stop(void *arg, const udt_insn_t *in)
{
	(void)arg;
	return in->kind == INSN_RET ? 7 : 0;
}

int
main(void)
{
	udt_insn_t in;
	uint8_t out[16];
	size_t outlen;
	int rc;

	/* ret, ret imm16, rep ret, bnd ret */
	DEC(in, 0xc3);
	CHECK_EQ_INT(in.kind, INSN_RET); CHECK_EQ_INT(in.ret_pop, 0);
	CHECK_EQ_INT(in.addr, A); CHECK_EQ_STR(in.mnemonic, "ret");
	CHECK_EQ_INT(in.bytes[0], 0xc3);
	CHECK_EQ_INT(insn_is_return(&in, A, A + 1), 1);
	DEC(in, 0xc2, 0x08, 0x00);
	CHECK_EQ_INT(in.kind, INSN_RET); CHECK_EQ_INT(in.ret_pop, 8);
	DEC(in, 0xf3, 0xc3);
	CHECK_EQ_INT(in.kind, INSN_RET);
	DEC(in, 0xf2, 0xc3);
	CHECK_EQ_INT(in.kind, INSN_RET);

	/* call rel32: target = next + rel */
	DEC(in, 0xe8, 0x10, 0x00, 0x00, 0x00);
	CHECK_EQ_INT(in.kind, INSN_CALL_REL); CHECK_EQ_INT(in.target, A + 5 + 0x10);
	CHECK_EQ_INT(insn_is_return(&in, A, A + 0x100), 0);
	DEC(in, 0xe8, 0xfb, 0xff, 0xff, 0xff);       /* call to itself */
	CHECK_EQ_INT(in.target, A);
	DEC(in, 0xf2, 0xe8, 0x00, 0x01, 0x00, 0x00); /* bnd call */
	CHECK_EQ_INT(in.kind, INSN_CALL_REL); CHECK_EQ_INT(in.target, A + 6 + 0x100);

	/* jmp rel8 / rel32, inside and outside the function */
	DEC(in, 0xeb, 0xfe);
	CHECK_EQ_INT(in.kind, INSN_JMP_REL); CHECK_EQ_INT(in.target, A);
	CHECK_EQ_INT(insn_is_return(&in, A, A + 0x10), 0);
	CHECK_EQ_INT(insn_is_return(&in, A + 1, A + 0x10), 1);
	DEC(in, 0xe9, 0x00, 0x10, 0x00, 0x00);
	CHECK_EQ_INT(in.kind, INSN_JMP_REL); CHECK_EQ_INT(in.target, A + 5 + 0x1000);
	CHECK_EQ_INT(insn_is_return(&in, A, A + 0x1005), 1);  /* == fend: out */
	CHECK_EQ_INT(insn_is_return(&in, A, A + 0x1006), 0);
	DEC(in, 0xf2, 0xe9, 0x00, 0x00, 0x00, 0x00);           /* bnd jmp */
	CHECK_EQ_INT(in.kind, INSN_JMP_REL); CHECK_EQ_INT(in.target, A + 6);

	/* jcc rel8: every condition nibble */
	for (int cc = 0; cc < 16; cc++) {
		uint8_t b[2] = { (uint8_t)(0x70 | cc), 0x10 };
		in = dec(b, 2, &rc);
		CHECK_EQ_INT(rc, 0);
		CHECK_EQ_INT(in.kind, INSN_JCC_REL);
		CHECK_EQ_INT(in.cc, cc);
		CHECK_EQ_INT(in.target, A + 2 + 0x10);
		/* a conditional jump out is never a return site */
		CHECK_EQ_INT(insn_is_return(&in, A, A + 2), 0);
	}
	/* jcc rel32: every condition nibble, backwards */
	for (int cc = 0; cc < 16; cc++) {
		uint8_t b[6] = { 0x0f, (uint8_t)(0x80 | cc), 0xf0, 0xff, 0xff, 0xff };
		in = dec(b, 6, &rc);
		CHECK_EQ_INT(rc, 0);
		CHECK_EQ_INT(in.len, 6);
		CHECK_EQ_INT(in.kind, INSN_JCC_REL);
		CHECK_EQ_INT(in.cc, cc);
		CHECK_EQ_INT(in.target, A + 6 - 0x10);
	}

	/* call *disp32(%rip) */
	DEC(in, 0xff, 0x15, 0x20, 0x00, 0x00, 0x00);
	CHECK_EQ_INT(in.kind, INSN_CALL_IND);
	CHECK_EQ_INT(in.op.is_mem, 1); CHECK_EQ_INT(in.op.base, R_RIP);
	CHECK_EQ_INT(in.op.index, -1); CHECK_EQ_INT(in.op.disp, 0x20);
	CHECK_EQ_INT(in.op.seg_fs, 0); CHECK_EQ_INT(in.op.seg_gs, 0);
	/* call *%rax, call *%r11 */
	DEC(in, 0xff, 0xd0);
	CHECK_EQ_INT(in.kind, INSN_CALL_IND);
	CHECK_EQ_INT(in.op.is_mem, 0); CHECK_EQ_INT(in.op.reg, R_RAX);
	DEC(in, 0x41, 0xff, 0xd3);
	CHECK_EQ_INT(in.kind, INSN_CALL_IND); CHECK_EQ_INT(in.op.reg, R_R11);
	/* call *0x18(%rbx,%r12,8) */
	DEC(in, 0x42, 0xff, 0x54, 0xe3, 0x18);
	CHECK_EQ_INT(in.kind, INSN_CALL_IND); CHECK_EQ_INT(in.op.is_mem, 1);
	CHECK_EQ_INT(in.op.base, R_RBX); CHECK_EQ_INT(in.op.index, R_R12);
	CHECK_EQ_INT(in.op.scale, 8); CHECK_EQ_INT(in.op.disp, 0x18);
	/* call *%fs:0x28 and call *%gs:(%rax) */
	DEC(in, 0x64, 0xff, 0x14, 0x25, 0x28, 0x00, 0x00, 0x00);
	CHECK_EQ_INT(in.kind, INSN_CALL_IND); CHECK_EQ_INT(in.op.seg_fs, 1);
	CHECK_EQ_INT(in.op.base, -1); CHECK_EQ_INT(in.op.index, -1);
	CHECK_EQ_INT(in.op.disp, 0x28);
	DEC(in, 0x65, 0xff, 0x10);
	CHECK_EQ_INT(in.kind, INSN_CALL_IND); CHECK_EQ_INT(in.op.seg_gs, 1);
	CHECK_EQ_INT(in.op.base, R_RAX);

	/* jmp *%rax: a switch dispatch as far as returns go */
	DEC(in, 0xff, 0xe0);
	CHECK_EQ_INT(in.kind, INSN_JMP_IND); CHECK_EQ_INT(in.op.reg, R_RAX);
	CHECK_EQ_INT(insn_is_return(&in, A, A + 2), 0);
	/* notrack jmp *%rdx */
	DEC(in, 0x3e, 0xff, 0xe2);
	CHECK_EQ_INT(in.kind, INSN_JMP_IND); CHECK_EQ_INT(in.op.reg, R_RDX);
	CHECK_EQ_INT(insn_is_return(&in, A, A + 3), 0);
	/* jmp *disp32(%rip): -fno-plt tail call */
	DEC(in, 0xff, 0x25, 0x00, 0x01, 0x00, 0x00);
	CHECK_EQ_INT(in.kind, INSN_JMP_IND); CHECK_EQ_INT(in.op.base, R_RIP);
	CHECK_EQ_INT(in.op.disp, 0x100);
	CHECK_EQ_INT(insn_is_return(&in, A, A + 6), 1);
	/* jmp *0x8(%rdi): tail call through a function-pointer member */
	DEC(in, 0xff, 0x67, 0x08);
	CHECK_EQ_INT(in.kind, INSN_JMP_IND); CHECK_EQ_INT(in.op.base, R_RDI);
	CHECK_EQ_INT(insn_is_return(&in, A, A + 3), 1);
	/* jmp *0x402000(,%rax,8): a jump table */
	DEC(in, 0xff, 0x24, 0xc5, 0x00, 0x20, 0x40, 0x00);
	CHECK_EQ_INT(in.kind, INSN_JMP_IND); CHECK_EQ_INT(in.op.base, -1);
	CHECK_EQ_INT(in.op.index, R_RAX); CHECK_EQ_INT(in.op.scale, 8);
	CHECK_EQ_INT(in.op.disp, 0x402000);
	CHECK_EQ_INT(insn_is_return(&in, A, A + 7), 0);
	/* bnd jmp *%rcx */
	DEC(in, 0xf2, 0xff, 0xe1);
	CHECK_EQ_INT(in.kind, INSN_JMP_IND); CHECK_EQ_INT(in.op.reg, R_RCX);

	/* loop family */
	DEC(in, 0xe3, 0x05);
	CHECK_EQ_INT(in.kind, INSN_LOOP); CHECK_EQ_INT(in.cc, 3);
	CHECK_EQ_INT(in.target, A + 2 + 5);
	DEC(in, 0x67, 0xe3, 0x05);
	CHECK_EQ_INT(in.kind, INSN_LOOP); CHECK_EQ_INT(in.cc, 4);
	CHECK_EQ_INT(in.target, A + 3 + 5);
	DEC(in, 0xe2, 0xfe);
	CHECK_EQ_INT(in.kind, INSN_LOOP); CHECK_EQ_INT(in.cc, 2);
	CHECK_EQ_INT(in.target, A);
	DEC(in, 0xe1, 0x00);
	CHECK_EQ_INT(in.kind, INSN_LOOP); CHECK_EQ_INT(in.cc, 1);
	DEC(in, 0xe0, 0x00);
	CHECK_EQ_INT(in.kind, INSN_LOOP); CHECK_EQ_INT(in.cc, 0);
	CHECK_EQ_INT(insn_is_return(&in, A + 0x10, A + 0x20), 0);

	/* plain instructions */
	DEC(in, 0xf3, 0x0f, 0x1e, 0xfa);              /* endbr64 */
	CHECK_EQ_INT(in.kind, INSN_PLAIN); CHECK_EQ_INT(in.rip_rel, 0);
	DEC(in, 0x55);                                /* push %rbp */
	CHECK_EQ_INT(in.kind, INSN_PLAIN);
	DEC(in, 0x48, 0x89, 0xe5);                    /* mov %rsp,%rbp */
	CHECK_EQ_INT(in.kind, INSN_PLAIN);
	CHECK_EQ_INT(insn_is_return(&in, A, A + 3), 0);
	DEC(in, 0x0f, 0x05);                          /* syscall */
	CHECK_EQ_INT(in.kind, INSN_PLAIN);
	DEC(in, 0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00);  /* nopw 0(%rax,%rax) */
	CHECK_EQ_INT(in.kind, INSN_PLAIN); CHECK_EQ_INT(in.rip_rel, 0);

	/* encodings capstone 4 lacks (glibc's *_evex string functions) */
	DEC(in, 0xc5, 0xfb, 0x93, 0xd1);              /* kmovd %k1,%edx */
	CHECK_EQ_INT(in.kind, INSN_PLAIN); CHECK_EQ_INT(in.rip_rel, 0);
	DEC(in, 0xc4, 0xe1, 0xfb, 0x93, 0xc0);        /* kmovq %k0,%rax */
	CHECK_EQ_INT(in.kind, INSN_PLAIN);
	DEC(in, 0x62, 0xf3, 0x7d, 0x20, 0x3f, 0x07, 0x00); /* vpcmpb $0,(%rdi),%ymm16,%k0 */
	CHECK_EQ_INT(in.kind, INSN_PLAIN);
	DEC(in, 0x62, 0xb2, 0x75, 0x20, 0x26, 0xd1);  /* vptestnmb */
	CHECK_EQ_INT(in.kind, INSN_PLAIN);
	DEC(in, 0x62, 0xf3, 0x7d, 0x20, 0x3f, 0x44, 0x24, 0x10, 0x04); /* disp8 + imm8 */
	CHECK_EQ_INT(in.kind, INSN_PLAIN);
	DEC(in, 0x62, 0xf3, 0x7d, 0x20, 0x3f, 0x05, 0x10, 0x00, 0x00, 0x00, 0x00);
	CHECK_EQ_INT(in.kind, INSN_PLAIN);            /* vpcmpb $0,0x10(%rip) */
	CHECK_EQ_INT(in.rip_rel, 1); CHECK_EQ_INT(in.disp_off, 6);
	CHECK_EQ_INT(insn_relocate(&in, A + 0x10, out, &outlen), 0);
	CHECK_EQ_INT(outlen, 11); CHECK_EQ_INT(out[6], 0x00);
	CHECK_EQ_INT(out[10], 0x00);
	DEC(in, 0x0f, 0x01, 0xee);                    /* rdpkru */
	CHECK_EQ_INT(in.kind, INSN_PLAIN);
	{
		static const uint8_t t[] = { 0x62, 0xf3, 0x7d, 0x20, 0x3f, 0x07 };
		CHECK_EQ_INT(insn_decode(t, sizeof(t), A, &in), -1);
	}

	/* not displaceable */
	DEC(in, 0xcc);
	CHECK_EQ_INT(in.kind, INSN_UNSUPPORTED);
	DEC(in, 0x0f, 0x0b);                          /* ud2 */
	CHECK_EQ_INT(in.kind, INSN_UNSUPPORTED);
	DEC(in, 0xc7, 0xf8, 0x00, 0x00, 0x00, 0x00);  /* xbegin */
	CHECK_EQ_INT(in.kind, INSN_UNSUPPORTED);
	DEC(in, 0x48, 0xcf);                          /* iretq */
	CHECK_EQ_INT(in.kind, INSN_UNSUPPORTED);
	DEC(in, 0xcb);                                /* lret */
	CHECK_EQ_INT(in.kind, INSN_UNSUPPORTED);
	DEC(in, 0xff, 0x2c, 0x24);                    /* ljmp *(%rsp) */
	CHECK_EQ_INT(in.kind, INSN_UNSUPPORTED);
	DEC(in, 0x66, 0xe9, 0x00, 0x00);              /* jmpw: 16-bit IP */
	CHECK_EQ_INT(in.kind, INSN_UNSUPPORTED);

	/* mov 0x1000(%rip),%rax: disp32 at byte 3; relocation keeps the target */
	DEC(in, 0x48, 0x8b, 0x05, 0x00, 0x10, 0x00, 0x00);
	CHECK_EQ_INT(in.kind, INSN_PLAIN); CHECK_EQ_INT(in.rip_rel, 1);
	CHECK_EQ_INT(in.disp_off, 3);
	CHECK_EQ_INT(insn_relocate(&in, A + 0x100, out, &outlen), 0);
	CHECK_EQ_INT(outlen, 7);
	{
		int32_t d;
		memcpy(&d, out + 3, 4);
		/* A + 7 + 0x1000 == A + 0x100 + 7 + d */
		CHECK_EQ_INT(d, 0x1000 - 0x100);
		CHECK(memcmp(out, in.bytes, 3) == 0);
		CHECK_EQ_INT(insn_relocate(&in, A + 0x7fff0000ull, out, &outlen), 0);
		memcpy(&d, out + 3, 4);
		CHECK_EQ_INT((int64_t)(A + 0x7fff0000ull) + 7 + d,
		    (int64_t)A + 7 + 0x1000);
		/* exactly INT32_MIN still reaches */
		CHECK_EQ_INT(insn_relocate(&in, A + 0x80001000ull, out, &outlen), 0);
		memcpy(&d, out + 3, 4);
		CHECK_EQ_INT(d, INT32_MIN);
	}
	/* out of reach: +-2 GiB */
	CHECK_EQ_INT(insn_relocate(&in, A + 0x80002000ull, out, &outlen), -1);
	in.addr = 0x7f0000000000ull;
	CHECK_EQ_INT(insn_relocate(&in, in.addr - 0x90000000ull, out, &outlen), -1);
	CHECK_EQ_INT(insn_relocate(&in, in.addr - 0x7fffe000ull, out, &outlen), 0);
	CHECK_EQ_INT(insn_relocate(&in, A + (1ull << 40), out, &outlen), -1);
	/* cmpl $0x5,0x100(%rip): disp32 before an immediate */
	DEC(in, 0x83, 0x3d, 0x00, 0x01, 0x00, 0x00, 0x05);
	CHECK_EQ_INT(in.rip_rel, 1); CHECK_EQ_INT(in.disp_off, 2);
	CHECK_EQ_INT(insn_relocate(&in, A - 0x10, out, &outlen), 0);
	{
		int32_t d;
		memcpy(&d, out + 2, 4);
		CHECK_EQ_INT(d, 0x110);
		CHECK_EQ_INT(out[6], 0x05);
	}
	/* lea 0x0(%rip),%rdi */
	DEC(in, 0x48, 0x8d, 0x3d, 0x00, 0x00, 0x00, 0x00);
	CHECK_EQ_INT(in.rip_rel, 1); CHECK_EQ_INT(in.disp_off, 3);
	/* a plain non-RIP instruction is copied as is */
	DEC(in, 0x48, 0x89, 0xe5);
	CHECK_EQ_INT(insn_relocate(&in, A + (1ull << 40), out, &outlen), 0);
	CHECK_EQ_INT(outlen, 3); CHECK(memcmp(out, in.bytes, 3) == 0);
	/* branches are not relocated: the runner emulates them */
	DEC(in, 0xc3);
	CHECK_EQ_INT(insn_relocate(&in, A + 1, out, &outlen), -1);

	/* decode failures: empty, truncated, invalid */
	{
		static const uint8_t t[] = { 0xe8, 0x00, 0x00 };
		static const uint8_t bad[] = { 0x06 };   /* push %es: invalid in 64-bit */
		CHECK_EQ_INT(insn_decode(t, 0, A, &in), -1);
		CHECK_EQ_INT(insn_decode(t, sizeof(t), A, &in), -1);
		CHECK_EQ_INT(insn_decode(bad, sizeof(bad), A, &in), -1);
	}

	/* walking a body: endbr64; push; mov; pop; ret */
	{
		static const uint8_t f[] = { 0xf3, 0x0f, 0x1e, 0xfa, 0x55,
		    0x48, 0x89, 0xe5, 0x5d, 0xc3 };
		walk_n = 0;
		CHECK_EQ_INT(insn_walk(f, sizeof(f), A, walk_cb, NULL), 0);
		CHECK_EQ_INT(walk_n, 5);
		CHECK_EQ_INT(walk_addrs[0], A);
		CHECK_EQ_INT(walk_addrs[1], A + 4);
		CHECK_EQ_INT(walk_addrs[2], A + 5);
		CHECK_EQ_INT(walk_addrs[3], A + 8);
		CHECK_EQ_INT(walk_addrs[4], A + 9);
		CHECK_EQ_INT(insn_walk(f, sizeof(f), A, walk_stop, NULL), 7);
		/* the last instruction runs past the end: failure */
		walk_n = 0;
		CHECK_EQ_INT(insn_walk(f, 7, A, walk_cb, NULL), -1);
		CHECK_EQ_INT(walk_n, 2);
	}
	return UNIT_END();
}
