/*
 * test_printf.c — proves D printf formats: every conversion, flags,
 * widths and precisions, signedness by record width, and the exact
 * compile-time messages and tags of bad formats and argument lists.
 */
#include <stdlib.h>
#include <time.h>
#include "unit.h"
#include "consumer/printf.h"

/* One recorded argument: its descriptor and bytes. */
typedef struct targ {
	d_recdesc_t d;
	unsigned char buf[256];
} targ_t;

static targ_t
ival(int size, int is_signed, int64_t v)
{
	targ_t a;

	memset(&a, 0, sizeof(a));
	a.d.action = D_ACT_PRINTF_ARG;
	a.d.type = D_RT_INT;
	a.d.size = (uint32_t)size;
	a.d.is_signed = (uint8_t)is_signed;
	memcpy(a.buf, &v, (size_t)size);   /* little endian */
	return a;
}

static targ_t
sval(const char *s)
{
	targ_t a;

	memset(&a, 0, sizeof(a));
	a.d.action = D_ACT_PRINTF_ARG;
	a.d.type = D_RT_STRING;
	a.d.size = 64;
	a.d.type_name = "string";
	strncpy((char *)a.buf, s, 63);
	return a;
}

static targ_t
dval(double v)
{
	targ_t a;

	memset(&a, 0, sizeof(a));
	a.d.action = D_ACT_PRINTF_ARG;
	a.d.type = D_RT_BYTES;
	a.d.size = 8;
	a.d.type_name = "double";
	memcpy(a.buf, &v, 8);
	return a;
}

static char out[4096];

/* Parse (must succeed) and print fmt with the given records into out. */
static const char *
fmt_n(const char *fmt, targ_t *args, int n)
{
	const d_recdesc_t *descs[8];
	const void *data[8];
	char tag[64], msg[256];
	pfmt_t *f;
	FILE *fp;
	int i;

	f = pfmt_parse(fmt, "printf", tag, sizeof(tag), msg, sizeof(msg));
	if (f == NULL) {
		snprintf(out, sizeof(out), "PARSE ERROR [%s] %s", tag, msg);
		return out;
	}
	for (i = 0; i < n; i++) {
		descs[i] = &args[i].d;
		data[i] = args[i].buf;
	}
	memset(out, 0, sizeof(out));
	fp = fmemopen(out, sizeof(out) - 1, "w");
	if (pfmt_format(fp, f, descs, data, n, NULL) != 0)
		fputs("<FORMAT FAILED>", fp);
	fclose(fp);
	pfmt_free(f);
	return out;
}

static const char *
fmt_i(const char *fmt, int size, int is_signed, int64_t v)
{
	targ_t a = ival(size, is_signed, v);

	return fmt_n(fmt, &a, 1);
}

static const char *
fmt_s(const char *fmt, const char *s)
{
	targ_t a = sval(s);

	return fmt_n(fmt, &a, 1);
}

static void
test_integers(void)
{
	CHECK_EQ_STR(fmt_i("%d", 4, 1, 42), "42");
	CHECK_EQ_STR(fmt_i("%d", 4, 1, -1), "-1");
	CHECK_EQ_STR(fmt_i("%d", 4, 0, 0xffffffff), "4294967295");
	CHECK_EQ_STR(fmt_i("%d", 8, 1, -5), "-5");
	CHECK_EQ_STR(fmt_i("%d", 8, 0, -1), "18446744073709551615");
	CHECK_EQ_STR(fmt_i("%d", 1, 1, -1), "-1");
	CHECK_EQ_STR(fmt_i("%d", 1, 0, 255), "255");
	CHECK_EQ_STR(fmt_i("%i", 4, 0, 0xffffffff), "-1");
	CHECK_EQ_STR(fmt_i("%u", 4, 1, -1), "4294967295");
	CHECK_EQ_STR(fmt_i("%u", 2, 1, -1), "65535");
	CHECK_EQ_STR(fmt_i("%u", 1, 1, -1), "255");
	CHECK_EQ_STR(fmt_i("%x", 4, 1, -1), "ffffffff");
	CHECK_EQ_STR(fmt_i("%x", 8, 1, -1), "ffffffffffffffff");
	CHECK_EQ_STR(fmt_i("%x", 1, 1, -1), "ff");
	CHECK_EQ_STR(fmt_i("%X", 4, 1, 255), "FF");
	CHECK_EQ_STR(fmt_i("%#x", 4, 1, 255), "0xff");
	CHECK_EQ_STR(fmt_i("%o", 4, 1, 8), "10");
	CHECK_EQ_STR(fmt_i("%#o", 4, 1, 8), "010");
	CHECK_EQ_STR(fmt_i("%hd", 2, 1, -2), "-2");
	CHECK_EQ_STR(fmt_i("%hu", 2, 0, 65535), "65535");
	CHECK_EQ_STR(fmt_i("%hx", 2, 1, -1), "ffff");
	CHECK_EQ_STR(fmt_i("%hhd", 1, 1, -3), "-3");
	CHECK_EQ_STR(fmt_i("%ld", 8, 1, -7), "-7");
	CHECK_EQ_STR(fmt_i("%lx", 8, 1, 0xabc), "abc");
	CHECK_EQ_STR(fmt_i("%lld", 8, 1, -9), "-9");
	CHECK_EQ_STR(fmt_i("%llu", 8, 0, 9), "9");
	CHECK_EQ_STR(fmt_i("%llX", 8, 0, 0xabc), "ABC");
}

static void
test_flags(void)
{
	CHECK_EQ_STR(fmt_i("[%5d]", 4, 1, 42), "[   42]");
	CHECK_EQ_STR(fmt_i("[%-5d]", 4, 1, 42), "[42   ]");
	CHECK_EQ_STR(fmt_i("[%05d]", 4, 1, 42), "[00042]");
	CHECK_EQ_STR(fmt_i("[%05d]", 4, 1, -42), "[-0042]");
	/* '-' then a leading '0': the later flag wins */
	CHECK_EQ_STR(fmt_i("[%-05d]", 4, 1, 42), "[00042]");
	CHECK_EQ_STR(fmt_i("[%0-5d]", 4, 1, 42), "[42   ]");
	CHECK_EQ_STR(fmt_i("[%+d]", 4, 1, 42), "[+42]");
	CHECK_EQ_STR(fmt_i("[% d]", 4, 1, 42), "[ 42]");
	CHECK_EQ_STR(fmt_i("[%.3d]", 4, 1, 7), "[007]");
	/* a zero precision is ignored */
	CHECK_EQ_STR(fmt_i("[%.0d]", 4, 1, 0), "[0]");
	CHECK_EQ_STR(fmt_i("[%?d]", 4, 1, 1), "[               1]");
	CHECK_EQ_STR(fmt_i("[%-?x]", 4, 1, 255), "[ff              ]");
	CHECK_EQ_STR(fmt_i("[%'d]", 4, 1, 1234567), "[1,234,567]");
	CHECK_EQ_STR(fmt_i("[%'d]", 4, 1, -1234), "[-1,234]");
	CHECK_EQ_STR(fmt_i("[%'d]", 4, 1, 123), "[123]");
	CHECK_EQ_STR(fmt_i("[%'12d]", 8, 1, 1234567), "[   1,234,567]");
	CHECK_EQ_STR(fmt_i("[%'-12d]", 8, 1, 1234567), "[1,234,567   ]");
	CHECK_EQ_STR(fmt_i("[%'u]", 4, 0, 1000), "[1,000]");
	{
		targ_t a[2] = { ival(4, 1, 6), ival(4, 1, 42) };

		CHECK_EQ_STR(fmt_n("[%*d]", a, 2), "[    42]");
		a[0] = ival(4, 1, -6);
		CHECK_EQ_STR(fmt_n("[%*d]", a, 2), "[42    ]");
		a[0] = ival(4, 1, 4);
		CHECK_EQ_STR(fmt_n("[%.*d]", a, 2), "[0042]");
	}
	{
		targ_t a[3] = { ival(4, 1, 8), ival(4, 1, 3), sval("abcdef") };

		CHECK_EQ_STR(fmt_n("[%*.*s]", a, 3), "[     abc]");
	}
}

static void
test_strings_chars(void)
{
	CHECK_EQ_STR(fmt_s("%s", "hello"), "hello");
	CHECK_EQ_STR(fmt_s("[%10s]", "hello"), "[     hello]");
	CHECK_EQ_STR(fmt_s("[%-10s]", "hello"), "[hello     ]");
	CHECK_EQ_STR(fmt_s("[%.3s]", "hello"), "[hel]");
	CHECK_EQ_STR(fmt_s("[%.0s]", "hello"), "[hello]");
	CHECK_EQ_STR(fmt_s("%S", "a\"b\\c\n\t\001 ~\177"),
	    "a\\\"b\\\\c\\n\\t\\001 ~\\177");
	CHECK_EQ_STR(fmt_s("[%8S]", "a\n"), "[     a\\n]");
	CHECK_EQ_STR(fmt_s("[%-8S]", "a\n"), "[a\\n     ]");
	CHECK_EQ_STR(fmt_s("%S", "\a\b\f\r\v"), "\\a\\b\\f\\r\\v");
	CHECK_EQ_STR(fmt_s("%I", "127.0.0.1"), "127.0.0.1");
	CHECK_EQ_STR(fmt_i("%c", 1, 1, 'A'), "A");
	CHECK_EQ_STR(fmt_i("[%3c]", 4, 1, 'z'), "[  z]");
	CHECK_EQ_STR(fmt_i("%C", 1, 1, '\n'), "\\n");
	CHECK_EQ_STR(fmt_i("%lc", 4, 1, 'B'), "B");
	CHECK_EQ_STR(fmt_i("%wc", 4, 1, 'C'), "C");
}

static void
test_misc_conversions(void)
{
	CHECK_EQ_STR(fmt_i("%p", 8, 0, 0x1234), "1234");
	CHECK_EQ_STR(fmt_i("%#p", 8, 0, 0x1234), "0x1234");
	CHECK_EQ_STR(fmt_i("[%?p]", 8, 0, 0x1234), "[            1234]");
	CHECK_EQ_STR(fmt_i("%a", 8, 0, 0x1000), "0x1000");
	CHECK_EQ_STR(fmt_i("%A", 8, 0, 0xabc), "0xabc");
	CHECK_EQ_STR(fmt_i("[%8A]", 8, 0, 0xabc), "[   0xabc]");
	CHECK_EQ_STR(fmt_n("100%%", NULL, 0), "100%");
	CHECK_EQ_STR(fmt_i("%d%%", 4, 1, 5), "5%");
	CHECK_EQ_STR(fmt_n("plain text\n", NULL, 0), "plain text\n");
	CHECK_EQ_STR(fmt_i("%P", 2, 0, 65001), "65001");
	{
		targ_t a = dval(1.5);

		CHECK_EQ_STR(fmt_n("%f", &a, 1), "1.500000");
		CHECK_EQ_STR(fmt_n("%.2e", &a, 1), "1.50e+00");
		CHECK_EQ_STR(fmt_n("%g", &a, 1), "1.5");
		CHECK_EQ_STR(fmt_n("%E", &a, 1), "1.500000E+00");
		CHECK_EQ_STR(fmt_n("%G", &a, 1), "1.5");
	}
	/* an integer record under a floating conversion prints its value */
	CHECK_EQ_STR(fmt_i("%.1f", 4, 1, 3), "3.0");

	setenv("TZ", "UTC", 1);
	tzset();
	CHECK_EQ_STR(fmt_i("%Y", 8, 1, 1704445387LL * 1000000000LL),
	    "2024 Jan  5 09:03:07");
	CHECK_EQ_STR(fmt_i("%Y", 8, 1, 0), "1970 Jan  1 00:00:00");
	CHECK_EQ_STR(fmt_i("%T", 8, 1, 1704445387LL * 1000000000LL),
	    "Fri, 05 Jan 2024 09:03:07 UTC");
	CHECK_EQ_STR(fmt_i("[%-22Y]", 8, 1, 0), "[1970 Jan  1 00:00:00  ]");
}

/* Expect pfmt_parse to fail with tag and message. */
static void
parse_err(const char *fmt, const char *tag, const char *msg)
{
	char t[64] = "unset", m[512] = "";
	pfmt_t *f = pfmt_parse(fmt, "printf", t, sizeof(t), m, sizeof(m));

	CHECK(f == NULL);
	pfmt_free(f);
	CHECK_EQ_STR(t, tag);
	CHECK_EQ_STR(m, msg);
}

static pfmt_arg_t
A(int kind, int size, int is_signed, int rank, const char *name)
{
	pfmt_arg_t a;

	memset(&a, 0, sizeof(a));
	a.kind = kind;
	a.size = size;
	a.is_signed = is_signed;
	a.rank = rank;
	a.name = name;
	a.is_int64_name = name != NULL && (strcmp(name, "int64_t") == 0 ||
	    strcmp(name, "uint64_t") == 0);
	return a;
}

#define T_INT    A(PF_A_INT, 4, 1, 3, "int")
#define T_UINT   A(PF_A_INT, 4, 0, 3, "unsigned int")
#define T_CHAR   A(PF_A_INT, 1, 1, 1, "char")
#define T_SHORT  A(PF_A_INT, 2, 1, 2, "short")
#define T_USHORT A(PF_A_INT, 2, 0, 2, "unsigned short")
#define T_LONG   A(PF_A_INT, 8, 1, 4, "long")
#define T_ULONG  A(PF_A_INT, 8, 0, 4, "unsigned long")
#define T_LLONG  A(PF_A_INT, 8, 1, 5, "long long")
#define T_INT64  A(PF_A_INT, 8, 1, 4, "int64_t")
#define T_UINT64 A(PF_A_INT, 8, 0, 4, "uint64_t")
#define T_STR    A(PF_A_STRING, 256, 0, 0, "string")
#define T_CARR   A(PF_A_CHARARRAY, 16, 0, 0, "char [16]")
#define T_CPTR   A(PF_A_PTR, 8, 0, 0, "char *")
#define T_STACK  A(PF_A_STACK, 160, 0, 0, "stack")

/* Run pfmt_check; returns its result and leaves tag/msg in cbuf. */
static char ctag[64], cmsg[512];

static int
check_args(const char *func, const char *fmt, const pfmt_arg_t *args, int n)
{
	char t[64], m[512];
	pfmt_t *f = pfmt_parse(fmt, func, t, sizeof(t), m, sizeof(m));
	int rc;

	if (f == NULL) {
		snprintf(cmsg, sizeof(cmsg), "PARSE: %.400s", m);
		return -2;
	}
	ctag[0] = cmsg[0] = '\0';
	rc = pfmt_check(f, args, n, ctag, sizeof(ctag), cmsg, sizeof(cmsg));
	pfmt_free(f);
	return rc;
}

static void
ok1(const char *fmt, pfmt_arg_t a)
{
	int rc = check_args("printf", fmt, &a, 1);

	if (rc != 0)
		fprintf(stderr, "%s with %s: [%s] %s\n", fmt, a.name, ctag,
		    cmsg);
	CHECK_EQ_INT(rc, 0);
}

static void
bad1(const char *fmt, pfmt_arg_t a, const char *proto)
{
	char want[512];

	CHECK_EQ_INT(check_args("printf", fmt, &a, 1), -1);
	CHECK_EQ_STR(ctag, "D_PRINTF_ARG_TYPE");
	snprintf(want, sizeof(want), "printf( ) argument #2 is incompatible "
	    "with conversion #1 prototype:\n\tconversion: %s\n\t prototype: "
	    "%s\n\t  argument: %s", fmt, proto, a.name);
	CHECK_EQ_STR(cmsg, want);
}

static void
test_parse_errors(void)
{
	parse_err("", "D_PRINTF_FMT_EMPTY", "printf( ) format string is empty");
	parse_err("%1$d", "D_SYNTAX",
	    "format conversion #1 uses unsupported positional format (%n$)");
	parse_err("%d %z", "D_SYNTAX", "format conversion #2 is undefined: %z");
	parse_err("%d %lz", "D_SYNTAX", "format conversion #2 is undefined: %lz");
	parse_err("abc %", "D_SYNTAX",
	    "format conversion #1 name expected before end of format string");
	parse_err("%5%", "D_SYNTAX", "format conversion #1 cannot be combined with "
	    "other format flags: %%");
	parse_err("%1.2.3d", "D_SYNTAX",
	    "format conversion #1 has more than one '.' specified");
	parse_err("%lf", "D_SYNTAX", "format conversion #1 is undefined: %lf");
}

static void
test_check_errors(void)
{
	pfmt_arg_t two[2] = { T_INT, T_INT };
	pfmt_arg_t a;

	CHECK_EQ_INT(check_args("printf", "%d %d", two, 1), -1);
	CHECK_EQ_STR(ctag, "D_PRINTF_ARG_PROTO");
	CHECK_EQ_STR(cmsg, "printf( ) prototype mismatch: conversion #2 (%d) "
	    "is missing a corresponding value argument");

	CHECK_EQ_INT(check_args("printf", "%d", two, 2), -1);
	CHECK_EQ_STR(ctag, "D_PRINTF_ARG_EXTRA");
	CHECK_EQ_STR(cmsg, "printf( ) prototype mismatch: only 1 arguments "
	    "required by this format string");

	CHECK_EQ_INT(check_args("printf", "hello", two, 1), -1);
	CHECK_EQ_STR(ctag, "D_PRINTF_ARG_EXTRA");
	CHECK_EQ_STR(cmsg, "printf( ) prototype mismatch: only 0 arguments "
	    "required by this format string");

	CHECK_EQ_INT(check_args("printf", "%*d", two, 0), -1);
	CHECK_EQ_STR(ctag, "D_PRINTF_DYN_PROTO");
	CHECK_EQ_STR(cmsg, "printf( ) prototype mismatch: conversion #1 (%d) "
	    "is missing a corresponding \"*\" argument");

	CHECK_EQ_INT(check_args("printf", "%.*s", two, 0), -1);
	CHECK_EQ_STR(ctag, "D_PRINTF_DYN_PROTO");
	CHECK_EQ_STR(cmsg, "printf( ) prototype mismatch: conversion #1 (%s) "
	    "is missing a corresponding \".*\" argument");

	a = T_STR;
	CHECK_EQ_INT(check_args("printf", "%*d", &a, 1), -1);
	CHECK_EQ_STR(ctag, "D_PRINTF_DYN_TYPE");
	CHECK_EQ_STR(cmsg, "printf( ) argument #2 is incompatible with "
	    "conversion #1 prototype:\n\tconversion: % * d\n\t prototype: "
	    "int\n\t  argument: string");

	a = T_INT;
	CHECK_EQ_INT(check_args("printf", "%@d", &a, 1), -1);
	CHECK_EQ_STR(ctag, "D_PRINTF_AGG_CONV");
	CHECK_EQ_STR(cmsg, "%@ conversion requires an aggregation and is not "
	    "for use with printf( )");
	CHECK_EQ_INT(check_args("printa", "%@d", NULL, 0), 0);
	CHECK_EQ_INT(check_args("printa", "%@s", NULL, 0), -1);
	CHECK_EQ_STR(cmsg, "printa( ) aggregating action is incompatible with "
	    "conversion #1 prototype:\n\tconversion: %s\n\t prototype: char "
	    "[] or string (or use stringof)\n\t  argument: int64_t");

	/* %% counts as a conversion in the numbering */
	a = T_INT;
	CHECK_EQ_INT(check_args("printf", "%% %s", &a, 1), -1);
	CHECK_EQ_STR(cmsg, "printf( ) argument #2 is incompatible with "
	    "conversion #2 prototype:\n\tconversion: %s\n\t prototype: char "
	    "[] or string (or use stringof)\n\t  argument: int");
	{
		pfmt_arg_t b[2] = { T_INT, T_STR };

		CHECK_EQ_INT(check_args("printf", "%d %d", b, 2), -1);
		CHECK_EQ_STR(cmsg, "printf( ) argument #3 is incompatible "
		    "with conversion #2 prototype:\n\tconversion: %d\n\t "
		    "prototype: char, short, int, long, or long long\n\t  "
		    "argument: string");
	}

	bad1("%d", T_STR, "char, short, int, long, or long long");
	bad1("%x", T_CPTR, "char, short, int, long, or long long");
	bad1("%s", T_CPTR, "char [] or string (or use stringof)");
	bad1("%S", T_INT, "char [] or string (or use stringof)");
	bad1("%c", T_LONG, "char, short, or int");
	bad1("%f", T_INT, "float, double, or long double");
	bad1("%hd", T_INT, "short");
	bad1("%hu", T_SHORT, "unsigned short");
	bad1("%hx", T_INT, "short");
	bad1("%ld", T_INT, "long");
	bad1("%lu", T_LONG, "unsigned long");
	bad1("%lx", T_INT, "long");
	bad1("%lld", T_LONG, "long long");
	bad1("%llx", T_INT, "long long");
	bad1("%Y", T_INT, "int64_t");
	bad1("%T", T_STR, "int64_t");
	bad1("%k", T_INT, "stack");
	bad1("%p", T_STR, "pointer or integer");
	bad1("%a", T_STR, "pointer or integer");
	bad1("%A", T_STR,
	    "pointer or integer (with -p/-c) or _usymaddr (without -p/-c)");
	bad1("%P", T_INT, "uint16_t");
	bad1("%ws", T_STR, "wchar_t []");
	bad1("%Lf", T_LONG, "long double");

	ok1("%d", T_CHAR); ok1("%d", T_SHORT); ok1("%d", T_INT);
	ok1("%d", T_LONG); ok1("%d", T_LLONG); ok1("%u", T_INT);
	ok1("%x", T_UINT64); ok1("%i", T_INT);
	ok1("%c", T_CHAR); ok1("%c", T_INT);
	ok1("%s", T_STR); ok1("%s", T_CARR); ok1("%S", T_CARR);
	ok1("%p", T_CPTR); ok1("%p", T_LONG); ok1("%a", T_LONG);
	ok1("%A", T_CPTR);
	ok1("%hd", T_SHORT); ok1("%hu", T_USHORT); ok1("%hx", T_USHORT);
	ok1("%hx", T_SHORT); ok1("%ld", T_LONG); ok1("%ld", T_INT64);
	ok1("%lu", T_ULONG); ok1("%lx", T_ULONG);
	ok1("%lld", T_LLONG); ok1("%lld", T_INT64); ok1("%llu", T_UINT64);
	ok1("%llx", T_INT64); ok1("%llx", T_LLONG);
	ok1("%Y", T_INT64); ok1("%T", T_UINT64); ok1("%k", T_STACK);
	ok1("%P", T_USHORT); ok1("%I", T_STR); ok1("%lc", T_INT);
	ok1("%wc", T_INT); ok1("%hhd", T_CHAR);
	{
		pfmt_arg_t b[3] = { T_INT, T_INT, T_STR };

		CHECK_EQ_INT(check_args("printf", "%*.*s|%%", b, 3), 0);
	}
}

int
main(void)
{
	test_integers();
	test_flags();
	test_strings_chars();
	test_misc_conversions();
	test_parse_errors();
	test_check_errors();
	return UNIT_END();
}
