/*
 * test_stackfmt.c — folded stacks and the SVG flame graph without a
 * process: a fake symbolizer names the pcs.
 *
 * Proves: frames print outermost first, the executable's as function,
 * others as module`function, unresolved ones as hex, other keys become
 * the outermost frames, rows folding to one line merge (counts summed),
 * histograms and stackless aggregations are left alone, and the SVG is
 * the same bytes for the same data, with every frame as a <title>.
 */
#include <stdlib.h>
#include <string.h>

#include "unit.h"
#include "consumer/stackfmt.h"
#include "consumer/symfmt.h"

/* pid 4242 is "prog": 0x1000 main, 0x2000 parse, 0x3000 lex; 0x7000 libc's start; 0x9000 unknown */
static int fake(int pid, uint64_t pc, char *mod, size_t modlen, char *sym,
    size_t symlen, uint64_t *off)
{
	const char *m = "prog", *s = NULL;
	(void)pid;
	switch (pc & ~0xfffULL) {
	case 0x1000: s = "main"; break;
	case 0x2000: s = "parse"; break;
	case 0x3000: s = "lex;x"; break;      /* a ';' must not split a frame */
	case 0x7000: s = "__libc_start_main"; m = "libc.so.6"; break;
	default: return -1;
	}
	snprintf(mod, modlen, "%s", m);
	snprintf(sym, symlen, "%s", s);
	*off = pc & 0xfff;
	return 0;
}

static void key(unsigned char *k, const uint64_t *pcs, int n)
{
	uint64_t pid = 4242;
	memset(k, 0, 8 * 9);
	memcpy(k, &pid, 8);
	memcpy(k + 8, pcs, 8 * (size_t)n);
}

int main(void)
{
	udt_opts_t o;
	d_recdesc_t keys[2];
	uint32_t off1[1] = { 0 }, off2[2] = { 0, 8 };
	d_aggdesc_t a = { 0 };
	unsigned char k1[72], k2[72], k3[72], k4[72];
	char buf[512];

	udt_symbolize = fake;
	opts_init(&o);
	memset(keys, 0, sizeof(keys));
	keys[0].type = D_RT_USTACK;
	keys[0].size = 72;          /* pid + 8 frames */
	a.name = "";
	a.func = D_AGG_COUNT;
	a.nkeys = 1;
	a.keys = keys;
	a.keyoff = off1;

	CHECK_EQ_INT(stackfmt_of(&a, &o), STACKFMT_NONE);
	strcpy(o.stackformat, "folded");
	CHECK_EQ_INT(stackfmt_of(&a, &o), STACKFMT_FOLDED);
	a.func = D_AGG_QUANTIZE;
	CHECK_EQ_INT(stackfmt_of(&a, &o), STACKFMT_NONE);
	a.func = D_AGG_COUNT;

	key(k1, (const uint64_t[]){ 0x3010, 0x2020, 0x1030, 0x7040 }, 4);
	stackfmt_folded(buf, sizeof(buf), &a, k1, &o);
	CHECK_EQ_STR(buf, "libc.so.6`__libc_start_main;main;parse;lex:x");
	/* an unresolved frame is its address; the needed length is returned */
	key(k2, (const uint64_t[]){ 0x9abc, 0x1030 }, 2);
	CHECK_EQ_INT((int)stackfmt_folded(NULL, 0, &a, k2, &o),
	    (int)strlen("main;0x9abc"));
	stackfmt_folded(buf, sizeof(buf), &a, k2, &o);
	CHECK_EQ_STR(buf, "main;0x9abc");
	/* truncation keeps a terminated prefix */
	stackfmt_folded(buf, 6, &a, k1, &o);
	CHECK_EQ_STR(buf, "libc.");
	o.noresolve = 1;
	stackfmt_folded(buf, sizeof(buf), &a, k2, &o);
	CHECK_EQ_STR(buf, "0x1030;0x9abc");
	o.noresolve = 0;

	/* rows differing only in offsets fold to one line, counts summed */
	{
		FILE *fp = tmpfile();
		char out[512] = "";
		key(k3, (const uint64_t[]){ 0x3011, 0x2020, 0x1030, 0x7040 }, 4);
		key(k4, (const uint64_t[]){ 0x2000, 0x1030, 0x7040 }, 3);
		const unsigned char *ks[3] = { k1, k3, k4 };
		int64_t vals[3] = { 5, 7, 3 };
		CHECK_EQ_INT(stackfmt_print(fp, &a, ks, vals, 3, &o), 0);
		rewind(fp);
		size_t n = fread(out, 1, sizeof(out) - 1, fp);
		out[n] = '\0';
		fclose(fp);
		CHECK_EQ_STR(out,
		    "libc.so.6`__libc_start_main;main;parse 3\n"
		    "libc.so.6`__libc_start_main;main;parse;lex:x 12\n");
	}

	/* another key is the outermost frame */
	{
		unsigned char k[80];
		keys[1] = keys[0];
		memset(&keys[0], 0, sizeof(keys[0]));
		keys[0].type = D_RT_INT;
		keys[0].size = 8;
		off2[1] = 8;
		a.nkeys = 2;
		a.keyoff = off2;
		int64_t cpu = 3;
		memcpy(k, &cpu, 8);
		memcpy(k + 8, k2, 72);
		stackfmt_folded(buf, sizeof(buf), &a, k, &o);
		CHECK_EQ_STR(buf, "3;main;0x9abc");
		a.nkeys = 1;
		a.keyoff = off1;
		keys[0] = keys[1];
	}

	/* the SVG: deterministic, every frame titled, names escaped */
	{
		const char *lines[3] = { "main;parse;lex", "main;parse",
		    "main;a<b>&c" };
		int64_t vals[3] = { 6, 3, 1 };
		char *s1 = NULL, *s2 = NULL;
		size_t l1 = 0, l2 = 0;
		FILE *f1 = open_memstream(&s1, &l1), *f2 = open_memstream(&s2, &l2);
		CHECK_EQ_INT(stackfmt_svg(f1, lines, vals, 3, "T"), 0);
		CHECK_EQ_INT(stackfmt_svg(f2, lines, vals, 3, "T"), 0);
		fclose(f1);
		fclose(f2);
		CHECK(l1 == l2 && memcmp(s1, s2, l1) == 0);
		CHECK(strncmp(s1, "<svg ", 5) == 0);
		CHECK(strstr(s1, "<title>all (10 samples, 100.00%)</title>") != NULL);
		CHECK(strstr(s1, "<title>main (10 samples, 100.00%)</title>") != NULL);
		CHECK(strstr(s1, "<title>parse (9 samples, 90.00%)</title>") != NULL);
		CHECK(strstr(s1, "<title>lex (6 samples, 60.00%)</title>") != NULL);
		CHECK(strstr(s1, "<title>a&lt;b&gt;&amp;c (1 sample, 10.00%)</title>") != NULL);
		CHECK(strstr(s1, "a<b>") == NULL);
		CHECK(strstr(s1, "<script") != NULL);
		CHECK(strstr(s1, "href") == NULL);
		CHECK(strcmp(s1 + l1 - 7, "</svg>\n") == 0);
		/* children by name: "a<b>&c" is drawn left of "parse" */
		CHECK(strstr(s1, "data-n=\"a&lt;b&gt;&amp;c\"") <
		    strstr(s1, "data-n=\"parse\""));
		free(s1);
		free(s2);
	}
	return UNIT_END();
}
