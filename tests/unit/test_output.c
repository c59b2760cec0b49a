/*
 * test_output.c — proves the default output byte for byte: the header
 * once, the CPU/ID/FUNCTION:NAME prefix (":BEGIN"), trace() records by
 * size, strings, printf records, exit, empty clauses, quiet, flowindent,
 * rawbytes and the hex dump layout.
 */
#include <stdlib.h>
#include <unistd.h>
#include "unit.h"
#include "consumer/actions.h"
#include "consumer/output.h"
#include "consumer/pprint.h"
#include "consumer/printf.h"
#include "consumer/symfmt.h"

/* A record buffer built by hand, as the emulator lays it out. */
static unsigned char rbuf[4096];
static size_t rlen;

static void
rec_add(uint32_t rec, const void *data, uint32_t len)
{
	dif_rechdr_t h = { rec, len };

	memcpy(rbuf + rlen, &h, sizeof(h));
	rlen += sizeof(h);
	memcpy(rbuf + rlen, data, len);
	rlen += len;
	while (rlen % 8)
		rbuf[rlen++] = 0;
}

static void
rec_int(uint32_t rec, int64_t v, uint32_t size)
{
	rec_add(rec, &v, size);
}

static difo_t dummy_body;

static d_recdesc_t
RD(int action, int type, uint32_t size, int is_signed)
{
	d_recdesc_t d;

	memset(&d, 0, sizeof(d));
	d.action = (uint8_t)action;
	d.type = (uint8_t)type;
	d.size = size;
	d.is_signed = (uint8_t)is_signed;
	return d;
}

static char *obuf;
static size_t olen;
static FILE *ofp;
static udt_opts_t opts;
static out_state_t st;

static void
start(void)
{
	opts_init(&opts);
	ofp = open_memstream(&obuf, &olen);
	memset(&st, 0, sizeof(st));
	st.fp = ofp;
	st.opts = &opts;
	rlen = 0;
}

/* Close the stream; the caller frees the result. */
static char *
finish(void)
{
	fclose(ofp);
	return obuf;
}

static void
fire(const char *func, const char *name, uint32_t id,
    const d_clause_prog_t *c)
{
	out_probe_t p = { 0, id, func, name, "dtrace", "", 0 };

	out_firing(&st, &p, c, rbuf, rlen);
	rlen = 0;
}

#define HEADER "CPU     ID                    FUNCTION:NAME\n"
#define BEGIN_PREFIX "  0      1                           :BEGIN "

static void
test_trace_default(void)
{
	d_recdesc_t recs[2];
	d_clause_prog_t c;
	char s[32] = "hi";
	char *o;

	recs[0] = RD(D_ACT_TRACE, D_RT_INT, 4, 1);
	recs[1] = RD(D_ACT_TRACE, D_RT_STRING, 32, 0);
	memset(&c, 0, sizeof(c));
	c.body = &dummy_body;
	c.recs = recs;
	c.nrecs = 2;

	start();
	rec_int(0, 42, 4);
	rec_add(1, s, 32);
	fire("", "BEGIN", 1, &c);
	rec_int(0, -7, 4);
	fire("main", "entry", 70125, &c);
	o = finish();
	CHECK_EQ_STR(o, HEADER
	    BEGIN_PREFIX "       42  hi                               \n"
	    "  0  70125                       main:entry "
	    "       -7\n");
	free(o);
}

static void
test_int_sizes(void)
{
	d_recdesc_t recs[4];
	d_clause_prog_t c;
	char *o;

	recs[0] = RD(D_ACT_TRACE, D_RT_INT, 8, 1);
	recs[1] = RD(D_ACT_TRACE, D_RT_INT, 4, 1);
	recs[2] = RD(D_ACT_TRACE, D_RT_INT, 2, 1);
	recs[3] = RD(D_ACT_TRACE, D_RT_INT, 1, 1);
	memset(&c, 0, sizeof(c));
	c.body = &dummy_body;
	c.recs = recs;
	c.nrecs = 4;

	start();
	rec_int(0, -1, 8);
	rec_int(1, -1, 4);
	rec_int(2, -1, 2);
	rec_int(3, -1, 1);
	fire("", "BEGIN", 1, &c);
	o = finish();
	/* 2- and 1-byte values print unsigned, as DTrace does */
	CHECK_EQ_STR(o, HEADER BEGIN_PREFIX
	    "               -1       -1 65535 255\n");
	free(o);

	start();
	opts.quiet = 1;
	rec_int(0, 1234567890123LL, 8);
	rec_int(1, -5, 4);
	rec_int(2, 7, 2);
	rec_int(3, 200, 1);
	fire("", "BEGIN", 1, &c);
	o = finish();
	CHECK_EQ_STR(o, "1234567890123-57200");
	free(o);
}

static void
test_empty_and_exit(void)
{
	d_recdesc_t recs[1];
	d_clause_prog_t empty, body;
	char *o;

	recs[0] = RD(D_ACT_EXIT, D_RT_INT, 4, 1);
	memset(&empty, 0, sizeof(empty));
	memset(&body, 0, sizeof(body));
	body.body = &dummy_body;
	body.recs = recs;
	body.nrecs = 1;

	start();
	fire("", "BEGIN", 1, &body);          /* recorded nothing */
	fire("", "BEGIN", 1, &empty);         /* empty clause: EPID only */
	rec_int(0, 0, 4);
	fire("", "END", 2, &body);            /* exit(0) prints nothing itself */
	o = finish();
	CHECK_EQ_STR(o, HEADER BEGIN_PREFIX "\n"
	    "  0      2                             :END \n");
	free(o);

	/* nothing recorded: not even the header */
	start();
	fire("", "BEGIN", 1, &body);
	o = finish();
	CHECK_EQ_STR(o, "");
	free(o);

	/* quiet: no header, prefix or newline */
	start();
	opts.quiet = 1;
	fire("", "BEGIN", 1, &empty);
	rec_int(0, 3, 4);
	fire("", "BEGIN", 1, &body);
	o = finish();
	CHECK_EQ_STR(o, "");
	free(o);
}

static void
test_printf_records(void)
{
	d_recdesc_t recs[4];
	d_clause_prog_t c;
	char tag[64], msg[256];
	char s[16] = "world";
	pfmt_t *f1, *f2;
	char *o;

	f1 = pfmt_parse("x=%d %s\n", "printf", tag, sizeof(tag), msg,
	    sizeof(msg));
	f2 = pfmt_parse("[%x]", "printf", tag, sizeof(tag), msg, sizeof(msg));
	CHECK(f1 != NULL && f2 != NULL);
	recs[0] = RD(D_ACT_PRINTF_ARG, D_RT_INT, 4, 1);
	recs[1] = RD(D_ACT_PRINTF_ARG, D_RT_STRING, 16, 0);
	recs[2] = RD(D_ACT_PRINTF, D_RT_INT, 0, 0);
	recs[2].fmt = f1;
	recs[3] = RD(D_ACT_PRINTF, D_RT_INT, 0, 0);
	recs[3].fmt = f2;
	memset(&c, 0, sizeof(c));
	c.body = &dummy_body;
	c.recs = recs;
	c.nrecs = 4;

	start();
	rec_int(0, 5, 4);
	rec_add(1, s, 16);
	rec_add(2, "", 0);
	rec_int(0, -1, 4);
	rec_add(3, "", 0);
	fire("", "BEGIN", 1, &c);
	o = finish();
	CHECK_EQ_STR(o, HEADER BEGIN_PREFIX "x=5 world\n[ffffffff]\n");
	free(o);

	start();
	opts.quiet = 1;
	rec_int(0, 6, 4);
	rec_add(1, s, 16);
	rec_add(2, "", 0);
	fire("", "BEGIN", 1, &c);
	o = finish();
	CHECK_EQ_STR(o, "x=6 world\n");
	free(o);
	pfmt_free(f1);
	pfmt_free(f2);
}

#define HEXHDR "\n             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f" \
	"  0123456789abcdef\n"

static void
test_bytes(void)
{
	d_recdesc_t recs[3];
	d_clause_prog_t c;
	unsigned char bin[20];
	/* 12 bytes: a 1-, 2-, 4- or 8-byte record prints as an integer */
	char arr[12] = "abc";
	char empty[12] = "";
	char *o;
	int i;

	for (i = 0; i < 20; i++)
		bin[i] = (unsigned char)(i * 13 + 1);
	recs[0] = RD(D_ACT_TRACE, D_RT_BYTES, 20, 0);
	recs[1] = RD(D_ACT_TRACE, D_RT_BYTES, 12, 0);
	recs[1].is_char_array = 1;
	recs[2] = RD(D_ACT_TRACE, D_RT_STRING, 12, 0);
	memset(&c, 0, sizeof(c));
	c.body = &dummy_body;
	c.recs = recs;
	c.nrecs = 3;

	start();
	rec_add(1, arr, 12);
	fire("", "BEGIN", 1, &c);
	rec_add(0, bin, 20);
	fire("", "BEGIN", 1, &c);
	/* an empty string is no string to DTrace: it is dumped */
	rec_add(2, empty, 12);
	fire("", "BEGIN", 1, &c);
	o = finish();
	CHECK_EQ_STR(o, HEADER
	    BEGIN_PREFIX "  abc                              \n"
	    BEGIN_PREFIX HEXHDR
	    "         0: 01 0e 1b 28 35 42 4f 5c 69 76 83 90 9d aa b7 c4"
	    "  ...(5BO\\iv......\n"
	    "        10: d1 de eb f8                                    "
	    "  ....\n"
	    "\n"
	    BEGIN_PREFIX HEXHDR
	    "         0: 00 00 00 00 00 00 00 00 00 00 00 00            "
	    "  ............\n"
	    "\n");
	free(o);

	/* rawbytes: strings are dumped too */
	start();
	opts.rawbytes = 1;
	rec_add(1, arr, 12);
	fire("", "BEGIN", 1, &c);
	o = finish();
	CHECK_EQ_STR(o, HEADER BEGIN_PREFIX HEXHDR
	    "         0: 61 62 63 00 00 00 00 00 00 00 00 00            "
	    "  abc.........\n"
	    "\n");
	free(o);

	/* quiet strings: bare */
	start();
	opts.quiet = 1;
	rec_add(1, arr, 12);
	fire("", "BEGIN", 1, &c);
	o = finish();
	CHECK_EQ_STR(o, "abc");
	free(o);
}

static void
test_hexdump(void)
{
	char *o;

	start();
	out_hexdump(ofp, "hello\n", 7);
	o = finish();
	CHECK_EQ_STR(o, HEXHDR
	    "         0: 68 65 6c 6c 6f 0a 00                             "
	    "hello..\n");
	free(o);
}

static void
test_flowindent(void)
{
	d_recdesc_t recs[1];
	d_clause_prog_t empty, c;
	char *o;

	memset(&empty, 0, sizeof(empty));
	recs[0] = RD(D_ACT_TRACE, D_RT_INT, 4, 1);
	memset(&c, 0, sizeof(c));
	c.body = &dummy_body;
	c.recs = recs;
	c.nrecs = 1;

	start();
	opts.flowindent = 1;
	fire("", "BEGIN", 1, &empty);
	fire("main", "entry", 10, &empty);
	fire("foo", "entry", 11, &empty);
	fire("foo", "3", 12, &empty);
	rec_int(0, 9, 4);
	fire("foo", "query-return", 13, &c);
	fire("main", "return", 14, &empty);
	fire("", "END", 2, &empty);
	o = finish();
	CHECK_EQ_STR(o,
	    "CPU FUNCTION                                 \n"
	    "  0 | :BEGIN                                  \n"
	    "  0  -> main                                  \n"
	    "  0    -> foo                                 \n"
	    "  0     | foo:3                               \n"
	    "  0    <- foo                                         9\n"
	    "  0  <- main                                  \n"
	    "  0 | :END                                    \n");
	free(o);

	/* quiet: header and prefix remain, the closing newline goes */
	start();
	opts.flowindent = 1;
	opts.quiet = 1;
	fire("main", "entry", 10, &empty);
	rec_int(0, 9, 4);
	fire("main", "return", 11, &c);
	o = finish();
	CHECK_EQ_STR(o,
	    "CPU FUNCTION                                 \n"
	    "  0  -> main                                  "
	    "  0  <- main                                  9");
	free(o);

	/* names merely containing "entry" are not entries */
	start();
	opts.flowindent = 1;
	fire("f", "myentry", 10, &empty);
	fire("f", "-entry", 10, &empty);
	fire("f", "x-entry", 10, &empty);
	o = finish();
	CHECK_EQ_STR(o,
	    "CPU FUNCTION                                 \n"
	    "  0 | f:myentry                               \n"
	    "  0 | f:-entry                                \n"
	    "  0  -> f                                     \n");
	free(o);
}

static void
test_tracemem(void)
{
	d_recdesc_t recs[2];
	d_clause_prog_t c;
	unsigned char mem[20];
	char *o;
	int i;

	for (i = 0; i < 20; i++)
		mem[i] = (unsigned char)('a' + i);
	mem[3] = 0;
	recs[0] = RD(D_ACT_TRACEMEM_DSIZE, D_RT_INT, 8, 1);
	recs[1] = RD(D_ACT_TRACEMEM, D_RT_BYTES, 20, 0);
	memset(&c, 0, sizeof(c));
	c.body = &dummy_body;
	c.recs = recs;
	c.nrecs = 2;

	/* always a hex dump, even of printable text; quiet changes nothing */
	start();
	opts.quiet = 1;
	rec_add(1, "abc", 3);
	fire("", "BEGIN", 1, &c);
	o = finish();
	CHECK_EQ_STR(o, "\n             0  1  2  3  4  5  6  7  8  9  a  b  c"
	    "  d  e  f  0123456789abcdef\n"
	    "         0: 61 62 63                                         abc\n");
	free(o);

	/* dsize shows that many bytes; 0 or beyond size shows all */
	start();
	opts.quiet = 1;
	rec_int(0, 2, 8);
	rec_add(1, mem, 20);
	rec_int(0, 0, 8);
	rec_add(1, mem, 20);
	rec_int(0, 100, 8);
	rec_add(1, mem, 20);
	fire("", "BEGIN", 1, &c);
	o = finish();
	CHECK_EQ_STR(o, "\n             0  1  2  3  4  5  6  7  8  9  a  b  c"
	    "  d  e  f  0123456789abcdef\n"
	    "         0: 61 62                                            ab\n"
	    "\n             0  1  2  3  4  5  6  7  8  9  a  b  c"
	    "  d  e  f  0123456789abcdef\n"
	    "         0: 61 62 63 00 65 66 67 68 69 6a 6b 6c 6d 6e 6f 70"
	    "  abc.efghijklmnop\n"
	    "        10: 71 72 73 74                                      qrst\n"
	    "\n             0  1  2  3  4  5  6  7  8  9  a  b  c"
	    "  d  e  f  0123456789abcdef\n"
	    "         0: 61 62 63 00 65 66 67 68 69 6a 6b 6c 6d 6e 6f 70"
	    "  abc.efghijklmnop\n"
	    "        10: 71 72 73 74                                      qrst\n");
	free(o);
}

/* print() of a value of type t, as a string */
static char *
pp(const d_ptype_t *t, const void *data, size_t len)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *fp = open_memstream(&buf, &n);

	pprint_value(fp, t, data, len);
	fclose(fp);
	return buf;
}

static const d_ptype_t T_INT = { D_PT_INT, "int", 4, 1, NULL, 0, NULL, 0, NULL, 0 };
static const d_ptype_t T_UINT64 = { D_PT_INT, "uint64_t", 8, 0, NULL, 0, NULL, 0, NULL, 0 };
static const d_ptype_t T_CHAR = { D_PT_INT, "char", 1, 1, NULL, 0, NULL, 0, NULL, 0 };
static const d_ptype_t T_SHORT = { D_PT_INT, "short", 2, 1, NULL, 0, NULL, 0, NULL, 0 };
static const d_ptype_t T_PTR = { D_PT_PTR, "char *", 8, 0, NULL, 0, NULL, 0, NULL, 0 };
static const d_ptype_t T_STR = { D_PT_STRING, "string", 16, 0, NULL, 0, NULL, 0, NULL, 0 };
static const d_ptype_t T_NAME = { D_PT_ARRAY, "char [8]", 8, 1, &T_CHAR, 8, NULL, 0, NULL, 0 };
static const d_ptype_t T_ARR = { D_PT_ARRAY, "int [3]", 12, 1, &T_INT, 3, NULL, 0, NULL, 0 };
static const d_penum_t E_VALS[] = { { "RED", 0 }, { "GREEN", 1 } };
static const d_ptype_t T_ENUM = { D_PT_ENUM, "enum color", 4, 1, NULL, 0, NULL, 0, E_VALS, 2 };
static const d_pmember_t M_IN[] = { { "x", &T_SHORT, 0, 0, 0 } };
static const d_ptype_t T_IN = { D_PT_STRUCT, "struct <anon>", 2, 0, NULL, 0, M_IN, 1, NULL, 0 };
static const d_pmember_t M_FOO[] = {
	{ "a", &T_INT, 0, 0, 0 },
	{ "b", &T_CHAR, 4, 0, 0 },
	{ "name", &T_NAME, 5, 0, 0 },
	{ "p", &T_PTR, 16, 0, 0 },
	{ "in", &T_IN, 24, 0, 0 },
	{ "c", &T_ENUM, 28, 0, 0 },
	{ "f", &T_INT, 32, 3, 4 },
};
static const d_ptype_t T_FOO = { D_PT_STRUCT, "struct foo", 40, 0, NULL, 0, M_FOO, 7, NULL, 0 };
static const d_pmember_t M_PT[] = { { "x", &T_INT, 0, 0, 0 }, { "y", &T_INT, 4, 0, 0 } };
static const d_ptype_t T_PT = { D_PT_STRUCT, "struct pt", 8, 0, NULL, 0, M_PT, 2, NULL, 0 };
static const d_ptype_t T_PTS = { D_PT_ARRAY, "struct pt [2]", 16, 0, &T_PT, 2, NULL, 0, NULL, 0 };
static const d_pmember_t M_OUT[] = { { "n", &T_INT, 0, 0, 0 }, { "pts", &T_PTS, 4, 0, 0 },
	{ "arr", &T_ARR, 20, 0, 0 } };
static const d_ptype_t T_OUT = { D_PT_STRUCT, "struct out", 32, 0, NULL, 0, M_OUT, 3, NULL, 0 };

static void
test_print(void)
{
	unsigned char foo[40];
	int32_t v = 42, out[8] = { 7, 1, 2, 3, 4, 10, 0, -1 };
	uint64_t big = 0;
	int32_t e = 1;
	char s[16] = "abc";
	char *o;

	o = pp(&T_INT, &v, 4);
	CHECK_EQ_STR(o, "int 0x2a\n");
	free(o);
	o = pp(&T_UINT64, &big, 8);
	CHECK_EQ_STR(o, "uint64_t 0\n");
	free(o);
	v = -1;
	o = pp(&T_INT, &v, 4);
	CHECK_EQ_STR(o, "int 0xffffffff\n");
	free(o);
	o = pp(&T_STR, s, sizeof(s));
	CHECK_EQ_STR(o, "string \"abc\"\n");
	free(o);
	o = pp(&T_ENUM, &e, 4);
	CHECK_EQ_STR(o, "enum color GREEN\n");
	free(o);
	o = pp(&T_ARR, out + 1, 12);
	CHECK_EQ_STR(o, "int [3] [ 0x1, 0x2, 0x3 ]\n");
	free(o);

	memset(foo, 0, sizeof(foo));
	v = 0x2a;
	memcpy(foo, &v, 4);
	foo[4] = 'x';
	memcpy(foo + 5, "hi", 3);
	foo[16] = 0x10;
	foo[24] = 5;
	foo[28] = 7;          /* no enumerator: the number */
	foo[32] = 0x50;       /* bits 4..6: 5 */
	o = pp(&T_FOO, foo, sizeof(foo));
	CHECK_EQ_STR(o, "struct foo {\n"
	    "    int a = 0x2a\n"
	    "    char b = 'x'\n"
	    "    char [8] name = [ \"hi\" ]\n"
	    "    char *p = 0x10\n"
	    "    struct in = {\n"
	    "        short x = 0x5\n"
	    "    }\n"
	    "    enum color c = 7\n"
	    "    int f :3 = 0x5\n"
	    "}");
	free(o);

	/* arrays of structs; a record shorter than the type reads zeros */
	o = pp(&T_OUT, out, 28);
	CHECK_EQ_STR(o, "struct out {\n"
	    "    int n = 0x7\n"
	    "    struct pt [2] pts = [ \n"
	    "        struct pt {\n"
	    "            int x = 0x1\n"
	    "            int y = 0x2\n"
	    "        }, \n"
	    "        struct pt {\n"
	    "            int x = 0x3\n"
	    "            int y = 0x4\n"
	    "        }\n"
	    "    ]\n"
	    "    int [3] arr = [ 0xa, 0, 0 ]\n"
	    "}");
	free(o);

	/* chars: quoted, \0, octal */
	s[0] = '\n';
	o = pp(&T_CHAR, s, 1);
	CHECK_EQ_STR(o, "char '\\012'\n");
	free(o);
}

static void
test_print_record(void)
{
	d_recdesc_t recs[2];
	d_clause_prog_t c;
	char *o;

	recs[0] = RD(D_ACT_PRINT, D_RT_INT, 4, 1);
	recs[0].ptype = &T_INT;
	recs[1] = RD(D_ACT_STACK, D_RT_INT, 0, 0);
	memset(&c, 0, sizeof(c));
	c.body = &dummy_body;
	c.recs = recs;
	c.nrecs = 2;
	start();
	rec_int(0, 42, 4);
	rec_add(1, "", 0);
	fire("", "BEGIN", 1, &c);
	o = finish();
	/* print() follows the prefix directly; stack() is an empty stack */
	CHECK_EQ_STR(o, HEADER BEGIN_PREFIX "int 0x2a\n\n\n");
	free(o);
}

static int
fake_symbolize(int pid, uint64_t pc, char *mod, size_t modlen, char *sym,
    size_t symlen, uint64_t *off)
{
	(void)pid;
	if (pc >= 0x1000 && pc < 0x1100) {
		snprintf(mod, modlen, "myprog");
		snprintf(sym, symlen, "%s", pc < 0x1080 ? "main" : "foo");
		*off = pc - (pc < 0x1080 ? 0x1000 : 0x1080);
		return 0;
	}
	if (pc >= 0x2000 && pc < 0x3000) {
		snprintf(mod, modlen, "libc.so.6");
		sym[0] = '\0';
		return 0;
	}
	return -1;
}

static void
test_stacks(void)
{
	d_recdesc_t recs[4];
	d_clause_prog_t c;
	uint64_t st[5] = { 42, 0x1080, 0x101e, 0x2345, 0 };
	uint64_t ua[2] = { 42, 0x101e };
	char *o;

	recs[0] = RD(D_ACT_TRACE, D_RT_USTACK, 40, 0);
	recs[1] = RD(D_ACT_TRACE, D_RT_USYM, 16, 0);
	recs[2] = RD(D_ACT_TRACE, D_RT_UADDR, 16, 0);
	recs[3] = RD(D_ACT_TRACE, D_RT_UMOD, 16, 0);
	memset(&c, 0, sizeof(c));
	c.body = &dummy_body;
	c.recs = recs;
	c.nrecs = 4;

	/* unresolved: no symbolizer */
	udt_symbolize = NULL;
	start();
	opts.quiet = 1;
	rec_add(0, st, 40);
	rec_add(2, ua, 16);
	rec_add(3, ua, 16);
	fire("", "BEGIN", 1, &c);
	o = finish();
	CHECK_EQ_STR(o, "\n"
	    "              0x1080\n"
	    "              0x101e\n"
	    "              0x2345\n"
	    "  0x101e                                            "
	    "  0x101e                                            ");
	free(o);

	udt_symbolize = fake_symbolize;
	start();
	opts.stackindent = 2;
	rec_add(0, st, 40);
	rec_add(1, ua, 16);
	rec_add(2, ua, 16);
	rec_add(3, ua, 16);
	fire("foo", "entry", 7, &c);
	o = finish();
	CHECK_EQ_STR(o, HEADER
	    "  0      7                        foo:entry \n"
	    "  myprog`foo\n"
	    "  myprog`main+0x1e\n"
	    "  libc.so.6`0x2345\n"
	    "  myprog`main                                       "
	    "  myprog`main+0x1e                                  "
	    "  myprog                                            \n");
	free(o);

	/* noresolve: addresses only */
	start();
	opts.noresolve = 1;
	opts.quiet = 1;
	rec_add(2, ua, 16);
	fire("", "BEGIN", 1, &c);
	o = finish();
	CHECK_EQ_STR(o, "  0x101e                                            ");
	free(o);
	udt_symbolize = NULL;
}

static void
test_printf_syms(void)
{
	char tag[64], msg[256];
	pfmt_t *f = pfmt_parse("[%k][%-4k][%A][%a]", "printf", tag,
	    sizeof(tag), msg, sizeof(msg));
	d_recdesc_t st = RD(D_ACT_PRINTF_ARG, D_RT_USTACK, 32, 0);
	d_recdesc_t ua = RD(D_ACT_PRINTF_ARG, D_RT_UADDR, 16, 0);
	d_recdesc_t in = RD(D_ACT_PRINTF_ARG, D_RT_INT, 8, 0);
	uint64_t stack[4] = { 42, 0x1080, 0x9999, 0 };
	uint64_t uaddr[2] = { 42, 0x1004 }, addr = 0x1000;
	const d_recdesc_t *descs[4] = { &st, &st, &ua, &in };
	const void *data[4] = { stack, stack, uaddr, &addr };
	char *buf = NULL;
	size_t n = 0;
	FILE *fp;

	CHECK(f != NULL);
	if (f == NULL)
		return;
	opts_init(&opts);
	udt_symbolize = fake_symbolize;
	fp = open_memstream(&buf, &n);
	CHECK_EQ_INT(pfmt_format(fp, f, descs, data, 4, &opts), 0);
	fclose(fp);
	CHECK_EQ_STR(buf, "[\nmyprog`foo\n0x9999\n]"
	    "[\n    myprog`foo\n    0x9999\n]"
	    "[myprog`main+0x4][myprog`main]");
	free(buf);
	udt_symbolize = NULL;
	pfmt_free(f);
}

/* The libact callback sees every record out_firing leaves, with its args. */
static int libact_calls, libact_nargs;
static uint8_t libact_action;

static void
libact_cb(void *arg, const d_recdesc_t *d, const void *data, size_t len,
    const d_recdesc_t *const *args, const void *const *argdata, int nargs)
{
	(void)arg; (void)data; (void)len; (void)args; (void)argdata;
	libact_calls++;
	libact_nargs = nargs;
	libact_action = d->action;
}

static void
test_libact(void)
{
	d_recdesc_t recs[3];
	d_clause_prog_t c;
	char *o;

	recs[0] = RD(D_ACT_PRINTF_ARG, D_RT_INT, 4, 1);
	recs[1] = RD(D_ACT_SYSTEM, D_RT_INT, 0, 0);
	recs[2] = RD(D_ACT_TRACE, D_RT_INT, 4, 1);
	memset(&c, 0, sizeof(c));
	c.body = &dummy_body;
	c.recs = recs;
	c.nrecs = 3;
	start();
	st.libact = libact_cb;
	libact_calls = 0;
	opts.quiet = 1;
	rec_int(0, 1, 4);
	rec_int(0, 2, 4);
	rec_add(1, "", 0);
	rec_int(2, 3, 4);
	fire("", "BEGIN", 1, &c);
	o = finish();
	CHECK_EQ_INT(libact_calls, 1);
	CHECK_EQ_INT(libact_nargs, 2);
	CHECK_EQ_INT(libact_action, D_ACT_SYSTEM);
	CHECK_EQ_STR(o, "3");
	free(o);
}

static void
test_actions(void)
{
	act_state_t a;
	act_ctx_t c;
	d_recdesc_t d;
	char *ebuf = NULL, *obuf2 = NULL;
	size_t elen = 0, olen2 = 0;
	char path[] = "/tmp/udt-actions-XXXXXX";
	FILE *tf;
	int fd;
	long size;

	opts_init(&opts);
	act_init(&a);
	memset(&c, 0, sizeof(c));
	c.opts = &opts;
	c.out = open_memstream(&obuf2, &olen2);
	c.err = open_memstream(&ebuf, &elen);
	c.epid = 3;
	c.probe_id = 1;
	c.prov = "dtrace";
	c.mod = "";
	c.func = "";
	c.name = "BEGIN";

	/* dynamic options change; others give DTrace's error line */
	d = RD(D_ACT_SETOPT, D_RT_INT, 0, 0);
	d.str1 = "quiet";
	CHECK_EQ_INT(act_run(&a, &c, &d, NULL, 0, NULL, NULL, 0), 1);
	CHECK_EQ_INT(opts.quiet, 1);
	d.str2 = "no";
	act_run(&a, &c, &d, NULL, 0, NULL, NULL, 0);
	CHECK_EQ_INT(opts.quiet, 0);
	d.str1 = "bufsize";
	d.str2 = "1m";
	act_run(&a, &c, &d, NULL, 0, NULL, NULL, 0);
	d.str1 = "nosuch";
	d.str2 = NULL;
	act_run(&a, &c, &d, NULL, 0, NULL, NULL, 0);
	fclose(c.err);
	CHECK_EQ_STR(ebuf, "udtrace: error on enabled probe ID 3 (ID 1: "
	    "dtrace:::BEGIN): couldn't set option \"bufsize\" to \"1m\": "
	    "Operation illegal when tracing is active\n\n"
	    "udtrace: error on enabled probe ID 3 (ID 1: dtrace:::BEGIN): "
	    "couldn't set option \"nosuch\" to \"1\": Invalid option name\n\n");
	CHECK_EQ_INT(opts.bufsize, 4 << 20);
	free(ebuf);

	/* not ours: left to the caller */
	d = RD(D_ACT_PRINTA, D_RT_INT, 0, 0);
	CHECK_EQ_INT(act_run(&a, &c, &d, NULL, 0, NULL, NULL, 0), 0);
	/* need a process: accepted, nothing happens */
	d = RD(D_ACT_RAISE, D_RT_INT, 4, 1);
	CHECK_EQ_INT(act_run(&a, &c, &d, "\2\0\0\0", 4, NULL, NULL, 0), 1);
	fclose(c.out);
	free(obuf2);

	/* ftruncate() empties the output file; later output starts at 0 */
	fd = mkstemp(path);
	CHECK(fd >= 0);
	tf = fdopen(fd, "w");
	c.out = tf;
	c.err = stderr;
	fputs("hello, world\n", tf);
	d = RD(D_ACT_FTRUNCATE, D_RT_INT, 0, 0);
	CHECK_EQ_INT(act_run(&a, &c, &d, NULL, 0, NULL, NULL, 0), 1);
	fputs("ab", tf);
	fflush(tf);
	size = ftell(tf);
	CHECK_EQ_INT(size, 2);
	fclose(tf);
	unlink(path);
	act_fini(&a);
}

int
main(void)
{
	test_trace_default();
	test_int_sizes();
	test_empty_and_exit();
	test_printf_records();
	test_bytes();
	test_hexdump();
	test_flowindent();
	test_tracemem();
	test_print();
	test_print_record();
	test_stacks();
	test_printf_syms();
	test_libact();
	test_actions();
	return UNIT_END();
}
