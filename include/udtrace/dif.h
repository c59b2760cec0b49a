/*
 * dif.h — the D Intermediate Format (DIF): the instruction set that the D
 * compiler (src/d/) emits and the emulator (src/dif/) executes on every
 * probe hit.
 *
 * Owns: the encoding of instructions, the layout of a DIF object (DIFO),
 * the numbering of built-in variables, subroutines and run-time faults.
 * Must not: depend on anything in src/; it is the contract between the
 * compiler and the emulator and is included by both.
 *
 * Invariants a reader needs:
 *  - 16 64-bit registers; %r0 always reads 0 and writes to it are ignored.
 *  - Branches only go forward (target > pc): every DIFO terminates, so a
 *    probe hit costs a bounded amount of work. The verifier enforces it.
 *  - A register holding a string, array or struct ("by-reference" value)
 *    holds a tracer address inside D-owned memory (string table, scratch,
 *    variable storage). Every load is checked against those regions, so a
 *    D program can never read or write tracer memory it does not own.
 *  - Arithmetic is 64-bit; the compiler narrows values with explicit
 *    shifts (SLL/SRA or SLL/SRL) where D's types require it.
 */
#ifndef UDTRACE_DIF_H
#define UDTRACE_DIF_H

#include <stdint.h>
#include <stddef.h>

#define DIF_NREGS      16   /* %r0 .. %r15 */
#define DIF_TUPLE_MAX  16   /* tuple stack depth (keys and subroutine args) */

/*
 * One instruction. Fields unused by an opcode must be zero (the verifier
 * checks register numbers, not unused fields).
 */
typedef struct dif_instr {
	uint8_t  op;     /* enum dif_op */
	uint8_t  rd;     /* destination register */
	uint8_t  r1;     /* first source register */
	uint8_t  r2;     /* second source register */
	uint32_t imm;    /* immediate: branch target, table index, variable id, ... */
} dif_instr_t;

/*
 * Opcodes. Notation: rd, r1, r2 are registers; imm the immediate.
 */
enum dif_op {
	DIF_NOP = 0,

	/* rd = r1 OP r2 (64-bit) */
	DIF_OR, DIF_XOR, DIF_AND,
	DIF_SLL,        /* shift counts are taken mod 64 */
	DIF_SRL, DIF_SRA,
	DIF_ADD, DIF_SUB, DIF_MUL,
	DIF_SDIV, DIF_UDIV, DIF_SREM, DIF_UREM,  /* r2 == 0 -> DIF_FAULT_DIVZERO;
	                                          * INT64_MIN / -1 = INT64_MIN, rem 0 */
	DIF_NOT,        /* rd = ~r1 */
	DIF_MOV,        /* rd = r1 */

	/* rd = (r1 REL r2) ? 1 : 0 */
	DIF_CEQ, DIF_CNE,
	DIF_CLT, DIF_CLTU,   /* signed / unsigned less-than */
	DIF_CLE, DIF_CLEU,
	/*
	 * rd = string comparison of r1 and r2 (addresses of NUL-terminated
	 * strings; 0 reads as ""): -1, 0 or 1 comparing bytes as unsigned,
	 * at most strsize bytes.
	 */
	DIF_SCMP,

	/* control flow: imm = absolute target pc, > current pc */
	DIF_BA,         /* always */
	DIF_BZ,         /* if r1 == 0 */
	DIF_BNZ,        /* if r1 != 0 */
	DIF_RET,        /* return r1 (predicate value, or unused for actions) */

	/* constants */
	DIF_SETX,       /* rd = inttab[imm] */
	DIF_SETS,       /* rd = address of strtab + imm */

	/* memory: rd = *(type *)(r1); checked with dif_canload */
	DIF_LDSB, DIF_LDSH, DIF_LDSW, DIF_LDUB, DIF_LDUH, DIF_LDUW, DIF_LDX,
	/* memory: *(type *)(rd) = r1; only scratch and variable storage */
	DIF_STB, DIF_STH, DIF_STW, DIF_STX,

	/*
	 * Variables (imm = variable id, see dif_var_t). For a by-reference
	 * variable the load yields the address of its storage and the store
	 * copies from the address in r1 (a string up to strsize-1 bytes and a
	 * NUL; anything else var.size bytes). Storing 0 into a thread-local
	 * or associative element deletes it (for a by-ref value: the NULL
	 * pointer; the empty string does not delete).
	 */
	DIF_LDGS, DIF_STGS,   /* global scalar */
	DIF_LDTS, DIF_STTS,   /* thread-local (self->), keyed by the hit's tid */
	DIF_LDLS, DIF_STLS,   /* clause-local (this->), lives for one firing */
	DIF_LDGA,             /* rd = built-in array imm (args, uregs) [r1] */
	DIF_LDGAA, DIF_STGAA, /* global associative array, key = tuple stack;
	                       * the tuple stack is left untouched */
	DIF_LDTAA, DIF_STTAA, /* thread-local associative (self->a[k]) */

	/* tuple stack: keys of associative arrays and subroutine arguments */
	DIF_PUSHTV,     /* push value r1 (integer, 8 bytes) */
	DIF_PUSHTR,     /* push by-reference r1; r2 holds its size in bytes;
	                 * imm = 1 when it is a string (compared up to NUL) */
	DIF_POPTS,      /* drop the top entry */
	DIF_FLUSHTS,    /* empty the tuple stack */

	DIF_CALL,       /* rd = subroutine imm (enum dif_subr) of the tuple stack */

	DIF_ALLOCS,     /* rd = r1 bytes of zeroed scratch, 8-aligned */
	DIF_COPYS,      /* copy r2 bytes from address r1 to address rd;
	                 * imm 1: a string, copied up to its NUL, rest zeroed */

	/*
	 * Record r1 as the data of record descriptor imm of this ECB (see
	 * src/consumer/program.h). The emulator appends the bytes to the
	 * firing's record buffer: an integer as rec.size bytes (little
	 * endian), a string up to strsize bytes NUL-padded, other by-ref
	 * values rec.size bytes copied from address r1 — or, when r2 is not
	 * %r0, min(r2's value, rec.size) bytes (the record's len says how
	 * many: copyout's dynamic size).
	 */
	DIF_REC,

	/*
	 * Aggregate: r1 = value, r2 = weight (the `incr` of quantize and
	 * friends; the compiler passes 1 when there is none), imm = record
	 * index of kind DIF_REC_AGG. Appends one record whose data is the
	 * value (8 bytes), the weight (8 bytes), then the key: every tuple
	 * stack entry in push order, an integer as 8 bytes, a by-ref entry
	 * as its pushed size (strings NUL-padded). The consumer applies it
	 * to the aggregation when the clause completes without a fault.
	 */
	DIF_AGG,

	DIF_NOPS        /* number of opcodes */
};

/* Built-in variable ids: imm of LDGS (scalars) and LDGA (arrays). */
enum dif_builtin {
	DIF_VAR_ARGS = 0x01,      /* args[] (LDGA) */
	DIF_VAR_UREGS,            /* uregs[] (LDGA) */
	DIF_VAR_ARG0,             /* ARG0 + n for arg0..arg9 */
	DIF_VAR_ARG9 = DIF_VAR_ARG0 + 9,
	DIF_VAR_TIMESTAMP,
	DIF_VAR_VTIMESTAMP,
	DIF_VAR_WALLTIMESTAMP,
	DIF_VAR_PID,
	DIF_VAR_PPID,
	DIF_VAR_TID,
	DIF_VAR_UID,
	DIF_VAR_GID,
	DIF_VAR_EXECNAME,         /* string */
	DIF_VAR_PROBEPROV,        /* string */
	DIF_VAR_PROBEMOD,         /* string */
	DIF_VAR_PROBEFUNC,        /* string */
	DIF_VAR_PROBENAME,        /* string */
	DIF_VAR_ID,
	DIF_VAR_EPID,
	DIF_VAR_CPU,
	DIF_VAR_ERRNO,
	DIF_VAR_UCALLER,
	DIF_VAR_USTACKDEPTH,
	DIF_VAR_CURTHREAD,        /* n/a in user space: reads 0 */
	/*
	 * DTrace's process translators: the address of a psinfo_t, an
	 * lwpsinfo_t or a fileinfo_t (include/udtrace/procfs.h) in tracer
	 * memory the emulator owns, filled for this firing on first use.
	 */
	DIF_VAR_CURPSINFO,        /* psinfo_t * of the hit's process */
	DIF_VAR_CURLWPSINFO,      /* lwpsinfo_t * of the hit's thread */
	DIF_VAR_FDS,              /* fds[fd] (LDGA): fileinfo_t of the hit's process */
	DIF_VAR_PSINFO,           /* (LDGA) [pid]: psinfo_t * of any process */
	DIF_VAR_LWPSINFO,         /* (LDGA) [tid]: lwpsinfo_t * of any thread */
	/*
	 * Kernel-side state DTrace gives only to kernel-privileged
	 * consumers and reads as 0 otherwise (dtrace_priv_kernel): user
	 * space has no kernel frames or interrupt level to report.
	 */
	DIF_VAR_CALLER,
	DIF_VAR_STACKDEPTH,
	DIF_VAR_IPL,
	DIF_VAR_ZONENAME,         /* string: "global", Linux has no zones */
	DIF_VAR_CURCPU,           /* cpuinfo_t * of the hit's CPU (sched.d) */
	/* procfs.d's inlines over the process's u_cdir / u_rdir paths */
	DIF_VAR_CWD,              /* string: the process's working directory */
	DIF_VAR_ROOT,             /* string: the process's root directory */
	DIF_VAR_SIGINFO,          /* (LDGA) [id]: siginfo_t * of a proc probe's signal */
	DIF_VAR_BUILTIN_MAX
};

/* First id of user variables (globals, self->, this->, associatives). */
#define DIF_VAR_USER_BASE 0x100

/* Subroutines callable with DIF_CALL. */
enum dif_subr {
	DIF_SUBR_STRLEN = 1,
	DIF_SUBR_STRJOIN,
	DIF_SUBR_SUBSTR,
	DIF_SUBR_INDEX,
	DIF_SUBR_RINDEX,
	DIF_SUBR_STRSTR,
	DIF_SUBR_STRCHR,
	DIF_SUBR_STRRCHR,
	DIF_SUBR_STRTOK,
	DIF_SUBR_BASENAME,
	DIF_SUBR_DIRNAME,
	DIF_SUBR_CLEANPATH,
	DIF_SUBR_LLTOSTR,
	DIF_SUBR_TOUPPER,
	DIF_SUBR_TOLOWER,
	DIF_SUBR_STRTOLL,
	DIF_SUBR_HTONS, DIF_SUBR_HTONL, DIF_SUBR_HTONLL,
	DIF_SUBR_NTOHS, DIF_SUBR_NTOHL, DIF_SUBR_NTOHLL,
	DIF_SUBR_RAND,
	DIF_SUBR_ALLOCA,
	DIF_SUBR_BCOPY,
	DIF_SUBR_COPYIN,
	DIF_SUBR_COPYINSTR,
	DIF_SUBR_COPYINTO,
	DIF_SUBR_PROGENYOF,
	DIF_SUBR_INET_NTOA,
	DIF_SUBR_INET_NTOA6,
	DIF_SUBR_INET_NTOP,
	DIF_SUBR_JSON,
	DIF_SUBR_SPECULATION, /* () -> a free speculation id, or 0 (hit->speculation) */
	DIF_SUBR_USTACK,      /* (nframes) -> scratch {pid, nframes pcs}, 0-padded */
	DIF_SUBR_UADDR,       /* (pc) -> scratch {pid, pc}: usym/uaddr/umod/ufunc */
	DIF_SUBR_MAX
};

/* Run-time faults: the ERROR probe's arg4 and the error message. */
enum dif_fault {
	DIF_FAULT_NONE = 0,
	DIF_FAULT_BADADDR = 1,   /* "invalid address" */
	DIF_FAULT_BADALIGN,      /* "invalid alignment" */
	DIF_FAULT_ILLOP,         /* "illegal operation" */
	DIF_FAULT_DIVZERO,       /* "divide-by-zero" */
	DIF_FAULT_NOSCRATCH,     /* "out of scratch space" */
	DIF_FAULT_KPRIV,         /* "invalid kernel access" */
	DIF_FAULT_UPRIV,         /* "invalid user access" */
	DIF_FAULT_TUPOFLOW,      /* "tuple stack overflow" */
	DIF_FAULT_BADSTACK,      /* "bad stack" */
	DIF_FAULT_LIBRARY        /* "library-level fault" */
};

/* Variable scopes and flags in dif_var_t. */
enum dif_var_scope { DIF_SCOPE_GLOBAL, DIF_SCOPE_THREAD, DIF_SCOPE_LOCAL };
#define DIF_VF_BYREF  0x1    /* value lives in storage; registers hold its address */
#define DIF_VF_STRING 0x2    /* by-ref string: copied up to NUL, strsize bytes */
#define DIF_VF_ASSOC  0x4    /* associative array (keys on the tuple stack) */

/* A user variable. ids start at DIF_VAR_USER_BASE and are dense. */
typedef struct dif_var {
	uint32_t id;
	uint8_t  scope;   /* enum dif_var_scope */
	uint8_t  flags;   /* DIF_VF_* */
	uint32_t size;    /* storage size in bytes (8 for scalars, strsize for strings) */
	const char *name; /* for -S and messages */
} dif_var_t;

/*
 * How DIF_REC stores a value. The record buffer of one firing is a
 * sequence of entries: a dif_rechdr_t, then len data bytes, then zero
 * padding to a multiple of 8.
 */
enum dif_rec_kind {
	DIF_REC_INT,     /* low `size` bytes of r1, little endian (size 1,2,4,8;
	                  * 0 is a marker with no data) */
	DIF_REC_STRING,  /* string at r1: exactly `size` bytes (strsize), NUL-padded;
	                  * r1 == 0 faults with BADADDR (0x0) */
	DIF_REC_BYREF,   /* `size` bytes copied from address r1 */
	DIF_REC_AGG      /* written by DIF_AGG only: size = 16 + key bytes */
};
/*
 * A speculation record's id is vetted when it is stored, not after the
 * clause: DTrace acts on speculate()/commit()/discard() as it reaches
 * them, so an unusable id ends the clause there (dif_hit_t.spec_check).
 */
enum dif_rec_spec {
	DIF_RSPEC_NONE,
	DIF_RSPEC_SPECULATE,   /* speculate(id) */
	DIF_RSPEC_END          /* commit(id) or discard(id) */
};
typedef struct dif_rec {
	uint8_t  kind;   /* enum dif_rec_kind */
	uint32_t size;
	uint8_t  spec;   /* enum dif_rec_spec (DIF_REC_INT, size 8 only) */
} dif_rec_t;
typedef struct dif_rechdr {
	uint32_t rec;    /* index in the DIFO's rectab (= the clause's record descriptor) */
	uint32_t len;    /* data bytes that follow */
} dif_rechdr_t;

/* A DIF object: one predicate or one clause body. */
typedef struct difo {
	dif_instr_t *text;  size_t ntext;
	uint64_t    *inttab; size_t nint;
	char        *strtab; size_t nstr;   /* NUL-separated strings */
	/*
	 * action_of[pc]: which action statement (1-based) instruction pc
	 * belongs to, for "in action #k" in error messages; 0 in predicates.
	 */
	uint16_t    *action_of;
	dif_rec_t   *rectab; size_t nrec;   /* what DIF_REC imm refers to */
} difo_t;

#endif /* UDTRACE_DIF_H */
