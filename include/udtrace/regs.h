/*
 * regs.h — the x86-64 user registers as D sees them: the index of each
 * R_* name in uregs[] and in a hit's register array.
 *
 * Owns: the numbering, which is struct user_regs_struct's (the kernel's
 * pt_regs order, as Oracle Linux DTrace uses), so a backend fills a hit
 * with one copy. Must not: change order; D scripts see these values.
 * Invariant: UDT_NREGS entries; R_TRAPNO and R_ERR exist for
 * compatibility and always read 0.
 */
#ifndef UDTRACE_REGS_H
#define UDTRACE_REGS_H

enum udt_reg {
	R_R15, R_R14, R_R13, R_R12, R_RBP, R_RBX, R_R11, R_R10, R_R9, R_R8,
	R_RAX, R_RCX, R_RDX, R_RSI, R_RDI, R_ORIG_RAX, R_RIP, R_CS, R_RFL,
	R_RSP, R_SS, R_FS_BASE, R_GS_BASE, R_DS, R_ES, R_FS, R_GS,
	R_TRAPNO, R_ERR,
	UDT_NREGS
};

/* Aliases D knows (illumos names). */
#define R_PC   R_RIP
#define R_SP   R_RSP
#define R_FP   R_RBP
#define R_PS   R_RFL
#define R_R0   R_RAX
#define R_R1   R_RDX

/*
 * The D names and their indices, for the compiler's built-in constants
 * (64-bit names, aliases, and the 32-bit names of the same registers).
 */
typedef struct udt_regname { const char *name; int reg; } udt_regname_t;
static const udt_regname_t udt_regnames[] = {
	{ "R_R15", R_R15 }, { "R_R14", R_R14 }, { "R_R13", R_R13 },
	{ "R_R12", R_R12 }, { "R_RBP", R_RBP }, { "R_RBX", R_RBX },
	{ "R_R11", R_R11 }, { "R_R10", R_R10 }, { "R_R9", R_R9 },
	{ "R_R8", R_R8 }, { "R_RAX", R_RAX }, { "R_RCX", R_RCX },
	{ "R_RDX", R_RDX }, { "R_RSI", R_RSI }, { "R_RDI", R_RDI },
	{ "R_RIP", R_RIP }, { "R_CS", R_CS }, { "R_RFL", R_RFL },
	{ "R_RSP", R_RSP }, { "R_SS", R_SS }, { "R_DS", R_DS },
	{ "R_ES", R_ES }, { "R_FS", R_FS }, { "R_GS", R_GS },
	{ "R_TRAPNO", R_TRAPNO }, { "R_ERR", R_ERR },
	{ "R_PC", R_PC }, { "R_SP", R_SP }, { "R_FP", R_FP }, { "R_PS", R_PS },
	{ "R_R0", R_R0 }, { "R_R1", R_R1 },
	{ "R_EAX", R_RAX }, { "R_EBX", R_RBX }, { "R_ECX", R_RCX },
	{ "R_EDX", R_RDX }, { "R_ESI", R_RSI }, { "R_EDI", R_RDI },
	{ "R_EBP", R_RBP }, { "R_ESP", R_RSP }, { "R_EIP", R_RIP },
	{ "R_EFL", R_RFL }, { "R_UESP", R_RSP },
};

#endif /* UDTRACE_REGS_H */
