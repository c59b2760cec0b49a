/*
 * usdt.h — statically defined probes as <sys/sdt.h> leaves them in an ELF
 * object: the .note.stapsdt notes (where each probe is, its semaphore,
 * its argument specs), the argument specs parsed and evaluated against a
 * hit's registers and memory, and the -h header written from a provider
 * definition.
 *
 * Owns: the note format, the operand syntax of the specs (the GNU
 * assembler's AT&T operands with a "size@" prefix) and the -h text.
 * Must not: touch processes, plant probes or know D's probe table; the
 * USDT provider does that with what this returns.
 * Invariant: everything is in file virtual addresses of the object
 * (already moved by the .stapsdt.base adjustment); the caller adds the
 * load bias. Parsing never trusts the object: a truncated or garbled
 * note is an error naming the object, never a read out of bounds.
 * usdt_arg_eval allocates nothing (it runs on the probe-hit path).
 */
#ifndef UDTRACE_USDT_USDT_H
#define UDTRACE_USDT_USDT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* <sys/sdt.h> allows at most 12 arguments per probe. */
#define USDT_MAXARGS 12

/* One probe site from a .note.stapsdt note. Strings are owned by the set. */
typedef struct usdt_note {
	const char *provider;   /* "php" */
	const char *name;       /* as written in the note: "request__startup" */
	const char *args;       /* the argument specs: "8@%rax 8@%rdx" ("" if none) */
	uint64_t pc;            /* file vaddr of the probe's nop, base-adjusted */
	uint64_t sema;          /* file vaddr of the semaphore (unsigned short), 0: none */
	/*
	 * Arguments naming a symbol ("-4@g(%rip)"): bit i of symok set when
	 * argument i's symbol was found in the object, and symrel[i] = the
	 * symbol's vaddr - pc, so the hit needs no load bias to find it.
	 */
	uint32_t symok;
	int64_t symrel[USDT_MAXARGS];
} usdt_note_t;

typedef struct usdt_notes {
	usdt_note_t *notes;
	size_t n;
	void *mem;              /* owned strings */
} usdt_notes_t;

/*
 * Read every stapsdt note of the object at path. An object without
 * notes is not an error (n = 0). -1 with err naming the object on a file
 * that cannot be read, is not ELF, or holds a corrupt note:
 * "corrupt .note.stapsdt in /usr/bin/x: note 3 is truncated".
 */
int usdt_notes_read(const char *path, usdt_notes_t *out, char *err, size_t errlen);
void usdt_notes_free(usdt_notes_t *ns);

/*
 * The distinct providers of the object's stapsdt notes, read quickly
 * (noteprov.c: a few preads, no libelf, no symbols): *provs (each and
 * the array malloc'ed, the caller frees them), *n of them (0: none). -1
 * when it cannot tell (not ELF, unreadable, extended section numbering,
 * a malformed note): read the object with usdt_notes_read then.
 */
int usdt_note_providers(const char *path, char ***provs, size_t *n);

/*
 * The name D shows: each "__" becomes "-" (query__start -> query-start).
 * Returns the length it needed (like snprintf); buf is always terminated.
 */
size_t usdt_probe_name(const char *name, char *buf, size_t len);

/* A parsed argument spec. */
enum usdt_arg_kind {
	USDT_ARG_REG,    /* %reg: its value */
	USDT_ARG_MEM,    /* disp(base,index,scale) or sym+disp(%rip): memory */
	USDT_ARG_CONST   /* $value */
};

typedef struct usdt_arg {
	int kind;        /* enum usdt_arg_kind */
	int size;        /* bytes: 1, 2, 4 or 8 */
	int is_signed;   /* "-4@": sign-extend from size*8 bits, else zero-extend */
	int reg;         /* REG: the register (R_*); MEM: base register or -1 */
	int regbits;     /* REG: width of the name (8/16/32/64) */
	int regshift;    /* REG: 8 for %ah %bh %ch %dh, else 0 */
	int index;       /* MEM: index register (R_*) or -1 */
	int scale;       /* MEM: 1, 2, 4 or 8 */
	int rip;         /* MEM: base is %rip (see usdt_arg_eval) */
	int64_t disp;    /* MEM: displacement; CONST: the value */
	/*
	 * MEM with a symbol ("g+8(%rip)"): its name, and, when the note's
	 * object defines it (usdt_args_parse fills these from the note),
	 * its address relative to the probe's pc.
	 */
	char sym[64];
	int sym_bound;
	int64_t symrel;
} usdt_arg_t;

/*
 * Parse one spec ("-4@%eax", "8@-16(%rbp)", "4@$5", "8@g(%rip)").
 * 0, or -1 if it is not a form we understand.
 */
int usdt_arg_parse(const char *spec, size_t len, usdt_arg_t *a);

/*
 * Parse the note's whole argument string (blank-separated specs) into
 * args[0..USDT_MAXARGS). Returns the number of arguments, or -1 with
 * err: "cannot parse argument 2 of php:function__entry: '8@%xyz'"
 * (arguments numbered from 0, as arg0, arg1... in D) or "too many
 * arguments (13) in php:x".
 */
int usdt_args_parse(const usdt_note_t *n, usdt_arg_t *args, char *err, size_t errlen);

/* Reads len bytes of the target at addr into buf: 0 or -1. */
typedef int (*usdt_read_fn)(void *arg, uint64_t addr, void *buf, size_t len);

/*
 * The argument's value at a hit: regs in R_* order (include/udtrace/regs.h);
 * next_pc is the process address just after the probe's nop (probe pc +
 * 1, as the provider plants it on <sys/sdt.h>'s one-byte nop).
 * RIP-relative operands follow the assembler: "sym+8(%rip)" is the
 * address of sym, plus 8 (the assembler encoded it relative to the next
 * instruction; the note keeps the text), found as next_pc - 1 + symrel;
 * "0x10(%rip)" is next_pc + 0x10, %rip being the address of the next
 * instruction, and a bare %rip operand is next_pc. The value is cut to size bytes, then
 * sign-extended if is_signed, else zero-extended. 0, or -1 when memory
 * cannot be read or the symbol is not in the object (stripped).
 */
int usdt_arg_eval(const usdt_arg_t *a, const uint64_t *regs, uint64_t next_pc,
    int (*read)(void *arg, uint64_t addr, void *buf, size_t len), void *rarg,
    int64_t *out);

/*
 * -h: write the <sys/sdt.h> header for the provider definitions of a
 * program (src/consumer/program.h d_provdef_t) to fp. outname is the
 * header's file name; the include guard is made from its basename.
 * 0, or -1 with err when fp fails.
 */
struct d_provdef;
int usdt_header_write(FILE *fp, const struct d_provdef *provs, size_t nprovs,
    const char *outname, char *err, size_t errlen);

#endif /* UDTRACE_USDT_USDT_H */
