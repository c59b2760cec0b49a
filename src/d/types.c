/*
 * types.c — D's type system (see types.h): LP64 sizes, built-in and
 * program-defined names, struct layout, C conversion rules.
 *
 * Owns: the type tables of one compile. Must not: report errors; a
 * failed lookup returns NULL and the caller names the D_ tag.
 * Invariant: every d_type_t is arena-allocated and never changed after
 * it is complete, except that a struct/union/enum declared by tag first
 * is completed in place when its body is seen (as in C).
 */
#include <string.h>
#include "types.h"
#include <sys/socket.h>
#include "udtrace/regs.h"
#include "udtrace/dif.h"

typedef struct d_name_ent {
	const char *name;
	d_type_t *type;
	int64_t value;            /* enumerators */
	int kind;                 /* tags: TK_STRUCT/UNION/ENUM */
	struct d_name_ent *next;
} d_name_ent_t;

struct d_types {
	d_cc_t *cc;
	d_name_ent_t *typedefs, *tags, *enumconsts;
	d_type_t *tvoid, *tstring;
	d_type_t *ints[2][9];        /* [signed][size] canonical integer types */
};

const char *const d_builtin_typenames[] = {
	"string", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t",
	"uint16_t", "uint32_t", "uint64_t", "intptr_t", "uintptr_t", "size_t",
	"ssize_t", "off_t", "pid_t", "id_t", "uid_t", "gid_t", "uint_t",
	"uchar_t", "ushort_t", "ulong_t", "longlong_t", "u_longlong_t",
	"caddr_t", "processorid_t", "dev_t", "ino_t", "mode_t", "time_t",
	"ipaddr_t", "in_addr_t", "zoneid_t", "taskid_t", "projid_t",
	"hrtime_t", "boolean_t", "int_t", "major_t", "minor_t", "lwpid_t",
	"in6_addr_t", "sa_family_t", "in_port_t",
	/* the process model (xltypes.c) */
	"psinfo_t", "lwpsinfo_t", "fileinfo_t", "timestruc_t", "timespec_t",
	"psetid_t", "poolid_t", "offset_t",
	"cpuinfo_t", "processor_info_t", "chipid_t", "lgrp_id_t", "siginfo_t",
	NULL
};

static d_type_t *mk(d_types_t *ts, int kind, const char *name, size_t size,
    size_t align)
{
	d_type_t *t = d_alloc(ts->cc, sizeof(*t));
	t->kind = kind;
	t->name = name;
	t->size = size;
	t->align = align ? align : 1;
	t->complete = 1;
	return t;
}

static d_type_t *mkint(d_types_t *ts, const char *name, size_t size,
    int sgn, int rank)
{
	d_type_t *t = mk(ts, TK_INT, name, size, size);
	t->is_signed = sgn;
	t->rank = rank;
	return t;
}

static void add_name(d_types_t *ts, d_name_ent_t **list, const char *name,
    d_type_t *t)
{
	d_name_ent_t *e = d_alloc(ts->cc, sizeof(*e));
	e->name = name;
	e->type = t;
	e->next = *list;
	*list = e;
}

static d_type_t *alias(d_types_t *ts, const char *name, d_type_t *of)
{
	d_type_t *t = d_alloc(ts->cc, sizeof(*t));
	*t = *of;
	t->name = name;
	t->tdef_of = of;
	add_name(ts, &ts->typedefs, name, t);
	return t;
}

/* A complete struct/union of the named members, registered by tag. */
d_type_t *d_builtin_sou(d_types_t *ts, int kind, const char *tag,
    const char *const *names, d_type_t *const *types, size_t n)
{
	d_type_t *t = tag != NULL ? d_tag_declare(ts, kind, tag) :
	    d_anon(ts, kind);
	d_tmember_t **tail = &t->members;
	for (size_t i = 0; i < n; i++) {
		d_tmember_t *m = d_alloc(ts->cc, sizeof(*m));
		m->name = names[i];
		m->type = types[i];
		*tail = m;
		tail = &m->next;
	}
	d_struct_layout(t);
	t->builtin = 1;
	return t;
}

/*
 * The network address types illumos scripts name (struct in_addr,
 * struct in6_addr, in6_addr_t), with Linux's layouts: in6_u.u6_addr8/16/32.
 */
static void net_types(d_types_t *ts)
{
	static const char *const in4[] = { "s_addr" };
	d_type_t *in4t[] = { d_typedef_lookup(ts, "in_addr_t") };
	d_builtin_sou(ts, TK_STRUCT, "in_addr", in4, in4t, 1);
	static const char *const u6[] = { "u6_addr8", "u6_addr16", "u6_addr32" };
	d_type_t *u6t[] = {
		d_t_array(ts, d_typedef_lookup(ts, "uint8_t"), 16),
		d_t_array(ts, d_typedef_lookup(ts, "uint16_t"), 8),
		d_t_array(ts, d_typedef_lookup(ts, "uint32_t"), 4),
	};
	d_type_t *u = d_builtin_sou(ts, TK_UNION, NULL, u6, u6t, 3);
	static const char *const in6[] = { "in6_u" };
	d_type_t *in6t[] = { u };
	d_type_t *s6 = d_builtin_sou(ts, TK_STRUCT, "in6_addr", in6, in6t, 1);
	alias(ts, "in6_addr_t", s6);

	/* <sys/socket.h>, <netinet/in.h> of Linux: sizes 16, 16 and 28 */
	d_type_t *fam = alias(ts, "sa_family_t",
	    d_typedef_lookup(ts, "unsigned short"));
	d_type_t *port = alias(ts, "in_port_t", d_typedef_lookup(ts, "uint16_t"));
	static const char *const sa[] = { "sa_family", "sa_data" };
	d_type_t *sat[] = { fam, d_t_array(ts, d_typedef_lookup(ts, "char"), 14) };
	d_builtin_sou(ts, TK_STRUCT, "sockaddr", sa, sat, 2);
	static const char *const sin[] = { "sin_family", "sin_port", "sin_addr",
	    "sin_zero" };
	d_type_t *sint[] = { fam, port, d_tag_lookup(ts, TK_STRUCT, "in_addr"),
	    d_t_array(ts, d_typedef_lookup(ts, "unsigned char"), 8) };
	d_builtin_sou(ts, TK_STRUCT, "sockaddr_in", sin, sint, 4);
	static const char *const sin6[] = { "sin6_family", "sin6_port",
	    "sin6_flowinfo", "sin6_addr", "sin6_scope_id" };
	d_type_t *sin6t[] = { fam, port, d_typedef_lookup(ts, "uint32_t"), s6,
	    d_typedef_lookup(ts, "uint32_t") };
	d_builtin_sou(ts, TK_STRUCT, "sockaddr_in6", sin6, sin6t, 5);
}

d_types_t *d_types_create(d_cc_t *cc)
{
	d_types_t *ts = d_alloc(cc, sizeof(*ts));
	ts->cc = cc;
	ts->tvoid = mk(ts, TK_VOID, "void", 0, 1);
	static const struct { const char *name; size_t size; int sgn, rank; } ints[] = {
		{ "char", 1, 1, 1 }, { "signed char", 1, 1, 1 },
		{ "unsigned char", 1, 0, 1 }, { "short", 2, 1, 2 },
		{ "unsigned short", 2, 0, 2 }, { "int", 4, 1, 3 },
		{ "unsigned int", 4, 0, 3 }, { "long", 8, 1, 4 },
		{ "unsigned long", 8, 0, 4 }, { "long long", 8, 1, 5 },
		{ "unsigned long long", 8, 0, 5 },
	};
	for (size_t i = 0; i < sizeof(ints) / sizeof(ints[0]); i++) {
		d_type_t *t = mkint(ts, ints[i].name, ints[i].size, ints[i].sgn,
		    ints[i].rank);
		add_name(ts, &ts->typedefs, t->name, t);
		if (ts->ints[t->is_signed][t->size] == NULL &&
		    strcmp(t->name, "signed char") != 0)
			ts->ints[t->is_signed][t->size] = t;
	}
	/* rank-by-size canonical types are int/long, not long long */
	ts->ints[1][8] = d_typedef_lookup(ts, "long");
	ts->ints[0][8] = d_typedef_lookup(ts, "unsigned long");
	d_type_t *f = mk(ts, TK_FLOAT, "float", 4, 4);
	add_name(ts, &ts->typedefs, "float", f);
	f = mk(ts, TK_FLOAT, "double", 8, 8);
	add_name(ts, &ts->typedefs, "double", f);
	f = mk(ts, TK_FLOAT, "long double", 16, 16);
	add_name(ts, &ts->typedefs, "long double", f);
	add_name(ts, &ts->typedefs, "void", ts->tvoid);

	ts->tstring = mk(ts, TK_STRING, "string", (size_t)cc->strsize, 1);
	add_name(ts, &ts->typedefs, "string", ts->tstring);

	static const struct { const char *name, *of; } defs[] = {
		{ "int8_t", "signed char" }, { "int16_t", "short" },
		{ "int32_t", "int" }, { "int64_t", "long" },
		{ "uint8_t", "unsigned char" }, { "uint16_t", "unsigned short" },
		{ "uint32_t", "unsigned int" }, { "uint64_t", "unsigned long" },
		{ "intptr_t", "long" }, { "uintptr_t", "unsigned long" },
		{ "size_t", "unsigned long" }, { "ssize_t", "long" },
		{ "off_t", "long" }, { "pid_t", "int" }, { "id_t", "int" },
		{ "uid_t", "unsigned int" }, { "gid_t", "unsigned int" },
		{ "uint_t", "unsigned int" }, { "uchar_t", "unsigned char" },
		{ "ushort_t", "unsigned short" }, { "ulong_t", "unsigned long" },
		{ "longlong_t", "long long" },
		{ "u_longlong_t", "unsigned long long" },
		{ "processorid_t", "int" }, { "dev_t", "unsigned long" },
		{ "ino_t", "unsigned long" }, { "mode_t", "unsigned int" },
		{ "time_t", "long" }, { "ipaddr_t", "unsigned int" },
		{ "in_addr_t", "unsigned int" }, { "zoneid_t", "int" },
		{ "taskid_t", "int" }, { "projid_t", "int" },
		{ "hrtime_t", "long long" }, { "boolean_t", "int" },
		{ "int_t", "int" }, { "major_t", "unsigned int" },
		{ "minor_t", "unsigned int" }, { "lwpid_t", "int" },
	};
	for (size_t i = 0; i < sizeof(defs) / sizeof(defs[0]); i++)
		alias(ts, defs[i].name, d_typedef_lookup(ts, defs[i].of));
	d_type_t *cp = d_t_ptr(ts, d_typedef_lookup(ts, "char"));
	alias(ts, "caddr_t", cp);
	/* uregs[] indices: R_RAX and friends are integer constants in D */
	d_type_t *ti = d_typedef_lookup(ts, "int");
	for (size_t i = 0; i < sizeof(udt_regnames) / sizeof(udt_regnames[0]); i++)
		d_enumconst_add(ts, udt_regnames[i].name, udt_regnames[i].reg, ti);
	/*
	 * The D library's inline ints: the ERROR probe's arg4 fault codes
	 * (the same numbers the emulator reports) and the address families
	 * inet_ntop() takes, with Linux's values.
	 */
	static const struct { const char *name; int64_t v; } consts[] = {
		{ "DTRACEFLT_UNKNOWN", 0 },
		{ "DTRACEFLT_BADADDR", DIF_FAULT_BADADDR },
		{ "DTRACEFLT_BADALIGN", DIF_FAULT_BADALIGN },
		{ "DTRACEFLT_ILLOP", DIF_FAULT_ILLOP },
		{ "DTRACEFLT_DIVZERO", DIF_FAULT_DIVZERO },
		{ "DTRACEFLT_NOSCRATCH", DIF_FAULT_NOSCRATCH },
		{ "DTRACEFLT_KPRIV", DIF_FAULT_KPRIV },
		{ "DTRACEFLT_UPRIV", DIF_FAULT_UPRIV },
		{ "DTRACEFLT_TUPOFLOW", DIF_FAULT_TUPOFLOW },
		{ "DTRACEFLT_BADSTACK", DIF_FAULT_BADSTACK },
		{ "AF_INET", AF_INET }, { "AF_INET6", AF_INET6 },
	};
	for (size_t i = 0; i < sizeof(consts) / sizeof(consts[0]); i++)
		d_enumconst_add(ts, consts[i].name, consts[i].v, ti);
	net_types(ts);
	d_xl_declare(ts, cc);
	return ts;
}

d_type_t *d_t_void(d_types_t *ts) { return ts->tvoid; }

d_type_t *d_t_int(d_types_t *ts, size_t size, int is_signed)
{
	if (size != 1 && size != 2 && size != 4 && size != 8)
		size = 8;
	return ts->ints[is_signed ? 1 : 0][size];
}

d_type_t *d_t_string(d_types_t *ts)
{
	/* strsize may change through pragmas: keep the string type current */
	if (ts->tstring->size != (size_t)ts->cc->strsize) {
		d_type_t *t = d_alloc(ts->cc, sizeof(*t));
		*t = *ts->tstring;
		t->size = (size_t)ts->cc->strsize;
		ts->tstring = t;
	}
	return ts->tstring;
}

d_type_t *d_t_named(d_types_t *ts, const char *name)
{
	if (strcmp(name, "string") == 0)
		return d_t_string(ts);
	return d_typedef_lookup(ts, name);
}

d_type_t *d_t_ptr(d_types_t *ts, d_type_t *to)
{
	size_t n = strlen(to->name);
	char *name = d_alloc(ts->cc, n + 3);
	memcpy(name, to->name, n);
	if (n > 0 && to->name[n - 1] == '*')
		strcpy(name + n, "*");
	else
		strcpy(name + n, " *");
	d_type_t *t = mk(ts, TK_PTR, name, 8, 8);
	t->base = to;
	return t;
}

d_type_t *d_t_array(d_types_t *ts, d_type_t *of, size_t n)
{
	d_type_t *t = mk(ts, TK_ARRAY, d_sprintf(ts->cc, "%s [%zu]", of->name, n),
	    d_sizeof(of) * n, of->align);
	t->base = of;
	t->nelems = n;
	return t;
}

d_type_t *d_t_lit(d_types_t *ts, int lit)
{
	switch (lit) {
	case D_LIT_INT: return d_typedef_lookup(ts, "int");
	case D_LIT_UINT: return d_typedef_lookup(ts, "unsigned int");
	case D_LIT_LONG: return d_typedef_lookup(ts, "long");
	case D_LIT_ULONG: return d_typedef_lookup(ts, "unsigned long");
	case D_LIT_LLONG: return d_typedef_lookup(ts, "long long");
	default: return d_typedef_lookup(ts, "unsigned long long");
	}
}

d_type_t *d_typedef_lookup(d_types_t *ts, const char *name)
{
	for (d_name_ent_t *e = ts->typedefs; e; e = e->next)
		if (strcmp(e->name, name) == 0)
			return e->type;
	return NULL;
}

int d_typedef_add(d_types_t *ts, const char *name, d_type_t *t)
{
	if (d_typedef_lookup(ts, name) != NULL)
		return -1;
	alias(ts, name, t);
	return 0;
}

static const char *tag_word(int kind)
{
	return kind == TK_STRUCT ? "struct" : kind == TK_UNION ? "union" : "enum";
}

d_type_t *d_tag_lookup(d_types_t *ts, int kind, const char *tag)
{
	for (d_name_ent_t *e = ts->tags; e; e = e->next)
		if (e->kind == kind && strcmp(e->name, tag) == 0)
			return e->type;
	return NULL;
}

d_type_t *d_tag_declare(d_types_t *ts, int kind, const char *tag)
{
	d_type_t *t = d_tag_lookup(ts, kind, tag);
	if (t != NULL)
		return t;
	t = mk(ts, kind, d_sprintf(ts->cc, "%s %s", tag_word(kind), tag),
	    kind == TK_ENUM ? 4 : 0, 4);
	t->complete = 0;
	t->tag = tag;
	if (kind == TK_ENUM)
		t->is_signed = 1, t->rank = 3;
	add_name(ts, &ts->tags, tag, t);
	ts->tags->kind = kind;
	return t;
}

void d_tag_register(d_types_t *ts, int kind, const char *tag, d_type_t *t)
{
	add_name(ts, &ts->tags, tag, t);
	ts->tags->kind = kind;
}

d_type_t *d_anon(d_types_t *ts, int kind)
{
	d_type_t *t = mk(ts, kind, d_sprintf(ts->cc, "%s <anon>",
	    tag_word(kind)), kind == TK_ENUM ? 4 : 0, 4);
	t->complete = 0;
	if (kind == TK_ENUM)
		t->is_signed = 1, t->rank = 3;
	return t;
}

void d_struct_layout(d_type_t *t)
{
	size_t off = 0, size = 0, align = 1;
	int bitpos = 0;   /* bits used in the current storage unit of a bit-field run */
	for (d_tmember_t *m = t->members; m; m = m->next) {
		size_t ms = d_sizeof(m->type), ma = d_resolve(m->type)->align;
		if (ma == 0)
			ma = 1;
		if (ma > align)
			align = ma;
		if (t->kind == TK_UNION) {
			m->off = 0;
			if (ms > size)
				size = ms;
			continue;
		}
		if (m->bits > 0) {
			size_t unit = ms * 8;
			size_t start = (off & ~(ma - 1));
			size_t used = (off - start) * 8 + (size_t)bitpos;
			if (used + (size_t)m->bits > unit) {
				off = (off + ma - 1) & ~(ma - 1);
				if (bitpos)
					off = start + ms, bitpos = 0;
				start = off;
				used = 0;
			}
			m->off = start;
			m->bitoff = (int)used;
			bitpos = (int)(used + (size_t)m->bits);
			off = start + ((size_t)bitpos + 7) / 8;
			bitpos = 0;
			if (off > size)
				size = off;
			continue;
		}
		off = (off + ma - 1) & ~(ma - 1);
		m->off = off;
		off += ms;
		if (off > size)
			size = off;
	}
	t->size = (size + align - 1) & ~(align - 1);
	t->align = align;
	t->complete = 1;
}

/*
 * DTrace builds a D-declared struct with libctf's ctf_add_member, not the
 * C ABI, and scripts observe the difference through sizeof and offsetof:
 * a bit-field is an integer of the smallest power-of-two bytes holding its
 * width, every member starts at the first byte after the previous one's
 * last bit rounded up to its own alignment, the size ends at the last
 * member (no tail padding) and a struct is aligned as its first member.
 */
void d_struct_layout_ctf(d_types_t *ts, d_type_t *t)
{
	size_t end_bits = 0, size = 0, align = 1;
	int first = 1;
	for (d_tmember_t *m = t->members; m; m = m->next) {
		if (m->bits > 0) {
			/* the storage unit keeps the base type's name and sign */
			size_t unit = 1;
			while (unit * 8 < (size_t)m->bits)
				unit *= 2;
			d_type_t *bt = d_alloc(ts->cc, sizeof(*bt));
			*bt = *d_resolve(m->type);
			bt->size = bt->align = unit;
			m->type = bt;
		}
		size_t ms = d_sizeof(m->type), ma = d_resolve(m->type)->align;
		if (ma == 0)
			ma = 1;
		m->bitoff = 0;
		if (t->kind == TK_UNION) {
			m->off = 0;
			if (ms > size)
				size = ms;
			if (ma > align)
				align = ma;
			continue;
		}
		size_t off = (end_bits + 7) / 8;
		off = (off + ma - 1) / ma * ma;
		if (first)
			align = ma, first = 0;
		m->off = off;
		end_bits = off * 8 + (m->bits > 0 ? (size_t)m->bits : ms * 8);
		size = off + ms;
	}
	t->size = size;
	t->align = align;
	t->complete = 1;
}

int d_enumconst_lookup(d_types_t *ts, const char *name, int64_t *val,
    d_type_t **t)
{
	for (d_name_ent_t *e = ts->enumconsts; e; e = e->next)
		if (strcmp(e->name, name) == 0) {
			*val = e->value;
			*t = e->type;
			return 0;
		}
	return -1;
}

void d_enumconst_add(d_types_t *ts, const char *name, int64_t v, d_type_t *t)
{
	add_name(ts, &ts->enumconsts, name, t);
	ts->enumconsts->value = v;
}

const d_type_t *d_resolve(const d_type_t *t)
{
	while (t != NULL && t->tdef_of != NULL)
		t = t->tdef_of;
	return t;
}

int d_is_int(const d_type_t *t)
{
	t = d_resolve(t);
	return t->kind == TK_INT || t->kind == TK_ENUM;
}
int d_is_arith(const d_type_t *t)
{
	return d_is_int(t) || d_resolve(t)->kind == TK_FLOAT;
}
int d_is_ptr(const d_type_t *t) { return d_resolve(t)->kind == TK_PTR; }
int d_is_scalar(const d_type_t *t) { return d_is_int(t) || d_is_ptr(t); }
int d_is_string(const d_type_t *t) { return d_resolve(t)->kind == TK_STRING; }
int d_is_void(const d_type_t *t) { return d_resolve(t)->kind == TK_VOID; }

int d_is_byref(const d_type_t *t)
{
	int k = d_resolve(t)->kind;
	return k == TK_STRING || k == TK_ARRAY || k == TK_STRUCT || k == TK_UNION;
}

static int is_char(const d_type_t *t)
{
	t = d_resolve(t);
	return t->kind == TK_INT && t->size == 1;
}

int d_is_char_array(const d_type_t *t)
{
	t = d_resolve(t);
	return t->kind == TK_ARRAY && is_char(t->base);
}

int d_is_stringlike(const d_type_t *t)
{
	const d_type_t *r = d_resolve(t);
	return r->kind == TK_STRING || d_is_char_array(r) ||
	    (r->kind == TK_PTR && is_char(r->base));
}

int d_is_signed(const d_type_t *t)
{
	t = d_resolve(t);
	return (t->kind == TK_INT || t->kind == TK_ENUM) && t->is_signed;
}

size_t d_sizeof(const d_type_t *t)
{
	return d_resolve(t)->size;
}

static d_type_t *d_promote(d_types_t *ts, d_type_t *t)
{
	const d_type_t *r = d_resolve(t);
	if (r->kind == TK_ENUM)
		return d_typedef_lookup(ts, "int");
	if (r->kind == TK_INT && r->rank < 3)
		return d_typedef_lookup(ts, "int");
	return t;
}

/*
 * D's usual arithmetic conversion is not C's: illumos dt_type_promote
 * (dt_parser.c) never promotes char or short to int, it picks the operand
 * of higher rank, rank being the width in bits plus one when unsigned
 * (enums count as int), so unsigned char + unsigned char is unsigned char
 * and the value is narrowed to it when recorded. At equal rank the left
 * operand's type is kept unless the right one is long long against long.
 */
static unsigned int_rank(const d_type_t *r)
{
	return (unsigned)(8 * r->size) + !r->is_signed;
}

d_type_t *d_arith_conv(d_types_t *ts, d_type_t *a, d_type_t *b)
{
	const d_type_t *ra = d_resolve(a), *rb = d_resolve(b);
	if (ra->kind == TK_FLOAT || rb->kind == TK_FLOAT) {
		a = d_promote(ts, a);
		b = d_promote(ts, b);
		ra = d_resolve(a);
		rb = d_resolve(b);
		return ra->size >= rb->size ? a : b;
	}
	if (ra->kind == TK_ENUM)
		a = d_typedef_lookup(ts, "int"), ra = d_resolve(a);
	if (rb->kind == TK_ENUM)
		b = d_typedef_lookup(ts, "int"), rb = d_resolve(b);
	unsigned la = int_rank(ra), lb = int_rank(rb);
	if (la != lb)
		return la > lb ? a : b;
	return rb->rank > ra->rank ? b : a;
}

/*
 * What pointers and arrays point to or hold: libctf's ctf_type_compat,
 * which wants integers of the same name and encoding (int and char, or
 * int and unsigned int, are different things to point to).
 */
static int referenced_compat(const d_type_t *a, const d_type_t *b)
{
	a = d_resolve(a);
	b = d_resolve(b);
	if (a == b)
		return 1;
	if (a->kind != b->kind)
		return 0;
	switch (a->kind) {
	case TK_INT:
		return a->size == b->size && a->is_signed == b->is_signed &&
		    a->rank == b->rank;
	case TK_FLOAT:
		return a->size == b->size;
	case TK_ENUM:
		return 1;
	case TK_STRUCT: case TK_UNION:
		return a->tag != NULL && b->tag != NULL &&
		    strcmp(a->tag, b->tag) == 0 && a->size == b->size;
	default:
		return d_type_compat(a, b);
	}
}

int d_type_compat(const d_type_t *a, const d_type_t *b)
{
	a = d_resolve(a);
	b = d_resolve(b);
	if (a == b)
		return 1;
	if (a->kind != b->kind)
		return (d_is_int(a) && d_is_int(b));
	switch (a->kind) {
	case TK_INT: case TK_ENUM: case TK_FLOAT:
		return 1;
	case TK_STRING:
		return 1;
	case TK_PTR:
		return d_is_void(a->base) || d_is_void(b->base) ||
		    referenced_compat(a->base, b->base);
	case TK_ARRAY:
		return a->nelems == b->nelems &&
		    referenced_compat(a->base, b->base);
	default:
		return 0;
	}
}

d_tmember_t *d_member_lookup(const d_type_t *su, const char *name)
{
	su = d_resolve(su);
	for (d_tmember_t *m = su->members; m; m = m->next) {
		if (m->name != NULL && strcmp(m->name, name) == 0)
			return m;
		if (m->name == NULL) {   /* anonymous struct/union member */
			d_tmember_t *in = d_member_lookup(m->type, name);
			if (in != NULL)
				return in;
		}
	}
	return NULL;
}
