/*
 * test_options.c — proves the -x option table: defaults, the size, time
 * and boolean syntaxes, enumerated values, error codes and texts, and
 * which options may change while tracing.
 */
#include "unit.h"
#include "consumer/options.h"

static void
test_defaults(void)
{
	udt_opts_t o;

	opts_init(&o);
	CHECK_EQ_INT(o.bufsize, 4 << 20);
	CHECK_EQ_INT(o.aggsize, 4 << 20);
	CHECK_EQ_INT(o.dynvarsize, 1 << 20);
	CHECK_EQ_INT(o.specsize, 32 << 10);
	CHECK_EQ_INT(o.strsize, 256);
	CHECK_EQ_INT(o.aggrate, 1000000000);
	CHECK_EQ_INT(o.switchrate, 1000000000);
	CHECK_EQ_INT(o.statusrate, 1000000000);
	CHECK_EQ_INT(o.cleanrate, 1000000000 / 101);
	CHECK_EQ_INT(o.nspec, 1);
	CHECK_EQ_INT(o.ustackframes, 20);
	CHECK_EQ_INT(o.stackframes, 20);
	CHECK_EQ_INT(o.stackindent, 14);
	CHECK_EQ_INT(o.jstackframes, 50);
	CHECK_EQ_INT(o.jstackstrsize, 512);
	CHECK_EQ_INT(o.bufpolicy, UDT_BUF_SWITCH);
	CHECK_EQ_INT(o.bufresize_manual, 0);
	CHECK_EQ_INT(o.evaltime, UDT_EVAL_PREINIT);
	CHECK_EQ_INT(o.quiet, 0);
	CHECK_EQ_INT(o.flowindent, 0);
	CHECK_EQ_STR(o.backend, "");
}

static void
test_sizes(void)
{
	uint64_t v;

	CHECK_EQ_INT(opts_parse_size("123", &v), 0); CHECK_EQ_INT(v, 123);
	CHECK_EQ_INT(opts_parse_size("2k", &v), 0); CHECK_EQ_INT(v, 2048);
	CHECK_EQ_INT(opts_parse_size("2K", &v), 0); CHECK_EQ_INT(v, 2048);
	CHECK_EQ_INT(opts_parse_size("3m", &v), 0); CHECK_EQ_INT(v, 3 << 20);
	CHECK_EQ_INT(opts_parse_size("3M", &v), 0); CHECK_EQ_INT(v, 3 << 20);
	CHECK_EQ_INT(opts_parse_size("1g", &v), 0); CHECK_EQ_INT(v, 1LL << 30);
	CHECK_EQ_INT(opts_parse_size("1G", &v), 0); CHECK_EQ_INT(v, 1LL << 30);
	CHECK_EQ_INT(opts_parse_size("1t", &v), 0); CHECK_EQ_INT(v, 1LL << 40);
	CHECK_EQ_INT(opts_parse_size("1T", &v), 0); CHECK_EQ_INT(v, 1LL << 40);
	CHECK(opts_parse_size("", &v) != 0);
	CHECK(opts_parse_size(NULL, &v) != 0);
	CHECK(opts_parse_size("k", &v) != 0);
	CHECK(opts_parse_size("1kb", &v) != 0);
	CHECK(opts_parse_size("1x", &v) != 0);
	CHECK(opts_parse_size("-1", &v) != 0);
	CHECK(opts_parse_size("99999999999t", &v) != 0);
}

static void
test_times(void)
{
	static const struct { const char *s; uint64_t ns; } ok[] = {
		{ "5", 5 }, { "5ns", 5 }, { "5nsec", 5 },
		{ "5us", 5000 }, { "5usec", 5000 },
		{ "5ms", 5000000 }, { "5msec", 5000000 },
		{ "5s", 5000000000ULL }, { "5sec", 5000000000ULL },
		{ "2m", 120000000000ULL }, { "2min", 120000000000ULL },
		{ "1h", 3600000000000ULL }, { "1hour", 3600000000000ULL },
		{ "1d", 86400000000000ULL }, { "1day", 86400000000000ULL },
		{ "1hz", 1000000000 }, { "100hz", 10000000 },
		{ "101hz", 9900990 },
	};
	uint64_t v;
	size_t i;

	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		v = 0;
		CHECK_EQ_INT(opts_parse_time(ok[i].s, &v), 0);
		CHECK_EQ_INT(v, ok[i].ns);
	}
	CHECK(opts_parse_time("", &v) != 0);
	CHECK(opts_parse_time("0hz", &v) != 0);
	CHECK(opts_parse_time("5years", &v) != 0);
	CHECK(opts_parse_time("hz", &v) != 0);
	CHECK(opts_parse_time("5 s", &v) != 0);
}

static void
test_bools(void)
{
	static const char *const on[] = {
		"yes", "on", "true", "enable", "enabled", "set", "1", "0", "42"
	};
	static const char *const off[] = {
		"no", "off", "false", "disable", "disabled", "unset"
	};
	size_t i;
	int b;

	b = 0;
	CHECK_EQ_INT(opts_parse_bool(NULL, &b), 0); CHECK_EQ_INT(b, 1);
	/* "-x quiet=": an empty value unsets, as dt_opt_runtime */
	b = 1;
	CHECK_EQ_INT(opts_parse_bool("", &b), 0); CHECK_EQ_INT(b, 0);
	for (i = 0; i < sizeof(on) / sizeof(on[0]); i++) {
		b = 0;
		CHECK_EQ_INT(opts_parse_bool(on[i], &b), 0);
		CHECK_EQ_INT(b, 1);
	}
	for (i = 0; i < sizeof(off) / sizeof(off[0]); i++) {
		b = 1;
		CHECK_EQ_INT(opts_parse_bool(off[i], &b), 0);
		CHECK_EQ_INT(b, 0);
	}
	CHECK(opts_parse_bool("maybe", &b) != 0);
}

static void
test_set(void)
{
	static const char *const names[] = {
		"aggrate", "aggsize", "aggsortkey", "aggsortkeypos",
		"aggsortpos", "aggsortrev", "agghist", "aggpack", "aggzoom",
		"bufpolicy", "bufresize", "bufsize", "cleanrate", "cpp",
		"cpphdrs", "cpppath", "define", "incdir", "undef", "stdc",
		"defaultargs", "destructive", "dynvarsize", "errtags",
		"evaltime", "flowindent", "jstackframes", "jstackstrsize",
		"nspec", "specsize", "quiet", "libdir", "rawbytes",
		"stackframes", "stackindent", "statusrate", "switchrate",
		"strsize", "ustackframes", "zdefs", "scratchsize", "lockmem",
		"noresolve", "maxframes", "pcapsize", "backend",
		"stackformat", "verbose", "argref", "jsontimestamp",
		"aggpercpu", "amin", "core", "cpu", "debug",
		"droptags", "encoding", "grabanon", "iregs",
		"kdefs", "knodefs", "late", "lazyload", "ldpath", "linkmode",
		"linktype", "nolibs", "pgmax", "setenv", "strip", "syslibdir",
		"temporal", "tree", "tregs", "udefs", "unodefs", "unsetenv",
	};
	udt_opts_t o, before;
	size_t i;

	opts_init(&o);
	/* every name exists: an unknown name would say BADNAME */
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		int rc = opts_set(&o, names[i], "\001bad", 0);

		if (rc == UDT_OPT_BADNAME)
			fprintf(stderr, "option %s unknown\n", names[i]);
		CHECK(rc != UDT_OPT_BADNAME);
	}
	opts_init(&o);
	/* dt_opt_setenv refuses a D program before looking at the value */
	CHECK_EQ_INT(opts_set_in_program(&o, "setenv", NULL), UDT_OPT_BADCTX);
	CHECK_EQ_INT(opts_set_in_program(&o, "ldpath", NULL), UDT_OPT_BADVAL);
	CHECK_EQ_INT(opts_set_in_program(&o, "ldpath", "/bin/ld"),
	    UDT_OPT_BADCTX);
	CHECK_EQ_INT(opts_set(&o, "ldpath", "/bin/ld", 0), UDT_OPT_OK);
	CHECK_EQ_INT(opts_set(&o, "cpu", NULL, 0), UDT_OPT_OK);
	CHECK_EQ_INT(o.cpu, 0);
	CHECK_EQ_INT(opts_set(&o, "cpu", "3", 0), UDT_OPT_OK);
	CHECK_EQ_INT(o.cpu, 3);
	CHECK_EQ_INT(opts_set(&o, "cpu", "", 0), UDT_OPT_OK);
	CHECK_EQ_INT(o.cpu, -1);
	CHECK_EQ_INT(opts_set(&o, "pgmax", "abc", 0), UDT_OPT_OK);  /* atoi */
	CHECK_EQ_INT(opts_set(&o, "iregs", "abc", 0), UDT_OPT_BADVAL);
	opts_init(&o);
	CHECK_EQ_INT(opts_set(&o, "nosuch", NULL, 0), UDT_OPT_BADNAME);
	CHECK_EQ_INT(opts_set(&o, "bufsize", "2m", 0), UDT_OPT_OK);
	CHECK_EQ_INT(o.bufsize, 2 << 20);
	CHECK_EQ_INT(opts_set(&o, "bufsize", NULL, 0), UDT_OPT_BADVAL);
	CHECK_EQ_INT(opts_set(&o, "bufsize", "lots", 0), UDT_OPT_BADVAL);
	CHECK_EQ_INT(o.bufsize, 2 << 20);
	CHECK_EQ_INT(opts_set(&o, "quiet", NULL, 0), UDT_OPT_OK);
	CHECK_EQ_INT(o.quiet, 1);
	CHECK_EQ_INT(opts_set(&o, "quiet", "no", 0), UDT_OPT_OK);
	CHECK_EQ_INT(o.quiet, 0);
	CHECK_EQ_INT(opts_set(&o, "quiet", "0", 0), UDT_OPT_OK);
	CHECK_EQ_INT(o.quiet, 1);
	CHECK_EQ_INT(opts_set(&o, "quiet", "perhaps", 0), UDT_OPT_BADVAL);
	CHECK_EQ_INT(opts_set(&o, "switchrate", "10hz", 0), UDT_OPT_OK);
	CHECK_EQ_INT(o.switchrate, 100000000);
	CHECK_EQ_INT(opts_set(&o, "aggrate", "250ms", 0), UDT_OPT_OK);
	CHECK_EQ_INT(o.aggrate, 250000000);

	CHECK_EQ_INT(opts_set(&o, "bufpolicy", "fill", 0), UDT_OPT_OK);
	CHECK_EQ_INT(o.bufpolicy, UDT_BUF_FILL);
	CHECK_EQ_INT(opts_set(&o, "bufpolicy", "ring", 0), UDT_OPT_OK);
	CHECK_EQ_INT(o.bufpolicy, UDT_BUF_RING);
	CHECK_EQ_INT(opts_set(&o, "bufpolicy", "switch", 0), UDT_OPT_OK);
	CHECK_EQ_INT(o.bufpolicy, UDT_BUF_SWITCH);
	CHECK_EQ_INT(opts_set(&o, "bufpolicy", "drop", 0), UDT_OPT_BADVAL);
	CHECK_EQ_INT(opts_set(&o, "bufresize", "manual", 0), UDT_OPT_OK);
	CHECK_EQ_INT(o.bufresize_manual, 1);
	CHECK_EQ_INT(opts_set(&o, "bufresize", "auto", 0), UDT_OPT_OK);
	CHECK_EQ_INT(o.bufresize_manual, 0);
	CHECK_EQ_INT(opts_set(&o, "bufresize", "x", 0), UDT_OPT_BADVAL);
	CHECK_EQ_INT(opts_set(&o, "evaltime", "exec", 0), UDT_OPT_OK);
	CHECK_EQ_INT(o.evaltime, UDT_EVAL_EXEC);
	CHECK_EQ_INT(opts_set(&o, "evaltime", "postinit", 0), UDT_OPT_OK);
	CHECK_EQ_INT(o.evaltime, UDT_EVAL_POSTINIT);
	CHECK_EQ_INT(opts_set(&o, "evaltime", "main", 0), UDT_OPT_OK);
	CHECK_EQ_INT(o.evaltime, UDT_EVAL_MAIN);
	CHECK_EQ_INT(opts_set(&o, "evaltime", "preinit", 0), UDT_OPT_OK);
	CHECK_EQ_INT(o.evaltime, UDT_EVAL_PREINIT);
	CHECK_EQ_INT(opts_set(&o, "evaltime", "later", 0), UDT_OPT_BADVAL);
	CHECK_EQ_INT(opts_set(&o, "backend", "ptrace", 0), UDT_OPT_OK);
	CHECK_EQ_STR(o.backend, "ptrace");
	CHECK_EQ_INT(opts_set(&o, "backend", "uprobe", 0), UDT_OPT_OK);
	CHECK_EQ_STR(o.backend, "uprobe");
	CHECK_EQ_INT(opts_set(&o, "backend", "kprobe", 0), UDT_OPT_BADVAL);
	CHECK_EQ_INT(opts_set(&o, "strsize", "0", 0), UDT_OPT_BADVAL);
	CHECK_EQ_INT(opts_set(&o, "strsize", "1k", 0), UDT_OPT_OK);
	CHECK_EQ_INT(o.strsize, 1024);
	CHECK_EQ_INT(opts_set(&o, "nspec", "4", 0), UDT_OPT_OK);
	CHECK_EQ_INT(o.nspec, 4);
	CHECK_EQ_INT(opts_set(&o, "nspec", "-4", 0), UDT_OPT_BADVAL);
	CHECK_EQ_INT(opts_set(&o, "aggsortkeypos", "2", 0), UDT_OPT_OK);
	CHECK_EQ_INT(o.aggsortkeypos, 2);
	CHECK_EQ_INT(opts_set(&o, "cpppath", "/usr/bin/cpp", 0), UDT_OPT_OK);
	CHECK_EQ_STR(o.cpppath, "/usr/bin/cpp");

	/* a failed set changes nothing */
	before = o;
	CHECK_EQ_INT(opts_set(&o, "aggrate", "fast", 0), UDT_OPT_BADVAL);
	CHECK(memcmp(&before, &o, sizeof(o)) == 0);
}

static void
test_active(void)
{
	static const char *const dyn[] = {
		"agghist", "aggpack", "aggsortkey", "aggsortrev", "aggzoom",
		"flowindent", "quiet", "rawbytes",
	};
	udt_opts_t o;
	size_t i;

	opts_init(&o);
	for (i = 0; i < sizeof(dyn) / sizeof(dyn[0]); i++)
		CHECK_EQ_INT(opts_set(&o, dyn[i], NULL, 1), UDT_OPT_OK);
	CHECK_EQ_INT(opts_set(&o, "aggrate", "2hz", 1), UDT_OPT_OK);
	CHECK_EQ_INT(opts_set(&o, "switchrate", "2hz", 1), UDT_OPT_OK);
	CHECK_EQ_INT(opts_set(&o, "aggsortkeypos", "1", 1), UDT_OPT_OK);
	CHECK_EQ_INT(opts_set(&o, "aggsortpos", "1", 1), UDT_OPT_OK);
	CHECK_EQ_INT(opts_set(&o, "stackindent", "4", 1), UDT_OPT_OK);
	CHECK_EQ_INT(opts_set(&o, "bufsize", "1m", 1), UDT_OPT_ACTIVE);
	CHECK_EQ_INT(opts_set(&o, "strsize", "1k", 1), UDT_OPT_ACTIVE);
	CHECK_EQ_INT(opts_set(&o, "destructive", NULL, 1), UDT_OPT_ACTIVE);
	CHECK_EQ_INT(opts_set(&o, "nosuch", NULL, 1), UDT_OPT_BADNAME);
	CHECK_EQ_INT(o.bufsize, 4 << 20);
}

static void
test_strerror(void)
{
	CHECK_EQ_STR(opts_strerror(UDT_OPT_BADNAME), "Invalid option name");
	CHECK_EQ_STR(opts_strerror(UDT_OPT_BADVAL),
	    "Invalid value for specified option");
	CHECK_EQ_STR(opts_strerror(UDT_OPT_ACTIVE),
	    "Operation illegal when tracing is active");
}

int
main(void)
{
	test_defaults();
	test_sizes();
	test_times();
	test_bools();
	test_set();
	test_active();
	test_strerror();
	return UNIT_END();
}
