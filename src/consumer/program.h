/*
 * program.h — a compiled D program as the consumer sees it: clauses with
 * their probe descriptions, DIF objects and record descriptors.
 *
 * Owns: the contract between the compiler (src/d/, which fills these
 * structures) and the consumer (src/consumer/, which enables, runs and
 * prints them). Must not: refer to parse trees or D types; everything
 * the consumer needs to print a record is in d_recdesc_t.
 * Invariant: clause i's record descriptor j is what DIF_REC with imm j in
 * clause i's body refers to; indices are stable for the program's life.
 */
#ifndef UDTRACE_CONSUMER_PROGRAM_H
#define UDTRACE_CONSUMER_PROGRAM_H

#include <stdint.h>
#include "d/attr.h"
#include <stddef.h>
#include "udtrace/dif.h"

struct pfmt;   /* src/consumer/printf.h: a parsed printf format */

/* A probe description, split into its four fields ("" = any). */
typedef struct d_pdesc {
	char prov[128], mod[256], func[256], name[128];
	uint32_t id;          /* -i: probe id, else 0 */
	const char *text;     /* as written, for messages */
	int line;
} d_pdesc_t;

/*
 * What a record is for. "marker" = a record with no data (size 0): the
 * action's parameters are all in the descriptor.
 */
enum d_rec_action {
	D_ACT_TRACE,        /* trace(e) */
	D_ACT_PRINTF_ARG,   /* one argument of the printf/printa/system/freopen that follows */
	D_ACT_PRINTF,       /* printf(fmt, ...): marker; pfmt formats the
	                     * D_ACT_PRINTF_ARG records just before it */
	D_ACT_EXIT,         /* exit(n): data is the int status */
	/* ---- aggregations (consumer-side, in record order) ---- */
	D_ACT_AGG,          /* DIF_AGG data for aggregation `agg` (see dif.h) */
	D_ACT_PRINTA,       /* printa([fmt,] @a, ...): marker; aggs/naggs, fmt (NULL = default) */
	D_ACT_CLEAR,        /* clear(@a): marker; agg */
	D_ACT_TRUNC,        /* trunc(@a[, n]): data int64 n; has_arg: n was given */
	D_ACT_NORMALIZE,    /* normalize(@a, n): data int64 n */
	D_ACT_DENORMALIZE,  /* denormalize(@a): marker */
	D_ACT_SETOPT,       /* setopt(name[, value]): marker; str1 = name, str2 = value or NULL */
	/* ---- speculation ---- */
	D_ACT_SPECULATE,    /* speculate(id): data int64 id; the clause's later records
	                     * go to speculation id (first record of the clause) */
	D_ACT_COMMIT,       /* commit(id): data int64 id */
	D_ACT_DISCARD,      /* discard(id): data int64 id */
	/* ---- more data actions ---- */
	D_ACT_TRACEMEM_DSIZE, /* tracemem's optional dsize: int64, just before D_ACT_TRACEMEM */
	D_ACT_TRACEMEM,     /* tracemem(addr, size): `size` bytes, always a hex dump */
	D_ACT_PRINT,        /* print(e): value (int or bytes) described by ptype */
	D_ACT_STACK,        /* stack(): kernel stack, n/a: marker, prints an empty stack */
	/* ---- destructive (need -w) ---- */
	D_ACT_SYSTEM,       /* system(fmt, ...): marker after its PRINTF_ARGs; fmt */
	D_ACT_FREOPEN,      /* freopen(fmt, ...): marker after its PRINTF_ARGs; fmt */
	D_ACT_FTRUNCATE,    /* ftruncate(): marker */
	D_ACT_RAISE,        /* raise(sig): data int; the hit's process (needs process control) */
	D_ACT_STOP,         /* stop(): marker (needs process control) */
	D_ACT_COPYOUT       /* copyout/copyoutstr: after PRINTF_ARG {uaddr} (copyoutstr: {uaddr, maxlen});
	                     * data = the bytes (len = copyout's count) or the string */
};

/* How to print a record's bytes (trace, printf arguments, aggregation keys). */
enum d_rec_type {
	D_RT_INT,           /* integer of size 1, 2, 4 or 8 bytes */
	D_RT_STRING,        /* NUL-terminated within size bytes */
	D_RT_BYTES,         /* anything else (arrays, structs): size bytes */
	D_RT_USTACK,        /* {uint64 pid, pcs...}: size/8 - 1 frames, 0 pc ends */
	D_RT_USYM,          /* {uint64 pid, uint64 pc}: usym()/ufunc(): module`symbol */
	D_RT_UADDR,         /* same: uaddr(): module`symbol+0xoff */
	D_RT_UMOD           /* same: umod(): module */
};

/* A D type as print() shows it. */
enum d_ptype_kind { D_PT_INT, D_PT_PTR, D_PT_ARRAY, D_PT_STRUCT, D_PT_UNION,
	D_PT_ENUM, D_PT_STRING, D_PT_FLOAT, D_PT_OTHER };
typedef struct d_pmember {
	const char *name;
	const struct d_ptype *type;
	uint32_t off;
	int bits, bitoff;   /* bit-field width (0 = none) and bit offset */
} d_pmember_t;
typedef struct d_penum {
	const char *name;
	int64_t value;
} d_penum_t;
typedef struct d_ptype {
	int kind;                   /* enum d_ptype_kind */
	const char *name;           /* "int", "char *", "struct foo", "uint64_t" */
	uint32_t size;
	int is_signed;
	const struct d_ptype *elem; /* arrays: element type */
	uint32_t nelems;
	const d_pmember_t *members; int nmembers;  /* struct, union */
	const d_penum_t *enums; int nenums;        /* enum */
} d_ptype_t;

typedef struct d_recdesc {
	uint8_t  action;    /* enum d_rec_action */
	uint8_t  type;      /* enum d_rec_type */
	uint8_t  is_signed; /* D_RT_INT */
	uint8_t  is_char_array; /* D_RT_BYTES of char[]: prints as a string if printable */
	uint32_t size;
	uint16_t action_no; /* 1-based action statement of the clause */
	struct pfmt *fmt;   /* D_ACT_PRINTF, PRINTA (NULL: default layout), SYSTEM, FREOPEN */
	const char *type_name; /* D type name of the recorded expression (messages, print) */
	uint32_t agg;       /* aggregation index (program->aggs) for AGG/CLEAR/TRUNC/NORMALIZE/DENORMALIZE */
	uint32_t *aggs; uint32_t naggs;  /* PRINTA: the aggregations, in order */
	uint8_t  has_arg;   /* TRUNC: n given */
	const char *str1, *str2;         /* SETOPT name and value */
	const d_ptype_t *ptype;          /* PRINT: the value's type */
} d_recdesc_t;

/* Aggregating functions. */
enum d_agg_func { D_AGG_COUNT, D_AGG_SUM, D_AGG_AVG, D_AGG_MIN, D_AGG_MAX,
	D_AGG_STDDEV, D_AGG_QUANTIZE, D_AGG_LQUANTIZE, D_AGG_LLQUANTIZE };

/*
 * One aggregation (@name) of the program. Its key is a blob of keysize
 * bytes: key i at keys[i] offset, stored as DIF_AGG writes it (integers
 * as 8 bytes whatever their D size, strings strsize bytes NUL-padded,
 * other by-ref values their size); keys[i] tells how to print it.
 */
typedef struct d_aggdesc {
	const char *name;       /* without '@'; "" for plain @ */
	int func;               /* enum d_agg_func */
	int64_t lq_base, lq_limit, lq_step;                 /* lquantize */
	int64_t llq_factor, llq_low, llq_high, llq_nsteps;  /* llquantize */
	uint32_t nkeys;
	d_recdesc_t *keys;      /* size = stored size; type/is_signed/type_name to print */
	uint32_t *keyoff;       /* offset of key i in the blob */
	uint32_t keysize;
	int line;               /* first appearance (D_AGG_REDEF messages) */
} d_aggdesc_t;

typedef struct d_clause_prog {
	d_pdesc_t *descs;   size_t ndescs;
	difo_t    *pred;    /* NULL: always */
	difo_t    *body;    /* NULL: empty body (records only the EPID) */
	d_recdesc_t *recs;  size_t nrecs;    /* same indices as body->rectab */
	int line;           /* line of the clause's first description */
	/*
	 * dtrace -v: the minimum stability of what the clause uses, and the
	 * probe-context names it reads (D_CTX_*), whose attributes each
	 * description's provider gives (Stable/Stable/Common and 0 for a
	 * clause with no actions, whose predicate does not count).
	 */
	d_attr_t stab_attr;
	unsigned stab_ctx;
} d_clause_prog_t;

/* A provider definition (provider p { probe q(int, char *); };) for -h. */
typedef struct d_provprobe {
	const char *name;           /* as written: query__start */
	int nargs;
	const char **argtypes;      /* native argument types as D names them ("char *") */
	int line;
} d_provprobe_t;
typedef struct d_provdef {
	const char *name;
	d_provprobe_t *probes; size_t nprobes;
} d_provdef_t;

typedef struct d_program {
	d_clause_prog_t *clauses; size_t nclauses;
	dif_var_t *vars;  size_t nvars;      /* user variables, id = DIF_VAR_USER_BASE + index */
	d_aggdesc_t *aggs; size_t naggs;     /* aggregations in order of first appearance */
	int destructive;  /* uses a destructive action: enabling needs -w */
	d_provdef_t *provs; size_t nprovs;   /* provider definitions, in order */
	int kind;         /* enum d_prog_kind it was compiled from */
	const char *name; /* script path or program text (for messages) */
	void *mem;        /* owned allocations, freed by d_program_free */
} d_program_t;

void d_program_free(d_program_t *p);

#endif /* UDTRACE_CONSUMER_PROGRAM_H */
