/*
 * test_glob.c — D probe-description globbing (D-REFERENCE §2.3): * ? and
 * bracket classes with ranges and negation, backslash escapes, and the
 * empty pattern matching anything.
 */
#include "unit.h"
#include "consumer/probes.h"

int main(void)
{
	/* empty field = any */
	CHECK(probe_glob("", ""));
	CHECK(probe_glob("", "BEGIN"));
	/* literals */
	CHECK(probe_glob("BEGIN", "BEGIN"));
	CHECK(!probe_glob("BEGIN", "BEGINX"));
	CHECK(!probe_glob("BEGIN", "BEGI"));
	CHECK(!probe_glob("x", ""));
	/* * */
	CHECK(probe_glob("*", ""));
	CHECK(probe_glob("*", "anything"));
	CHECK(probe_glob("tick-*", "tick-1sec"));
	CHECK(!probe_glob("tick-*", "profile-97"));
	CHECK(probe_glob("*-entry", "query-entry"));
	CHECK(probe_glob("a*b*c", "axxbyyc"));
	CHECK(probe_glob("a*b*c", "abc"));
	CHECK(!probe_glob("a*b*c", "abcx"));
	CHECK(probe_glob("a**c", "ac"));
	CHECK(probe_glob("*a*a*a*", "aaa"));
	CHECK(!probe_glob("*a*a*a*", "aa"));
	/* ? */
	CHECK(probe_glob("r?ad", "read"));
	CHECK(!probe_glob("r?ad", "rad"));
	CHECK(!probe_glob("?", ""));
	/* classes */
	CHECK(probe_glob("[abc]x", "bx"));
	CHECK(!probe_glob("[abc]x", "dx"));
	CHECK(probe_glob("tick-[0-9]", "tick-5"));
	CHECK(!probe_glob("tick-[0-9]", "tick-a"));
	CHECK(probe_glob("[!a]b", "cb"));
	CHECK(!probe_glob("[!a]b", "ab"));
	CHECK(probe_glob("[a-cx-z]", "y"));
	CHECK(!probe_glob("[a-cx-z]", "m"));
	CHECK(probe_glob("[]]", "]"));
	CHECK(probe_glob("[a-]", "-"));
	CHECK(probe_glob("*[0-9]", "profile-97"));
	/* an unclosed [ is an ordinary character */
	CHECK(probe_glob("[ab", "[ab"));
	CHECK(!probe_glob("[ab", "a"));
	/* escapes */
	CHECK(probe_glob("a\\*b", "a*b"));
	CHECK(!probe_glob("a\\*b", "axb"));
	CHECK(probe_glob("\\?", "?"));
	CHECK(!probe_glob("\\?", "x"));
	CHECK(probe_glob("[\\]]", "]"));
	/* pattern detection (profile only creates probes for literal names) */
	CHECK(probe_glob_is_pattern("tick-*"));
	CHECK(probe_glob_is_pattern("tick-[1]"));
	CHECK(!probe_glob_is_pattern("tick-1sec"));
	return UNIT_END();
}
