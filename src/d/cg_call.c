/*
 * cg_call.c — subroutine calls: their prototypes, argument checks and
 * code, and how a called name is resolved (subroutine, action,
 * aggregating function, or not a function at all).
 *
 * Owns: the subroutine table (names, DIF ids, prototypes as DTrace prints
 * them) and the messages about calls. Must not: generate actions'
 * records (cg_actions.c) or aggregations (cg_agg.c).
 * Invariant: arguments are pushed onto the tuple stack in order after a
 * FLUSHTS, and every argument register is freed before the call's result
 * register is returned.
 */
#include <stdlib.h>
#include <string.h>
#include "cg_impl.h"
#include "dwtypes.h"
/* ------------------------------------------------------------------ */
/* subroutines */

/* argument kinds of subroutine prototypes */
enum { A_STR, A_INT, A_PTR, A_ANY };

typedef struct subr {
	const char *name;
	uint32_t id;
	int min, max;
	int args[4];
	const char *argnames[4];
	const char *ret;
} subr_t;

static const subr_t subrs[] = {
	{ "strlen", DIF_SUBR_STRLEN, 1, 1, { A_STR }, { "char *" }, "size_t" },
	{ "strjoin", DIF_SUBR_STRJOIN, 2, 2, { A_STR, A_STR }, { "char *", "char *" }, "string" },
	{ "substr", DIF_SUBR_SUBSTR, 2, 3, { A_STR, A_INT, A_INT }, { "char *", "int", "int" }, "string" },
	{ "index", DIF_SUBR_INDEX, 2, 3, { A_STR, A_STR, A_INT }, { "char *", "char *", "int" }, "int" },
	{ "rindex", DIF_SUBR_RINDEX, 2, 3, { A_STR, A_STR, A_INT }, { "char *", "char *", "int" }, "int" },
	{ "strstr", DIF_SUBR_STRSTR, 2, 2, { A_STR, A_STR }, { "char *", "char *" }, "string" },
	{ "strchr", DIF_SUBR_STRCHR, 2, 2, { A_STR, A_INT }, { "char *", "char" }, "string" },
	{ "strrchr", DIF_SUBR_STRRCHR, 2, 2, { A_STR, A_INT }, { "char *", "char" }, "string" },
	{ "strtok", DIF_SUBR_STRTOK, 2, 2, { A_STR, A_STR }, { "char *", "char *" }, "string" },
	{ "basename", DIF_SUBR_BASENAME, 1, 1, { A_STR }, { "char *" }, "string" },
	{ "dirname", DIF_SUBR_DIRNAME, 1, 1, { A_STR }, { "char *" }, "string" },
	{ "cleanpath", DIF_SUBR_CLEANPATH, 1, 1, { A_STR }, { "char *" }, "string" },
	{ "lltostr", DIF_SUBR_LLTOSTR, 1, 2, { A_INT, A_INT }, { "int64_t", "int" }, "string" },
	{ "toupper", DIF_SUBR_TOUPPER, 1, 1, { A_STR }, { "char *" }, "string" },
	{ "tolower", DIF_SUBR_TOLOWER, 1, 1, { A_STR }, { "char *" }, "string" },
	{ "strtoll", DIF_SUBR_STRTOLL, 1, 2, { A_STR, A_INT }, { "char *", "int" }, "int64_t" },
	{ "htons", DIF_SUBR_HTONS, 1, 1, { A_INT }, { "uint16_t" }, "uint16_t" },
	{ "htonl", DIF_SUBR_HTONL, 1, 1, { A_INT }, { "uint32_t" }, "uint32_t" },
	{ "htonll", DIF_SUBR_HTONLL, 1, 1, { A_INT }, { "uint64_t" }, "uint64_t" },
	{ "ntohs", DIF_SUBR_NTOHS, 1, 1, { A_INT }, { "uint16_t" }, "uint16_t" },
	{ "ntohl", DIF_SUBR_NTOHL, 1, 1, { A_INT }, { "uint32_t" }, "uint32_t" },
	{ "ntohll", DIF_SUBR_NTOHLL, 1, 1, { A_INT }, { "uint64_t" }, "uint64_t" },
	{ "rand", DIF_SUBR_RAND, 0, 0, { 0 }, { 0 }, "int" },
	{ "alloca", DIF_SUBR_ALLOCA, 1, 1, { A_INT }, { "size_t" }, "void *" },
	{ "bcopy", DIF_SUBR_BCOPY, 3, 3, { A_PTR, A_PTR, A_INT }, { "void *", "void *", "size_t" }, "void" },
	{ "copyin", DIF_SUBR_COPYIN, 2, 2, { A_INT, A_INT }, { "uintptr_t", "size_t" }, "void *" },
	{ "copyinstr", DIF_SUBR_COPYINSTR, 1, 2, { A_INT, A_INT }, { "uintptr_t", "size_t" }, "string" },
	{ "copyinto", DIF_SUBR_COPYINTO, 3, 3, { A_INT, A_INT, A_PTR }, { "uintptr_t", "size_t", "void *" }, "void" },
	{ "progenyof", DIF_SUBR_PROGENYOF, 1, 1, { A_INT }, { "pid_t" }, "int" },
	{ "inet_ntoa", DIF_SUBR_INET_NTOA, 1, 1, { A_PTR }, { "ipaddr_t *" }, "string" },
	{ "inet_ntoa6", DIF_SUBR_INET_NTOA6, 1, 1, { A_PTR }, { "in6_addr_t *" }, "string" },
	{ "inet_ntop", DIF_SUBR_INET_NTOP, 2, 2, { A_INT, A_PTR }, { "int", "void *" }, "string" },
	{ "json", DIF_SUBR_JSON, 2, 2, { A_STR, A_STR }, { "char *", "char *" }, "string" },
	{ "speculation", DIF_SUBR_SPECULATION, 0, 0, { 0 }, { 0 }, "int" },
};

int cg_count_args(d_node_t *a)
{
	int n = 0;
	for (; a; a = a->next)
		n++;
	return n;
}

void cg_proto_len(cg_t *g, d_node_t *n, int got, int min, int max)
{
	if (got >= min && got <= max)
		return;
	int want = got < min ? min : max;
	d_error(g->cc, n->line, "D_PROTO_LEN",
	    "%s( ) prototype mismatch: %d arg%s passed, %s%d expected",
	    n->name, got, got == 1 ? "" : "s",
	    (min != max && got < min) ? "at least " :
	    (min != max) ? "at most " : "", want);
}

static int arg_ok(int kind, const d_type_t *t)
{
	switch (kind) {
	case A_STR: return d_is_stringlike(t) || d_is_ptr(t);
	case A_INT: return d_is_int(t) || (d_is_ptr(t));
	case A_PTR: return d_is_ptr(t) || d_is_int(t) || d_is_byref(t);
	default: return 1;
	}
}

/*
 * DTrace's pointer-compatibility rule for a pointer parameter: a constant
 * 0, a void * either side, a pointer to a compatible type, or (for a
 * void * parameter) a string or array, whose address is passed.
 */
static int ptr_arg_ok(cg_t *g, const char *proto, d_node_t *a,
    const d_type_t *t)
{
	int64_t v;
	if (d_is_int(t))
		return cg_const(g, a, &v) == 0 && v == 0;
	int isvoid = strcmp(proto, "void *") == 0;
	if (!d_is_ptr(t))
		return isvoid && d_is_byref(t);
	if (isvoid || d_is_void(d_resolve(t)->base))
		return 1;
	char base[64];
	size_t n = strlen(proto);
	if (n < 3 || n - 2 >= sizeof(base))
		return 0;
	memcpy(base, proto, n - 2);   /* "T *" names T */
	base[n - 2] = '\0';
	const d_type_t *bt = d_t_named(g->ts, base);
	return bt != NULL && d_type_compat(bt, d_resolve(t)->base);
}

static val_t cg_subr(cg_t *g, d_node_t *n, const subr_t *s)
{
	int argc = cg_count_args(n->args);
	cg_proto_len(g, n, argc, s->min, s->max);
	val_t av[4];
	int i = 0;
	for (d_node_t *a = n->args; a; a = a->next, i++) {
		av[i] = cg_expr(g, a);
		int null_str = s->args[i] == A_STR && cg_is_null_const(g, a);
		if ((!arg_ok(s->args[i], av[i].type) && !null_str) ||
		    d_is_void(av[i].type) ||
		    (s->args[i] == A_PTR && !ptr_arg_ok(g, s->argnames[i], a,
		    av[i].type)))
			d_error(g->cc, n->line, "D_PROTO_ARG",
			    "%s( ) argument #%d is incompatible with prototype:\n"
			    "\tprototype: %s\n\t argument: %s\n", s->name, i + 1,
			    s->argnames[i], av[i].type->name);
	}
	cg_emit(g, DIF_FLUSHTS, 0, 0, 0, 0);
	for (i = 0; i < argc; i++) {
		if (d_is_byref(av[i].type)) {
			int sz = cg_setx(g, d_is_string(av[i].type) ?
			    (uint64_t)g->cc->strsize : d_sizeof(av[i].type));
			cg_emit(g, DIF_PUSHTR, 0, av[i].reg, sz,
			    d_is_string(av[i].type) || d_is_char_array(av[i].type));
			cg_reg_free(g, sz);
		} else {
			cg_emit(g, DIF_PUSHTV, 0, av[i].reg, 0, 0);
		}
		cg_reg_free(g, av[i].reg);
	}
	int r = cg_reg_alloc(g);
	cg_emit(g, DIF_CALL, r, 0, 0, s->id);
	d_type_t *rt;
	if (strcmp(s->ret, "void *") == 0)
		rt = d_t_ptr(g->ts, d_t_void(g->ts));
	else
		rt = d_t_named(g->ts, s->ret);
	return cg_val(r, rt);
}

/* A called name that is no function: a variable or built-in is named as
 * such (D_FUNC_IDKIND), anything else is undefined, as dt_parser.c says. */
static _Noreturn void not_a_function(cg_t *g, const d_node_t *n)
{
	if (cg_builtin_lookup(g, n->name) != NULL ||
	    cg_var_lookup(g, n->name, DIF_SCOPE_GLOBAL) != NULL)
		d_error(g->cc, n->line, "D_FUNC_IDKIND",
		    "%s is not a function", n->name);
	d_error(g->cc, n->line, "D_FUNC_UNDEF", "undefined function name: %s",
	    n->name);
}

/* functions DTrace knows that are not in subrs[] (actions, stack(), ...) */
static const char *const known_fns[] = { "stack", "ustack", "jstack",
	"sym", "func", "mod", "usym", "ufunc", "uaddr", "umod",
	"breakpoint", "chill", "panic", "trace", "printf", "exit",
	"printa", "clear", "trunc", "normalize", "denormalize", "setopt",
	"speculate", "commit", "discard", "tracemem", "print", "system",
	"freopen", "ftruncate", "raise", "stop", "copyout", "copyoutstr",
	"count", "sum", "avg", "min", "max", "stddev", "quantize",
	"lquantize", "llquantize", NULL };

/*
 * DTrace resolves a callee's name as it parses the call, whatever the
 * context: an unknown name is D_FUNC_UNDEF and a variable or built-in
 * D_FUNC_IDKIND even where the call itself would be refused later.
 */
void cg_resolve_callee(cg_t *g, d_node_t *n)
{
	if (cg_ident_hidden(g, n->name))
		not_a_function(g, n);
	for (size_t i = 0; i < sizeof(subrs) / sizeof(subrs[0]); i++)
		if (strcmp(subrs[i].name, n->name) == 0)
			return;
	for (int i = 0; known_fns[i]; i++)
		if (strcmp(known_fns[i], n->name) == 0)
			return;
	not_a_function(g, n);
}

/* Type of an expression: cooked for its checks and errors, code dropped. */
d_type_t *cg_expr_type(cg_t *g, d_node_t *n)
{
	size_t nt = g->text.n;
	unsigned regs = g->regs;
	g->typing++;
	val_t e = cg_expr(g, n);
	g->typing--;
	g->text.n = nt;
	g->action_of.n = nt;
	g->regs = regs;
	return e.type;
}

/*
 * What a global name already denotes, worded as illumos's D_DECL_IDRED
 * "previous:" line (identifier kind, then "inline" or nothing), or NULL
 * when the name is free for a new inline.
 */
const char *cg_ident_kind(cg_t *g, const char *name)
{
	cg_var_t *v;
	cg_inline_t *in = cg_inline_lookup(g, name);
	if (in != NULL && in->assoc)
		return "associative array inline";
	if (in != NULL || strcmp(name, "NULL") == 0)
		return "scalar inline";
	for (size_t i = 0; i < sizeof(subrs) / sizeof(subrs[0]); i++)
		if (strcmp(subrs[i].name, name) == 0)
			return "function ";
	for (int i = 0; known_fns[i]; i++)
		if (strcmp(known_fns[i], name) == 0)
			return "function ";
	if (cg_builtin_lookup(g, name) != NULL)
		return "scalar ";
	if (strcmp(name, "args") == 0 || strcmp(name, "uregs") == 0)
		return "associative array ";
	if ((v = cg_var_lookup(g, name, DIF_SCOPE_GLOBAL)) != NULL)
		return v->assoc ? "associative array " : "scalar ";
	return NULL;
}

val_t cg_call(cg_t *g, d_node_t *n)
{
	val_t v;
	if (cg_ident_hidden(g, n->name))
		not_a_function(g, n);
	cg_attr_ident(g, n->name);
	for (size_t i = 0; i < sizeof(subrs) / sizeof(subrs[0]); i++)
		if (strcmp(subrs[i].name, n->name) == 0)
			return cg_subr(g, n, &subrs[i]);
	if (cg_special_call(g, n, &v))
		return v;
	if (cg_actval(g, n, &v))
		return v;
	/*
	 * copyout() and copyoutstr() are subroutines returning void to
	 * illumos (DT_IDENT_FUNC in dt_open.c), not actions: as a value
	 * they act as they would as a statement and give void, which the
	 * construct around them judges as it judges bcopy()'s.
	 */
	if (strcmp(n->name, "copyout") == 0 ||
	    strcmp(n->name, "copyoutstr") == 0) {
		cg_spec_rule(g, n->line, CG_R_DESTRUCTIVE);
		cg_copyout(g, n, n->name[7] == 's');
		return cg_val(cg_setx(g, 0), d_t_void(g->ts));
	}
	not_a_function(g, n);
}

