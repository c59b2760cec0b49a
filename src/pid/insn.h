/*
 * insn.h — x86-64 instructions as udtrace needs them: boundaries, return
 * sites and tail calls of a function body, and how to run one displaced
 * instruction somewhere else. Decoding is capstone's.
 *
 * Owns: the only use of capstone in udtrace. Must not: touch processes;
 * callers pass bytes read from the object file (never from a target's
 * memory, which may hold our own int3s).
 * Invariant: insn_decode either fills every field that applies to the
 * instruction's kind or fails; a kind the out-of-line runner cannot
 * handle is reported (INSN_UNSUPPORTED), never guessed.
 */
#ifndef UDTRACE_PID_INSN_H
#define UDTRACE_PID_INSN_H

#include <stddef.h>
#include <stdint.h>

enum insn_kind {
	INSN_PLAIN,        /* runs anywhere after relocation (incl. RIP-relative operands) */
	INSN_RET,          /* ret / ret imm16 */
	INSN_CALL_REL,     /* call rel32 */
	INSN_JMP_REL,      /* jmp rel8/rel32 */
	INSN_JCC_REL,      /* jcc rel8/rel32 (cc) */
	INSN_CALL_IND,     /* call r/m64 (operand below) */
	INSN_JMP_IND,      /* jmp r/m64 (operand below) */
	INSN_LOOP,         /* loop/loope/loopne/jrcxz/jecxz rel8 (cc names which) */
	INSN_UNSUPPORTED   /* cannot be displaced (e.g. int3 already there) */
};

/* A memory or register operand of an indirect branch, R_* numbering (regs.h). */
typedef struct insn_operand {
	int is_mem;        /* 0: register `reg`; 1: memory [base + index*scale + disp] */
	int reg;           /* R_*, or -1 */
	int base, index;   /* R_*, or -1 (base may be R_RIP: relative to the next insn) */
	int scale;
	int64_t disp;
	int seg_fs, seg_gs;/* segment override (fs:/gs:) */
} insn_operand_t;

typedef struct udt_insn {
	uint64_t addr;     /* where it was decoded */
	uint8_t len;
	uint8_t bytes[16];
	int kind;          /* enum insn_kind */
	uint64_t target;   /* *_REL, INSN_LOOP: absolute branch target */
	int cc;            /* INSN_JCC_REL: x86 condition nibble 0x0..0xf (jo=0 ... jg=0xf);
	                    * INSN_LOOP: 0 loopne, 1 loope, 2 loop, 3 jrcxz, 4 jecxz */
	uint16_t ret_pop;  /* INSN_RET: imm16 */
	insn_operand_t op; /* INSN_CALL_IND, INSN_JMP_IND */
	int rip_rel;       /* INSN_PLAIN: has a RIP-relative memory operand */
	uint8_t disp_off;  /* ... whose disp32 is at this byte offset */
	char mnemonic[16]; /* for -S / messages */
} udt_insn_t;

/* Decode one instruction of code[0..len) sitting at addr. 0, or -1. */
int insn_decode(const uint8_t *code, size_t len, uint64_t addr,
    udt_insn_t *out);

/*
 * Decode a whole function body [addr, addr+len) from code, calling cb for
 * each instruction in order; stops at the first decode failure (returns
 * -1) or when cb returns non-zero (returns that value). 0 at the end.
 */
int insn_walk(const uint8_t *code, size_t len, uint64_t addr,
    int (*cb)(void *arg, const udt_insn_t *in), void *arg);

/*
 * Is this instruction a way out of the function [fstart, fend)? Returns
 * 1 for ret and for a jump (direct or indirect through memory/register,
 * not through a jump table inside the function) whose target is outside
 * the function — a tail call — else 0.
 */
int insn_is_return(const udt_insn_t *in, uint64_t fstart, uint64_t fend);

/*
 * Bytes that do what INSN_PLAIN `in` does when placed at new_addr (a
 * RIP-relative displacement is adjusted). -1 if the displacement cannot
 * reach from new_addr (more than +-2 GiB) or in is not INSN_PLAIN.
 */
int insn_relocate(const udt_insn_t *in, uint64_t new_addr, uint8_t *out,
    size_t *outlen);

#endif /* UDTRACE_PID_INSN_H */
