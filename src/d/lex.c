/*
 * lex.c — D's lexer: tokens, literals and their types, comments, control
 * lines (#pragma, #line, cpp line markers) and $-macro substitution.
 *
 * Owns: turning program text into d_tok_t and every lexical error message.
 * Must not: build the parse tree; options reach the handle only through
 * cc->setopt, exactly when the pragma is read (so later pragmas win).
 * Invariant: lx->line is the line of the next unread character; a token's
 * line is the line it ends on, which is where DTrace reports errors.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lex.h"

static const char *const keywords[] = {
	"auto", "break", "case", "char", "const", "continue", "counter",
	"default", "do", "double", "else", "enum", "extern", "float", "for",
	"goto", "if", "import", "inline", "int", "long", "offsetof", "probe",
	"provider", "register", "restrict", "return", "self", "short",
	"signed", "sizeof", "static", "string", "stringof", "struct", "switch",
	"this", "translator", "typedef", "union", "unsigned", "userland",
	"void", "volatile", "while", "xlate", NULL
};

/* Keywords D recognises at the outer scope (anything else is a probe description). */
static const char *const outer_keywords[] = {
	"auto", "char", "const", "counter", "double", "enum", "extern",
	"float", "import", "inline", "int", "long", "provider", "register",
	"restrict", "self", "short", "signed", "static", "string", "struct",
	"this", "translator", "typedef", "union", "unsigned", "void",
	"volatile", NULL
};

static int in_list(const char *const *l, const char *s)
{
	for (; *l != NULL; l++)
		if (strcmp(*l, s) == 0)
			return 1;
	return 0;
}

int d_lex_is_keyword(const char *s)
{
	return in_list(keywords, s);
}

void d_lex_init(d_lexer_t *lx, d_cc_t *cc, const char *src)
{
	memset(lx, 0, sizeof(*lx));
	lx->cc = cc;
	lx->s = src;
	lx->len = strlen(src);
	lx->line = 1;
	lx->bol = 1;
}

static int peekc(const d_lexer_t *lx, size_t off)
{
	size_t i = lx->pos + off;
	return i < lx->len ? (unsigned char)lx->s[i] : 0;
}

static void advance(d_lexer_t *lx, size_t n)
{
	for (size_t i = 0; i < n && lx->pos < lx->len; i++) {
		char c = lx->s[lx->pos++];
		if (c == '\n') {
			lx->line++;
			lx->bol = 1;
		} else if (!(c == ' ' || c == '\t' || c == '\f' || c == '\v')) {
			lx->bol = 0;
		}
	}
}

static _Noreturn void syntax_near_char(d_lexer_t *lx, int c)
{
	d_error(lx->cc, lx->line, "D_SYNTAX", "syntax error near \"%c\"", c);
}

/* ---------------------------------------------------------------- */
/* escapes and literal typing                                        */

/*
 * Decode D escapes from s[0..n) into out (at least n+1 bytes); returns
 * the decoded length. An unknown escape keeps both the backslash and the
 * character, as D does.
 */
static size_t unescape(const char *s, size_t n, char *out)
{
	size_t o = 0;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (c != '\\' || i + 1 >= n) {
			out[o++] = c;
			continue;
		}
		c = s[++i];
		switch (c) {
		case 'a': out[o++] = '\a'; break;
		case 'b': out[o++] = '\b'; break;
		case 'f': out[o++] = '\f'; break;
		case 'n': out[o++] = '\n'; break;
		case 'r': out[o++] = '\r'; break;
		case 't': out[o++] = '\t'; break;
		case 'v': out[o++] = '\v'; break;
		case '\\': out[o++] = '\\'; break;
		case '"': out[o++] = '"'; break;
		case '0': case '1': case '2': case '3':
		case '4': case '5': case '6': case '7': {
			int v = 0, k = 0;
			while (k < 3 && i < n && s[i] >= '0' && s[i] <= '7') {
				v = v * 8 + (s[i] - '0');
				i++, k++;
			}
			i--;
			out[o++] = (char)v;
			break;
		}
		case 'x': {
			unsigned v = 0;
			while (i + 1 < n && isxdigit((unsigned char)s[i + 1])) {
				int d = (unsigned char)s[++i];
				v = v * 16 + (unsigned)(isdigit(d) ? d - '0' :
				    tolower(d) - 'a' + 10);
			}
			out[o++] = (char)v;
			break;
		}
		default:
			out[o++] = '\\';
			out[o++] = c;
			break;
		}
	}
	out[o] = '\0';
	return o;
}

/*
 * D's integer literal typing: the first type whose limit holds the value
 * and whose suffix starts with the written suffix; decimal constants
 * without `u` skip the unsigned types.
 */
static int int_type(d_cc_t *cc, int line, uint64_t v, int decimal,
    const char *suffix)
{
	static const struct { int t; uint64_t lim; const char *suf; } tab[] = {
		{ D_LIT_INT, INT32_MAX, "" }, { D_LIT_UINT, UINT32_MAX, "u" },
		{ D_LIT_LONG, INT64_MAX, "l" }, { D_LIT_ULONG, UINT64_MAX, "ul" },
		{ D_LIT_LLONG, INT64_MAX, "ll" },
		{ D_LIT_ULLONG, UINT64_MAX, "ull" },
	};
	char suf[8];
	size_t n = 0;
	for (; suffix[n] != '\0' && n < sizeof(suf) - 1; n++)
		suf[n] = (char)tolower((unsigned char)suffix[n]);
	suf[n] = '\0';
	int step = (decimal && suf[0] != 'u') ? 2 : 1;
	for (size_t i = 0; i < sizeof(tab) / sizeof(tab[0]); i += (size_t)step) {
		/* an octal/hex l or ll constant too big for the signed type
		 * is the unsigned one, as in C and illumos dt_node_int() */
		const char *ts = tab[i].suf;
		if (!decimal && suf[0] == 'l' && ts[0] == 'u')
			ts++;
		if (v <= tab[i].lim && strncmp(suf, ts, n) == 0)
			return tab[i].t;
	}
	d_error(cc, line, "D_INT_OFLOW", "integer constant 0x%llx cannot be "
	    "represented in any built-in integral type", (unsigned long long)v);
}

/* Length of the longest floating-point-looking run at p (0 if none). */
static size_t fp_len(const char *p)
{
	size_t i = 0, d1 = 0, d2 = 0;
	while (isdigit((unsigned char)p[i]))
		i++, d1++;
	if (p[i] == '.') {
		i++;
		while (isdigit((unsigned char)p[i]))
			i++, d2++;
	}
	if (d1 == 0 && d2 == 0)
		return 0;
	if (d1 == 0 && p[0] != '.')
		return 0;
	if (p[i] == 'e' || p[i] == 'E') {
		size_t j = i + 1;
		if (p[j] == '+' || p[j] == '-')
			j++;
		if (isdigit((unsigned char)p[j])) {
			while (isdigit((unsigned char)p[j]))
				j++;
			i = j;
		}
	}
	if (p[i] && strchr("fFlL", p[i]))
		i++;
	return i;
}

/* Length of the RGX_INT match at p (digits or hex, then [uU]?[lL]?[lL]?). */
static size_t int_len(const char *p)
{
	size_t i = 0;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') &&
	    isxdigit((unsigned char)p[2])) {
		i = 2;
		while (isxdigit((unsigned char)p[i]))
			i++;
	} else {
		while (isdigit((unsigned char)p[i]))
			i++;
	}
	if (p[i] == 'u' || p[i] == 'U')
		i++;
	if (p[i] == 'l' || p[i] == 'L')
		i++;
	if (p[i] == 'l' || p[i] == 'L')
		i++;
	return i;
}

/*
 * Convert an integer token text (RGX_INT) to value and type: what
 * strtoull would read, then the suffix must be all [uUlL].
 */
static void int_value(d_cc_t *cc, int line, const char *text, d_tok_t *t)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(text, &end, 0);
	if (errno == ERANGE)
		d_error(cc, line, "D_INT_OFLOW",
		    "constant %s results in integer overflow", text);
	if (*end != '\0' && strchr("uUlL", *end) == NULL)
		d_error(cc, line, "D_INT_DIGIT",
		    "constant %s contains invalid digit %c", text, *end);
	t->ival = v;
	t->itype = int_type(cc, line, v, text[0] != '0', end);
}

/* ---------------------------------------------------------------- */
/* macros                                                            */

static int macro_value(d_cc_t *cc, const char *name, int64_t *v)
{
	static const char *const names[] = { "pid", "ppid", "uid", "gid",
	    "euid", "egid", "pgid", "sid", "target", NULL };
	const int64_t vals[] = { cc->macros.pid, cc->macros.ppid,
	    cc->macros.uid, cc->macros.gid, cc->macros.euid, cc->macros.egid,
	    cc->macros.pgid, cc->macros.sid, cc->macros.target };
	for (int i = 0; names[i] != NULL; i++) {
		if (strcmp(names[i], name) == 0) {
			*v = vals[i];
			return 1;
		}
	}
	return 0;
}

/*
 * Text of $i (0 is the program name); NULL if undefined. Marks the
 * argument referenced.
 */
static const char *macro_arg(d_cc_t *cc, long i)
{
	if (i == 0)
		return cc->arg0 != NULL ? cc->arg0 : "";
	if (i < 1 || i > cc->argc)
		return NULL;
	if (cc->argused != NULL)
		cc->argused[i - 1] = 1;
	return cc->argv[i - 1];
}

/* A macro value that is neither an integer nor an identifier is a string. */
static int bad_idnum(const char *v)
{
	if (*v == '\0')
		return 1;
	char *end;
	errno = 0;
	(void)strtoull(v, &end, 0);
	if (errno == 0 && *end == '\0')
		return 0;
	for (const char *p = v; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '_' && *p != '`')
			return 1;
	return 0;
}

static void make_string(d_cc_t *cc, d_tok_t *t, const char *s, size_t n)
{
	char *out = d_alloc(cc, n + 1);
	t->slen = unescape(s, n, out);
	t->str = out;
	t->kind = TK_STRING;
}

/* $1, $$1, $pid, $$pid ...: lx->pos is at '$'. */
static void lex_macro(d_lexer_t *lx, d_tok_t *t)
{
	d_cc_t *cc = lx->cc;
	const char *p = lx->s + lx->pos;
	int dbl = p[1] == '$';
	const char *q = p + 1 + dbl;
	size_t n = 0;
	if (isdigit((unsigned char)q[0])) {
		while (isdigit((unsigned char)q[n]))
			n++;
	} else if (isalpha((unsigned char)q[0]) || q[0] == '_' || q[0] == '`') {
		while (isalnum((unsigned char)q[n]) || q[n] == '_' || q[n] == '`')
			n++;
	} else {
		syntax_near_char(lx, '$');
	}
	size_t tl = (size_t)(q - p) + n;
	t->text = d_strndup(cc, p, tl);
	advance(lx, tl);
	t->line = lx->line;

	if (!isdigit((unsigned char)q[0])) {
		int64_t v;
		if (!macro_value(cc, t->text + 1 + dbl, &v))
			d_error(cc, t->line, "D_MACRO_UNDEF",
			    "macro variable %s is not defined", t->text);
		if (dbl) {
			char *s = d_sprintf(cc, "%u", (unsigned)v);
			t->kind = TK_STRING;
			t->str = s;
			t->slen = strlen(s);
		} else {
			t->kind = TK_INT;
			t->ival = (uint64_t)(int64_t)(int)v;
			t->itype = int_type(cc, t->line, t->ival, 1, "");
			if ((int)v < 0) {
				/* negative ids do not occur; keep the value as an int */
				t->itype = D_LIT_INT;
			}
		}
		return;
	}

	long i = strtol(t->text + 1 + dbl, NULL, 10);
	if (n > 9)
		i = LONG_MAX;
	const char *v = macro_arg(cc, i);
	if (v == NULL) {
		if (!cc->defaultargs)
			d_error(cc, t->line, "D_MACRO_UNDEF",
			    "macro argument %s is not defined", t->text);
		v = dbl ? "" : "0";
	}
	if (dbl) {
		make_string(cc, t, v, strlen(v));
		return;
	}
	if (bad_idnum(v)) {
		size_t len = strlen(v);
		if (len >= 2 && v[0] == '"' && v[len - 1] == '"')
			make_string(cc, t, v + 1, len - 2);
		else
			make_string(cc, t, v, len);
		return;
	}
	if (isdigit((unsigned char)v[0]) || v[0] == '-' || v[0] == '+') {
		int sign = 0;
		if (!isdigit((unsigned char)v[0]))
			sign = *v++;
		char *end;
		errno = 0;
		unsigned long long val = strtoull(v, &end, 0);
		if (errno == ERANGE)
			d_error(cc, t->line, "D_MACRO_OFLOW", "macro argument %s "
			    "constant %s results in integer overflow", t->text, v);
		t->kind = TK_INT;
		t->sign = sign;
		t->ival = val;
		t->itype = int_type(cc, t->line, val, v[0] != '0', end);
		return;
	}
	t->kind = TK_IDENT;
	t->str = d_strdup(cc, v);
	t->slen = strlen(v);
	/* the parser reads identifier names from str */
}

/*
 * Expand $-macros inside a probe description: $N is an argument, $name a
 * macro variable; anything undefined makes the description invalid.
 */
static char *expand_pspec(d_lexer_t *lx, const char *s, int line)
{
	d_cc_t *cc = lx->cc;
	if (strchr(s, '$') == NULL)
		return (char *)s;
	size_t cap = strlen(s) + 64, o = 0;
	char *out = malloc(cap);
	if (out == NULL)
		d_error(cc, line, "D_NOMEM", "failed to allocate memory");
	for (const char *p = s; *p;) {
		const char *v = NULL;
		char num[32];
		if (*p == '$') {
			const char *q = p + 1;
			size_t n = 0;
			if (isdigit((unsigned char)*q)) {
				while (isdigit((unsigned char)q[n]))
					n++;
				long i = n > 9 ? LONG_MAX : strtol(q, NULL, 10);
				v = macro_arg(cc, i);
			} else {
				while (isalnum((unsigned char)q[n]) || q[n] == '_')
					n++;
				char name[64];
				int64_t mv;
				if (n > 0 && n < sizeof(name)) {
					memcpy(name, q, n);
					name[n] = '\0';
					if (macro_value(cc, name, &mv)) {
						snprintf(num, sizeof(num), "%u",
						    (unsigned)mv);
						v = num;
					}
				}
			}
			if (v == NULL) {
				free(out);
				d_error(cc, line, "D_PDESC_INVAL",
				    "invalid probe description \"%s\": Undefined "
				    "macro variable in probe description", s);
			}
			p = q + n;
		}
		size_t add = v != NULL ? strlen(v) : 1;
		if (o + add + 1 > cap) {
			cap = (o + add + 1) * 2;
			char *nb = realloc(out, cap);
			if (nb == NULL) {
				free(out);
				d_error(cc, line, "D_NOMEM", "failed to allocate memory");
			}
			out = nb;
		}
		if (v != NULL) {
			memcpy(out + o, v, add);
		} else {
			out[o] = *p++;
		}
		o += add;
	}
	out[o] = '\0';
	char *r = d_strdup(cc, out);
	free(out);
	return r;
}

/* ---------------------------------------------------------------- */
/* control lines                                                     */

typedef struct ctl_word {
	int is_int, is_str;
	const char *text;
	uint64_t ival;
} ctl_word_t;

/*
 * `#...` at the start of a line: the words up to the newline form a
 * directive. DTrace numbers the line after `#line N` as N+1 but the line
 * after a cpp marker `# N "file"` as N; we keep both behaviours.
 */
static void control_line(d_lexer_t *lx)
{
	d_cc_t *cc = lx->cc;
	ctl_word_t w[16];
	int nw = 0, dline;

	advance(lx, 1); /* '#' */
	for (;;) {
		int c = peekc(lx, 0);
		if (c == '\n')
			break;
		if (c == 0)
			d_error(cc, lx->line, "D_SYNTAX", "end-of-file encountered "
			    "before end of control line");
		if (c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r') {
			advance(lx, 1);
			continue;
		}
		ctl_word_t cw = { 0, 0, NULL, 0 };
		size_t i = 0;
		const char *p = lx->s + lx->pos;
		if (c == '"') {
			i = 1;
			while (p[i] && p[i] != '"' && p[i] != '\n') {
				if (p[i] == '\\' && p[i + 1] && p[i + 1] != '\n')
					i++;
				i++;
			}
			if (p[i] != '"')
				d_error(cc, lx->line, "D_STR_NL",
				    "newline encountered in string literal");
			char *out = d_alloc(cc, i);
			unescape(p + 1, i - 1, out);
			cw.is_str = 1;
			cw.text = out;
			i++;
		} else {
			while (p[i] && !strchr(" \t\f\v\n\"", p[i]))
				i++;
			cw.text = d_strndup(cc, p, i);
			if (isdigit((unsigned char)p[0]) && int_len(p) == i) {
				d_tok_t t;
				int_value(cc, lx->line, cw.text, &t);
				cw.is_int = 1;
				cw.ival = t.ival;
			}
		}
		advance(lx, i);
		if (nw < (int)(sizeof(w) / sizeof(w[0])))
			w[nw++] = cw;
	}
	dline = lx->line;
	advance(lx, 1); /* newline */

	int kind = 0; /* 0: directive, 1: after #pragma, 2: after #pragma D */
	for (int i = 0; i < nw; i++) {
		if (w[i].is_int) {
			if (i + 1 < nw && !w[i + 1].is_str)
				d_error(cc, dline, "D_PRAGMA_MALFORM", "malformed "
				    "#line <line> [ [\"file\"] state ]");
			lx->line = (int)w[i].ival;
			return;
		}
		if (w[i].is_str)
			d_error(cc, dline, "D_PRAGCTL_INVAL",
			    "invalid control directive");
		const char *s = w[i].text;
		if (kind == 0 && strcmp(s, "pragma") == 0) {
			kind = 1;
			continue;
		}
		if (kind == 1 && strcmp(s, "D") == 0) {
			kind = 2;
			continue;
		}
		if (strcmp(s, "line") == 0) {
			if (i + 1 >= nw || !w[i + 1].is_int ||
			    (i + 2 < nw && !w[i + 2].is_str))
				d_error(cc, dline, "D_PRAGMA_MALFORM", "malformed "
				    "#%s <line> [ [\"file\"] state ]", s);
			lx->line = (int)w[i + 1].ival + 1;
			return;
		}
		if (strcmp(s, "ident") == 0)
			return;
		if (strcmp(s, "error") == 0) {
			char msg[1024] = "";
			for (int j = i + 1; j < nw; j++) {
				strncat(msg, w[j].text, sizeof(msg) - strlen(msg) - 1);
				strncat(msg, " ", sizeof(msg) - strlen(msg) - 1);
			}
			d_error(cc, dline, "D_PRAGERR", "#%s: %s", s, msg);
		}
		if (kind == 2) {
			if (strcmp(s, "option") == 0) {
				if (i + 1 >= nw || w[i + 1].is_str || w[i + 1].is_int)
					d_error(cc, dline, "D_PRAGMA_MALFORM",
					    "malformed #pragma %s <option>=<val>", s);
				if (i + 2 < nw)
					d_error(cc, dline, "D_PRAGMA_MALFORM",
					    "superfluous arguments specified for "
					    "#pragma %s", s);
				char *opt = d_strdup(cc, w[i + 1].text);
				char *val = strchr(opt, '=');
				if (val != NULL)
					*val++ = '\0';
				if (cc->setopt != NULL)
					cc->setopt(cc, cc->setopt_arg, opt, val, dline);
				return;
			}
			if (strcmp(s, "attributes") == 0 ||
			    strcmp(s, "depends_on") == 0) {
				const char *rest[16];
				int nr = 0;
				for (int j = i + 1; j < nw; j++)
					rest[nr++] = w[j].text;
				if (s[0] == 'a')
					d_pragma_attributes(cc, rest, nr, dline);
				else
					d_pragma_depends(cc, rest, nr, dline);
				return;
			}
			if (strcmp(s, "binding") == 0)
				return;
			d_error(cc, dline, "D_PRAGMA_INVAL", "invalid D pragma: %s", s);
		}
		if (kind == 1)
			return; /* unknown pragmas are ignored */
		d_error(cc, dline, "D_PRAGCTL_INVAL",
		    "invalid control directive: #%s", s);
	}
}

/* Skip blanks, comments, #! lines and control lines. */
static void skip_space(d_lexer_t *lx, int mode)
{
	for (;;) {
		int c = peekc(lx, 0);
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
		    c == '\f' || c == '\v') {
			advance(lx, 1);
			continue;
		}
		if (c == '#' && lx->bol) {
			if (peekc(lx, 1) == '!') {
				while (peekc(lx, 0) != 0 && peekc(lx, 0) != '\n')
					advance(lx, 1);
				continue;
			}
			control_line(lx);
			continue;
		}
		if (c == '/' && peekc(lx, 1) == '*') {
			advance(lx, 2);
			for (;;) {
				int d = peekc(lx, 0);
				if (d == 0)
					d_error(lx->cc, lx->line, "D_SYNTAX",
					    "end-of-file encountered before "
					    "matching */");
				if (d == '/' && peekc(lx, 1) == '*')
					d_error(lx->cc, lx->line, "D_SYNTAX",
					    "/* encountered inside a comment");
				if (d == '*' && peekc(lx, 1) == '/') {
					advance(lx, 2);
					break;
				}
				advance(lx, 1);
			}
			continue;
		}
		if (c == '/' && peekc(lx, 1) == '/') {
			while (peekc(lx, 0) != 0 && peekc(lx, 0) != '\n')
				advance(lx, 1);
			continue;
		}
		if (c == '\\' && peekc(lx, 1) == '\n' && mode == D_LEX_EXPR) {
			advance(lx, 2);
			continue;
		}
		return;
	}
}

/* ---------------------------------------------------------------- */
/* tokens                                                            */

static int is_pspec_start(int c)
{
	return c != 0 && (isalpha(c) || strchr("-$:_.?*\\[]!", c) != NULL);
}

static int is_pspec_char(int c)
{
	return c != 0 && (isalnum(c) || strchr("-$:_.`?*\\[]!", c) != NULL);
}

/* Identifier length at p: [a-zA-Z_`][0-9a-zA-Z_`]* or mod.with.dots`ident. */
static size_t ident_len(const char *p)
{
	size_t a = 0, run = 0, last_bt = (size_t)-1;
	while (isalnum((unsigned char)p[a]) || p[a] == '_' || p[a] == '`')
		a++;
	while (isalnum((unsigned char)p[run]) || p[run] == '_' ||
	    p[run] == '`' || p[run] == '.') {
		if (p[run] == '`')
			last_bt = run;
		run++;
	}
	if (last_bt == (size_t)-1)
		return a;
	size_t b = last_bt + 1;
	while (isalnum((unsigned char)p[b]) || p[b] == '_')
		b++;
	return b > a ? b : a;
}

static const struct { const char *s; int k; } puncts[] = {
	{ "<<=", TK_SHL_EQ }, { ">>=", TK_SHR_EQ }, { "...", TK_ELLIPSIS },
	{ "->", TK_ARROW }, { "++", TK_INC }, { "--", TK_DEC },
	{ "<<", TK_SHL }, { ">>", TK_SHR }, { "<=", TK_LE }, { ">=", TK_GE },
	{ "==", TK_EQ }, { "!=", TK_NE }, { "&&", TK_LAND }, { "||", TK_LOR },
	{ "^^", TK_LXOR }, { "*=", TK_MUL_EQ }, { "/=", TK_DIV_EQ },
	{ "%=", TK_MOD_EQ }, { "+=", TK_ADD_EQ }, { "-=", TK_SUB_EQ },
	{ "&=", TK_AND_EQ }, { "^=", TK_XOR_EQ }, { "|=", TK_OR_EQ },
	{ NULL, 0 }
};

static void lex_number(d_lexer_t *lx, d_tok_t *t)
{
	const char *p = lx->s + lx->pos;
	size_t il = isdigit((unsigned char)p[0]) ? int_len(p) : 0;
	size_t fl = fp_len(p);
	if (fl > il) {
		advance(lx, fl);
		d_error(lx->cc, lx->line, "D_SYNTAX",
		    "floating-point constants are not permitted");
	}
	t->text = d_strndup(lx->cc, p, il);
	advance(lx, il);
	t->line = lx->line;
	t->kind = TK_INT;
	int_value(lx->cc, t->line, t->text, t);
}

static void lex_quoted(d_lexer_t *lx, d_tok_t *t, int q)
{
	d_cc_t *cc = lx->cc;
	const char *p = lx->s + lx->pos;
	size_t i = 1;
	while (p[i] && p[i] != q && p[i] != '\n') {
		if (p[i] == '\\' && p[i + 1] && p[i + 1] != '\n')
			i++;
		i++;
	}
	if (p[i] == '\n') {
		if (q == '"')
			d_error(cc, lx->line, "D_STR_NL",
			    "newline encountered in string literal");
		d_error(cc, lx->line, "D_CHR_NL",
		    "newline encountered in character constant");
	}
	if (p[i] == 0)
		syntax_near_char(lx, q);
	t->text = d_strndup(cc, p, i + 1);
	advance(lx, i + 1);
	t->line = lx->line;
	if (q == '"') {
		make_string(cc, t, p + 1, i - 1);
		return;
	}
	if (i == 1)
		d_error(cc, t->line, "D_CHR_NULL", "empty character constant");
	char *buf = d_alloc(cc, i + 1);
	size_t nb = unescape(p + 1, i - 1, buf);
	if (nb > 8)
		d_error(cc, t->line, "D_CHR_OFLOW", "character constant is too long");
	uint64_t v = 0;
	for (size_t k = 0; k < nb; k++)
		v = (v << 8) | (unsigned char)buf[k];
	t->kind = TK_INT;
	t->ival = v;
	t->itype = int_type(cc, t->line, v, 1, "");
}

/*
 * At the outer scope a run of description characters is one token,
 * unless it is a keyword, or (without ':') names a type, perhaps
 * followed by '*': then it starts a declaration and is lexed as usual.
 * -x pspec (DTRACE_C_PSPEC) settles that ambiguity the other way: only
 * a keyword alone is not a description.
 */
static int lex_pspec(d_lexer_t *lx, d_tok_t *t)
{
	const char *p = lx->s + lx->pos;
	size_t n = 0;
	while (is_pspec_char((unsigned char)p[n]))
		n++;
	char *text = d_strndup(lx->cc, p, n);
	if (in_list(outer_keywords, text))
		return 0;
	if (strchr(text, ':') == NULL && !lx->cc->pspec) {
		char *star = strchr(text, '*');
		if (star != NULL && star > text)
			*star = '\0';
		if (in_list(outer_keywords, text) || (lx->is_type != NULL &&
		    lx->is_type(lx->is_type_arg, text)))
			return 0;
		if (star != NULL && star > text)
			*star = '*';
	}
	advance(lx, n);
	t->kind = TK_PSPEC;
	t->line = lx->line;
	t->text = text;
	t->str = expand_pspec(lx, text, t->line);
	t->slen = strlen(t->str);
	return 1;
}

void d_lex(d_lexer_t *lx, d_tok_t *t, int mode)
{
	d_cc_t *cc = lx->cc;
	memset(t, 0, sizeof(*t));
	skip_space(lx, mode);
	t->line = lx->line;
	int c = peekc(lx, 0);
	const char *p = lx->s + lx->pos;

	if (c == 0) {
		t->kind = TK_EOF;
		t->text = "";
		return;
	}

	if (mode == D_LEX_OUTER) {
		if (isdigit(c)) {
			lex_number(lx, t);
			return;
		}
		if (is_pspec_start(c) && lex_pspec(lx, t))
			return;
		if (!is_pspec_start(c)) {
			if (c == '{') {
				lx->braces++;
			} else if (c != '/' && c != ',') {
				syntax_near_char(lx, c);
			}
			advance(lx, 1);
			t->kind = c;
			t->text = d_strndup(cc, p, 1);
			t->line = lx->line;
			return;
		}
		/* a keyword or type name: lex it as in an expression */
	}

	if (c == '$') {
		lex_macro(lx, t);
		return;
	}
	if (isalpha(c) || c == '_' || c == '`') {
		size_t n = ident_len(p);
		t->text = d_strndup(cc, p, n);
		advance(lx, n);
		t->line = lx->line;
		t->kind = d_lex_is_keyword(t->text) ? TK_KW : TK_IDENT;
		t->str = t->text;
		t->slen = n;
		return;
	}
	if (isdigit(c) || (c == '.' && isdigit((unsigned char)p[1]))) {
		lex_number(lx, t);
		return;
	}
	if (c == '@') {
		size_t n = 1;
		if (isalpha((unsigned char)p[1]) || p[1] == '_')
			while (isalnum((unsigned char)p[n]) || p[n] == '_')
				n++;
		t->text = d_strndup(cc, p, n);
		t->str = t->text + 1;
		t->slen = n - 1;
		advance(lx, n);
		t->kind = TK_AGG;
		return;
	}
	if (c == '"' || c == '\'') {
		lex_quoted(lx, t, c);
		return;
	}
	for (int i = 0; puncts[i].s != NULL; i++) {
		size_t n = strlen(puncts[i].s);
		if (strncmp(p, puncts[i].s, n) == 0) {
			t->kind = puncts[i].k;
			t->text = puncts[i].s;
			advance(lx, n);
			return;
		}
	}
	if (strchr("()[]{};,.?:+-*/%<>=!~&|^", c) == NULL)
		syntax_near_char(lx, c);
	t->kind = c;
	t->text = d_strndup(cc, p, 1);
	advance(lx, 1);
	switch (c) {
	case '(':
		lx->parens++;
		break;
	case ')':
		if (--lx->parens < 0)
			d_error(cc, t->line, "D_SYNTAX", "extra ) in input stream");
		break;
	case '[':
		lx->brackets++;
		break;
	case ']':
		if (--lx->brackets < 0)
			d_error(cc, t->line, "D_SYNTAX", "extra ] in input stream");
		break;
	case '{':
		lx->braces++;
		break;
	case '}':
		if (--lx->braces < 0)
			d_error(cc, t->line, "D_SYNTAX", "extra } in input stream");
		break;
	case '/': {
		/*
		 * '/' closes a predicate when the next non-blank character is
		 * the end, ';', '{' or '/'; otherwise it divides.
		 */
		size_t j = lx->pos;
		while (j < lx->len && strchr(" \t\n\r\f\v", lx->s[j])) {
			/* DTrace's lexer reads past these newlines to decide,
			 * so a '/' is on the line of the character after it
			 * (a predicate's "closing ) expected" names the line
			 * of its '{') */
			if (lx->s[j] == '\n')
				t->line++;
			j++;
		}
		int d = j < lx->len ? (unsigned char)lx->s[j] : 0;
		if (d == 0 || d == ';' || d == '{' || d == '/') {
			if (lx->parens != 0)
				d_error(cc, t->line, "D_SYNTAX", "closing ) "
				    "expected in predicate before /");
			if (lx->brackets != 0)
				d_error(cc, t->line, "D_SYNTAX", "closing ] "
				    "expected in predicate before /");
			t->kind = TK_EPRED;
		}
		break;
	}
	}
}
