/*
 * complete.c — Tab completion in the shell: commands, option names for
 * :set, aggregation names for :print/:clear/:trunc, file names for
 * :load, and in D text probe descriptions, keywords, built-in variables
 * and subroutines.
 *
 * Owns: the word lists and how the context of the cursor picks one.
 * Probe descriptions come from the handle's probe registry and, for a
 * pid<PID> (or pid$target) provider of an attached process, from the pid
 * provider's enumeration, run only when Tab asks for functions.
 * Must not: create probes or change the handle: completion only reads
 * (pid_enumerate reports to a callback; nothing is planted or kept).
 * Invariant: every match returned begins with the text being completed,
 * so readline's common-prefix insertion never rewrites what was typed.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <readline/readline.h>

#include "shell/shell_int.h"
#include "consumer/handle.h"
#include "pid/pid.h"

static const char *const d_keywords[] = {
	"auto", "break", "case", "char", "const", "continue", "counter",
	"default", "do", "double", "else", "enum", "extern", "float", "for",
	"goto", "if", "import", "inline", "int", "long", "offsetof", "probe",
	"provider", "register", "restrict", "return", "self", "short",
	"signed", "sizeof", "static", "string", "stringof", "struct",
	"switch", "this", "translator", "typedef", "union", "unsigned",
	"userland", "void", "volatile", "while", "xlate", NULL
};

static const char *const d_variables[] = {
	"arg0", "arg1", "arg2", "arg3", "arg4", "arg5", "arg6", "arg7",
	"arg8", "arg9", "args", "caller", "cpu", "curcpu", "curthread", "cwd",
	"epid", "errno", "execname", "gid", "id", "ipl", "pid", "ppid",
	"probefunc", "probemod", "probename", "probeprov", "stackdepth",
	"tid", "timestamp", "ucaller", "uid", "uregs", "ustackdepth",
	"vtimestamp", "walltimestamp", "zonename", "$target", "$pid",
	"$ppid", "$uid", "$gid", NULL
};

static const char *const d_functions[] = {
	"alloca", "avg", "basename", "bcopy", "chill", "cleanpath", "clear",
	"commit", "copyin", "copyinstr", "copyinto", "copyout", "copyoutstr",
	"count", "denormalize", "dirname", "discard", "exit", "freopen",
	"ftruncate", "htonl", "htonll", "htons", "index", "inet_ntoa",
	"inet_ntoa6", "inet_ntop", "jstack", "llquantize", "lltostr",
	"lquantize", "max", "min", "normalize", "ntohl", "ntohll", "ntohs",
	"print", "printa", "printf", "progenyof", "quantize", "raise",
	"rand", "rindex", "setopt", "speculate", "speculation", "stack",
	"stddev", "stop", "strchr", "strjoin", "strlen", "strrchr", "strstr",
	"strtok", "substr", "sum", "system", "tolower", "toupper", "trace",
	"tracemem", "trunc", "uaddr", "ufunc", "umod", "ustack", "usym",
	NULL
};

/* Options that take no value (completed with a space, not '='). */
static const char *const flag_options[] = {
	"aggpack", "aggsortkey", "aggsortrev", "agghist", "aggzoom", "argref",
	"cpp", "cpphdrs", "defaultargs", "destructive", "errtags",
	"empty", "flowindent", "jsontimestamp", "lockmem", "noresolve", "pspec", "quiet",
	"rawbytes", "stdc",
	"verbose", "zdefs",
	/* dtrace's kernel, CTF, link-editor and debugging ones */
	"aggpercpu", "core", "debug", "droptags", "grabanon", "kdefs",
	"knodefs", "lazyload", "nolibs", "strip", "temporal", "udefs",
	"unodefs", NULL
};

static const char *const value_options[] = {
	"aggrate", "aggsize", "aggsortkeypos", "aggsortpos", "backend",
	"bufpolicy", "bufresize", "bufsize", "cleanrate", "cpppath",
	"define", "dynvarsize", "evaltime", "incdir", "jstackframes",
	"jstackstrsize", "libdir", "maxframes", "nspec", "pcapsize",
	"scratchsize", "specsize", "stackformat", "stackframes",
	"stackindent", "statusrate", "strsize", "switchrate", "undef",
	"ustackframes", "version",
	"amin", "cpu", "ctypes", "dtypes", "encoding", "iregs", "late",
	"ldpath", "linkmode", "linktype", "pgmax", "setenv", "syslibdir",
	"tree", "tregs", "unsetenv", NULL
};

static const char *const desc_words[] = {
	"BEGIN", "END", "ERROR", "dtrace:::", "profile:::", "tick-1s",
	"tick-", "profile-", NULL
};

static const char d_breaks[] = " \t\n\"'{}();,=!<>+*&|^~?[]%/";
static const char path_breaks[] = " \t\n";

/* ---- a growing, de-duplicated list of matches ---- */

typedef struct mlist {
	char **v; size_t n, cap;
	const char *text; size_t tlen;
} mlist_t;

static void madd(mlist_t *m, const char *lead, size_t llen, const char *w)
{
	size_t wl = strlen(w);
	if (llen + wl < m->tlen || (llen < m->tlen &&
	    strncmp(w, m->text + llen, m->tlen - llen) != 0))
		return;
	for (size_t i = 0; i < m->n; i++)
		if (strncmp(m->v[i], lead, llen) == 0 &&
		    strcmp(m->v[i] + llen, w) == 0)
			return;
	if (m->n + 2 > m->cap) {
		size_t cap = m->cap ? m->cap * 2 : 32;
		char **v = realloc(m->v, cap * sizeof(*v));
		if (v == NULL)
			return;
		m->v = v;
		m->cap = cap;
	}
	char *s = malloc(llen + wl + 1);
	if (s == NULL)
		return;
	memcpy(s, lead, llen);
	memcpy(s + llen, w, wl + 1);
	m->v[m->n++] = s;
}

static void madd_list(mlist_t *m, const char *const *words)
{
	for (; *words; words++)
		madd(m, "", 0, *words);
}

/* readline's array: [0] the common prefix, then the matches, NULL. */
static char **mfinish(mlist_t *m)
{
	if (m->n == 0) {
		free(m->v);
		return NULL;
	}
	char **out = malloc((m->n + 2) * sizeof(*out));
	if (out == NULL)
		return NULL;
	size_t lcd = strlen(m->v[0]);
	for (size_t i = 1; i < m->n; i++) {
		size_t j = 0;
		while (j < lcd && m->v[i][j] == m->v[0][j])
			j++;
		lcd = j;
	}
	if (m->n == 1) {
		out[0] = m->v[0];
		out[1] = NULL;
	} else {
		out[0] = strndup(m->v[0], lcd);
		memcpy(out + 1, m->v, m->n * sizeof(*out));
		out[m->n + 1] = NULL;
	}
	free(m->v);
	return out;
}

/* ---- context ---- */

/* Brace depth and open predicate of the clause up to the cursor. */
static void d_context(const char *pending, const char *line, int end,
    int *depth, int *in_pred)
{
	*depth = 0;
	*in_pred = 0;
	for (int part = 0; part < 2; part++) {
		const char *s = part == 0 ? (pending ? pending : "") : line;
		const char *e = part == 0 ? s + strlen(s) : line + end;
		for (; s < e; s++) {
			if (*s == '"') {
				while (s + 1 < e && s[1] != '"')
					s += s[1] == '\\' ? 2 : 1;
				s++;
			} else if (*s == '{') {
				++*depth;
			} else if (*s == '}') {
				--*depth;
				*in_pred = 0;
			} else if (*s == '/' && *depth == 0 && s[1] != '*') {
				*in_pred = !*in_pred;
			}
		}
	}
}

static const char *line_start(void)
{
	return rl_line_buffer + strspn(rl_line_buffer, " \t");
}

static char *word_breaks(void)
{
	shell_t *sh = shell_current;
	const char *l = line_start();
	if ((sh == NULL || sh->pending == NULL) &&
	    strncmp(l, ":load", 5) == 0 && isspace((unsigned char)l[5]))
		return (char *)path_breaks;
	return (char *)d_breaks;
}

/* ---- probe descriptions ---- */

/* The process a provider field names: pid<digits> or pid$target. */
static udt_tproc_t *desc_proc(udt_handle_t *h, const char *prov)
{
	int32_t pid = 0;
	if (strncmp(prov, "pid", 3) != 0)
		return NULL;
	if (strcmp(prov + 3, "$target") == 0) {
		pid = h->procs.target;
	} else {
		char *end;
		long v = strtol(prov + 3, &end, 10);
		if (prov[3] == '\0' || *end != '\0' || v <= 0)
			return NULL;
		pid = (int32_t)v;
	}
	udt_tproc_t *t = procs_find(&h->procs, pid);
	return t != NULL && t->alive ? t : NULL;
}

struct func_ctx {
	mlist_t *m;
	const char *lead; size_t llen;
};

static int func_cb(void *arg, const pid_probe_t *pp)
{
	struct func_ctx *fc = arg;
	madd(fc->m, fc->lead, fc->llen, pp->func);
	return fc->m->n > 5000;
}

/* Modules of a process: the files it maps executable, and a.out. */
static void add_modules(mlist_t *m, const char *lead, size_t llen,
    int32_t pid)
{
	char path[64], line[4096];
	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	FILE *fp = fopen(path, "r");
	madd(m, lead, llen, "a.out");
	if (fp == NULL)
		return;
	while (fgets(line, sizeof(line), fp)) {
		char perms[8];
		int off = 0;
		if (sscanf(line, "%*s %7s %*s %*s %*s %n", perms, &off) < 1 ||
		    perms[2] != 'x' || off == 0)
			continue;
		char *file = line + off;
		file[strcspn(file, "\n")] = '\0';
		if (file[0] != '/')
			continue;
		const char *base = strrchr(file, '/') + 1;
		if (*base)
			madd(m, lead, llen, base);
	}
	fclose(fp);
}

static void complete_desc(mlist_t *m, const char *text)
{
	shell_t *sh = shell_current;
	udt_handle_t *h = sh ? sh->h : NULL;
	char f[4][256];
	int k = 0;
	const char *p = text, *c;

	memset(f, 0, sizeof(f));
	while ((c = strchr(p, ':')) != NULL) {
		if (k == 3)
			return;
		snprintf(f[k], sizeof(f[k]), "%.*s", (int)(c - p), p);
		k++;
		p = c + 1;
	}
	size_t llen = (size_t)(p - text);
	if (h == NULL)
		return;
	for (size_t i = 0; i < h->reg.nprobes; i++) {
		const udt_probe_t *pr = h->reg.probes[i];
		const char *fields[4] = { pr->prov, pr->mod, pr->func, pr->name };
		int ok = 1;
		for (int j = 0; j < k && ok; j++)
			ok = f[j][0] == '\0' || probe_glob(f[j], fields[j]);
		if (ok)
			madd(m, text, llen, fields[k]);
	}
	udt_tproc_t *t = desc_proc(h, f[0]);
	if (t == NULL || k == 0)
		return;
	if (k == 1) {
		add_modules(m, text, llen, t->pid);
	} else if (k == 2) {
		char glob[300], tag[64], err[512];
		snprintf(glob, sizeof(glob), "%s*", p);
		struct func_ctx fc = { m, text, llen };
		(void)pid_enumerate(t->proc, f[1], glob, "entry", func_cb, &fc,
		    tag, sizeof(tag), err, sizeof(err));
	} else {
		madd(m, text, llen, "entry");
		madd(m, text, llen, "return");
	}
}

static void add_providers(mlist_t *m)
{
	shell_t *sh = shell_current;
	if (sh == NULL || sh->h == NULL)
		return;
	udt_handle_t *h = sh->h;
	char name[32];
	for (size_t i = 0; i < h->reg.nproviders; i++) {
		snprintf(name, sizeof(name), "%.30s:", h->reg.providers[i].name);
		madd(m, "", 0, name);
	}
	for (size_t i = 0; i < h->procs.n; i++) {
		snprintf(name, sizeof(name), "pid%d:", (int)h->procs.v[i]->pid);
		madd(m, "", 0, name);
	}
	if (h->procs.target)
		madd(m, "", 0, "pid$target:");
}

static void add_aggs(mlist_t *m)
{
	shell_t *sh = shell_current;
	udt_prog_t *p = sh ? (sh->live ? sh->live : sh->prog) : NULL;
	if (p == NULL)
		return;
	for (size_t i = 0; i < p->dp->naggs; i++) {
		char name[300];
		snprintf(name, sizeof(name), "@%s", p->dp->aggs[i].name);
		madd(m, "", 0, name);
	}
}

static int in_list(const char *const *list, const char *w)
{
	for (; *list; list++)
		if (strcmp(*list, w) == 0)
			return 1;
	return 0;
}

static char **complete(const char *text, int start, int end)
{
	shell_t *sh = shell_current;
	mlist_t m = { NULL, 0, 0, text, strlen(text) };
	const char *l = line_start();
	int lead = (int)(l - rl_line_buffer);

	rl_attempted_completion_over = 1;
	rl_completion_append_character = ' ';
	rl_completion_suppress_append = 0;
	if ((sh == NULL || sh->pending == NULL) && *l == ':') {
		size_t cmdlen = strcspn(l, " \t");
		if (start <= lead) {
			madd_list(&m, shell_commands);
		} else if (strncmp(l, ":set", cmdlen) == 0 && cmdlen == 4) {
			madd_list(&m, flag_options);
			madd_list(&m, value_options);
			if (m.n == 1 && in_list(value_options, m.v[0]))
				rl_completion_append_character = '=';
		} else if (cmdlen == 5 && strncmp(l, ":load", 5) == 0) {
			rl_attempted_completion_over = 0;
			return NULL;
		} else if ((cmdlen == 6 && strncmp(l, ":print", 6) == 0) ||
		    (cmdlen == 6 && strncmp(l, ":clear", 6) == 0) ||
		    (cmdlen == 6 && strncmp(l, ":trunc", 6) == 0)) {
			add_aggs(&m);
		}
		return mfinish(&m);
	}

	int depth, in_pred;
	d_context(sh ? sh->pending : NULL, rl_line_buffer, start, &depth,
	    &in_pred);
	(void)end;
	if (strchr(text, ':') != NULL && depth <= 0 && !in_pred) {
		complete_desc(&m, text);
		if (m.n == 1) {
			/* a finished field goes on to the next one */
			const char *last = strrchr(m.v[0], ':');
			int fields = 0;
			for (const char *s = m.v[0]; *s; s++)
				fields += *s == ':';
			(void)last;
			if (fields < 3)
				rl_completion_append_character = ':';
		}
	} else if (depth <= 0 && !in_pred) {
		madd_list(&m, desc_words);
		add_providers(&m);
		if (m.n == 1 && m.v[0][strlen(m.v[0]) - 1] == ':')
			rl_completion_suppress_append = 1;
		if (m.n == 1 && strcmp(m.v[0], "tick-") == 0)
			rl_completion_suppress_append = 1;
		if (m.n == 1 && strcmp(m.v[0], "profile-") == 0)
			rl_completion_suppress_append = 1;
	} else {
		madd_list(&m, d_keywords);
		madd_list(&m, d_variables);
		madd_list(&m, d_functions);
		if (text[0] == '@')
			add_aggs(&m);
	}
	return mfinish(&m);
}

void shell_complete_init(void)
{
	rl_attempted_completion_function = complete;
	rl_completion_word_break_hook = word_breaks;
	rl_basic_word_break_characters = (char *)d_breaks;
	rl_completer_word_break_characters = (char *)d_breaks;
	rl_basic_quote_characters = "\"";
}
