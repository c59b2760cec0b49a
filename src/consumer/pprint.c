/*
 * pprint.c — print(e) by type (see pprint.h).
 *
 * Owns: the layout walk. DTrace prints a value as a pre-order walk of
 * its type: the value itself at depth 0, each struct member one depth
 * deeper; closing braces are not printed when a struct ends but when the
 * walk next comes back to a shallower depth (or finishes), which is why
 * the last brace of a print() has no newline. Array elements restart the
 * depth at 0 inside a nesting level that adds to the indentation.
 * Must not: allocate or read outside the value's bytes.
 * Invariant: indentation is 4 blanks per (depth + nesting level).
 */
#include <string.h>

#include "consumer/pprint.h"

typedef struct pp {
	FILE *fp;
	const unsigned char *data;
	size_t len;
	int depth;    /* depth of the member printed last */
	int nest;     /* array nesting level */
} pp_t;

void
pprint_get(const unsigned char *data, size_t len, size_t off, void *out,
    size_t n)
{
	memset(out, 0, n);
	if (off < len)
		memcpy(out, data + off, len - off < n ? len - off : n);
}

uint64_t
pprint_get_uint(const unsigned char *data, size_t len, size_t off,
    size_t size)
{
	uint8_t u8; uint16_t u16; uint32_t u32; uint64_t u64;

	switch (size) {
	case 1: pprint_get(data, len, off, &u8, 1); return u8;
	case 2: pprint_get(data, len, off, &u16, 2); return u16;
	case 4: pprint_get(data, len, off, &u32, 4); return u32;
	default: pprint_get(data, len, off, &u64, 8); return u64;
	}
}

static void
get(const pp_t *s, size_t off, void *out, size_t n)
{
	pprint_get(s->data, s->len, off, out, n);
}

static uint64_t
get_uint(const pp_t *s, size_t off, size_t size)
{
	return pprint_get_uint(s->data, s->len, off, size);
}

static int
structlike(const d_ptype_t *t)
{
	return t != NULL && (t->kind == D_PT_STRUCT || t->kind == D_PT_UNION);
}

static int
is_char(const d_ptype_t *t)
{
	return t != NULL && t->kind == D_PT_INT && t->size == 1 && t->is_signed;
}

static int
c_isprint(unsigned char c)
{
	return c >= 0x20 && c <= 0x7e;
}

static void
indent(pp_t *s, int n)
{
	fprintf(s->fp, "%*s", n * 4, "");
}

/* Close the structs the walk leaves when it goes back up to `depth`. */
static void
close_braces(pp_t *s, int depth)
{
	int d;

	for (d = s->depth; d > depth; d--) {
		indent(s, d + s->nest - 1);
		fputs(d == depth + 1 ? "}" : "}\n", s->fp);
	}
}

static void
print_hex(pp_t *s, size_t off, size_t size)
{
	if (size == 1 || size == 2 || size == 4 || size == 8)
		fprintf(s->fp, "%#llx", (unsigned long long)get_uint(s, off,
		    size));
	else
		fprintf(s->fp, "<invalid size %u>", (unsigned)size);
}

static void member(pp_t *s, const char *name, const d_ptype_t *t,
    size_t off, int bits, int bitoff, int depth);

static void
print_array(pp_t *s, const d_ptype_t *t, const d_ptype_t *elem,
    uint32_t nelems, size_t off)
{
	size_t esize = elem != NULL ? elem->size : 1;
	int isstring = 0;
	uint32_t i;

	if (elem == NULL || is_char(elem)) {
		unsigned char c = 0;

		for (i = 0; i < nelems; i++) {
			get(s, off + i * esize, &c, 1);
			if (!c_isprint(c) || c == '\0')
				break;
		}
		isstring = i != nelems && c == '\0';
	}
	(void)t;
	/* a top-level string shows without brackets: string "foo" */
	if (!isstring || s->depth != 0)
		fputs("[ ", s->fp);
	if (isstring) {
		fputc('"', s->fp);
		for (i = 0; i < nelems; i++) {
			unsigned char c;

			get(s, off + i * esize, &c, 1);
			if (c == '\0')
				break;
			fputc(c, s->fp);
		}
		fputc('"', s->fp);
	} else {
		for (i = 0; i < nelems; i++) {
			pp_t sub = *s;

			sub.nest += s->depth + 1;
			sub.depth = 0;
			member(&sub, "", elem, off + i * esize, 0, 0, 0);
			close_braces(&sub, 0);
			if (i != nelems - 1)
				fputs(", ", s->fp);
			else if (structlike(elem))
				fputc('\n', s->fp);
		}
	}
	if (!isstring || s->depth != 0) {
		if (structlike(elem))
			indent(s, s->depth + s->nest);
		else
			fputc(' ', s->fp);
		fputc(']', s->fp);
	}
}

static void
print_int(pp_t *s, const d_ptype_t *t, size_t off, int bits, int bitoff)
{
	if (bits > 0) {
		uint64_t v = get_uint(s, off, 8) >> (bitoff & 63);

		if (bits < 64)
			v &= (1ULL << bits) - 1;
		fprintf(s->fp, "%#llx", (unsigned long long)v);
		return;
	}
	if (is_char(t)) {
		char c;

		get(s, off, &c, 1);
		if (c_isprint((unsigned char)c))
			fprintf(s->fp, "'%c'", c);
		else if (c == '\0')
			fputs("'\\0'", s->fp);
		else    /* a signed char promotes: '\37777777600' for -128 */
			fprintf(s->fp, "'\\%03o'", (unsigned)(int)c);
		return;
	}
	print_hex(s, off, t->size);
}

static void
print_float(pp_t *s, const d_ptype_t *t, size_t off)
{
	if (t->size == sizeof(float)) {
		float f;

		get(s, off, &f, sizeof(f));
		fprintf(s->fp, "%+.7e", f);
	} else if (t->size == sizeof(double)) {
		double d;

		get(s, off, &d, sizeof(d));
		fprintf(s->fp, "%+.7e", d);
	} else if (t->size == sizeof(long double)) {
		long double d;

		get(s, off, &d, sizeof(d));
		fprintf(s->fp, "%+.16LE", d);
	} else {
		fputs("<unknown encoding>", s->fp);
	}
}

static void
print_enum(pp_t *s, const d_ptype_t *t, size_t off)
{
	int64_t v = (int64_t)get_uint(s, off, t->size);
	int i;

	if (t->size == 4)
		v = (int32_t)v;
	for (i = 0; i < t->nenums; i++) {
		if (t->enums[i].value == v) {
			fputs(t->enums[i].name, s->fp);
			return;
		}
	}
	fprintf(s->fp, "%lld", (long long)v);
}

/* One step of the walk: the line (or array element) of one value. */
static void
member(pp_t *s, const char *name, const d_ptype_t *t, size_t off, int bits,
    int bitoff, int depth)
{
	int arraymember, brief, i;
	const char *tn;
	size_t tl;

	close_braces(s, depth);
	if (depth < s->depth)
		fputc('\n', s->fp);
	s->depth = depth;
	if (t == NULL) {
		indent(s, s->depth + s->nest);
		fprintf(s->fp, "%s = <invalid type>\n", name);
		return;
	}
	arraymember = s->nest != 0 && depth == 0;
	brief = arraymember && !structlike(t);
	if (!brief) {
		if (arraymember)
			fputc('\n', s->fp);
		indent(s, depth + s->nest);
		tn = t->name != NULL ? t->name : "";
		tl = strlen(tn);
		/* an anonymous struct is named "struct " by DTrace */
		if (tl >= 6 && strcmp(tn + tl - 6, "<anon>") == 0)
			tl -= 6;
		fwrite(tn, 1, tl, s->fp);
		if (name[0] != '\0') {
			/* "char *p", and no double blank after "union " */
			if (tl == 0 || (tn[tl - 1] != '*' && tn[tl - 1] != ' '))
				fputc(' ', s->fp);
			fputs(name, s->fp);
			if (t->kind == D_PT_INT && bits > 0)
				fprintf(s->fp, " :%d", bits);
			fputs(" =", s->fp);
		}
		fputc(' ', s->fp);
	}
	switch (t->kind) {
	case D_PT_INT:
		print_int(s, t, off, bits, bitoff);
		break;
	case D_PT_FLOAT:
		print_float(s, t, off);
		break;
	case D_PT_ARRAY:
		print_array(s, t, t->elem, t->nelems, off);
		break;
	case D_PT_STRING:
		print_array(s, t, NULL, t->size, off);
		break;
	case D_PT_STRUCT:
	case D_PT_UNION:
		fputc('{', s->fp);
		break;
	case D_PT_ENUM:
		print_enum(s, t, off);
		break;
	case D_PT_PTR:
	case D_PT_OTHER:
	default:
		print_hex(s, off, t->size);
		break;
	}
	if (!brief)
		fputc('\n', s->fp);
	if (structlike(t))
		for (i = 0; i < t->nmembers; i++)
			member(s, t->members[i].name ? t->members[i].name : "",
			    t->members[i].type, off + t->members[i].off,
			    t->members[i].bits, t->members[i].bitoff,
			    depth + 1);
}

void
pprint_value(FILE *fp, const d_ptype_t *t, const void *data, size_t len)
{
	pp_t s = { fp, data, len, 0, 0 };

	member(&s, "", t, 0, 0, 0, 0);
	close_braces(&s, 0);
}
