/*
 * dcomp.h — the D compiler's shared state: one compile's context, its
 * arena, and compile errors.
 *
 * Owns: d_cc_t (everything one call of the compiler needs), the error
 * path (d_error longjmps back to d_compile), the arena.
 * Must not: touch processes or the consumer's run-time state; options
 * reach the handle only through the setopt callback.
 * Invariant: every allocation made while compiling comes from the arena
 * and is released at once by d_cc_fini, so an error anywhere in the
 * front end cannot leak.
 */
#ifndef UDTRACE_D_DCOMP_H
#define UDTRACE_D_DCOMP_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stddef.h>
#include "ast.h"
#include "attr.h"

/* How the program text was given (dtrace -s / -n / -P / -m / -f / -i). */
enum d_prog_kind {
	D_PROG_SCRIPT,   /* -s file or stdin: full D program */
	D_PROG_NAME,     /* -n: probe descriptions default to the name field */
	D_PROG_PROV,     /* -P */
	D_PROG_MOD,      /* -m */
	D_PROG_FUNC,     /* -f */
	D_PROG_ID        /* -i: numeric probe id */
};

typedef struct d_arena_blk {
	struct d_arena_blk *next;
	size_t used, size;
	_Alignas(16) unsigned char data[];
} d_arena_blk_t;

/* Values of $pid, $ppid, ... and $target: describe udtrace itself. */
typedef struct d_macros {
	int64_t pid, ppid, uid, gid, euid, egid, pgid, sid, target;
} d_macros_t;

struct d_pdesc;

typedef struct d_cc {
	d_arena_blk_t *arena;

	/* input */
	const char *src;         /* program text, NUL-terminated */
	const char *srcname;     /* the name in messages (script path or program text) */
	const char *arg0;        /* $0: the script path for -s, else dtrace's argv[0] */
	int kind;                /* enum d_prog_kind */
	int argc;                /* macro arguments $1..$argc */
	char *const *argv;       /* argv[0] is $1 */
	unsigned char *argused;  /* argused[i]: $(i+1) was referenced */
	d_macros_t macros;
	int defaultargs;         /* -x defaultargs */
	int empty;               /* -x empty: an empty program compiles */
	int pspec;               /* -x pspec: outer-scope text is a probe description */
	int argref;              /* -x argref: unused arguments are fine */
	int strsize;             /* current strsize (pragmas may change it) */
	int cpp;                 /* -C: run cpp over src first */
	int stdc;                /* -X mode for cpp: 'a' (0: 'a'), 'c', 's', 't' */
	uint32_t version;        /* -x version (0: the latest): __SUNW_D_VERSION */
	const char *const *cppargs; int ncppargs;  /* -D/-U/-I in order */
	int zdefs;               /* -Z */
	/*
	 * Objects mapped by the traced processes (executable of $target
	 * first), whose DWARF gives D the program's own types.
	 */
	const char *const *dwobjs; int ndwobjs;
	void *dwstate;           /* dwtypes.c's memo (arena) */
	/*
	 * Argument widths of the probes a description names, when the
	 * provider knows them (USDT: the stapsdt specs): count, or -1.
	 */
	int (*argwidths)(void *arg, const struct d_pdesc *d, int *size,
	    int *sgn, int max);
	void *argwidths_arg;
	/*
	 * args[] of a probe whose provider declares them (proc:::create):
	 * each one's D type name and whether the native value is translated
	 * (1: a pid to psinfo_t *, 2: a tid to lwpsinfo_t *, 3: a user
	 * address to a string, 4: the firing's siginfo_t *). Count, or -1.
	 */
	int (*provargs)(void *arg, const struct d_pdesc *d, const char **types,
	    int *xl, int max);
	void *provargs_arg;
	int ustackframes;        /* default ustack() depth (option ustackframes) */
	int stackframes;         /* default stack() depth (option stackframes) */
	int jstackframes;        /* default jstack() depth (option jstackframes) */

	/*
	 * `#pragma D option name[=value]` calls this with line; it returns
	 * 0, or -1 with an error already reported through d_error.
	 */
	int (*setopt)(struct d_cc *, void *arg, const char *name,
	    const char *value, int line);
	void *setopt_arg;
	/* `#pragma D depends_on provider P`: does P exist? (NULL: no) */
	int (*has_provider)(void *arg, const char *name);
	void *has_provider_arg;
	/*
	 * D library directories (-L), in the order given: every *.d file
	 * in them is compiled before the program (libs.c). libdir is the
	 * NUL-separated list ending with an empty string (NULL: none).
	 */
	const char *libdirs;
	const char *filetag;     /* the library being compiled, else NULL */
	struct d_libs *libs;     /* libs.c's dependency graph (arena) */
	struct d_names *names;   /* parse.c's type/identifier names (arena) */
	/* `#pragma D attributes` names, checked when the program is whole */
	struct d_pragat *pragats;

	/* output of the parser: top-level nodes (declarations, clauses, providers) */
	d_node_t *top;
	/*
	 * When set, the parser hands each top-level declaration and
	 * translator to this as soon as it is parsed (as illumos checks a
	 * declaration in the grammar action that reduces it), so its errors
	 * come before any later error of the file; NULL leaves them all to
	 * the caller. It is also handed each sizeof(type) and offsetof,
	 * which DTrace folds into constants where it reads them.
	 */
	void (*on_decl)(void *arg, d_node_t *n);
	void *on_decl_arg;

	/* errors */
	jmp_buf jb;
	const char *region;      /* "predicate", "action list" or NULL */
	char errtag[40];
	int errline;             /* 0 when no line applies */
	const char *errfile;     /* the library the error is in, else NULL */
	char errmsg[2048];       /* message without tag, region or line */

	void *priv;              /* check.c / cg.c state */
} d_cc_t;

void  d_cc_init(d_cc_t *cc);
void  d_cc_fini(d_cc_t *cc);
void *d_alloc(d_cc_t *cc, size_t n);          /* zeroed, 16-aligned */
char *d_strdup(d_cc_t *cc, const char *s);

/* pragma.c: #pragma D attributes and depends_on (words after the name) */
struct d_pragat {
	const char *name; int line;
	int has_attr; d_attr_t attr;   /* the attributes the pragma gives */
	struct d_pragat *next;
};
void d_pragma_attributes(d_cc_t *cc, const char *const *w, int nw, int line);
void d_pragma_depends(d_cc_t *cc, const char *const *w, int nw, int line);
/*
 * libs.c: compile the D libraries of cc->libdirs, handing each of their
 * declarations to on_decl; and a library's `#pragma D depends_on
 * library name`, checked while that library is compiled.
 */
/*
 * on_clauses gets the top-level list of each library once it is parsed,
 * to compile its clauses and throw them away as illumos does.
 */
void d_libs_load(d_cc_t *cc, void (*on_decl)(void *, d_node_t *),
    void (*on_clauses)(void *, d_node_t *), void *arg);
void d_libs_depends(d_cc_t *cc, const char *name, int line);
char *d_strndup(d_cc_t *cc, const char *s, size_t n);
char *d_sprintf(d_cc_t *cc, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * Report a compile error and unwind to the setjmp in the caller of the
 * compiler: tag is DTrace's name ("D_SYNTAX"), line the line it refers
 * to (0: none).
 */
_Noreturn void d_error(d_cc_t *cc, int line, const char *tag,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
_Noreturn void d_verror(d_cc_t *cc, int line, const char *tag,
    const char *fmt, va_list ap);

/*
 * Format the error of cc as DTrace does after "failed to compile script
 * x.d: " or "invalid probe specifier ...: ": "[D_TAG] " when errtags,
 * "in <region>: " when there is a region, "line N: " for scripts.
 */
void d_format_error(const d_cc_t *cc, int errtags, char *buf, size_t len);

/* src/d/parse.c: lex and parse cc->src into cc->top; d_error on failure. */
void d_parse(d_cc_t *cc);

/*
 * src/d/cpp.c: run the system C preprocessor (-C) over text; returns an
 * arena string. cppargs are -D/-U/-I arguments in order. d_error on failure.
 */
char *d_cpp(d_cc_t *cc, const char *text, const char *const *cppargs,
    int ncppargs);

/*
 * src/d/compile.c: the whole compiler. cc must be initialised and its
 * input fields set. Returns 0 with *out set (free with d_program_free),
 * or -1 with the error in cc.
 */
struct d_program;
int d_compile(d_cc_t *cc, struct d_program **out);

/*
 * Split a probe description into its fields as dtrace does for kind
 * (-n fills from the right, -P/-m/-f from their own field, -i is an id).
 * Returns 0, or -1 with msg ("Overspecified probe description").
 */
/* src/d/dwtypes.c: is name a typedef of the traced executable's DWARF? */
int d_dw_is_typedef(d_cc_t *cc, const char *name);

struct d_pdesc;
int d_pdesc_parse(const char *text, int kind, struct d_pdesc *out,
    char *msg, size_t msglen);

#endif /* UDTRACE_D_DCOMP_H */
