/*
 * json_print.c — print(e) in JSON mode: a value walked by its D type
 * into JSON values (see json_ptype in json.h).
 *
 * Owns: the typed shape of print()'s value: struct and union members as
 * object fields in declaration order (an anonymous struct or union
 * member's fields join its parent, as C lets them be named), arrays as
 * arrays, char arrays holding a string as strings, enums by their name
 * (a value no enumerator has as its number), bit-fields as unsigned
 * numbers, floats as numbers. Must not: print text (pprint.c does).
 * Invariant: never reads outside data[0, len): bytes beyond it read as
 * zero, as pprint.c shows them.
 */
#include <string.h>

#include "consumer/json.h"
#include "consumer/pprint.h"

/* Nesting deeper than this is a type cycle or nonsense: shown as null. */
#define JP_MAXDEPTH 32

typedef struct jp {
	const unsigned char *data;
	size_t len;
} jp_t;

static void
get(const jp_t *s, size_t off, void *out, size_t n)
{
	pprint_get(s->data, s->len, off, out, n);
}

static uint64_t
get_uint(const jp_t *s, size_t off, size_t size)
{
	return pprint_get_uint(s->data, s->len, off, size);
}

static json_object *walk(const jp_t *s, const d_ptype_t *t, size_t off,
    int depth);

static int
is_char(const d_ptype_t *t)
{
	return t != NULL && t->kind == D_PT_INT && t->size == 1 && t->is_signed;
}

/*
 * n chars at off: a string when printable text ends in NULs (all NULs
 * too: pprint.c shows those as ""). Read in place, so any size works;
 * bytes past the record are NULs.
 */
static json_object *
chars(const jp_t *s, size_t off, uint32_t n, int *ok)
{
	size_t avail = off < s->len ? s->len - off : 0, i;
	const unsigned char *c = s->data + (avail ? off : 0);

	*ok = 0;
	if (n == 0)
		return NULL;
	if (avail > n)
		avail = n;
	for (i = 0; i < avail && c[i] != '\0'; i++)
		if (c[i] < 0x20 && (c[i] < '\a' || c[i] > '\r'))
			return NULL;
	if (i == n)
		return NULL;    /* no NUL inside the array: not a C string */
	for (size_t j = i; j < avail; j++)
		if (c[j] != '\0')
			return NULL;
	*ok = 1;
	return json_text((const char *)c, i);
}

static void
members(const jp_t *s, json_object *obj, const d_ptype_t *t, size_t off,
    int depth)
{
	for (int i = 0; i < t->nmembers; i++) {
		const d_pmember_t *m = &t->members[i];
		const char *name = m->name != NULL ? m->name : "";
		json_object *v;

		if (name[0] == '\0' && m->type != NULL &&
		    (m->type->kind == D_PT_STRUCT ||
		    m->type->kind == D_PT_UNION)) {
			members(s, obj, m->type, off + m->off, depth + 1);
			continue;
		}
		if (m->bits > 0) {
			uint64_t b = get_uint(s, off + m->off, 8) >>
			    (m->bitoff & 63);

			if (m->bits < 64)
				b &= (1ULL << m->bits) - 1;
			v = json_object_new_uint64(b);
		} else {
			v = walk(s, m->type, off + m->off, depth + 1);
		}
		json_object_object_add(obj, name, v);
	}
}

static json_object *
walk(const jp_t *s, const d_ptype_t *t, size_t off, int depth)
{
	json_object *v;
	int ok;

	if (t == NULL || depth > JP_MAXDEPTH)
		return NULL;
	switch (t->kind) {
	case D_PT_INT:
	case D_PT_PTR:
		if (t->size == 1 || t->size == 2 || t->size == 4 ||
		    t->size == 8)
			return json_int(get_uint(s, off, t->size), t->size,
			    t->kind == D_PT_INT && t->is_signed);
		break;
	case D_PT_ENUM: {
		int64_t e = (int64_t)get_uint(s, off, t->size);

		if (t->size == 4)
			e = (int32_t)e;
		for (int i = 0; i < t->nenums; i++)
			if (t->enums[i].value == e)
				return json_object_new_string(t->enums[i].name);
		return json_object_new_int64(e);
	}
	case D_PT_FLOAT:
		if (t->size == sizeof(float)) {
			float f;

			get(s, off, &f, sizeof(f));
			return json_object_new_double(f);
		}
		if (t->size == sizeof(double)) {
			double d;

			get(s, off, &d, sizeof(d));
			return json_object_new_double(d);
		}
		if (t->size == sizeof(long double)) {
			long double d;

			get(s, off, &d, sizeof(d));
			return json_object_new_double((double)d);
		}
		break;
	case D_PT_STRING: {
		/* a D string is text whatever it holds, up to its NUL */
		size_t avail = off < s->len ? s->len - off : 0;

		return json_text(avail ? (const char *)s->data + off : "",
		    avail < t->size ? avail : t->size);
	}
	case D_PT_ARRAY: {
		size_t esize = t->elem != NULL ? t->elem->size : 1;

		if (is_char(t->elem)) {
			v = chars(s, off, t->nelems, &ok);
			if (ok)
				return v;
		}
		v = json_object_new_array();
		for (uint32_t i = 0; i < t->nelems; i++)
			json_object_array_add(v, walk(s, t->elem,
			    off + i * esize, depth + 1));
		return v;
	}
	case D_PT_STRUCT:
	case D_PT_UNION:
		v = json_object_new_object();
		members(s, v, t, off, depth);
		return v;
	default:
		break;
	}
	/* anything else: the bytes the record holds of it */
	{
		size_t avail = off < s->len ? s->len - off : 0;

		return json_hex(s->data + (avail ? off : 0),
		    avail < t->size ? avail : t->size);
	}
}

json_object *
json_ptype(const d_ptype_t *t, const void *data, size_t len)
{
	jp_t s = { data, len };

	return walk(&s, t, 0, 0);
}
