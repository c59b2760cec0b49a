/*
 * dwtypes.c — the traced program's own types in D: struct, union, enum
 * and typedef names read from the DWARF of the traced objects, and the
 * declared parameter types of a function for pid probes' args[].
 *
 * Owns: the conversion of DWARF type DIEs into d_type_t and the memo of
 * what was converted in this compile.
 * Must not: read process memory or resolve symbols (src/sym/ opens the
 * DWARF; the consumer says which objects the traced processes map).
 * Invariant: a pointer type that comes from DWARF is marked `user`: it
 * points into the traced process, so the code generator copies in what
 * it dereferences instead of loading tracer memory; D's own pointer
 * types are never marked, so (struct foo *)copyin(...) reads scratch.
 */
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <string.h>
#include "cg.h"
#include "dwtypes.h"
#include "sym/sym.h"

typedef struct dwmemo {
	Dwarf *dw;
	Dwarf_Off off;
	d_type_t *t;
	struct dwmemo *next;
} dwmemo_t;

typedef struct dwnames {        /* typedef names of the executable */
	const char **names;
	size_t n;
	int done;
} dwnames_t;

typedef struct dwstate {
	dwmemo_t *memo[256];
	dwnames_t exe_typedefs;
} dwstate_t;

static dwstate_t *state(d_cc_t *cc)
{
	if (cc->dwstate == NULL)
		cc->dwstate = d_alloc(cc, sizeof(dwstate_t));
	return cc->dwstate;
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* Does module name `mod` (from a description or a scope) name object path? */
int d_dw_module_matches(const d_cc_t *cc, const char *mod, int idx)
{
	if (mod == NULL || mod[0] == '\0')
		return 1;
	const char *path = cc->dwobjs[idx];
	if (strcmp(mod, "a.out") == 0)
		return idx == 0;
	if (strcmp(mod, path) == 0)
		return 1;
	const char *b = base_name(path);
	if (strcmp(mod, b) == 0)
		return 1;
	/* basename up to the first '.' (libc for libc.so.6) */
	size_t n = strcspn(b, ".");
	return strchr(mod, '.') == NULL && strlen(mod) == n &&
	    strncmp(mod, b, n) == 0;
}

static d_type_t *conv(cg_t *g, Dwarf *dw, Dwarf_Die *die, int depth);

static d_type_t *conv_ref(cg_t *g, Dwarf *dw, Dwarf_Die *die, int depth)
{
	Dwarf_Attribute at;
	Dwarf_Die t;
	if (dwarf_attr_integrate(die, DW_AT_type, &at) == NULL ||
	    dwarf_formref_die(&at, &t) == NULL)
		return d_t_void(g->ts);
	return conv(g, dw, &t, depth + 1);
}

static uint64_t udata(Dwarf_Die *die, int name, uint64_t dflt)
{
	Dwarf_Attribute at;
	Dwarf_Word w;
	if (dwarf_attr_integrate(die, name, &at) == NULL ||
	    dwarf_formudata(&at, &w) != 0)
		return dflt;
	return w;
}

static int64_t sdata(Dwarf_Die *die, int name, int64_t dflt)
{
	Dwarf_Attribute at;
	Dwarf_Sword w;
	if (dwarf_attr_integrate(die, name, &at) == NULL ||
	    dwarf_formsdata(&at, &w) != 0)
		return dflt;
	return w;
}

static void memo_put(d_cc_t *cc, Dwarf *dw, Dwarf_Off off, d_type_t *t)
{
	dwstate_t *s = state(cc);
	dwmemo_t *m = d_alloc(cc, sizeof(*m));
	m->dw = dw;
	m->off = off;
	m->t = t;
	m->next = s->memo[off & 255];
	s->memo[off & 255] = m;
}

static d_type_t *memo_get(d_cc_t *cc, Dwarf *dw, Dwarf_Off off)
{
	for (dwmemo_t *m = state(cc)->memo[off & 255]; m; m = m->next)
		if (m->dw == dw && m->off == off)
			return m->t;
	return NULL;
}

static d_type_t *copy_type(cg_t *g, const d_type_t *t)
{
	d_type_t *c = d_alloc(g->cc, sizeof(*c));
	*c = *t;
	return c;
}

static d_type_t *conv_sou(cg_t *g, Dwarf *dw, Dwarf_Die *die, int tag,
    int depth)
{
	int kind = tag == DW_TAG_union_type ? TK_UNION : TK_STRUCT;
	const char *name = dwarf_diename(die);
	d_type_t *t = d_anon(g->ts, kind);
	t->name = name ? d_sprintf(g->cc, "%s %s",
	    kind == TK_UNION ? "union" : "struct", name) : t->name;
	t->tag = name ? d_strdup(g->cc, name) : NULL;
	/* memoized before the members: a member may point back here */
	memo_put(g->cc, dw, dwarf_dieoffset(die), t);
	if (dwarf_hasattr(die, DW_AT_declaration))
		return t;    /* incomplete here; d_dw_type looks for the body */
	d_tmember_t *head = NULL, **tail = &head;
	size_t align = 1;
	Dwarf_Die c;
	if (dwarf_child(die, &c) == 0) {
		do {
			if (dwarf_tag(&c) != DW_TAG_member)
				continue;
			d_tmember_t *m = d_alloc(g->cc, sizeof(*m));
			const char *mn = dwarf_diename(&c);
			m->name = mn ? d_strdup(g->cc, mn) : NULL;
			m->type = conv_ref(g, dw, &c, depth);
			m->off = (size_t)udata(&c, DW_AT_data_member_location, 0);
			uint64_t bits = udata(&c, DW_AT_bit_size, 0);
			if (bits > 0) {
				m->bits = (int)bits;
				uint64_t dbo = udata(&c, DW_AT_data_bit_offset,
				    UINT64_MAX);
				size_t unit = d_sizeof(m->type) ? d_sizeof(m->type) : 4;
				if (dbo != UINT64_MAX) {
					m->off = (size_t)(dbo / 8) & ~(unit - 1);
					m->bitoff = (int)(dbo - m->off * 8);
				} else {
					/* DWARF 2/3: counted from the storage unit's top */
					uint64_t bo = udata(&c, DW_AT_bit_offset, 0);
					m->bitoff = (int)(unit * 8 - bo - bits);
				}
			}
			size_t ma = d_resolve(m->type)->align;
			if (ma > align)
				align = ma;
			*tail = m;
			tail = &m->next;
		} while (dwarf_siblingof(&c, &c) == 0);
	}
	t->members = head;
	t->size = (size_t)udata(die, DW_AT_byte_size, 0);
	t->align = align;
	t->complete = 1;
	return t;
}

static d_type_t *conv(cg_t *g, Dwarf *dw, Dwarf_Die *die, int depth)
{
	Dwarf_Off off = dwarf_dieoffset(die);
	d_type_t *t = memo_get(g->cc, dw, off);
	if (t != NULL)
		return t;
	if (depth > 64)
		return d_t_int(g->ts, 8, 1);
	int tag = dwarf_tag(die);
	switch (tag) {
	case DW_TAG_base_type: {
		uint64_t enc = udata(die, DW_AT_encoding, DW_ATE_signed);
		size_t size = (size_t)udata(die, DW_AT_byte_size, 4);
		if (enc == DW_ATE_float)
			t = d_typedef_lookup(g->ts, size == 4 ? "float" :
			    size == 8 ? "double" : "long double");
		else if (size == 1 && (enc == DW_ATE_signed_char ||
		    (enc == DW_ATE_unsigned_char && 0)))
			t = d_typedef_lookup(g->ts, "char");
		else
			t = d_t_int(g->ts, size, enc == DW_ATE_signed ||
			    enc == DW_ATE_signed_char);
		if (t == NULL)
			t = d_t_int(g->ts, 8, 1);
		break;
	}
	case DW_TAG_pointer_type:
	case DW_TAG_reference_type:
	case DW_TAG_rvalue_reference_type: {
		d_type_t *to = conv_ref(g, dw, die, depth);
		if (d_resolve(to)->kind == TK_FUNC)
			to = d_t_void(g->ts);
		t = copy_type(g, d_t_ptr(g->ts, to));
		t->user = 1;
		break;
	}
	case DW_TAG_const_type:
	case DW_TAG_volatile_type:
	case DW_TAG_restrict_type:
	case DW_TAG_atomic_type:
		return conv_ref(g, dw, die, depth);
	case DW_TAG_typedef: {
		d_type_t *to = conv_ref(g, dw, die, depth);
		const char *n = dwarf_diename(die);
		t = copy_type(g, to);
		t->name = n ? d_strdup(g->cc, n) : to->name;
		t->tdef_of = to;
		break;
	}
	case DW_TAG_array_type: {
		d_type_t *elem = conv_ref(g, dw, die, depth);
		uint64_t dims[8];
		int nd = 0;
		Dwarf_Die c;
		if (dwarf_child(die, &c) == 0) {
			do {
				if (dwarf_tag(&c) != DW_TAG_subrange_type || nd == 8)
					continue;
				uint64_t cnt = udata(&c, DW_AT_count, UINT64_MAX);
				if (cnt == UINT64_MAX) {
					int64_t ub = sdata(&c, DW_AT_upper_bound, -1);
					cnt = ub >= 0 ? (uint64_t)ub + 1 : 0;
				}
				dims[nd++] = cnt;
			} while (dwarf_siblingof(&c, &c) == 0);
		}
		t = elem;
		for (int i = nd - 1; i >= 0; i--)
			t = d_t_array(g->ts, t, (size_t)dims[i]);
		if (nd == 0)
			t = d_t_array(g->ts, elem, 0);
		break;
	}
	case DW_TAG_structure_type:
	case DW_TAG_class_type:
	case DW_TAG_union_type:
		return conv_sou(g, dw, die, tag, depth);
	case DW_TAG_enumeration_type: {
		const char *n = dwarf_diename(die);
		t = d_anon(g->ts, TK_ENUM);
		if (n != NULL) {
			t->name = d_sprintf(g->cc, "enum %s", n);
			t->tag = d_strdup(g->cc, n);
		}
		t->size = (size_t)udata(die, DW_AT_byte_size, 4);
		t->align = t->size ? t->size : 4;
		memo_put(g->cc, dw, off, t);
		Dwarf_Die c;
		if (dwarf_child(die, &c) == 0) {
			do {
				if (dwarf_tag(&c) != DW_TAG_enumerator)
					continue;
				d_enumval_t *ev = d_alloc(g->cc, sizeof(*ev));
				const char *en = dwarf_diename(&c);
				ev->name = d_strdup(g->cc, en ? en : "");
				ev->value = sdata(&c, DW_AT_const_value, 0);
				ev->next = t->enums;
				t->enums = ev;
			} while (dwarf_siblingof(&c, &c) == 0);
		}
		t->complete = 1;
		return t;
	}
	case DW_TAG_subroutine_type: {
		t = d_alloc(g->cc, sizeof(*t));
		t->kind = TK_FUNC;
		t->name = "function";
		t->size = 1;
		t->align = 1;
		t->complete = 1;
		break;
	}
	case DW_TAG_unspecified_type:
	default:
		t = d_t_void(g->ts);
		break;
	}
	memo_put(g->cc, dw, off, t);
	return t;
}

/* Call fn on every top-level DIE of every CU of dw until it returns non-zero. */
static int each_top(Dwarf *dw, int (*fn)(void *arg, Dwarf_Die *d), void *arg)
{
	Dwarf_Off off = 0, next;
	size_t hsize;
	while (dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
		Dwarf_Die cu, c;
		if (dwarf_offdie(dw, off + hsize, &cu) != NULL &&
		    dwarf_child(&cu, &c) == 0) {
			do {
				int r = fn(arg, &c);
				if (r)
					return r;
			} while (dwarf_siblingof(&c, &c) == 0);
		}
		off = next;
	}
	return 0;
}

typedef struct find {
	int tag;           /* DW_TAG_* wanted (struct/union/enum/typedef) */
	const char *name;
	Dwarf_Die found;
} find_t;

static int find_cb(void *arg, Dwarf_Die *d)
{
	find_t *f = arg;
	int tag = dwarf_tag(d);
	if (tag != f->tag && !(f->tag == DW_TAG_structure_type &&
	    tag == DW_TAG_class_type))
		return 0;
	const char *n = dwarf_diename(d);
	if (n == NULL || strcmp(n, f->name) != 0 ||
	    dwarf_hasattr(d, DW_AT_declaration))
		return 0;
	f->found = *d;
	return 1;
}

d_type_t *d_dw_type(cg_t *g, const char *scope, int kind, const char *name)
{
	d_cc_t *cc = g->cc;
	find_t f = { .name = name };
	f.tag = kind == TK_STRUCT ? DW_TAG_structure_type :
	    kind == TK_UNION ? DW_TAG_union_type :
	    kind == TK_ENUM ? DW_TAG_enumeration_type : DW_TAG_typedef;
	for (int i = 0; i < cc->ndwobjs; i++) {
		if (!d_dw_module_matches(cc, scope, i))
			continue;
		Dwarf *dw = sym_dwarf(cc->dwobjs[i]);
		if (dw != NULL && each_top(dw, find_cb, &f))
			return conv(g, dw, &f.found, 0);
	}
	return NULL;
}

static int typedef_cb(void *arg, Dwarf_Die *d)
{
	d_cc_t *cc = arg;
	dwstate_t *s = state(cc);
	const char *n;
	if (dwarf_tag(d) != DW_TAG_typedef || (n = dwarf_diename(d)) == NULL)
		return 0;
	if ((s->exe_typedefs.n & 63) == 0) {
		const char **nv = d_alloc(cc, sizeof(char *) *
		    (s->exe_typedefs.n + 64));
		if (s->exe_typedefs.n)
			memcpy(nv, s->exe_typedefs.names,
			    sizeof(char *) * s->exe_typedefs.n);
		s->exe_typedefs.names = nv;
	}
	s->exe_typedefs.names[s->exe_typedefs.n++] = d_strdup(cc, n);
	return 0;
}

int d_dw_is_typedef(d_cc_t *cc, const char *name)
{
	if (cc->ndwobjs == 0)
		return 0;
	dwstate_t *s = state(cc);
	if (!s->exe_typedefs.done) {
		/* the executable's own typedefs: libraries' need a scope */
		s->exe_typedefs.done = 1;
		Dwarf *dw = sym_dwarf(cc->dwobjs[0]);
		if (dw != NULL)
			each_top(dw, typedef_cb, cc);
	}
	for (size_t i = 0; i < s->exe_typedefs.n; i++)
		if (strcmp(s->exe_typedefs.names[i], name) == 0)
			return 1;
	return 0;
}

typedef struct findfn {
	const char *name;
	Dwarf_Die found;
	int ok;
} findfn_t;

static int fn_cb(Dwarf_Die *d, void *arg)
{
	findfn_t *f = arg;
	const char *n = dwarf_diename(d);
	if (n == NULL || strcmp(n, f->name) != 0 ||
	    dwarf_hasattr(d, DW_AT_declaration))
		return DWARF_CB_OK;
	f->found = *d;
	f->ok = 1;
	return DWARF_CB_ABORT;
}

int d_dw_func(cg_t *g, const char *mod, const char *func, d_type_t **params,
    int max, d_type_t **ret)
{
	d_cc_t *cc = g->cc;
	findfn_t f = { .name = func };
	for (int i = 0; i < cc->ndwobjs && !f.ok; i++) {
		if (!d_dw_module_matches(cc, mod, i))
			continue;
		Dwarf *dw = sym_dwarf(cc->dwobjs[i]);
		if (dw == NULL)
			continue;
		Dwarf_Off off = 0, next;
		size_t hsize;
		while (!f.ok && dwarf_nextcu(dw, off, &next, &hsize, NULL,
		    NULL, NULL) == 0) {
			Dwarf_Die cu;
			if (dwarf_offdie(dw, off + hsize, &cu) != NULL)
				(void)dwarf_getfuncs(&cu, fn_cb, &f, 0);
			off = next;
		}
		if (f.ok) {
			int n = 0;
			Dwarf_Die c;
			if (dwarf_child(&f.found, &c) == 0) {
				do {
					if (dwarf_tag(&c) != DW_TAG_formal_parameter)
						continue;
					if (n < max)
						params[n] = conv_ref(g, dw, &c, 0);
					n++;
				} while (dwarf_siblingof(&c, &c) == 0);
			}
			*ret = conv_ref(g, dw, &f.found, 0);
			return n < max ? n : max;
		}
	}
	return -1;
}

const char *d_dw_hint(cg_t *g, const d_type_t *t)
{
	d_cc_t *cc = g->cc;
	if (cc->ndwobjs == 0 || t->tag == NULL)
		return "";
	/* the executable is where a program's own types usually live */
	if (sym_dwarf(cc->dwobjs[0]) == NULL)
		return d_sprintf(cc, " (%s has no debug information: build it "
		    "with -g, or install its debuginfo, e.g. Debian's -dbgsym "
		    "package)", cc->dwobjs[0]);
	return d_sprintf(cc, " (no traced object's debug information "
	    "defines it)");
}
