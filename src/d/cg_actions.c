/*
 * cg_actions.c — D's actions: what each trace/printf/printa/... statement
 * records, the compile-time checks DTrace makes on their arguments, and
 * the rules on where speculate/commit may appear in a clause.
 *
 * Owns: record descriptors (how the consumer prints each record) and the
 * special by-reference values (ustack(), usym() and friends).
 * Must not: format anything; printing is src/consumer/'s.
 * Invariant: every record an action emits is described completely by its
 * d_recdesc_t, so the consumer never needs a D type to print it.
 */
#include <stdlib.h>
#include <string.h>
#include "cg_impl.h"
#include "consumer/printf.h"

uint32_t cg_add_rec(cg_t *g, int kind, uint32_t size, d_recdesc_t d)
{
	dif_rec_t r = { .kind = (uint8_t)kind, .size = size };
	VEC_PUSH(g, g->recs, r);
	if (d.size == 0)
		d.size = size;
	d.action_no = (uint16_t)g->action;
	VEC_PUSH(g, g->rdescs, d);
	return (uint32_t)(g->recs.n - 1);
}

/* ------------------------------------------------------------------ */
/* print() types */

static const d_ptype_t *ptype_of(cg_t *g, const d_type_t *t, int depth)
{
	d_ptype_t *pt = d_program_alloc(g->prog, sizeof(*pt));
	if (pt == NULL)
		d_error(g->cc, g->line, "D_NOMEM", "out of memory");
	const d_type_t *r = d_resolve(t);
	pt->name = d_program_strdup(g->prog, t->name);
	pt->size = (uint32_t)r->size;
	pt->is_signed = d_is_signed(r);
	if (depth > 16) {
		pt->kind = D_PT_OTHER;
		return pt;
	}
	switch (r->kind) {
	case TK_INT: pt->kind = D_PT_INT; break;
	case TK_FLOAT: pt->kind = D_PT_FLOAT; break;
	case TK_PTR: pt->kind = D_PT_PTR; break;
	case TK_STRING: pt->kind = D_PT_STRING; break;
	case TK_ARRAY:
		pt->kind = D_PT_ARRAY;
		pt->elem = ptype_of(g, r->base, depth + 1);
		pt->nelems = (uint32_t)r->nelems;
		break;
	case TK_ENUM: {
		pt->kind = D_PT_ENUM;
		int n = 0;
		for (d_enumval_t *e = r->enums; e; e = e->next)
			n++;
		d_penum_t *ev = d_program_alloc(g->prog,
		    sizeof(*ev) * (size_t)(n ? n : 1));
		int i = n;
		/* the list is newest first: store in declaration order */
		for (d_enumval_t *e = r->enums; e; e = e->next) {
			i--;
			ev[i].name = d_program_strdup(g->prog, e->name);
			ev[i].value = e->value;
		}
		pt->enums = ev;
		pt->nenums = n;
		break;
	}
	case TK_STRUCT: case TK_UNION: {
		pt->kind = r->kind == TK_STRUCT ? D_PT_STRUCT : D_PT_UNION;
		int n = 0;
		for (d_tmember_t *m = r->members; m; m = m->next)
			n++;
		d_pmember_t *pm = d_program_alloc(g->prog,
		    sizeof(*pm) * (size_t)(n ? n : 1));
		int i = 0;
		for (d_tmember_t *m = r->members; m; m = m->next, i++) {
			pm[i].name = d_program_strdup(g->prog, m->name ? m->name : "");
			pm[i].type = ptype_of(g, m->type, depth + 1);
			pm[i].off = (uint32_t)m->off;
			pm[i].bits = m->bits;
			pm[i].bitoff = m->bitoff;
		}
		pt->members = pm;
		pt->nmembers = n;
		break;
	}
	default:
		pt->kind = D_PT_OTHER;
	}
	return pt;
}

/* ------------------------------------------------------------------ */
/* records */

/* Describe how a value of type t is stored and printed. */
void cg_rec_fill(cg_t *g, const d_type_t *t, d_recdesc_t *d)
{
	const d_type_t *r = d_resolve(t);
	d->type_name = t->name;
	if (t->special || r->special) {
		d->type = (uint8_t)(t->special ? t->special : r->special);
		d->size = (uint32_t)r->size;
	} else if (r->kind == TK_STRING) {
		d->type = D_RT_STRING;
		d->size = (uint32_t)g->cc->strsize;
	} else if (d_is_byref(r)) {
		d->type = D_RT_BYTES;
		d->is_char_array = (uint8_t)d_is_char_array(r);
		d->size = (uint32_t)r->size;
	} else {
		d->type = D_RT_INT;
		d->is_signed = (uint8_t)d_is_signed(r);
		size_t sz = r->size;
		if (sz != 1 && sz != 2 && sz != 4)
			sz = 8;
		d->size = (uint32_t)sz;
	}
}

/* Record v with action kind `act`; returns the record index. */
uint32_t cg_record(cg_t *g, val_t v, int act)
{
	d_recdesc_t d = { .action = (uint8_t)act };
	cg_rec_fill(g, v.type, &d);
	int kind = d.type == D_RT_STRING ? DIF_REC_STRING :
	    d.type == D_RT_INT ? DIF_REC_INT : DIF_REC_BYREF;
	uint32_t idx = cg_add_rec(g, kind, d.size, d);
	cg_emit(g, DIF_REC, 0, v.reg, 0, idx);
	return idx;
}

/* A marker record: an action whose parameters are all in the descriptor. */
static uint32_t record_marker(cg_t *g, d_recdesc_t d)
{
	uint32_t idx = cg_add_rec(g, DIF_REC_INT, 0, d);
	cg_emit(g, DIF_REC, 0, 0, 0, idx);
	return idx;
}

/* Record an integer expression as 8 bytes. */
static void record_int64(cg_t *g, int reg, int act, d_recdesc_t d)
{
	d.action = (uint8_t)act;
	d.type = D_RT_INT;
	d.is_signed = 1;
	d.type_name = "int64_t";
	uint32_t idx = cg_add_rec(g, DIF_REC_INT, 8, d);
	cg_emit(g, DIF_REC, 0, reg, 0, idx);
}

void cg_push_value(cg_t *g, val_t v)
{
	const d_type_t *r = d_resolve(v.type);
	if (d_is_byref(r) || v.type->special) {
		int str = r->kind == TK_STRING;
		int sz = cg_setx(g, str ? (uint64_t)g->cc->strsize : r->size);
		cg_emit(g, DIF_PUSHTR, 0, v.reg, sz, str || d_is_char_array(r));
		cg_reg_free(g, sz);
	} else {
		cg_emit(g, DIF_PUSHTV, 0, v.reg, 0, 0);
	}
}

/* ------------------------------------------------------------------ */
/* speculation placement rules, as DTrace checks them */

void cg_spec_rule(cg_t *g, int line, int kind)
{
	d_cc_t *cc = g->cc;
	switch (kind) {
	case CG_R_SPECULATE:
		if (g->cl_spec)
			d_error(cc, line, "D_SPEC_SPEC",
			    "speculate( ) may not follow speculate( )");
		if (g->cl_commit)
			d_error(cc, line, "D_SPEC_COMM",
			    "speculate( ) may not follow commit( )");
		if (g->cl_datarec)
			d_error(cc, line, "D_SPEC_DREC", "speculate( ) may "
			    "not follow data-recording action(s)");
		g->cl_spec = 1;
		return;
	case CG_R_COMMIT:
		if (g->cl_commit)
			d_error(cc, line, "D_COMM_COMM",
			    "commit( ) may not follow commit( )");
		if (g->cl_datarec)
			d_error(cc, line, "D_COMM_DREC", "commit( ) may "
			    "not follow data-recording action(s)");
		g->cl_commit = 1;
		return;
	case CG_R_AGG:
		if (g->cl_commit)
			d_error(cc, line, "D_AGG_COMM",
			    "aggregating actions may not follow commit( )");
		if (g->cl_spec)
			d_error(cc, line, "D_AGG_SPEC", "aggregating actions "
			    "may not follow speculate( )");
		g->cl_datarec = 1;
		return;
	case CG_R_DESTRUCTIVE:
		if (g->cl_spec)
			d_error(cc, line, "D_ACT_SPEC", "destructive actions "
			    "may not follow speculate( )");
		g->prog->destructive = 1;
		return;
	case CG_R_DISCARD:
	case CG_R_NONE:
		return;
	case CG_R_EXIT:
		if (g->cl_spec)
			d_error(cc, line, "D_EXIT_SPEC",
			    "exit( ) may not follow speculate( )");
		/* FALLTHROUGH */
	case CG_R_DATA:
		if (g->cl_commit)
			d_error(cc, line, "D_DREC_COMM", "data-recording "
			    "actions may not follow commit( )");
		if (!g->cl_spec)
			g->cl_datarec = 1;
		return;
	}
}

/* ------------------------------------------------------------------ */
/* printf and friends */

static int pf_rank(const d_type_t *t)
{
	t = d_resolve(t);
	return t->kind == TK_ENUM ? 3 : t->rank;
}

static void pf_arg_of(val_t v, pfmt_arg_t *a)
{
	const d_type_t *t = d_resolve(v.type);
	memset(a, 0, sizeof(*a));
	a->name = v.type->name;
	a->size = (int)t->size;
	a->is_signed = d_is_signed(t);
	if (v.type->special == D_RT_USTACK)
		a->kind = PF_A_STACK;
	else if (v.type->special)
		a->kind = PF_A_PTR;
	else if (t->kind == TK_STRING)
		a->kind = PF_A_STRING;
	else if (d_is_char_array(t))
		a->kind = PF_A_CHARARRAY;
	else if (d_is_int(t)) {
		a->kind = PF_A_INT;
		a->rank = pf_rank(t);
		a->is_int64_name = strcmp(v.type->name, "int64_t") == 0 ||
		    strcmp(v.type->name, "uint64_t") == 0;
	} else if (t->kind == TK_PTR)
		a->kind = PF_A_PTR;
	else if (t->kind == TK_FLOAT)
		a->kind = PF_A_FLOAT;
	else
		a->kind = PF_A_OTHER;
}

/* n's type, from code generated and then dropped (n is not an aggregation) */
static const d_type_t *node_type(cg_t *g, d_node_t *n)
{
	size_t nt = g->text.n;
	unsigned regs = g->regs;
	val_t v = cg_expr(g, n);
	g->text.n = g->action_of.n = nt;
	g->regs = regs;
	return v.type;
}

static const char *node_type_name(cg_t *g, d_node_t *n)
{
	if (n->kind == N_AGG)
		return "aggregation";
	return node_type(g, n)->name;
}

/* printf, system and freopen: a format and PRINTF_ARG records. */
static void act_printflike(cg_t *g, d_node_t *n, int act)
{
	int argc = cg_count_args(n->args);
	if (argc == 0)
		d_error(g->cc, n->line, "D_PROTO_LEN",
		    "%s( ) prototype mismatch: 0 args passed, at least 1 "
		    "expected", n->name);
	d_node_t *f = n->args;
	if (f->kind != N_STRING)
		d_error(g->cc, n->line, "D_PRINTF_ARG_FMT",
		    "%s( ) argument #1 is incompatible with prototype:\n"
		    "\tprototype: string constant\n\t argument: %s\n",
		    n->name, node_type_name(g, f));
	/* illumos reserves "." as its internal restore-stdout name */
	if (act == D_ACT_FREOPEN && strcmp(f->str, ".") == 0)
		d_error(g->cc, n->line, "D_FREOPEN_INVALID",
		    "%s( ) argument #1 cannot be \".\"", n->name);
	char tag[64], msg[1024];
	pfmt_t *pf = NULL;
	if (!(act == D_ACT_FREOPEN && f->slen == 0)) {
		pf = pfmt_parse(f->str, n->name, tag, sizeof(tag), msg,
		    sizeof(msg));
		if (pf == NULL) {
			/* DTrace types the arguments before it parses the format */
			for (d_node_t *a = f->next; a; a = a->next)
				if (a->kind != N_AGG)
					(void)node_type(g, a);
			d_error(g->cc, n->line, tag, "%s", msg);
		}
	}
	/*
	 * The action's record is registered first so that the format is
	 * owned by the record table (and freed by cg_fini) if an argument
	 * fails to compile.
	 */
	d_recdesc_t d = { .action = (uint8_t)act, .fmt = pf };
	uint32_t idx = cg_add_rec(g, DIF_REC_INT, 0, d);
	pfmt_arg_t types[64];
	int na = 0, nvoid = 0, base = g->action;
	for (d_node_t *a = f->next; a; a = a->next) {
		if (na == 64)
			d_error(g->cc, n->line, "D_PRINTF_ARG_EXTRA",
			    "%s( ) has too many arguments", n->name);
		/* dt_action_printflike: each argument is an action of its
		 * own, numbered on in fault messages ("action #k") */
		g->action = base + na;
		val_t v = cg_expr(g, a);
		pf_arg_of(v, &types[na]);
		/*
		 * record each argument now so few registers stay in use; a
		 * void one (an action called for a value) has nothing to
		 * record, and no conversion takes it: pfmt_check says so
		 */
		if (d_is_void(v.type))
			nvoid++;
		else
			cg_record(g, v, D_ACT_PRINTF_ARG);
		cg_reg_free(g, v.reg);
		na++;
	}
	if (pf != NULL &&
	    pfmt_check(pf, types, na, tag, sizeof(tag), msg, sizeof(msg)) != 0)
		d_error(g->cc, n->line, tag, "%s", msg);
	if (pf != NULL && nvoid > 0)
		d_error(g->cc, n->line, "D_PRINTF_ARG_TYPE",
		    "%s( ) argument is of type void", n->name);
	if (pf == NULL && na > 0)
		d_error(g->cc, n->line, "D_PRINTF_ARG_EXTRA",
		    "%s( ) prototype mismatch: only 0 arguments required by "
		    "this format string", n->name);
	cg_emit(g, DIF_REC, 0, 0, 0, idx);
}

static void act_trace(cg_t *g, d_node_t *n, int act)
{
	const char *name = n->name;
	cg_proto_len(g, n, cg_count_args(n->args), 1, 1);
	if (n->args->kind == N_AGG)
		d_error(g->cc, n->line, act == D_ACT_PRINT ? "D_PRINT_AGG" :
		    "D_TRACE_AGG", "%s( ) may not be applied to an aggregation%s",
		    name, act == D_ACT_PRINT ? " -- did you mean printa()?" : "");
	val_t v = cg_expr(g, n->args);
	if (cg_xlate_ptr(g, v.type))
		d_error(g->cc, n->line, act == D_ACT_PRINT ? "D_PRINT_DYN" :
		    "D_TRACE_DYN", "%s( ) may not be applied to a translated "
		    "pointer", name);
	v = cg_xlate_expand(g, v);
	if (d_is_void(v.type))
		d_error(g->cc, n->line, act == D_ACT_PRINT ? "D_PRINT_VOID" :
		    "D_TRACE_VOID", "%s( ) may not be applied to a void "
		    "expression", name);
	uint32_t idx = cg_record(g, v, act);
	if (act == D_ACT_PRINT)
		g->rdescs.v[idx].ptype = ptype_of(g, v.type, 0);
	cg_reg_free(g, v.reg);
}

static void act_exit(cg_t *g, d_node_t *n)
{
	cg_proto_len(g, n, cg_count_args(n->args), 1, 1);
	val_t v = cg_expr(g, n->args);
	if (!d_is_int(v.type))
		d_error(g->cc, n->line, "D_PROTO_ARG",
		    "exit( ) argument #1 is incompatible with prototype:\n"
		    "\tprototype: int\n\t argument: %s\n", v.type->name);
	d_recdesc_t d = { .action = D_ACT_EXIT, .type = D_RT_INT,
	    .is_signed = 1, .type_name = "int" };
	uint32_t idx = cg_add_rec(g, DIF_REC_INT, 4, d);
	cg_emit(g, DIF_REC, 0, v.reg, 0, idx);
	cg_reg_free(g, v.reg);
	/* the clause runs to its end; the consumer stops later clauses */
	g->clause_exits = 1;
}

/* An argument that must be a non-zero positive integral constant. */
static int64_t posconst(cg_t *g, d_node_t *a, const char *tag,
    const char *msg)
{
	int64_t v;
	if (a == NULL || cg_const(g, a, &v) != 0 || v <= 0)
		d_error(g->cc, a ? a->line : g->line, tag, "%s", msg);
	return v;
}

static void act_tracemem(cg_t *g, d_node_t *n)
{
	int argc = cg_count_args(n->args);
	if (argc < 2)
		d_error(g->cc, n->line, "D_PROTO_LEN",
		    "tracemem( ) prototype mismatch: %d arg%s passed, at least "
		    "2 expected", argc, argc == 1 ? "" : "s");
	/* the prototype void(@, size_t, ...) is checked before tracemem's own rules */
	const d_type_t *st = node_type(g, n->args->next);
	if (!d_is_int(st))
		d_error(g->cc, n->line, "D_PROTO_ARG",
		    "tracemem( ) argument #2 is incompatible with prototype:\n"
		    "\tprototype: size_t\n\t argument: %s\n", st->name);
	if (argc > 3)
		d_error(g->cc, n->line, "D_TRACEMEM_ARGS",
		    "tracemem ( ) prototype mismatch: expected at most 3 args");
	d_node_t *addr = n->args, *size = addr->next, *dsize = size->next;
	int64_t sz = posconst(g, size, "D_TRACEMEM_SIZE", "tracemem( ) "
	    "argument #2 must be a non-zero positive integral constant "
	    "expression");
	if (sz > 65536)
		d_error(g->cc, n->line, "D_TRACEMEM_SIZE",
		    "tracemem( ) argument #2 is too large: %lld bytes",
		    (long long)sz);
	if (dsize != NULL) {
		val_t d = cg_expr(g, dsize);
		if (!d_is_scalar(d.type))
			d_error(g->cc, n->line, "D_TRACEMEM_DYNSIZE",
			    "tracemem ( ) dynamic size (argument #3) must be of "
			    "scalar type");
		d_recdesc_t rd = { 0 };
		record_int64(g, d.reg, D_ACT_TRACEMEM_DSIZE, rd);
		cg_reg_free(g, d.reg);
	}
	val_t a = cg_expr(g, addr);
	/* an array decays to the address of its storage, as in C */
	if (!d_is_int(a.type) && !d_is_ptr(a.type) &&
	    d_resolve(a.type)->kind != TK_ARRAY)
		d_error(g->cc, n->line, "D_TRACEMEM_ADDR",
		    "tracemem( ) argument #1 is incompatible with prototype:\n"
		    "\tprototype: pointer or integer\n\t argument: %s\n",
		    a.type->name);
	d_recdesc_t d = { .action = D_ACT_TRACEMEM, .type = D_RT_BYTES,
	    .type_name = "tracemem" };
	uint32_t idx = cg_add_rec(g, DIF_REC_BYREF, (uint32_t)sz, d);
	cg_emit(g, DIF_REC, 0, a.reg, 0, idx);
	cg_reg_free(g, a.reg);
}

static void act_setopt(cg_t *g, d_node_t *n)
{
	int argc = cg_count_args(n->args);
	cg_proto_len(g, n, argc, 1, 2);
	d_node_t *a = n->args;
	for (int i = 0; a; a = a->next, i++) {
		if (a->kind == N_STRING)
			continue;
		/* the prototype is const char *, printed without qualifiers */
		const char *tn = node_type_name(g, a);
		int str = strcmp(tn, "string") == 0;
		d_error(g->cc, n->line, "D_PROTO_ARG",
		    "setopt( ) argument #%d is incompatible with "
		    "prototype:\n\tprototype: %s\n"
		    "\t argument: %s\n", i + 1,
		    str ? "string constant" : "char *", tn);
	}
	d_recdesc_t d = { .action = D_ACT_SETOPT };
	d.str1 = d_program_strdup(g->prog, n->args->str);
	if (n->args->next != NULL)
		d.str2 = d_program_strdup(g->prog, n->args->next->str);
	record_marker(g, d);
}

/* speculate(id), commit(id), discard(id), raise(sig): one int argument. */
static void act_int1(cg_t *g, d_node_t *n, int act, const char *proto)
{
	cg_proto_len(g, n, cg_count_args(n->args), 1, 1);
	val_t v = cg_expr(g, n->args);
	if (!d_is_int(v.type))
		d_error(g->cc, n->line, "D_PROTO_ARG",
		    "%s( ) argument #1 is incompatible with prototype:\n"
		    "\tprototype: %s\n\t argument: %s\n", n->name, proto,
		    v.type->name);
	d_recdesc_t d = { 0 };
	record_int64(g, v.reg, act, d);
	if (act == D_ACT_SPECULATE || act == D_ACT_COMMIT ||
	    act == D_ACT_DISCARD)
		g->recs.v[g->recs.n - 1].spec = act == D_ACT_SPECULATE ?
		    DIF_RSPEC_SPECULATE : DIF_RSPEC_END;
	cg_reg_free(g, v.reg);
}

/*
 * copyout(buf, addr, nbytes) / copyoutstr(str, addr, maxlen): the target
 * address (and copyoutstr's limit) as PRINTF_ARG records, then the bytes:
 * copyout's at most COPYOUT_MAX, the count taken at run time.
 */
#define COPYOUT_MAX 65536

void cg_copyout(cg_t *g, d_node_t *n, int str)
{
	cg_proto_len(g, n, cg_count_args(n->args), 3, 3);
	d_node_t *buf = n->args, *addr = buf->next, *cnt = addr->next;
	val_t b = cg_expr(g, buf);
	const d_type_t *bt = d_resolve(b.type);
	if (str ? !d_is_stringlike(bt) : !(d_is_ptr(bt) || d_is_byref(bt)))
		d_error(g->cc, n->line, "D_PROTO_ARG",
		    "%s( ) argument #1 is incompatible with prototype:\n"
		    "\tprototype: %s\n\t argument: %s\n", n->name,
		    str ? "char *" : "void *", b.type->name);
	val_t a = cg_expr(g, addr);
	val_t c = cg_expr(g, cnt);
	if (!d_is_scalar(a.type) || !d_is_int(c.type))
		d_error(g->cc, n->line, "D_PROTO_ARG",
		    "%s( ) argument #%d is incompatible with prototype:\n"
		    "\tprototype: %s\n\t argument: %s\n", n->name,
		    !d_is_scalar(a.type) ? 2 : 3,
		    !d_is_scalar(a.type) ? "uintptr_t" : "size_t",
		    !d_is_scalar(a.type) ? a.type->name : c.type->name);
	d_recdesc_t d = { 0 };
	record_int64(g, a.reg, D_ACT_PRINTF_ARG, d);
	if (str)
		record_int64(g, c.reg, D_ACT_PRINTF_ARG, d);
	d_recdesc_t r = { .action = D_ACT_COPYOUT,
	    .type = str ? D_RT_STRING : D_RT_BYTES, .type_name = n->name };
	uint32_t idx;
	if (str) {
		idx = cg_add_rec(g, DIF_REC_STRING, (uint32_t)g->cc->strsize, r);
		cg_emit(g, DIF_REC, 0, b.reg, 0, idx);
	} else {
		idx = cg_add_rec(g, DIF_REC_BYREF, COPYOUT_MAX, r);
		cg_emit(g, DIF_REC, 0, b.reg, c.reg, idx);
	}
	cg_reg_free(g, a.reg);
	cg_reg_free(g, b.reg);
	cg_reg_free(g, c.reg);
}

/* ------------------------------------------------------------------ */
/* stacks and symbols */

static d_type_t *special_type(cg_t *g, int special, size_t size,
    const char *name)
{
	d_type_t *u64 = d_t_named(g->ts, "uint64_t");
	d_type_t *t = d_t_array(g->ts, u64, size / 8);
	d_type_t *c = d_alloc(g->cc, sizeof(*c));
	*c = *t;
	c->name = name;
	c->special = special;
	return c;
}

static void kernel_only(cg_t *g, d_node_t *n, const char *instead)
{
	d_error(g->cc, n->line, "D_ACT_KERNEL",
	    "%s( ) records kernel state, which udtrace does not trace%s%s",
	    n->name, instead ? ": use " : "", instead ? instead : "");
}

int cg_special_call(cg_t *g, d_node_t *n, val_t *out)
{
	const char *nm = n->name;
	if (strcmp(nm, "ustack") == 0 || strcmp(nm, "jstack") == 0) {
		int argc = cg_count_args(n->args);
		int64_t frames = nm[0] == 'u' ? g->cc->ustackframes :
		    g->cc->jstackframes;
		if (argc > 2)
			d_error(g->cc, n->line, "D_USTACK_PROTO", "%s( ) prototype "
			    "mismatch: too many arguments", nm);
		if (argc >= 1)
			frames = posconst(g, n->args, "D_USTACK_FRAMES",
			    d_sprintf(g->cc, "%s( ) argument #1 must be a non-zero "
			    "positive integer constant", nm));
		if (argc == 2) {
			int64_t ss;
			if (cg_const(g, n->args->next, &ss) != 0 || ss < 0)
				d_error(g->cc, n->line, "D_USTACK_STRSIZE",
				    "%s( ) argument #2 must be a positive integer "
				    "constant", nm);
		}
		if (frames > 1024)
			frames = 1024;
		int r = cg_setx(g, (uint64_t)frames);
		cg_emit(g, DIF_FLUSHTS, 0, 0, 0, 0);
		cg_emit(g, DIF_PUSHTV, 0, r, 0, 0);
		cg_emit(g, DIF_CALL, r, 0, 0, DIF_SUBR_USTACK);
		out->reg = r;
		out->type = special_type(g, D_RT_USTACK,
		    8 * ((size_t)frames + 1), "stack");
		return 1;
	}
	int special = strcmp(nm, "usym") == 0 || strcmp(nm, "ufunc") == 0 ?
	    D_RT_USYM : strcmp(nm, "uaddr") == 0 ? D_RT_UADDR :
	    strcmp(nm, "umod") == 0 ? D_RT_UMOD : 0;
	if (special) {
		cg_proto_len(g, n, cg_count_args(n->args), 1, 1);
		val_t v = cg_expr(g, n->args);
		if (!d_is_scalar(v.type))
			d_error(g->cc, n->line, "D_PROTO_ARG",
			    "%s( ) argument #1 is incompatible with prototype:\n"
			    "\tprototype: uint64_t\n\t argument: %s\n", nm,
			    v.type->name);
		cg_emit(g, DIF_FLUSHTS, 0, 0, 0, 0);
		cg_emit(g, DIF_PUSHTV, 0, v.reg, 0, 0);
		cg_emit(g, DIF_CALL, v.reg, 0, 0, DIF_SUBR_UADDR);
		out->reg = v.reg;
		out->type = special_type(g, special, 16,
		    special == D_RT_UADDR ? "_uaddr_t" : "_usymaddr_t");
		return 1;
	}
	if (strcmp(nm, "stack") == 0) {
		/*
		 * stack([n]) with DTrace's checks. A user-space tracer sees
		 * no kernel frames: the stack recorded is the empty one a
		 * probe with no kernel context gives, all pcs 0 (printed as
		 * DTrace prints it, a bare newline), of type "stack" like
		 * ustack()'s, so it keys aggregations and checks as one.
		 */
		int argc = cg_count_args(n->args);
		int64_t frames = g->cc->stackframes;
		if (argc > 1)
			d_error(g->cc, n->line, "D_STACK_PROTO", "stack( ) "
			    "prototype mismatch: too many arguments");
		if (argc == 1 && (cg_const(g, n->args, &frames) != 0 ||
		    frames <= 0))
			d_error(g->cc, n->line, "D_STACK_SIZE", "stack( ) size "
			    "must be a non-zero positive integral constant "
			    "expression");
		if (frames > 1024)
			frames = 1024;
		size_t size = 8 * ((size_t)frames + 1);
		int r = cg_setx(g, size);
		cg_emit(g, DIF_ALLOCS, r, r, 0, 0);   /* zeroed scratch */
		out->reg = r;
		out->type = special_type(g, D_RT_USTACK, size, "stack");
		return 1;
	}
	if (strcmp(nm, "sym") == 0 || strcmp(nm, "func") == 0)
		kernel_only(g, n, "usym( )");
	if (strcmp(nm, "mod") == 0)
		kernel_only(g, n, "umod( )");
	if (strcmp(nm, "chill") == 0 || strcmp(nm, "breakpoint") == 0 ||
	    strcmp(nm, "panic") == 0) {
		/*
		 * DTrace checks the call against its prototype (void(int),
		 * void( )) when cooking it, before any action is compiled: a
		 * wrong call is a prototype error here too, not D_ACT_KERNEL.
		 */
		int chill = strcmp(nm, "chill") == 0;
		cg_proto_len(g, n, cg_count_args(n->args), chill, chill);
		if (chill) {
			size_t nt = g->text.n;
			unsigned regs = g->regs;
			val_t v = cg_expr(g, n->args);
			g->text.n = g->action_of.n = nt;
			g->regs = regs;
			if (!d_is_int(v.type))
				d_error(g->cc, n->line, "D_PROTO_ARG",
				    "chill( ) argument #1 is incompatible with "
				    "prototype:\n\tprototype: int\n\t argument: "
				    "%s\n", v.type->name);
		}
		/*
		 * They are destructive actions DTrace compiles, so after
		 * speculate( ) dt_stmt_append's D_ACT_SPEC comes first.
		 */
		if (g->cl_spec)
			d_error(g->cc, n->line, "D_ACT_SPEC", "destructive "
			    "actions may not follow speculate( )");
		kernel_only(g, n, NULL);
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* aggregation actions */

static void act_printa(cg_t *g, d_node_t *n)
{
	int argc = cg_count_args(n->args);
	d_node_t *a = n->args;
	const char *fmt = NULL;
	int argr = 1;
	if (a != NULL && a->kind == N_STRING) {
		fmt = a->str;
		a = a->next;
		argr = 2;
	}
	if (argc < argr)
		/* no argument at all fails the generic void(@, ...) check */
		d_error(g->cc, n->line, argc == 0 ? "D_PROTO_LEN" :
		    "D_PRINTA_PROTO", "printa( ) prototype mismatch: %d args passed, %d expected",
		    argc, argr);
	d_recdesc_t d = { .action = D_ACT_PRINTA };
	d.naggs = (uint32_t)(argc - (argr - 1));
	d.aggs = d_program_alloc(g->prog, sizeof(uint32_t) * d.naggs);
	if (d.aggs == NULL)
		d_error(g->cc, n->line, "D_NOMEM", "out of memory");
	uint32_t first = 0;
	for (uint32_t i = 0; a; a = a->next, i++) {
		uint32_t id = cg_agg_ref(g, a, "printa", argr + (int)i);
		cg_agg_t *ag = &g->aggs.v[id];
		if (i == 0) {
			first = id;
		} else {
			/* DTrace names both aggregations and the first key
			 * that differs, the later one against the first */
			cg_agg_t *f0 = &g->aggs.v[first];
			if (f0->nkeys != ag->nkeys)
				d_error(g->cc, n->line, "D_PRINTA_AGGKEY",
				    "printa( ): @%s and @%s do not have matching "
				    "key signatures: @%s has %d key%s, @%s has %d "
				    "key%s", f0->name, ag->name, f0->name,
				    f0->nkeys, f0->nkeys == 1 ? "" : "s",
				    ag->name, ag->nkeys, ag->nkeys == 1 ? "" : "s");
			for (int k = 0; k < ag->nkeys; k++) {
				if (d_type_compat(f0->keys[k], ag->keys[k]) &&
				    d_is_string(f0->keys[k]) ==
				    d_is_string(ag->keys[k]))
					continue;
				d_error(g->cc, n->line, "D_PRINTA_AGGPROTO",
				    "printa( ): @%s[ ] key #%d is incompatible "
				    "with @%s:\n%9s key #%d: %s\n%9s key #%d: %s\n",
				    ag->name, k + 1, f0->name, f0->name, k + 1,
				    f0->keys[k]->name, ag->name, k + 1,
				    ag->keys[k]->name);
			}
		}
		d.aggs[i] = id;
	}
	if (fmt != NULL) {
		char tag[64], msg[1024];
		d.fmt = pfmt_parse(fmt, "printa", tag, sizeof(tag), msg,
		    sizeof(msg));
		if (d.fmt == NULL)
			d_error(g->cc, n->line, tag, "%s", msg);
		/*
		 * The keys are printa's value arguments: checked against the
		 * conversions as printf's are, so a %s on a usym() key is a
		 * compile error rather than bytes printed as a string.
		 */
		record_marker(g, d);
		cg_agg_t *f0 = &g->aggs.v[first];
		pfmt_arg_t types[DIF_TUPLE_MAX];
		int nk = f0->nkeys < DIF_TUPLE_MAX ? f0->nkeys : DIF_TUPLE_MAX;
		for (int k = 0; k < nk; k++) {
			val_t kv = { 0, f0->keys[k] };
			pf_arg_of(kv, &types[k]);
		}
		if (pfmt_check(d.fmt, types, nk, tag, sizeof(tag), msg,
		    sizeof(msg)) != 0)
			d_error(g->cc, n->line, tag, "%s", msg);
		return;
	}
	record_marker(g, d);
}

/* clear, trunc, normalize, denormalize */
static void act_aggop(cg_t *g, d_node_t *n, int act)
{
	int argc = cg_count_args(n->args);
	const char *pfx = act == D_ACT_CLEAR ? "D_CLEAR" :
	    act == D_ACT_TRUNC ? "D_TRUNC" : "D_NORMALIZE";
	if (act == D_ACT_TRUNC && (argc < 1 || argc > 2))
		d_error(g->cc, n->line, "D_TRUNC_PROTO",
		    "trunc( ) prototype mismatch: %d args passed, %s expected",
		    argc, argc < 1 ? "at least 1" : "no more than 2");
	int want = act == D_ACT_NORMALIZE ? 2 : 1;
	if (act != D_ACT_TRUNC && argc != want)
		d_error(g->cc, n->line, d_sprintf(g->cc, "%s_PROTO", pfx),
		    "%s( ) prototype mismatch: %d args passed, %d expected",
		    n->name, argc, want);
	d_recdesc_t d = { .action = (uint8_t)act };
	d.agg = cg_agg_ref(g, n->args, n->name, 1);
	d_node_t *x = n->args->next;
	/* dt_action_trunc, dt_action_normalize: the aggregation's action,
	 * then one for the count or factor (0 when trunc( ) has none) */
	if (act == D_ACT_TRUNC || act == D_ACT_NORMALIZE)
		g->action++;
	if (x != NULL) {
		val_t v = cg_expr(g, x);
		if (!d_is_scalar(v.type))
			d_error(g->cc, n->line, d_sprintf(g->cc, "%s_SCALAR", pfx),
			    "%s( ) argument #2 must be of scalar type", n->name);
		d.has_arg = 1;
		record_int64(g, v.reg, act, d);
		cg_reg_free(g, v.reg);
		return;
	}
	if (act == D_ACT_TRUNC) {
		record_int64(g, 0, act, d);
		return;
	}
	record_marker(g, d);
}

/* ------------------------------------------------------------------ */

int cg_action_stmt(cg_t *g, d_node_t *e)
{
	const char *nm = e->name;
	int line = e->line;
	val_t v;

	/* a name newer than -x version is no function at all */
	if (cg_ident_hidden(g, nm))
		cg_resolve_callee(g, e);
	cg_attr_ident(g, nm);

	if (strcmp(nm, "printf") == 0) {
		cg_spec_rule(g, line, CG_R_DATA);
		act_printflike(g, e, D_ACT_PRINTF);
	} else if (strcmp(nm, "trace") == 0) {
		cg_spec_rule(g, line, CG_R_DATA);
		act_trace(g, e, D_ACT_TRACE);
	} else if (strcmp(nm, "print") == 0) {
		cg_spec_rule(g, line, CG_R_DATA);
		act_trace(g, e, D_ACT_PRINT);
	} else if (strcmp(nm, "exit") == 0) {
		cg_spec_rule(g, line, CG_R_EXIT);
		act_exit(g, e);
	} else if (strcmp(nm, "tracemem") == 0) {
		cg_spec_rule(g, line, CG_R_DATA);
		act_tracemem(g, e);
	} else if (strcmp(nm, "printa") == 0) {
		cg_spec_rule(g, line, CG_R_DATA);
		act_printa(g, e);
	} else if (strcmp(nm, "clear") == 0) {
		cg_spec_rule(g, line, CG_R_DATA);
		act_aggop(g, e, D_ACT_CLEAR);
	} else if (strcmp(nm, "trunc") == 0) {
		cg_spec_rule(g, line, CG_R_DATA);
		act_aggop(g, e, D_ACT_TRUNC);
	} else if (strcmp(nm, "normalize") == 0) {
		cg_spec_rule(g, line, CG_R_DATA);
		act_aggop(g, e, D_ACT_NORMALIZE);
	} else if (strcmp(nm, "denormalize") == 0) {
		cg_spec_rule(g, line, CG_R_DATA);
		act_aggop(g, e, D_ACT_DENORMALIZE);
	} else if (strcmp(nm, "setopt") == 0) {
		cg_spec_rule(g, line, CG_R_DATA);
		act_setopt(g, e);
	} else if (strcmp(nm, "speculate") == 0) {
		cg_spec_rule(g, line, CG_R_SPECULATE);
		act_int1(g, e, D_ACT_SPECULATE, "int");
	} else if (strcmp(nm, "commit") == 0) {
		cg_spec_rule(g, line, CG_R_COMMIT);
		act_int1(g, e, D_ACT_COMMIT, "int");
	} else if (strcmp(nm, "discard") == 0) {
		cg_spec_rule(g, line, CG_R_DISCARD);
		act_int1(g, e, D_ACT_DISCARD, "int");
	} else if (strcmp(nm, "system") == 0) {
		cg_spec_rule(g, line, CG_R_DESTRUCTIVE);
		act_printflike(g, e, D_ACT_SYSTEM);
	} else if (strcmp(nm, "freopen") == 0) {
		cg_spec_rule(g, line, CG_R_DESTRUCTIVE);
		act_printflike(g, e, D_ACT_FREOPEN);
	} else if (strcmp(nm, "ftruncate") == 0) {
		cg_spec_rule(g, line, CG_R_DESTRUCTIVE);
		cg_proto_len(g, e, cg_count_args(e->args), 0, 0);
		d_recdesc_t d = { .action = D_ACT_FTRUNCATE };
		record_marker(g, d);
	} else if (strcmp(nm, "raise") == 0) {
		cg_spec_rule(g, line, CG_R_DESTRUCTIVE);
		act_int1(g, e, D_ACT_RAISE, "int");
	} else if (strcmp(nm, "copyout") == 0 || strcmp(nm, "copyoutstr") == 0) {
		cg_spec_rule(g, line, CG_R_DESTRUCTIVE);
		cg_copyout(g, e, nm[7] == 's');
	} else if (strcmp(nm, "stop") == 0) {
		cg_spec_rule(g, line, CG_R_DESTRUCTIVE);
		cg_proto_len(g, e, cg_count_args(e->args), 0, 0);
		d_recdesc_t d = { .action = D_ACT_STOP };
		record_marker(g, d);
	} else if (strcmp(nm, "ustack") == 0 || strcmp(nm, "jstack") == 0 ||
	    strcmp(nm, "stack") == 0 || strcmp(nm, "usym") == 0 || strcmp(nm, "ufunc") == 0 ||
	    strcmp(nm, "uaddr") == 0 || strcmp(nm, "umod") == 0) {
		/* as a statement, a stack or symbol is traced */
		cg_spec_rule(g, line, CG_R_DATA);
		(void)cg_special_call(g, e, &v);
		cg_record(g, v, D_ACT_TRACE);
		cg_reg_free(g, v.reg);
	} else if (strcmp(nm, "sym") == 0 ||
	    strcmp(nm, "func") == 0 || strcmp(nm, "mod") == 0 ||
	    strcmp(nm, "chill") == 0 || strcmp(nm, "breakpoint") == 0 ||
	    strcmp(nm, "panic") == 0) {
		(void)cg_special_call(g, e, &v);
	} else {
		return 0;
	}
	return 1;
}
