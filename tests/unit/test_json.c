/*
 * test_json.c — the JSON encoders of -x oformat=json on their own: the
 * streaming writer's separators and string escaping (quotes, control
 * characters, NUL, valid UTF-8 kept, every kind of invalid UTF-8 as
 * \ufffd), json-c strings made valid UTF-8 the same way, integers by D
 * size and sign, and print()'s type walk (anonymous members merged,
 * bit-fields, enums by name, char arrays of any size as strings or
 * numbers).
 */
#include <stdlib.h>
#include "unit.h"
#include "consumer/json.h"

static char *buf;
static size_t len;

static FILE *open_out(void)
{
	free(buf);
	buf = NULL;
	len = 0;
	return open_memstream(&buf, &len);
}

/* jw_str of n bytes of s as one array element: the text written. */
static const char *jw_string(const char *s, size_t n)
{
	FILE *fp = open_out();
	jw_t w;

	jw_begin(&w, fp);
	jw_str(&w, NULL, s, n);
	fclose(fp);
	return buf;
}

static const char *tree(json_object *o)
{
	static char out[16384];

	snprintf(out, sizeof(out), "%s", json_object_to_json_string_ext(o,
	    JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(o);
	return out;
}

static void test_writer(void)
{
	FILE *fp = open_out();
	jw_t w;

	jw_begin(&w, fp);
	jw_open(&w, NULL, '{');
	jw_str(&w, "a", "x", 1);
	jw_open(&w, "b", '[');
	jw_int(&w, NULL, -1);
	jw_uint(&w, NULL, UINT64_MAX);
	jw_open(&w, NULL, '{');
	jw_close(&w, '}');
	jw_hex(&w, NULL, "\x01\xab", 2);
	jw_tree(&w, NULL, json_object_new_int(5));
	jw_tree(&w, NULL, NULL);
	jw_close(&w, ']');
	jw_int(&w, "c", 0);
	jw_close(&w, '}');
	jw_end(&w);
	fclose(fp);
	CHECK_EQ_STR(buf, "{\"a\":\"x\",\"b\":[-1,18446744073709551615,{},"
	    "\"01ab\",5,null],\"c\":0}\n");
}

static void test_escaping(void)
{
	CHECK_EQ_STR(jw_string("a\"b\\c", 5), "\"a\\\"b\\\\c\"");
	CHECK_EQ_STR(jw_string("\n\t\r\b\f", 5), "\"\\n\\t\\r\\b\\f\"");
	CHECK_EQ_STR(jw_string("\x01\x1f\x7f", 3), "\"\\u0001\\u001f\x7f\"");
	/* a NUL inside the given length is text too */
	CHECK_EQ_STR(jw_string("a\0b", 3), "\"a\\u0000b\"");
	/* valid UTF-8 of 2, 3 and 4 bytes stays as it is */
	CHECK_EQ_STR(jw_string("\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", 9),
	    "\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"");
	/* a stray byte, an overlong form, a surrogate, a cut sequence, > U+10FFFF */
	CHECK_EQ_STR(jw_string("\xff", 1), "\"\\ufffd\"");
	CHECK_EQ_STR(jw_string("\xc0\x80", 2), "\"\\ufffd\\ufffd\"");
	CHECK_EQ_STR(jw_string("\xed\xa0\x80", 3), "\"\\ufffd\\ufffd\\ufffd\"");
	CHECK_EQ_STR(jw_string("x\xe2\x82", 3), "\"x\\ufffd\\ufffd\"");
	CHECK_EQ_STR(jw_string("\xf4\x90\x80\x80", 4),
	    "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");
	CHECK_EQ_STR(jw_string("", 0), "\"\"");
}

static void test_text(void)
{
	/* json-c strings: stop at a NUL, bad bytes become U+FFFD itself */
	CHECK_EQ_STR(tree(json_text("ab\0cd", 5)), "\"ab\"");
	CHECK_EQ_STR(tree(json_text("a\xff" "b", 3)), "\"a\xef\xbf\xbd" "b\"");
	CHECK_EQ_STR(tree(json_text("q\"\n", 3)), "\"q\\\"\\n\"");
	CHECK_EQ_STR(tree(json_hex("\x00\xff", 2)), "\"00ff\"");
}

static void test_ints(void)
{
	CHECK_EQ_STR(tree(json_int(0xff, 1, 1)), "-1");
	CHECK_EQ_STR(tree(json_int(0xff, 1, 0)), "255");
	CHECK_EQ_STR(tree(json_int(0x1ffff, 2, 0)), "65535");
	CHECK_EQ_STR(tree(json_int(0x80000000u, 4, 1)), "-2147483648");
	CHECK_EQ_STR(tree(json_int(UINT64_MAX, 8, 0)), "18446744073709551615");
	CHECK_EQ_STR(tree(json_int(UINT64_MAX, 8, 1)), "-1");
}

static void test_ptype(void)
{
	d_ptype_t t_int = { D_PT_INT, "int", 4, 1, NULL, 0, NULL, 0, NULL, 0 };
	d_ptype_t t_uchar = { D_PT_INT, "uchar_t", 1, 0, NULL, 0, NULL, 0,
	    NULL, 0 };
	d_ptype_t t_char = { D_PT_INT, "char", 1, 1, NULL, 0, NULL, 0, NULL, 0 };
	d_penum_t ev[] = { { "RED", 0 }, { "BLUE", 2 } };
	d_ptype_t t_enum = { D_PT_ENUM, "enum c", 4, 0, NULL, 0, NULL, 0, ev, 2 };
	d_ptype_t t_name = { D_PT_ARRAY, "char [4]", 4, 0, &t_char, 4, NULL, 0,
	    NULL, 0 };
	d_ptype_t t_raw = { D_PT_ARRAY, "uchar_t [2]", 2, 0, &t_uchar, 2, NULL,
	    0, NULL, 0 };
	d_pmember_t um[] = { { "u1", &t_int, 0, 0, 0 } };
	d_ptype_t t_anon = { D_PT_UNION, "union <anon>", 4, 0, NULL, 0, um, 1,
	    NULL, 0 };
	d_pmember_t sm[] = {
		{ "a", &t_int, 0, 0, 0 },
		{ NULL, &t_anon, 4, 0, 0 },
		{ "col", &t_enum, 8, 0, 0 },
		{ "other", &t_enum, 12, 0, 0 },
		{ "name", &t_name, 16, 0, 0 },
		{ "raw", &t_raw, 20, 0, 0 },
		{ "bits", &t_int, 24, 3, 1 },
	};
	d_ptype_t t_s = { D_PT_STRUCT, "struct s", 28, 0, NULL, 0, sm, 7,
	    NULL, 0 };
	unsigned char d[28] = { 0 };
	int32_t v;

	v = -5; memcpy(d, &v, 4);
	v = 9; memcpy(d + 4, &v, 4);
	v = 2; memcpy(d + 8, &v, 4);
	v = 7; memcpy(d + 12, &v, 4);
	memcpy(d + 16, "hi\0\0", 4);
	d[20] = 1; d[21] = 200;
	d[24] = 0x0b;   /* bits 1..3 of 0b1011: 0b101 = 5 */
	CHECK_EQ_STR(tree(json_ptype(&t_s, d, sizeof(d))),
	    "{\"a\":-5,\"u1\":9,\"col\":\"BLUE\",\"other\":7,\"name\":\"hi\","
	    "\"raw\":[1,200],\"bits\":5}");
	/* a char array of any size is a string, a D string too */
	{
		static unsigned char big[5000];
		d_ptype_t t_big = { D_PT_ARRAY, "char [5000]", 5000, 0, &t_char,
		    5000, NULL, 0, NULL, 0 };
		d_ptype_t t_str = { D_PT_STRING, "string", 5000, 0, NULL, 0,
		    NULL, 0, NULL, 0 };

		memset(big, 'x', 4500);
		CHECK_EQ_INT(strlen(tree(json_ptype(&t_big, big, sizeof(big)))),
		    4502);
		CHECK_EQ_INT(strlen(tree(json_ptype(&t_str, big, sizeof(big)))),
		    4502);
		big[4999] = 'y';    /* text after the NULs: not a string */
		CHECK(tree(json_ptype(&t_big, big, sizeof(big)))[0] == '[');
	}
	/* bytes beyond the record read as zero */
	CHECK_EQ_STR(tree(json_ptype(&t_s, d, 2)),
	    "{\"a\":65531,\"u1\":0,\"col\":\"RED\",\"other\":\"RED\","
	    "\"name\":\"\",\"raw\":[0,0],\"bits\":0}");
}

int main(void)
{
	test_writer();
	test_escaping();
	test_text();
	test_ints();
	test_ptype();
	free(buf);
	return UNIT_END();
}
