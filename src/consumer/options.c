/*
 * options.c — the -x option table: names, defaults and the value syntax
 * of sizes, times and booleans (D-REFERENCE §7).
 *
 * Owns: validating and storing option values. Must not: act on them;
 * the consumer reads the fields of udt_opts_t when it needs them.
 * Invariant: opts_set parses into a scratch copy and commits only on
 * success, so a failed set leaves every field as it was.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <fcntl.h>
#include <unistd.h>

#include "consumer/options.h"
#include "d/attr.h"

#define NSEC_PER_SEC 1000000000ULL

/* errno of the last UDT_OPT_ERRNO (ctypes, dtypes: the file's open) */
static int opt_errno;

/* How an option's value is read and where it goes. */
enum opt_kind {
	OK_SIZE,      /* uint64_t bytes */
	OK_TIME,      /* uint64_t period in ns */
	OK_BOOL,      /* int */
	OK_INT64,     /* int64_t, any integer */
	OK_UINT32,    /* uint32_t, non-negative integer */
	OK_STR,       /* char[] of the given field size */
	OK_PATHS,     /* char[]: each value appended, NUL-separated, "" ends */
	OK_IGNORE,    /* accepted with a value, stored elsewhere (cpp options) */
	OK_SPECIAL,   /* parsed by its own code below */
	OK_FLAG,      /* int set to 1; no value allowed (dt_opt_cflags) */
	OK_UNFLAG,    /* int set to 0; no value allowed (dt_opt_invcflags) */
	OK_ANY,       /* int set to 1 whatever the value (droptags, lazyload) */
	OK_ATOIPOS,   /* int: atoi(value) > 0 (iregs, tregs, tree) */
	OK_ATOINN,    /* int: atoi(value) >= 0 (pgmax) */
	OK_RUNTIME    /* int64_t: dt_opt_runtime's number, -1 for unset */
};

/* Where a D program's `#pragma D option` may not set the option. */
enum opt_ctx {
	CTX_ANY,
	CTX_CMDLINE,        /* EDT_BADOPTCTX once the value is checked */
	CTX_CMDLINE_FIRST   /* EDT_BADOPTCTX before the value is looked at */
};

typedef struct opt_def {
	const char *name;
	int kind;
	size_t off;       /* field offset in udt_opts_t */
	size_t fsize;     /* OK_STR: field size */
	int dynamic;      /* may change while tracing (§7) */
	int ctx;          /* enum opt_ctx */
} opt_def_t;

#define F(field) offsetof(udt_opts_t, field)
#define S(field) offsetof(udt_opts_t, field), sizeof(((udt_opts_t *)0)->field)

static const opt_def_t opt_table[] = {
	{ "aggpercpu",     OK_FLAG,   F(aggpercpu), 0, 0, 0 },
	{ "aggrate",       OK_TIME,   F(aggrate), 0, 1, 0 },
	{ "aggsize",       OK_SIZE,   F(aggsize), 0, 0, 0 },
	{ "aggsortkey",    OK_BOOL,   F(aggsortkey), 0, 1, 0 },
	{ "aggsortkeypos", OK_INT64,  F(aggsortkeypos), 0, 1, 0 },
	{ "aggsortpos",    OK_INT64,  F(aggsortpos), 0, 1, 0 },
	{ "aggsortrev",    OK_BOOL,   F(aggsortrev), 0, 1, 0 },
	{ "agghist",       OK_BOOL,   F(agghist), 0, 1, 0 },
	{ "aggpack",       OK_BOOL,   F(aggpack), 0, 1, 0 },
	{ "aggzoom",       OK_BOOL,   F(aggzoom), 0, 1, 0 },
	{ "argref",        OK_BOOL,   F(argref), 0, 0, 0 },
	{ "amin",          OK_SPECIAL, F(amin), 0, 0, 0 },
	{ "backend",       OK_SPECIAL, F(backend), 0, 0, 0 },
	{ "bufpolicy",     OK_SPECIAL, F(bufpolicy), 0, 0, 0 },
	{ "bufresize",     OK_SPECIAL, F(bufresize_manual), 0, 0, 0 },
	{ "bufsize",       OK_SIZE,   F(bufsize), 0, 0, 0 },
	{ "cleanrate",     OK_TIME,   F(cleanrate), 0, 0, 0 },
	{ "core",          OK_FLAG,   F(core), 0, 0, 0 },
	{ "cpp",           OK_BOOL,   F(cpp), 0, 0, 0 },
	{ "cpphdrs",       OK_FLAG,   F(cpphdrs), 0, 0, CTX_CMDLINE },
	{ "cpppath",       OK_STR,    S(cpppath), 0, CTX_CMDLINE },
	{ "cpu",           OK_RUNTIME, F(cpu), 0, 0, 0 },
	{ "ctypes",        OK_SPECIAL, 0, 0, 0, 0 },
	{ "debug",         OK_FLAG,   F(debug), 0, 0, 0 },
	{ "defaultargs",   OK_BOOL,   F(defaultargs), 0, 0, 0 },
	{ "define",        OK_IGNORE, 0, 0, 0, CTX_CMDLINE },
	{ "droptags",      OK_ANY,    F(droptags), 0, 0, 0 },
	{ "dtypes",        OK_SPECIAL, 0, 0, 0, 0 },
	{ "empty",         OK_BOOL,   F(empty), 0, 0, 0 },
	{ "encoding",      OK_SPECIAL, F(encoding), 0, 0, 0 },
	{ "destructive",   OK_BOOL,   F(destructive), 0, 0, 0 },
	{ "dynvarsize",    OK_SIZE,   F(dynvarsize), 0, 0, 0 },
	{ "errtags",       OK_BOOL,   F(errtags), 0, 0, 0 },
	{ "evaltime",      OK_SPECIAL, F(evaltime), 0, 0, 0 },
	{ "flowindent",    OK_BOOL,   F(flowindent), 0, 1, 0 },
	{ "grabanon",      OK_BOOL,   F(grabanon), 0, 0, 0 },
	{ "incdir",        OK_IGNORE, 0, 0, 0, CTX_CMDLINE },
	{ "iregs",         OK_ATOIPOS, F(iregs), 0, 0, 0 },
	{ "jsontimestamp", OK_BOOL,   F(jsontimestamp), 0, 0, 0 },
	{ "jstackframes",  OK_UINT32, F(jstackframes), 0, 0, 0 },
	{ "jstackstrsize", OK_UINT32, F(jstackstrsize), 0, 0, 0 },
	{ "kdefs",         OK_UNFLAG, F(knodefs), 0, 0, 0 },
	{ "knodefs",       OK_FLAG,   F(knodefs), 0, 0, 0 },
	{ "late",          OK_SPECIAL, F(xlate), 0, 0, 0 },
	{ "lazyload",      OK_ANY,    F(lazyload), 0, 0, 0 },
	{ "ldpath",        OK_STR,    S(ldpath), 0, CTX_CMDLINE },
	{ "libdir",        OK_PATHS,  S(libdir), 0, 0 },
	{ "linkmode",      OK_SPECIAL, F(linkmode), 0, 0, 0 },
	{ "linktype",      OK_SPECIAL, F(linktype), 0, 0, 0 },
	{ "lockmem",       OK_SPECIAL, F(lockmem), 0, 0, 0 },
	{ "maxframes",     OK_UINT32, F(maxframes), 0, 0, 0 },
	{ "nolibs",        OK_FLAG,   F(nolibs), 0, 0, 0 },
	{ "noresolve",     OK_BOOL,   F(noresolve), 0, 0, 0 },
	{ "nspec",         OK_UINT32, F(nspec), 0, 0, 0 },
	{ "oformat",       OK_SPECIAL, F(oformat), 0, 0, 0 },
	{ "pcapsize",      OK_SPECIAL, 0, 0, 0, 0 },
	{ "pgmax",         OK_ATOINN, F(pgmax), 0, 0, 0 },
	{ "pspec",         OK_BOOL,   F(pspec), 0, 0, 0 },
	{ "quiet",         OK_BOOL,   F(quiet), 0, 1, 0 },
	{ "rawbytes",      OK_BOOL,   F(rawbytes), 0, 1, 0 },
	{ "scratchsize",   OK_SIZE,   F(scratchsize), 0, 0, 0 },
	{ "setenv",        OK_SPECIAL, 0, 0, 0, CTX_CMDLINE_FIRST },
	{ "specsize",      OK_SIZE,   F(specsize), 0, 0, 0 },
	{ "stackformat",   OK_SPECIAL, F(stackformat), 0, 0, 0 },
	{ "stackframes",   OK_UINT32, F(stackframes), 0, 0, 0 },
	{ "stackindent",   OK_UINT32, F(stackindent), 0, 1, 0 },
	{ "statusrate",    OK_TIME,   F(statusrate), 0, 0, 0 },
	{ "stdc",          OK_SPECIAL, F(stdc), 0, 0, CTX_CMDLINE },
	{ "strip",         OK_FLAG,   F(strip), 0, 0, 0 },
	{ "strsize",       OK_SPECIAL, F(strsize), 0, 0, 0 },
	{ "switchrate",    OK_TIME,   F(switchrate), 0, 1, 0 },
	{ "syslibdir",     OK_STR,    S(syslibdir), 0, 0 },
	{ "temporal",      OK_BOOL,   F(temporal), 0, 0, 0 },
	{ "tree",          OK_ATOIPOS, F(tree), 0, 0, 0 },
	{ "tregs",         OK_ATOIPOS, F(tregs), 0, 0, 0 },
	{ "udefs",         OK_UNFLAG, F(unodefs), 0, 0, 0 },
	{ "undef",         OK_IGNORE, 0, 0, 0, CTX_CMDLINE },
	{ "unodefs",       OK_FLAG,   F(unodefs), 0, 0, 0 },
	{ "unsetenv",      OK_SPECIAL, 0, 0, 0, CTX_CMDLINE_FIRST },
	{ "ustackframes",  OK_UINT32, F(ustackframes), 0, 0, 0 },
	{ "verbose",       OK_BOOL,   F(verbose), 0, 0, 0 },
	{ "version",       OK_SPECIAL, F(version), 0, 0, 0 },
	{ "zdefs",         OK_BOOL,   F(zdefs), 0, 0, 0 },
};

void
opts_init(udt_opts_t *o)
{
	memset(o, 0, sizeof(*o));
	o->aggsize = 4ULL << 20;
	o->bufsize = 4ULL << 20;
	o->dynvarsize = 1ULL << 20;
	o->specsize = 32ULL << 10;
	o->strsize = 256;
	/*
	 * OL's 256 only covers alloca(); udtrace's scratch also holds
	 * strjoin() results and copyin() data, so it must hold several
	 * strsize strings.
	 */
	o->scratchsize = 64ULL << 10;
	o->aggrate = NSEC_PER_SEC;
	o->cleanrate = NSEC_PER_SEC / 101;
	o->statusrate = NSEC_PER_SEC;
	o->switchrate = NSEC_PER_SEC;
	o->nspec = 1;
	o->ustackframes = 20;
	o->stackframes = 20;
	o->stackindent = 14;
	o->jstackframes = 50;
	o->jstackstrsize = 512;
	o->maxframes = 100;
	o->bufpolicy = UDT_BUF_SWITCH;
	o->bufresize_manual = 0;
	o->evaltime = UDT_EVAL_PREINIT;
	o->cpu = -1;
	strcpy(o->syslibdir, UDT_SYSLIBDIR);
}

const char *
opts_strerror(int code)
{
	switch (code) {
	case UDT_OPT_OK:      return "Success";
	case UDT_OPT_BADNAME: return "Invalid option name";
	case UDT_OPT_BADVAL:  return "Invalid value for specified option";
	case UDT_OPT_ACTIVE:  return "Operation illegal when tracing is active";
	case UDT_OPT_VERSINVAL:
		return "Version is not properly formatted or is too large";
	case UDT_OPT_VERSUNDEF:
		return "Requested version is not supported by compiler";
	case UDT_OPT_BADCTX:
		return "Option cannot be used from within a D program";
	case UDT_OPT_ERRNO:
		return strerror(opt_errno);
	}
	return "Unknown error";
}

/* An unsigned number in C notation (dec, 0 octal, 0x hex); *end past it. */
static int
parse_unsigned(const char *s, int base, uint64_t *out, const char **end)
{
	char *e;
	unsigned long long v;

	if (s == NULL || !isdigit((unsigned char)s[0]))
		return -1;
	errno = 0;
	v = strtoull(s, &e, base);
	if (errno != 0 || e == s)
		return -1;
	*out = v;
	*end = e;
	return 0;
}

int
opts_parse_size(const char *s, uint64_t *out)
{
	const char *end;
	uint64_t v;
	int shift = 0;

	if (parse_unsigned(s, 0, &v, &end) != 0)
		return -1;
	if (*end != '\0') {
		if (end[1] != '\0')
			return -1;
		switch (*end) {
		case 't': case 'T': shift = 40; break;
		case 'g': case 'G': shift = 30; break;
		case 'm': case 'M': shift = 20; break;
		case 'k': case 'K': shift = 10; break;
		default: return -1;
		}
	}
	if (shift && v > (UINT64_MAX >> shift))
		return -1;
	*out = v << shift;
	return 0;
}

int
opts_parse_time(const char *s, uint64_t *ns_out)
{
	static const struct { const char *sfx; uint64_t mul; } units[] = {
		{ "ns", 1 }, { "nsec", 1 },
		{ "us", 1000ULL }, { "usec", 1000ULL },
		{ "ms", 1000000ULL }, { "msec", 1000000ULL },
		{ "s", NSEC_PER_SEC }, { "sec", NSEC_PER_SEC },
		{ "m", 60 * NSEC_PER_SEC }, { "min", 60 * NSEC_PER_SEC },
		{ "h", 3600 * NSEC_PER_SEC }, { "hour", 3600 * NSEC_PER_SEC },
		{ "d", 86400 * NSEC_PER_SEC }, { "day", 86400 * NSEC_PER_SEC },
	};
	const char *end;
	uint64_t v;
	size_t i;

	if (parse_unsigned(s, 10, &v, &end) != 0)
		return -1;
	if (*end == '\0') {
		*ns_out = v;
		return 0;
	}
	if (strcmp(end, "hz") == 0) {
		/* a rate: the period of N events per second */
		if (v == 0)
			return -1;
		*ns_out = NSEC_PER_SEC / v;
		return 0;
	}
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strcmp(end, units[i].sfx) == 0) {
			if (v > UINT64_MAX / units[i].mul)
				return -1;
			*ns_out = v * units[i].mul;
			return 0;
		}
	}
	return -1;
}

int
opts_parse_bool(const char *s, int *out)
{
	static const char *const on[] = {
		"yes", "on", "true", "enable", "enabled", "set"
	};
	static const char *const off[] = {
		"no", "off", "false", "disable", "disabled", "unset"
	};
	const char *end;
	uint64_t v;
	size_t i;

	/* "-x name" sets; "-x name=" unsets, as dt_opt_runtime's empty value */
	if (s == NULL || *s == '\0') {
		*out = s == NULL;
		return 0;
	}
	for (i = 0; i < sizeof(on) / sizeof(on[0]); i++) {
		if (strcasecmp(s, on[i]) == 0) {
			*out = 1;
			return 0;
		}
		if (strcasecmp(s, off[i]) == 0) {
			*out = 0;
			return 0;
		}
	}
	/* DTrace treats any number as "given", so even 0 sets the option */
	if (parse_unsigned(s, 0, &v, &end) == 0 && *end == '\0') {
		*out = 1;
		return 0;
	}
	return -1;
}

static int
parse_int64(const char *s, int64_t *out)
{
	char *e;
	long long v;

	if (s == NULL || *s == '\0')
		return -1;
	errno = 0;
	v = strtoll(s, &e, 0);
	if (errno != 0 || *e != '\0' || e == s)
		return -1;
	*out = v;
	return 0;
}

static int
pick(const char *v, const char *const *names, int n, int *out)
{
	int i;

	if (v == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		if (strcmp(v, names[i]) == 0) {
			*out = i;
			return 0;
		}
	}
	return -1;
}

/* The value lists of dt_options.c's handlers: index + 1 is stored. */
static int
pick1(const char *v, const char *const *names, int n, int *out, int nocase)
{
	if (v == NULL)
		return -1;
	for (int i = 0; i < n; i++) {
		if ((nocase ? strcasecmp(v, names[i]) : strcmp(v, names[i])) == 0) {
			*out = i + 1;
			return 0;
		}
	}
	return -1;
}

/* dtrace's kernel, CTF and link-editor options (dt_options.c). */
static int
set_special_dtrace(udt_opts_t *o, const char *name, const char *v)
{
	static const char *const encs[] = { "ascii", "utf8" };
	static const char *const xlates[] = { "dynamic", "static" };
	static const char *const modes[] = {
		"kernel", "primary", "dynamic", "static"
	};
	static const char *const types[] = { "elf", "dof" };

	if (strcmp(name, "encoding") == 0)
		return pick1(v, encs, 2, &o->encoding, 0);
	if (strcmp(name, "late") == 0)
		return pick1(v, xlates, 2, &o->xlate, 0);
	if (strcmp(name, "linkmode") == 0)
		return pick1(v, modes, 4, &o->linkmode, 0);
	if (strcmp(name, "linktype") == 0)
		return pick1(v, types, 2, &o->linktype, 1);
	if (strcmp(name, "amin") == 0) {
		/* dt_opt_amin: dtrace_str2attr's syntax */
		d_attr_t a;
		if (v == NULL || strlen(v) >= sizeof(o->amin) ||
		    d_str2attr(v, &a) != 0)
			return -1;
		strcpy(o->amin, v);
		return 0;
	}
	if (strcmp(name, "setenv") == 0)
		return v == NULL ? -1 : 0;
	if (strcmp(name, "unsetenv") == 0)
		return v == NULL || strchr(v, '=') != NULL ? -1 : 0;
	return -1;
}

static int
set_special(udt_opts_t *o, const char *name, const char *v)
{
	static const char *const policies[] = { "switch", "fill", "ring" };
	static const char *const resizes[] = { "auto", "manual" };
	static const char *const evals[] = {
		"exec", "preinit", "postinit", "main"
	};
	static const char *const oformats[] = { "text", "json" };
	uint64_t u;
	int i;

	if (strcmp(name, "bufpolicy") == 0)
		return pick(v, policies, 3, &o->bufpolicy);
	if (strcmp(name, "bufresize") == 0)
		return pick(v, resizes, 2, &o->bufresize_manual);
	if (strcmp(name, "evaltime") == 0)
		return pick(v, evals, 4, &o->evaltime);
	/*
	 * Not dynamic: one run's output is one format, so a reader never
	 * meets text in the middle of its JSON Lines.
	 */
	if (strcmp(name, "oformat") == 0)
		return pick(v, oformats, 2, &o->oformat);
	if (strcmp(name, "backend") == 0) {
		if (v == NULL || (strcmp(v, "uprobe") != 0 &&
		    strcmp(v, "ptrace") != 0 && strcmp(v, "trampoline") != 0))
			return -1;
		strcpy(o->backend, v);
		return 0;
	}
	if (strcmp(name, "stackformat") == 0) {
		/* ustack() aggregations as folded stacks or an SVG flame graph */
		if (v == NULL)
			return -1;
		if (strcmp(v, "default") == 0 || v[0] == '\0')
			o->stackformat[0] = '\0';
		else if (strcmp(v, "folded") == 0 || strcmp(v, "svg") == 0)
			strcpy(o->stackformat, v);
		else
			return -1;
		return 0;
	}
	if (strcmp(name, "strsize") == 0) {
		/* a zero-sized string could not even hold its NUL */
		if (opts_parse_size(v, &u) != 0 || u == 0)
			return -1;
		o->strsize = u;
		return 0;
	}
	if (strcmp(name, "stdc") == 0) {
		/* -X a|c|s|t: ISO C conformance mode, kept as its letter */
		if (v == NULL || v[0] == '\0' || v[1] != '\0' ||
		    strchr("acst", v[0]) == NULL)
			return -1;
		o->stdc = v[0];
		return 0;
	}
	if (strcmp(name, "lockmem") == 0) {
		/* [OL] a locked-memory limit; udtrace only notes it was given */
		if (v == NULL || opts_parse_bool(v, &i) == 0) {
			o->lockmem = v == NULL ? 1 : i;
			return 0;
		}
		if (opts_parse_size(v, &u) != 0)
			return -1;
		o->lockmem = 1;
		return 0;
	}
	if (strcmp(name, "pcapsize") == 0)
		return opts_parse_size(v, &u);
	return set_special_dtrace(o, name, v);
}

/*
 * -x version=M.m[.u]: the D language version to compile for, parsed as
 * dt_version_str2num() and checked against the versions dt_open.c lists.
 */
static int set_version(udt_opts_t *o, const char *v)
{
	static const uint32_t known[][3] = { { 1, 0, 0 }, { 1, 1, 0 },
		{ 1, 2, 0 }, { 1, 2, 1 }, { 1, 2, 2 }, { 1, 3, 0 }, { 1, 4, 0 },
		{ 1, 4, 1 }, { 1, 5, 0 }, { 1, 6, 0 }, { 1, 6, 1 }, { 1, 6, 2 },
		{ 1, 6, 3 }, { 1, 7, 0 }, { 1, 7, 1 }, { 1, 8, 0 }, { 1, 8, 1 },
		{ 1, 9, 0 }, { 1, 9, 1 }, { 1, 10, 0 }, { 1, 11, 0 },
		{ 1, 12, 0 }, { 1, 12, 1 }, { 1, 13, 0 } };
	uint32_t n[3] = { 0, 0, 0 };
	int i = 0;

	if (v == NULL)
		return UDT_OPT_BADVAL;
	for (const char *p = v; *p != '\0'; p++) {
		if (*p >= '0' && *p <= '9') {
			n[i] = n[i] * 10 + (uint32_t)(*p - '0');
			if (n[i] > 0xfff)
				return UDT_OPT_VERSINVAL;
		} else if (*p != '.' || i++ >= 2) {
			return UDT_OPT_VERSINVAL;
		}
	}
	if (n[0] > 0xff)
		return UDT_OPT_VERSINVAL;
	for (size_t k = 0; k < sizeof(known) / sizeof(known[0]); k++)
		if (known[k][0] == n[0] && known[k][1] == n[1] &&
		    known[k][2] == n[2]) {
			o->version = (n[0] << 24) | (n[1] << 12) | n[2];
			return UDT_OPT_OK;
		}
	return UDT_OPT_VERSUNDEF;
}

static int
set_option(udt_opts_t *o, const char *name, const char *value, int active,
    int in_program)
{
	const opt_def_t *d = NULL;
	udt_opts_t n;
	char *field;
	size_t i;
	int rc = -1;

	if (name == NULL)
		return UDT_OPT_BADNAME;
	for (i = 0; i < sizeof(opt_table) / sizeof(opt_table[0]); i++) {
		if (strcmp(name, opt_table[i].name) == 0) {
			d = &opt_table[i];
			break;
		}
	}
	if (d == NULL)
		return UDT_OPT_BADNAME;
	if (active && !d->dynamic)
		return UDT_OPT_ACTIVE;
	/* dt_opt_setenv refuses a D program before it reads the value */
	if (in_program && d->ctx == CTX_CMDLINE_FIRST)
		return UDT_OPT_BADCTX;
	if (strcmp(name, "version") == 0)
		return set_version(o, value);
	if (strcmp(name, "ctypes") == 0 || strcmp(name, "dtypes") == 0) {
		/*
		 * dt_opt_ctypes opens (creating) the file the CTF of the
		 * program's C or D types goes to; there is no CTF here, so
		 * it is created as dtrace creates it and stays empty.
		 */
		int fd;
		if (value == NULL)
			return UDT_OPT_BADVAL;
		if ((fd = open(value, O_CREAT | O_WRONLY | O_CLOEXEC,
		    0666)) < 0) {
			opt_errno = errno;
			return UDT_OPT_ERRNO;
		}
		close(fd);
		return UDT_OPT_OK;
	}

	n = *o;
	field = (char *)&n + d->off;
	switch (d->kind) {
	case OK_SIZE:
		rc = opts_parse_size(value, (uint64_t *)(void *)field);
		break;
	case OK_TIME:
		rc = opts_parse_time(value, (uint64_t *)(void *)field);
		break;
	case OK_BOOL:
		rc = opts_parse_bool(value, (int *)(void *)field);
		break;
	case OK_INT64:
		rc = parse_int64(value, (int64_t *)(void *)field);
		break;
	case OK_UINT32: {
		int64_t v;

		rc = parse_int64(value, &v);
		if (rc == 0 && (v < 0 || v > UINT32_MAX))
			rc = -1;
		if (rc == 0)
			*(uint32_t *)(void *)field = (uint32_t)v;
		break;
	}
	case OK_STR:
		if (value != NULL && strlen(value) < d->fsize) {
			strcpy(field, value);
			rc = 0;
		}
		break;
	case OK_PATHS: {
		/* -L adds a directory, as dtrace's libdir does: none replaces */
		size_t used = 0;
		while (used < d->fsize && field[used] != '\0')
			used += strlen(field + used) + 1;
		if (value != NULL && *value != '\0' &&
		    used + strlen(value) + 2 <= d->fsize) {
			memcpy(field + used, value, strlen(value) + 1);
			field[used + strlen(value) + 1] = '\0';
			rc = 0;
		}
		break;
	}
	case OK_IGNORE:
		rc = value != NULL && *value != '\0' ? 0 : -1;
		break;
	case OK_SPECIAL:
		rc = set_special(&n, name, value);
		break;
	case OK_FLAG:
	case OK_UNFLAG:
		if (value == NULL) {
			*(int *)(void *)field = d->kind == OK_FLAG;
			rc = 0;
		}
		break;
	case OK_ANY:
		*(int *)(void *)field = 1;
		rc = 0;
		break;
	case OK_ATOIPOS:
	case OK_ATOINN: {
		/* atoi, as dt_opt_iregs and dt_opt_pgmax read it */
		int v = value != NULL ? atoi(value) : -1;
		if (value != NULL && (v > 0 || (v == 0 && d->kind == OK_ATOINN))) {
			*(int *)(void *)field = v;
			rc = 0;
		}
		break;
	}
	case OK_RUNTIME: {
		/*
		 * dt_opt_runtime: no value is 0, "" or a negative word
		 * unsets, a positive word is 1, else a number >= 0.
		 */
		int b;
		int64_t *f = (int64_t *)(void *)field;
		if (value == NULL) {
			*f = 0;
			rc = 0;
		} else if (*value == '\0' ||
		    (opts_parse_bool(value, &b) == 0 && !isdigit(
		    (unsigned char)*value))) {
			*f = *value == '\0' ? -1 : b ? 1 : -1;
			rc = 0;
		} else if (parse_int64(value, f) == 0 && *f >= 0) {
			rc = 0;
		}
		break;
	}
	}
	if (rc != 0)
		return UDT_OPT_BADVAL;
	if (in_program && d->ctx == CTX_CMDLINE)
		return UDT_OPT_BADCTX;
	*o = n;
	return UDT_OPT_OK;
}

int
opts_set(udt_opts_t *o, const char *name, const char *value, int active)
{
	return set_option(o, name, value, active, 0);
}

int
opts_set_in_program(udt_opts_t *o, const char *name, const char *value)
{
	return set_option(o, name, value, 0, 1);
}
