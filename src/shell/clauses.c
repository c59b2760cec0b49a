/*
 * clauses.c — the shell's fragments: when typed text is a whole clause,
 * compiling every fragment as one program, checking a new fragment's
 * descriptions, and the handle each compile runs on.
 *
 * Owns: the combined program text (each fragment behind a `#line`
 * directive, so messages give the fragment's own line numbers) and the
 * life of sh->h between runs. Must not: start or stop tracing
 * (commands.c does) or touch the terminal beyond printing messages.
 * Invariant: sh->prog, when set, is a compile of exactly sh->frags on
 * sh->h; a fragment that fails to compile or matches no probe never
 * joins the session, so the session's text always compiles.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "shell/shell_int.h"
#include "consumer/handle.h"

/* The program name given to udt_compile ($0 and its message prefix). */
#define SHELL_PROG_NAME "shell"

int shell_text_complete(const char *s)
{
	int depth = 0, seen_brace = 0;
	char last = 0;

	for (; *s; s++) {
		if (s[0] == '/' && s[1] == '*') {
			const char *e = strstr(s + 2, "*/");
			if (e == NULL)
				return 0;
			s = e + 1;
			continue;
		}
		if (s[0] == '/' && s[1] == '/') {
			while (s[1] && s[1] != '\n')
				s++;
			continue;
		}
		if (*s == '"' || *s == '\'') {
			char q = *s;
			while (s[1] && s[1] != q && s[1] != '\n') {
				if (s[1] == '\\' && s[2])
					s++;
				s++;
			}
			if (s[1] == q)
				s++;
			last = q;
			continue;
		}
		if (*s == '{') {
			depth++;
			seen_brace = 1;
		} else if (*s == '}') {
			depth--;
		}
		if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
			last = *s;
	}
	if (depth > 0)
		return 0;
	/* "tick-1s," or "BEGIN /x/" wait for the rest of the clause */
	if (!seen_brace && (last == ',' || last == '/' || last == '\\'))
		return 0;
	return 1;
}

static char *combined(const shell_t *sh, const char *extra)
{
	const char *mark = (sh->cfg->cflags & UDT_C_CPP) ? "#line 1\n" :
	    "#line 0\n";
	size_t len = 1;
	for (size_t i = 0; i < sh->nfrags; i++)
		len += strlen(mark) + strlen(sh->frags[i].text) + 1;
	if (extra)
		len += strlen(mark) + strlen(extra) + 1;
	char *s = malloc(len), *p = s;
	if (s == NULL)
		return NULL;
	for (size_t i = 0; i <= sh->nfrags; i++) {
		const char *t = i < sh->nfrags ? sh->frags[i].text : extra;
		if (t == NULL)
			break;
		p = stpcpy(stpcpy(stpcpy(p, mark), t), "\n");
	}
	*p = '\0';
	return s;
}

static udt_prog_t *compile_all(shell_t *sh, const char *extra)
{
	char *text = combined(sh, extra);
	if (text == NULL)
		return NULL;
	udt_prog_t *p = udt_compile(sh->h, UDT_PROG_SCRIPT, text,
	    SHELL_PROG_NAME, sh->cfg->argc, sh->cfg->argv, sh->cfg->cflags);
	free(text);
	return p;
}

/* "failed to compile script x.d: " or "failed to compile clause 3: " */
static void what_prefix(char *buf, size_t len, const char *origin, size_t n)
{
	if (origin)
		snprintf(buf, len, "failed to compile script %s: ", origin);
	else
		snprintf(buf, len, "failed to compile clause %zu: ", n);
}

/* The library's message with our name for the fragment in front. */
static void compile_error(shell_t *sh, const char *origin, size_t n)
{
	static const char lead[] = "failed to compile script " SHELL_PROG_NAME ": ";
	const char *msg = udt_errmsg(sh->h);
	char what[4200];
	if (strncmp(msg, lead, sizeof(lead) - 1) == 0)
		msg += sizeof(lead) - 1;
	what_prefix(what, sizeof(what), origin, n);
	shell_msg(sh, "%s%s", what, msg);
}

void shell_close_handle(shell_t *sh)
{
	if (sh->h == NULL)
		return;
	udt_close(sh->h);
	sh->h = NULL;
	sh->prog = sh->live = NULL;
	sh->h_enabled = 0;
	sh->state = SH_IDLE;
	shell_relay(sh);
}

int shell_recompile(shell_t *sh)
{
	sh->prog = NULL;
	if (sh->nfrags == 0)
		return 0;
	udt_prog_t *p = compile_all(sh, NULL);
	if (p == NULL) {
		compile_error(sh, NULL, sh->nfrags);
		return -1;
	}
	sh->prog = p;
	return 0;
}

int shell_ensure_handle(shell_t *sh)
{
	if (sh->h != NULL)
		return 0;
	udt_handle_t *h = udt_open();
	if (h == NULL) {
		shell_msg(sh, "failed to initialize %s", UDT_PROGNAME);
		return -1;
	}
	udt_set_output(h, sh->out ? sh->out : sh->tmp);
	udt_set_errfp(h, sh->tmp);
	fflush(stdout);
	if (sh->cfg->setup(h, sh->cfg->arg) != 0) {
		udt_close(h);
		return -1;
	}
	for (size_t i = 0; i < sh->nopts; i++)
		if (udt_setopt(h, sh->opts[i].name, sh->opts[i].value) != 0)
			shell_msg(sh, "failed to set -x %s: %s", sh->opts[i].name,
			    udt_errmsg(h));
	sh->h = h;
	sh->h_enabled = 0;
	sh->state = SH_IDLE;
	return shell_recompile(sh);
}

int shell_reset(shell_t *sh)
{
	shell_close_handle(sh);
	return shell_ensure_handle(sh);
}

size_t shell_frag_first_clause(const shell_t *sh, size_t i)
{
	size_t n = 0;
	for (size_t j = 0; j < i && j < sh->nfrags; j++)
		n += sh->frags[j].nclauses;
	return n;
}

/*
 * Every description of clauses [first, dp->nclauses) must name a probe
 * (unless zdefs), as udt_enable would demand at :go: say so now.
 */
static int check_matches(shell_t *sh, udt_prog_t *p, size_t first,
    const char *origin, size_t n)
{
	udt_handle_t *h = sh->h;
	int64_t zdefs = 0;
	char what[4200], desc[1024], where[64];

	(void)udt_getopt(h, "zdefs", &zdefs);
	zdefs |= (sh->cfg->cflags & UDT_C_ZDEFS) != 0;
	what_prefix(what, sizeof(what), origin, n);
	for (size_t i = first; i < p->dp->nclauses; i++) {
		const d_clause_prog_t *c = &p->dp->clauses[i];
		for (size_t j = 0; j < c->ndescs; j++) {
			const d_pdesc_t *d = &c->descs[j];
			int line = d->line ? d->line : c->line;
			snprintf(where, sizeof(where), line > 0 ? "line %d: " : "",
			    line);
			if (pid_provide(h, d) != 0) {
				shell_msg(sh, "%s%s%s", what, where, h->prov_err);
				h->prov_err[0] = h->prov_tag[0] = '\0';
				return -1;
			}
			if (probe_provide(&h->reg, d) != 0) {
				shell_msg(sh, "%sCannot allocate memory", what);
				return -1;
			}
			if (zdefs || probe_iter(&h->reg, d, NULL, NULL) > 0)
				continue;
			probe_desc_str(d, desc, sizeof(desc));
			shell_msg(sh, "%s%s%sprobe description %s does not match "
			    "any probes", what, h->opts.errtags ?
			    "[D_PDESC_ZERO] " : "", where, desc);
			return -1;
		}
	}
	return 0;
}

int shell_add_fragment(shell_t *sh, const char *text, const char *origin)
{
	size_t n = sh->nfrags + 1;
	if (shell_ensure_handle(sh) != 0)
		return -1;
	udt_prog_t *p = compile_all(sh, text);
	if (p == NULL) {
		compile_error(sh, origin, n);
		return -1;
	}
	size_t first = shell_frag_first_clause(sh, sh->nfrags);
	/*
	 * Not while a run is active: a pid<PID> description could grab a new
	 * process that nothing would resume. The next :go checks instead.
	 */
	if (sh->state != SH_RUNNING &&
	    check_matches(sh, p, first, origin, n) != 0)
		return -1;
	if (sh->nfrags == sh->fragcap) {
		size_t cap = sh->fragcap ? sh->fragcap * 2 : 8;
		shell_frag_t *v = realloc(sh->frags, cap * sizeof(*v));
		if (v == NULL) {
			shell_msg(sh, "Cannot allocate memory");
			return -1;
		}
		sh->frags = v;
		sh->fragcap = cap;
	}
	shell_frag_t *f = &sh->frags[sh->nfrags];
	f->text = strdup(text);
	f->origin = origin ? strdup(origin) : NULL;
	f->nclauses = p->dp->nclauses - first;
	if (f->text == NULL || (origin && f->origin == NULL)) {
		free(f->text);
		free(f->origin);
		shell_msg(sh, "Cannot allocate memory");
		return -1;
	}
	sh->nfrags++;
	sh->prog = p;
	if (sh->state == SH_RUNNING)
		shell_notice(sh, "clause %zu is enabled by the next :go "
		    "(which restarts tracing)", n);
	return 0;
}

void shell_frags_free(shell_t *sh)
{
	for (size_t i = 0; i < sh->nfrags; i++) {
		free(sh->frags[i].text);
		free(sh->frags[i].origin);
	}
	free(sh->frags);
	sh->frags = NULL;
	sh->nfrags = sh->fragcap = 0;
}
