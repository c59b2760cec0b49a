/*
 * printf.c — D's printf formats: the conversion grammar, its compile-time
 * type checks with DTrace's messages, and printing one set of records.
 *
 * Owns: struct pfmt and the conversion dictionary below. Must not: know
 * about D types beyond pfmt_arg_t, or about DIF; allocate while printing
 * (pfmt_format runs for every printf record the consumer drains).
 * Invariant: a format that passed pfmt_check consumes its records in the
 * order the compiler emitted them: for each conversion, its `*` width, its
 * `.*` precision, then its value; `%%` consumes none.
 */
#include <arpa/inet.h>
#include <netdb.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wchar.h>

#include "consumer/printf.h"
#include "consumer/symfmt.h"

/* Conversion flags, as written in the format. */
#define PF_ALT      0x001   /* # */
#define PF_ZPAD     0x002   /* 0 */
#define PF_LEFT     0x004   /* - */
#define PF_SPOS     0x008   /* + */
#define PF_GROUP    0x010   /* ' */
#define PF_SPACE    0x020   /* blank */
#define PF_DYNWIDTH 0x040   /* * */
#define PF_DYNPREC  0x080   /* .* */
#define PF_AGG      0x100   /* @ */

/* How an argument is accepted (compile time). */
enum pf_check {
	CK_XINT, CK_DINT, CK_CSI, CK_FP, CK_ADDR, CK_UADDR, CK_STACK,
	CK_TIME, CK_STR, CK_WSTR, CK_XSHORT, CK_XLONG, CK_XLL, CK_TYPE,
	CK_PCT
};

/* How a record is printed (run time). */
enum pf_print {
	PR_SINT, PR_UINT, PR_DINT, PR_FP, PR_ADDR, PR_UADDR, PR_STACK,
	PR_TIME, PR_TIME822, PR_PORT, PR_INET, PR_CSTR, PR_ESTR, PR_ECHR,
	PR_WSTR, PR_WCHAR, PR_PCT
};

typedef struct pf_convdef {
	const char *name;   /* as written after the flags: "d", "hx", "llu" */
	const char *ofmt;   /* C conversion used to print (without "ll") */
	const char *proto;  /* the prototype DTrace names in type errors */
	uint8_t check, print;
	int8_t rank;        /* CK_TYPE: required rank (0: never matches) */
	int8_t sign;        /* CK_TYPE: 1 signed, 0 unsigned */
} pf_convdef_t;

static const char P_XINT[] = "char, short, int, long, or long long";
static const char P_CSI[] = "char, short, or int";
static const char P_FP[] = "float, double, or long double";
static const char P_ADDR[] = "pointer or integer";
static const char P_UADDR[] =
    "pointer or integer (with -p/-c) or _usymaddr (without -p/-c)";
static const char P_CSTR[] = "char [] or string (or use stringof)";
static const char P_WSTR[] = "wchar_t []";

static const pf_convdef_t pf_convs[] = {
	{ "a",   "s", P_ADDR,  CK_ADDR,  PR_ADDR,  0, 0 },
	{ "A",   "s", P_UADDR, CK_UADDR, PR_UADDR, 0, 0 },
	{ "c",   "c", P_CSI,   CK_CSI,   PR_SINT,  0, 0 },
	{ "C",   "s", P_CSI,   CK_CSI,   PR_ECHR,  0, 0 },
	{ "d",   "d", P_XINT,  CK_DINT,  PR_DINT,  0, 0 },
	{ "e",   "e", P_FP,    CK_FP,    PR_FP,    0, 0 },
	{ "E",   "E", P_FP,    CK_FP,    PR_FP,    0, 0 },
	{ "f",   "f", P_FP,    CK_FP,    PR_FP,    0, 0 },
	{ "g",   "g", P_FP,    CK_FP,    PR_FP,    0, 0 },
	{ "G",   "G", P_FP,    CK_FP,    PR_FP,    0, 0 },
	{ "hhd", "d", "char",  CK_TYPE,  PR_SINT,  1, 1 },
	{ "hhi", "i", "char",  CK_TYPE,  PR_SINT,  1, 1 },
	{ "hho", "o", "unsigned char", CK_TYPE, PR_UINT, 1, 0 },
	{ "hhu", "u", "unsigned char", CK_TYPE, PR_UINT, 1, 0 },
	{ "hhx", "x", "char",  CK_TYPE,  PR_UINT,  1, -1 },
	{ "hhX", "X", "char",  CK_TYPE,  PR_UINT,  1, -1 },
	{ "hd",  "d", "short", CK_TYPE,  PR_SINT,  2, 1 },
	{ "hi",  "i", "short", CK_TYPE,  PR_SINT,  2, 1 },
	{ "ho",  "o", "unsigned short", CK_TYPE, PR_UINT, 2, 0 },
	{ "hu",  "u", "unsigned short", CK_TYPE, PR_UINT, 2, 0 },
	{ "hx",  "x", "short", CK_XSHORT, PR_UINT, 0, 0 },
	{ "hX",  "X", "short", CK_XSHORT, PR_UINT, 0, 0 },
	{ "i",   "i", P_XINT,  CK_XINT,  PR_SINT,  0, 0 },
	{ "I",   "s", P_CSTR,  CK_STR,   PR_INET,  0, 0 },
	{ "k",   "s", "stack", CK_STACK, PR_STACK, 0, 0 },
	{ "lc",  "lc", "int",  CK_TYPE,  PR_WCHAR, 3, 1 },
	{ "ld",  "d", "long",  CK_TYPE,  PR_SINT,  4, 1 },
	{ "li",  "i", "long",  CK_TYPE,  PR_SINT,  4, 1 },
	{ "lo",  "o", "unsigned long", CK_TYPE, PR_UINT, 4, 0 },
	{ "lu",  "u", "unsigned long", CK_TYPE, PR_UINT, 4, 0 },
	{ "ls",  "ls", P_WSTR, CK_WSTR,  PR_WSTR,  0, 0 },
	{ "lx",  "x", "long",  CK_XLONG, PR_UINT,  0, 0 },
	{ "lX",  "X", "long",  CK_XLONG, PR_UINT,  0, 0 },
	{ "lld", "d", "long long", CK_TYPE, PR_SINT, 5, 1 },
	{ "lli", "i", "long long", CK_TYPE, PR_SINT, 5, 1 },
	{ "llo", "o", "unsigned long long", CK_TYPE, PR_UINT, 5, 0 },
	{ "llu", "u", "unsigned long long", CK_TYPE, PR_UINT, 5, 0 },
	{ "llx", "x", "long long", CK_XLL, PR_UINT, 0, 0 },
	{ "llX", "X", "long long", CK_XLL, PR_UINT, 0, 0 },
	{ "Le",  "e", "long double", CK_TYPE, PR_FP, 0, 0 },
	{ "LE",  "E", "long double", CK_TYPE, PR_FP, 0, 0 },
	{ "Lf",  "f", "long double", CK_TYPE, PR_FP, 0, 0 },
	{ "Lg",  "g", "long double", CK_TYPE, PR_FP, 0, 0 },
	{ "LG",  "G", "long double", CK_TYPE, PR_FP, 0, 0 },
	{ "o",   "o", P_XINT,  CK_XINT,  PR_UINT,  0, 0 },
	{ "p",   "x", P_ADDR,  CK_ADDR,  PR_UINT,  0, 0 },
	{ "P",   "s", "uint16_t", CK_TYPE, PR_PORT, 2, 0 },
	{ "s",   "s", P_CSTR,  CK_STR,   PR_CSTR,  0, 0 },
	{ "S",   "s", P_CSTR,  CK_STR,   PR_ESTR,  0, 0 },
	{ "T",   "s", "int64_t", CK_TIME, PR_TIME822, 0, 0 },
	{ "u",   "u", P_XINT,  CK_XINT,  PR_UINT,  0, 0 },
	{ "wc",  "lc", "int",  CK_TYPE,  PR_WCHAR, 3, 1 },
	{ "ws",  "ls", P_WSTR, CK_WSTR,  PR_WSTR,  0, 0 },
	{ "x",   "x", P_XINT,  CK_XINT,  PR_UINT,  0, 0 },
	{ "X",   "X", P_XINT,  CK_XINT,  PR_UINT,  0, 0 },
	{ "Y",   "s", "int64_t", CK_TIME, PR_TIME, 0, 0 },
	{ "%",   "%", "void",  CK_PCT,   PR_PCT,   0, 0 },
};

/* One piece of the format: literal text, then (unless def is NULL) a conversion. */
typedef struct pf_piece {
	const char *prefix;
	size_t preflen;
	const pf_convdef_t *def;
	unsigned flags;
	int width, prec;
} pf_piece_t;

struct pfmt {
	char *text;          /* owned copy of the format; prefixes point into it */
	pf_piece_t *pieces;
	int npieces;
	int is_printa;       /* %@ allowed, no exact argument count */
	char func[16];
};

static const pf_convdef_t *
conv_lookup(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(pf_convs) / sizeof(pf_convs[0]); i++)
		if (strcmp(pf_convs[i].name, name) == 0)
			return &pf_convs[i];
	return NULL;
}

static void
set_err(char *tag, size_t taglen, const char *t, char *msg, size_t msglen,
    const char *fmt, ...) __attribute__((format(printf, 6, 7)));

static void
set_err(char *tag, size_t taglen, const char *t, char *msg, size_t msglen,
    const char *fmt, ...)
{
	va_list ap;

	if (tag != NULL && taglen > 0)
		snprintf(tag, taglen, "%s", t);
	if (msg != NULL && msglen > 0) {
		va_start(ap, fmt);
		vsnprintf(msg, msglen, fmt, ap);
		va_end(ap);
	}
}

void
pfmt_free(pfmt_t *f)
{
	if (f == NULL)
		return;
	free(f->pieces);
	free(f->text);
	free(f);
}

/*
 * Errors of the conversion grammar are tagged D_SYNTAX: DTrace reports
 * them through yywarn(), which sets that tag.
 */
pfmt_t *
pfmt_parse(const char *fmt, const char *func, char *tag, size_t taglen,
    char *msg, size_t msglen)
{
	pfmt_t *f;
	const char *p, *q;
	size_t npct = 0;
	int n = 0;

	if (func == NULL)
		func = "printf";
	if (fmt == NULL || fmt[0] == '\0') {
		set_err(tag, taglen, "D_PRINTF_FMT_EMPTY", msg, msglen,
		    "%s( ) format string is empty", func);
		return NULL;
	}
	for (p = fmt; *p; p++)
		npct += *p == '%';
	if ((f = calloc(1, sizeof(*f))) == NULL ||
	    (f->text = strdup(fmt)) == NULL ||
	    (f->pieces = calloc(npct + 1, sizeof(pf_piece_t))) == NULL) {
		pfmt_free(f);
		set_err(tag, taglen, "D_NOMEM", msg, msglen, "out of memory");
		return NULL;
	}
	snprintf(f->func, sizeof(f->func), "%s", func);
	f->is_printa = strcmp(func, "printa") == 0;

	for (q = f->text; (p = strchr(q, '%')) != NULL; q = *p ? p + 1 : p) {
		pf_piece_t *pc = &f->pieces[f->npieces++];
		char name[8];
		size_t namelen = 0;
		int digits = 0, dot = 0;
		char c;

		n++;
		pc->prefix = q;
		pc->preflen = (size_t)(p - q);
		for (;;) {
			c = *++p;
			if (c >= '0' && c <= '9') {
				int v = 0;

				/* a leading 0 is a flag and cancels an earlier '-' */
				if (!dot && !digits && c == '0') {
					pc->flags |= PF_ZPAD;
					pc->flags &= ~PF_LEFT;
					continue;
				}
				for (; c >= '0' && c <= '9'; c = *++p)
					if (v < 100000)
						v = v * 10 + (c - '0');
				p--;
				if (dot)
					pc->prec = v;
				else
					pc->width = v;
				digits++;
				continue;
			}
			switch (c) {
			case '#': pc->flags |= PF_ALT; continue;
			case '+': pc->flags |= PF_SPOS; continue;
			case '\'': pc->flags |= PF_GROUP; continue;
			case ' ': pc->flags |= PF_SPACE; continue;
			case '@': pc->flags |= PF_AGG; continue;
			case '?': pc->width = 16; continue;
			case '-':
				pc->flags |= PF_LEFT;
				pc->flags &= ~PF_ZPAD;
				continue;
			case '*': {
				unsigned b = dot ? PF_DYNPREC : PF_DYNWIDTH;

				if (pc->flags & b) {
					/* DTrace names "precision" for either */
					set_err(tag, taglen, "D_SYNTAX", msg, msglen,
					    "format conversion #%d has more "
					    "than one '*' specified for the "
					    "output precision", n);
					goto fail;
				}
				pc->flags |= b;
				continue;
			}
			case '.':
				if (dot++ != 0) {
					set_err(tag, taglen, "D_SYNTAX", msg, msglen,
					    "format conversion #%d has more "
					    "than one '.' specified", n);
					goto fail;
				}
				digits = 0;
				continue;
			case '$':
				set_err(tag, taglen, "D_SYNTAX", msg, msglen,
				    "format conversion #%d uses unsupported "
				    "positional format (%%n$)", n);
				goto fail;
			case '\0':
				set_err(tag, taglen, "D_SYNTAX", msg, msglen,
				    "format conversion #%d name expected "
				    "before end of format string", n);
				goto fail;
			case 'h': case 'l': case 'L': case 'w':
				if (namelen < sizeof(name) - 2)
					name[namelen++] = c;
				continue;
			case '%':
				if (p[-1] != '%') {
					set_err(tag, taglen, "D_SYNTAX", msg, msglen,
					    "format conversion #%d cannot be "
					    "combined with other format flags: "
					    "%%%%", n);
					goto fail;
				}
				break;
			default:
				break;
			}
			break;
		}
		name[namelen++] = c;
		name[namelen] = '\0';
		if ((pc->def = conv_lookup(name)) == NULL) {
			set_err(tag, taglen, "D_SYNTAX", msg, msglen,
			    "format conversion #%d is undefined: %%%s", n, name);
			goto fail;
		}
	}
	if (*q != '\0') {
		pf_piece_t *pc = &f->pieces[f->npieces++];

		pc->prefix = q;
		pc->preflen = strlen(q);
	}
	return f;
fail:
	pfmt_free(f);
	return NULL;
}

static int
arg_accepts(const pf_convdef_t *d, const pfmt_arg_t *a)
{
	int is_int = a->kind == PF_A_INT;

	switch (d->check) {
	case CK_XINT:
	case CK_DINT:  return is_int;
	case CK_CSI:   return is_int && a->size <= 4;
	case CK_FP:    return a->kind == PF_A_FLOAT;
	case CK_ADDR:
	case CK_UADDR: return is_int || a->kind == PF_A_PTR;
	case CK_STACK: return a->kind == PF_A_STACK;
	case CK_TIME:  return is_int && a->size == 8;
	case CK_STR:
		return a->kind == PF_A_STRING || a->kind == PF_A_CHARARRAY;
	case CK_WSTR:  return 0;   /* D has no wchar_t arrays here */
	case CK_XSHORT: return is_int && a->rank == 2;
	case CK_XLONG: return is_int && a->rank == 4;
	case CK_XLL:   return is_int && (a->rank == 5 || a->is_int64_name);
	case CK_TYPE:
		if (!is_int || d->rank == 0)
			return 0;
		if (d->sign >= 0 && (a->is_signed != 0) != (d->sign != 0))
			return 0;
		/* [u]int64_t are long in LP64 but %ll? accepts them */
		return a->rank == d->rank || (d->rank == 5 && a->is_int64_name);
	case CK_PCT:   return 1;
	}
	return 0;
}

static const char *
arg_name(const pfmt_arg_t *a)
{
	return a->name != NULL ? a->name : "?";
}

int
pfmt_check(pfmt_t *f, const pfmt_arg_t *args, int nargs, char *tag,
    size_t taglen, char *msg, size_t msglen)
{
	static const pfmt_arg_t aggarg = {
		PF_A_INT, 8, 1, 4, 1, "int64_t"
	};
	const char *func = f->func;
	int i, j = 0;

	for (i = 0; i < f->npieces; i++) {
		const pf_piece_t *pc = &f->pieces[i];
		const pf_convdef_t *d = pc->def;
		const pfmt_arg_t *a;
		char vname[32];
		int k;

		if (d == NULL || d->check == CK_PCT)
			continue;
		for (k = 0; k < 2; k++) {
			unsigned b = k == 0 ? PF_DYNWIDTH : PF_DYNPREC;
			const char *dyn = k == 0 ? "*" : ".*";

			if (!(pc->flags & b))
				continue;
			if (j >= nargs) {
				set_err(tag, taglen, "D_PRINTF_DYN_PROTO", msg,
				    msglen, "%s( ) prototype mismatch: "
				    "conversion #%d (%%%s) is missing a "
				    "corresponding \"%s\" argument", func,
				    i + 1, d->name, dyn);
				return -1;
			}
			if (args[j].kind != PF_A_INT) {
				set_err(tag, taglen, "D_PRINTF_DYN_TYPE", msg,
				    msglen, "%s( ) argument #%d is "
				    "incompatible with conversion #%d "
				    "prototype:\n\tconversion: %% %s %s\n"
				    "\t prototype: int\n\t  argument: %s",
				    func, j + 2, i + 1, dyn, d->name,
				    arg_name(&args[j]));
				return -1;
			}
			j++;
		}
		if (pc->flags & PF_AGG) {
			if (!f->is_printa) {
				set_err(tag, taglen, "D_PRINTF_AGG_CONV", msg,
				    msglen, "%%@ conversion requires an "
				    "aggregation and is not for use with "
				    "%s( )", func);
				return -1;
			}
			snprintf(vname, sizeof(vname), "aggregating action");
			a = &aggarg;
		} else if (j >= nargs) {
			set_err(tag, taglen, "D_PRINTF_ARG_PROTO", msg, msglen,
			    "%s( ) prototype mismatch: conversion #%d (%%%s) "
			    "is missing a corresponding value argument",
			    func, i + 1, d->name);
			return -1;
		} else {
			snprintf(vname, sizeof(vname), "argument #%d", j + 2);
			a = &args[j++];
		}
		if (!arg_accepts(d, a)) {
			set_err(tag, taglen, "D_PRINTF_ARG_TYPE", msg, msglen,
			    "%s( ) %s is incompatible with conversion #%d "
			    "prototype:\n\tconversion: %%%s\n\t prototype: "
			    "%s\n\t  argument: %s", func, vname, i + 1,
			    d->name, d->proto, arg_name(a));
			return -1;
		}
	}
	if (!f->is_printa && j < nargs) {
		set_err(tag, taglen, "D_PRINTF_ARG_EXTRA", msg, msglen,
		    "%s( ) prototype mismatch: only %d arguments required "
		    "by this format string", func, j);
		return -1;
	}
	return 0;
}

/* ---- print time ---- */

static uint64_t
rec_uint(const d_recdesc_t *d, const void *p)
{
	uint8_t u8; uint16_t u16; uint32_t u32; uint64_t u64 = 0;

	switch (d->size) {
	case 1: memcpy(&u8, p, 1); return u8;
	case 2: memcpy(&u16, p, 2); return u16;
	case 4: memcpy(&u32, p, 4); return u32;
	default: memcpy(&u64, p, d->size < 8 ? d->size : 8); return u64;
	}
}

static int64_t
rec_sint(const d_recdesc_t *d, const void *p)
{
	uint64_t u = rec_uint(d, p);

	switch (d->size) {
	case 1: return (int8_t)u;
	case 2: return (int16_t)u;
	case 4: return (int32_t)u;
	default: return (int64_t)u;
	}
}

/* The printf(3) flags, width and precision of a piece, after the '%'. */
static char *
put_spec(char *f, const pf_piece_t *pc, int width, int prec, int nogroup)
{
	if (pc->flags & PF_ALT)
		*f++ = '#';
	if (pc->flags & PF_ZPAD)
		*f++ = '0';
	if (width < 0 || (pc->flags & PF_LEFT))
		*f++ = '-';
	if (pc->flags & PF_SPOS)
		*f++ = '+';
	if ((pc->flags & PF_GROUP) && !nogroup)
		*f++ = '\'';
	if (pc->flags & PF_SPACE)
		*f++ = ' ';
	if (width != 0)
		f += sprintf(f, "%d", width < 0 ? -width : width);
	if (prec > 0)
		f += sprintf(f, ".%d", prec);
	*f = '\0';
	return f;
}

/* Print str through the piece's flags, width and precision as %s. */
static int
print_str(FILE *fp, const pf_piece_t *pc, int width, int prec,
    const char *s, size_t len)
{
	char fmt[64] = "%";
	char *f;

	if (prec > 0 && (size_t)prec < len)
		len = (size_t)prec;
	f = put_spec(fmt + 1, pc, width, 0, 1);
	strcpy(f, ".*s");
	return fprintf(fp, fmt, (int)len, s) < 0 ? -1 : 0;
}

/* Pad `body` (already converted) to width, as printf would. */
static int
emit_padded(FILE *fp, const pf_piece_t *pc, int width, int prec,
    const char *body, size_t len)
{
	int left = width < 0 || (pc->flags & PF_LEFT);
	size_t w = (size_t)(width < 0 ? -width : width);
	size_t pad = w > len ? w - len : 0;
	size_t i, sign = 0;

	if (!left && (pc->flags & PF_ZPAD) && prec <= 0 && pad) {
		/* zeros go after the sign */
		if (len > 0 && (body[0] == '-' || body[0] == '+' ||
		    body[0] == ' '))
			sign = 1;
		if (fwrite(body, 1, sign, fp) != sign)
			return -1;
		for (i = 0; i < pad; i++)
			fputc('0', fp);
		pad = 0;
	} else if (!left) {
		for (i = 0; i < pad; i++)
			fputc(' ', fp);
		pad = 0;
	}
	if (fwrite(body + sign, 1, len - sign, fp) != len - sign)
		return -1;
	for (i = 0; i < pad; i++)
		fputc(' ', fp);
	return 0;
}

/*
 * %'d: the C locale has no grouping, and DTrace's output should not
 * depend on the environment, so thousands are grouped here with ','.
 */
static int
print_grouped(FILE *fp, const pf_piece_t *pc, int width, int prec,
    const char *ofmt, int is64, int64_t sv, uint64_t uv, int is_signed)
{
	char fmt[64] = "%", num[64], out[96];
	char *f = fmt + 1;
	size_t i, n, o = 0, ndig, start;

	if (pc->flags & PF_SPOS)
		*f++ = '+';
	if (pc->flags & PF_SPACE)
		*f++ = ' ';
	if (prec > 0)
		f += sprintf(f, ".%d", prec);
	if (is64)
		f += sprintf(f, "ll");
	strcpy(f, ofmt);
	if (is_signed) {
		if (is64)
			snprintf(num, sizeof(num), fmt, (long long)sv);
		else
			snprintf(num, sizeof(num), fmt, (int)sv);
	} else {
		if (is64)
			snprintf(num, sizeof(num), fmt, (unsigned long long)uv);
		else
			snprintf(num, sizeof(num), fmt, (unsigned)uv);
	}
	n = strlen(num);
	start = 0;
	while (start < n && (num[start] < '0' || num[start] > '9'))
		out[o++] = num[start++];
	ndig = n - start;
	for (i = start; i < n; i++) {
		out[o++] = num[i];
		ndig--;
		if (ndig > 0 && ndig % 3 == 0)
			out[o++] = ',';
	}
	out[o] = '\0';
	return emit_padded(fp, pc, width, prec, out, o);
}

static int
print_int(FILE *fp, const pf_piece_t *pc, int width, int prec,
    const char *ofmt, const d_recdesc_t *d, const void *data, int is_signed)
{
	char fmt[64] = "%";
	char *f;
	int is64 = d->size == 8;
	int64_t sv = rec_sint(d, data);
	uint64_t uv = rec_uint(d, data);
	int grouped = (pc->flags & PF_GROUP) && strchr("diu", ofmt[0]) &&
	    ofmt[1] == '\0';

	if (grouped)
		return print_grouped(fp, pc, width, prec, ofmt, is64, sv, uv,
		    is_signed);
	f = put_spec(fmt + 1, pc, width, prec, 1);
	if (is64)
		f += sprintf(f, "ll");
	strcpy(f, ofmt);
	if (is_signed) {
		if (is64)
			return fprintf(fp, fmt, (long long)sv) < 0 ? -1 : 0;
		return fprintf(fp, fmt, (int)sv) < 0 ? -1 : 0;
	}
	if (is64)
		return fprintf(fp, fmt, (unsigned long long)uv) < 0 ? -1 : 0;
	return fprintf(fp, fmt, (unsigned)(uint32_t)uv) < 0 ? -1 : 0;
}

/* D records carry no floats; an integer record is printed as its value. */
static int
print_fp(FILE *fp, const pf_piece_t *pc, int width, int prec,
    const char *ofmt, const d_recdesc_t *d, const void *data)
{
	char fmt[64] = "%";
	char *f;
	double v;
	int is_float_type = d->type_name != NULL &&
	    (strcmp(d->type_name, "double") == 0 ||
	    strcmp(d->type_name, "float") == 0);

	if (is_float_type && d->size == sizeof(double)) {
		memcpy(&v, data, sizeof(v));
	} else if (is_float_type && d->size == sizeof(float)) {
		float fv;

		memcpy(&fv, data, sizeof(fv));
		v = fv;
	} else if (d->is_signed) {
		v = (double)rec_sint(d, data);
	} else {
		v = (double)rec_uint(d, data);
	}
	f = put_spec(fmt + 1, pc, width, prec, 0);
	strcpy(f, ofmt);
	return fprintf(fp, fmt, v) < 0 ? -1 : 0;
}

/* %S: the escapes of D-REFERENCE §5, padded to width. */
static size_t
esc_char(unsigned char c, char out[5])
{
	static const char from[] = "\\\"\a\b\f\n\r\t\v";
	static const char to[] = "\\\"abfnrtv";
	const char *p;

	if (c == '\0') {
		memcpy(out, "\\0", 2);
		return 2;
	}
	if ((p = memchr(from, c, sizeof(from) - 1)) != NULL) {
		out[0] = '\\';
		out[1] = to[p - from];
		return 2;
	}
	if (c == ' ' || (c >= '!' && c <= '~')) {
		out[0] = (char)c;
		return 1;
	}
	return (size_t)snprintf(out, 5, "\\%03o", c);
}

static int
print_escaped(FILE *fp, const pf_piece_t *pc, int width, int prec,
    const char *s, size_t len)
{
	int left = width < 0 || (pc->flags & PF_LEFT);
	size_t w = (size_t)(width < 0 ? -width : width);
	size_t total = 0, i, shown, pad;
	char e[5];

	for (i = 0; i < len; i++)
		total += esc_char((unsigned char)s[i], e);
	shown = prec > 0 && (size_t)prec < total ? (size_t)prec : total;
	pad = w > shown ? w - shown : 0;
	if (!left)
		for (i = 0; i < pad; i++)
			fputc(' ', fp);
	for (i = 0; i < len && shown > 0; i++) {
		size_t n = esc_char((unsigned char)s[i], e);

		if (n > shown)
			n = shown;
		fwrite(e, 1, n, fp);
		shown -= n;
	}
	if (left)
		for (i = 0; i < pad; i++)
			fputc(' ', fp);
	return ferror(fp) ? -1 : 0;
}

static const char *const mon_names[] = {
	"Jan", "Feb", "Mar", "Apr", "May", "Jun",
	"Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
};
static const char *const day_names[] = {
	"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"
};

/* %Y: ctime(3)'s fields, year first: "2024 Jan  5 09:03:07". */
static void
fmt_time(uint64_t ns, char *buf, size_t len)
{
	time_t sec = (time_t)(ns / 1000000000ULL);
	struct tm tm;

	if (localtime_r(&sec, &tm) == NULL) {
		snprintf(buf, len, "%llu", (unsigned long long)sec);
		return;
	}
	snprintf(buf, len, "%d %s %2d %02d:%02d:%02d", tm.tm_year + 1900,
	    mon_names[tm.tm_mon % 12], tm.tm_mday, tm.tm_hour, tm.tm_min,
	    tm.tm_sec);
}

/*
 * %T: RFC 822 style. DTrace formats the year with strftime's %G (the ISO
 * week-based year), which differs from the calendar year around New Year;
 * kept for byte compatibility.
 */
static void
fmt_time822(uint64_t ns, char *buf, size_t len)
{
	time_t sec = (time_t)(ns / 1000000000ULL);
	struct tm tm;
	char year[16];

	if (localtime_r(&sec, &tm) == NULL) {
		snprintf(buf, len, "%llu", (unsigned long long)sec);
		return;
	}
	if (strftime(year, sizeof(year), "%G", &tm) == 0)
		snprintf(year, sizeof(year), "%d", tm.tm_year + 1900);
	snprintf(buf, len, "%s, %02d %s %s %02d:%02d:%02d %s",
	    day_names[tm.tm_wday % 7], tm.tm_mday, mon_names[tm.tm_mon % 12],
	    year, tm.tm_hour, tm.tm_min, tm.tm_sec,
	    tm.tm_zone != NULL ? tm.tm_zone : "");
}

/*
 * printf and printa alike: conversions take descs/data in order, except
 * that printa's %@ conversions take vals in order (the last repeats).
 */
static int
format_common(FILE *fp, const pfmt_t *f, const d_recdesc_t *const *descs,
    const void *const *data, int nargs, const pfmt_aggval_t *vals,
    int nvals, const udt_opts_t *opts)
{
	int i, ai = 0, vi = 0;
	d_recdesc_t aggdesc;

	for (i = 0; i < f->npieces; i++) {
		const pf_piece_t *pc = &f->pieces[i];
		const pf_convdef_t *d = pc->def;
		const d_recdesc_t *rd;
		const void *rp;
		int width = pc->width, prec = pc->prec, rc = 0;
		char buf[128];

		if (pc->preflen != 0 &&
		    fwrite(pc->prefix, 1, pc->preflen, fp) != pc->preflen)
			return -1;
		if (d == NULL)
			continue;
		if (d->print == PR_PCT) {
			if (fputc('%', fp) == EOF)
				return -1;
			continue;
		}
		if (pc->flags & PF_DYNWIDTH) {
			if (ai >= nargs)
				return -1;
			width = (int)rec_sint(descs[ai], data[ai]);
			ai++;
		}
		if (pc->flags & PF_DYNPREC) {
			if (ai >= nargs)
				return -1;
			prec = (int)rec_sint(descs[ai], data[ai]);
			ai++;
		}
		if ((pc->flags & PF_AGG) && vals != NULL) {
			const pfmt_aggval_t *v;

			if (nvals <= 0)
				return -1;
			v = &vals[vi < nvals ? vi : nvals - 1];
			vi++;
			if (v->print != NULL) {
				v->print(fp, v->arg);
				continue;
			}
			memset(&aggdesc, 0, sizeof(aggdesc));
			aggdesc.type = D_RT_INT;
			aggdesc.size = 8;
			aggdesc.is_signed = (uint8_t)v->is_signed;
			rd = &aggdesc;
			rp = &v->value;
		} else {
			if (ai >= nargs)
				return -1;
			rd = descs[ai];
			rp = data[ai];
			ai++;
		}

		switch (d->print) {
		case PR_SINT:
			rc = print_int(fp, pc, width, prec, d->ofmt, rd, rp, 1);
			break;
		case PR_UINT:
			rc = print_int(fp, pc, width, prec, d->ofmt, rd, rp, 0);
			break;
		case PR_DINT:
			/* %d follows the argument's signedness */
			rc = print_int(fp, pc, width, prec,
			    rd->is_signed ? "i" : "u", rd, rp, rd->is_signed);
			break;
		case PR_FP:
			rc = print_fp(fp, pc, width, prec, d->ofmt, rd, rp);
			break;
		case PR_ADDR:
		case PR_UADDR: {
			/* a usym-like value carries its pid; an integer has none */
			uint64_t pid = 0, addr = rec_uint(rd, rp);

			if ((rd->type == D_RT_USYM || rd->type == D_RT_UADDR ||
			    rd->type == D_RT_UMOD) && rd->size >= 16) {
				memcpy(&pid, rp, 8);
				memcpy(&addr, (const char *)rp + 8, 8);
			}
			/* pfprint_uaddr: an integer is an address in $target */
			if (pid == 0 && d->print == PR_UADDR)
				pid = (uint64_t)udt_symfmt_target;
			symfmt_addr(buf, sizeof(buf), SYMFMT_UADDR, (int)pid,
			    addr, opts);
			rc = print_str(fp, pc, width, prec, buf, strlen(buf));
			break;
		}
		case PR_STACK:
			/*
			 * %-Nk indents each frame by N (and pads it to N);
			 * %Nk right-aligns frames in N columns, unindented.
			 */
			if (rd->type == D_RT_USTACK) {
				int left = width < 0 || (pc->flags & PF_LEFT);
				int w = width < 0 ? -width : width;

				symfmt_ustack(fp, rp, rd->size, left ? w : 0,
				    left ? -w : w, opts);
			} else {
				fputc('\n', fp);   /* stack(): always empty */
			}
			break;
		case PR_TIME:
			fmt_time(rec_uint(rd, rp), buf, sizeof(buf));
			rc = print_str(fp, pc, width, prec, buf, strlen(buf));
			break;
		case PR_TIME822:
			fmt_time822(rec_uint(rd, rp), buf, sizeof(buf));
			rc = print_str(fp, pc, width, prec, buf, strlen(buf));
			break;
		case PR_PORT: {
			uint16_t port = (uint16_t)rec_uint(rd, rp);
			struct servent se, *sp = NULL;
			char sbuf[512];

			if (getservbyport_r(htons(port), NULL, &se, sbuf,
			    sizeof(sbuf), &sp) == 0 && sp != NULL)
				snprintf(buf, sizeof(buf), "%s", sp->s_name);
			else
				snprintf(buf, sizeof(buf), "%d", port);
			rc = print_str(fp, pc, width, prec, buf, strlen(buf));
			break;
		}
		case PR_INET:   /* no name lookup: the address as given */
		case PR_CSTR:
			rc = print_str(fp, pc, width, prec, (const char *)rp,
			    strnlen((const char *)rp, rd->size));
			break;
		case PR_ESTR:
			rc = print_escaped(fp, pc, width, prec,
			    (const char *)rp, strnlen((const char *)rp,
			    rd->size));
			break;
		case PR_ECHR: {
			char ch = (char)rec_sint(rd, rp);

			rc = print_escaped(fp, pc, width, prec, &ch, 1);
			break;
		}
		case PR_WCHAR: {
			char fmt[64] = "%";
			char *e = put_spec(fmt + 1, pc, width, prec, 1);

			strcpy(e, "lc");
			rc = fprintf(fp, fmt, (wint_t)rec_sint(rd, rp)) < 0 ?
			    -1 : 0;
			break;
		}
		case PR_WSTR: {
			wchar_t ws[64];
			size_t n = rd->size / sizeof(wchar_t);
			char fmt[64] = "%";
			char *e = put_spec(fmt + 1, pc, width, prec, 1);

			if (n > 63)
				n = 63;
			memcpy(ws, rp, n * sizeof(wchar_t));
			ws[n] = L'\0';
			strcpy(e, "ls");
			rc = fprintf(fp, fmt, ws) < 0 ? -1 : 0;
			break;
		}
		}
		if (rc < 0)
			return -1;
	}
	return ferror(fp) ? -1 : 0;
}

int
pfmt_format(FILE *fp, const pfmt_t *f, const d_recdesc_t *const *descs,
    const void *const *data, int nargs, const udt_opts_t *opts)
{
	return format_common(fp, f, descs, data, nargs, NULL, 0, opts);
}

int
pfmt_format_printa(FILE *fp, const pfmt_t *f,
    const d_recdesc_t *const *keys, const void *const *keydata, int nkeys,
    const pfmt_aggval_t *vals, int nvals, const udt_opts_t *opts)
{
	return format_common(fp, f, keys, keydata, nkeys, vals, nvals, opts);
}
