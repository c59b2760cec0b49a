/*
 * test_output.c — proves the default output byte for byte: the header
 * once, the CPU/ID/FUNCTION:NAME prefix (":BEGIN"), trace() records by
 * size, strings, printf records, exit, empty clauses, quiet, flowindent,
 * rawbytes and the hex dump layout.
 */
#include <stdlib.h>
#include "unit.h"
#include "consumer/output.h"
#include "consumer/printf.h"

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
	out_probe_t p = { 0, id, func, name };

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
	char arr[8] = "abc";
	char empty[8] = "";
	char *o;
	int i;

	for (i = 0; i < 20; i++)
		bin[i] = (unsigned char)(i * 13 + 1);
	recs[0] = RD(D_ACT_TRACE, D_RT_BYTES, 20, 0);
	recs[1] = RD(D_ACT_TRACE, D_RT_BYTES, 8, 0);
	recs[1].is_char_array = 1;
	recs[2] = RD(D_ACT_TRACE, D_RT_STRING, 8, 0);
	memset(&c, 0, sizeof(c));
	c.body = &dummy_body;
	c.recs = recs;
	c.nrecs = 3;

	start();
	rec_add(1, arr, 8);
	fire("", "BEGIN", 1, &c);
	rec_add(0, bin, 20);
	fire("", "BEGIN", 1, &c);
	/* an empty string is no string to DTrace: it is dumped */
	rec_add(2, empty, 8);
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
	    "         0: 00 00 00 00 00 00 00 00                        "
	    "  ........\n"
	    "\n");
	free(o);

	/* rawbytes: strings are dumped too */
	start();
	opts.rawbytes = 1;
	rec_add(1, arr, 8);
	fire("", "BEGIN", 1, &c);
	o = finish();
	CHECK_EQ_STR(o, HEADER BEGIN_PREFIX HEXHDR
	    "         0: 61 62 63 00 00 00 00 00                        "
	    "  abc.....\n"
	    "\n");
	free(o);

	/* quiet strings: bare */
	start();
	opts.quiet = 1;
	rec_add(1, arr, 8);
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
	return UNIT_END();
}
