/*
 * options.h — dtrace(1)'s -x options: their table, defaults and value
 * syntax (sizes, times, booleans).
 *
 * Owns: udt_opts_t and parsing of option values. Must not: act on an
 * option (the consumer reads the fields); it only validates and stores.
 * Invariant: every field holds a valid value at all times: opts_init sets
 * DTrace's defaults and opts_set changes nothing when it fails.
 */
#ifndef UDTRACE_CONSUMER_OPTIONS_H
#define UDTRACE_CONSUMER_OPTIONS_H

#include <stdint.h>
#include <stddef.h>

enum { UDT_BUF_SWITCH, UDT_BUF_FILL, UDT_BUF_RING };
enum { UDT_EVAL_EXEC, UDT_EVAL_PREINIT, UDT_EVAL_POSTINIT, UDT_EVAL_MAIN };
/* -x oformat: dtrace's text, or JSON Lines (json.c) */
enum { UDT_OFMT_TEXT, UDT_OFMT_JSON };
/* -x encoding: unset (ASCII bars), ascii, or utf8 (block-element bars) */
enum { UDT_ENC_UNSET, UDT_ENC_ASCII, UDT_ENC_UTF8 };

/*
 * The system D library directory, loaded before the -L ones unless
 * -x nolibs (dtrace's /usr/lib/dtrace; -x syslibdir replaces it).
 */
#ifndef UDT_SYSLIBDIR
#define UDT_SYSLIBDIR "/usr/lib/udtrace"
#endif

typedef struct udt_opts {
	/* sizes in bytes */
	uint64_t aggsize, bufsize, dynvarsize, specsize, strsize, scratchsize;
	/* rates as periods in nanoseconds */
	uint64_t aggrate, cleanrate, statusrate, switchrate;
	int64_t  aggsortkeypos, aggsortpos;
	uint32_t nspec, ustackframes, stackframes, stackindent;
	uint32_t jstackframes, jstackstrsize, maxframes;
	int bufpolicy;     /* UDT_BUF_* */
	int bufresize_manual;
	int evaltime;      /* UDT_EVAL_* */
	int oformat;       /* UDT_OFMT_* */
	/* booleans */
	int aggsortkey, aggsortrev, agghist, aggpack, aggzoom;
	int defaultargs, destructive, errtags, flowindent, quiet, rawbytes;
	int zdefs, argref, cpp, cpphdrs, stdc, noresolve, verbose;
	int lockmem, empty, pspec;
	/* oformat=json: "probe" objects carry the firing's "timestamp" */
	int jsontimestamp;
	/*
	 * dtrace's options for kernel, CTF, link-editor and debugging
	 * state: validated as dt_options.c validates them; what each does
	 * here is in README's -x row.
	 */
	int aggpercpu, core, debug, droptags, knodefs, unodefs, lazyload;
	int nolibs, strip, temporal, grabanon;
	int iregs, tregs, tree, pgmax;   /* 0: not given */
	int64_t cpu;                     /* -1: unset (DTRACEOPT_UNSET) */
	int encoding;                    /* UDT_ENC_* */
	int xlate, linkmode, linktype;   /* index of the value given, +1 */
	char amin[64];
	char ldpath[256];
	/* -x syslibdir: the system D library directory, read before libdir */
	char syslibdir[256];
	/* strings */
	char cpppath[256];
	char libdir[4096];    /* -L dirs: NUL-separated, an empty one ends */
	char backend[16];  /* "", "uprobe", "ptrace" or "trampoline" */
	char stackformat[16];
	uint32_t version;  /* -x version: D language version (0: the latest) */
} udt_opts_t;

enum {
	UDT_OPT_OK = 0,
	UDT_OPT_BADNAME,    /* "Invalid option name" */
	UDT_OPT_BADVAL,     /* "Invalid value for specified option" */
	UDT_OPT_ACTIVE,     /* "Operation illegal when tracing is active" */
	UDT_OPT_VERSINVAL,  /* -x version: malformed or too large */
	UDT_OPT_VERSUNDEF,  /* -x version: not a D version this compiler has */
	UDT_OPT_BADCTX,     /* a command-line-only option in a D program */
	UDT_OPT_ERRNO       /* a system call failed: opts_strerror says why */
};

void opts_init(udt_opts_t *o);

/*
 * Set option name to value (NULL: given without "=value"). `active`
 * means tracing has started: only the dynamic options of D-REFERENCE §7
 * may change then. Returns UDT_OPT_*.
 */
int opts_set(udt_opts_t *o, const char *name, const char *value, int active);

/*
 * The same from `#pragma D option` (illumos: dt_pcb set): the options
 * that only the command line may give (cpp's, ldpath, stdc, setenv,
 * unsetenv) are UDT_OPT_BADCTX.
 */
int opts_set_in_program(udt_opts_t *o, const char *name, const char *value);

/* The text DTrace prints for an UDT_OPT_* code. */
const char *opts_strerror(int code);

/* Value parsers, exported for tests and for profile-N rates. */
int opts_parse_size(const char *s, uint64_t *out);
int opts_parse_time(const char *s, uint64_t *ns_out);   /* no suffix = ns; "hz" = rate */
int opts_parse_bool(const char *s, int *out);

#endif /* UDTRACE_CONSUMER_OPTIONS_H */
