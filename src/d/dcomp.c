/*
 * dcomp.c — the compiler context: arena allocation and the error path.
 *
 * Owns: d_cc_init/fini, d_alloc and friends, d_error, d_format_error.
 * Must not: print anything; errors are stored in the context and the
 * consumer decides how to show them.
 * Invariant: d_error never returns; it records the first error only and
 * longjmps to the setjmp in d_compile, whose arena is then released.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dcomp.h"

#define ARENA_BLK (64 * 1024)

void d_cc_init(d_cc_t *cc)
{
	memset(cc, 0, sizeof(*cc));
	cc->strsize = 256;
	cc->ustackframes = 20;
	cc->jstackframes = 50;
}

void d_cc_fini(d_cc_t *cc)
{
	d_arena_blk_t *b = cc->arena, *n;
	for (; b != NULL; b = n) {
		n = b->next;
		free(b);
	}
	cc->arena = NULL;
}

void *d_alloc(d_cc_t *cc, size_t n)
{
	d_arena_blk_t *b = cc->arena;
	n = (n + 15) & ~(size_t)15;
	if (b == NULL || b->size - b->used < n) {
		size_t sz = n > ARENA_BLK ? n : ARENA_BLK;
		b = calloc(1, sizeof(*b) + sz);
		if (b == NULL)
			d_error(cc, 0, "D_NOMEM", "failed to allocate memory");
		b->size = sz;
		b->next = cc->arena;
		cc->arena = b;
	}
	void *p = b->data + b->used;
	b->used += n;
	return p;
}

char *d_strndup(d_cc_t *cc, const char *s, size_t n)
{
	char *p = d_alloc(cc, n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *d_strdup(d_cc_t *cc, const char *s)
{
	return d_strndup(cc, s, strlen(s));
}

char *d_sprintf(d_cc_t *cc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *p = d_alloc(cc, (size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

_Noreturn void d_verror(d_cc_t *cc, int line, const char *tag,
    const char *fmt, va_list ap)
{
	/* an empty tag is legitimate: DTrace tags no printf-grammar error */
	snprintf(cc->errtag, sizeof(cc->errtag), "%s", tag ? tag : "D_UNKNOWN");
	cc->errline = line;
	cc->errfile = cc->filetag;
	vsnprintf(cc->errmsg, sizeof(cc->errmsg), fmt, ap);
	/* DTrace strips one trailing newline (multi-line messages end with one). */
	size_t len = strlen(cc->errmsg);
	if (len > 0 && cc->errmsg[len - 1] == '\n')
		cc->errmsg[len - 1] = '\0';
	longjmp(cc->jb, 1);
}

_Noreturn void d_error(d_cc_t *cc, int line, const char *tag,
    const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	d_verror(cc, line, tag, fmt, ap);
}

void d_format_error(const d_cc_t *cc, int errtags, char *buf, size_t len)
{
	size_t off = 0;
	buf[0] = '\0';
	if (errtags && cc->errtag[0] != '\0')
		off += (size_t)snprintf(buf + off, len - off, "[%s] ", cc->errtag);
	if (off >= len)
		return;
	/*
	 * Like dtrace: a line number only for script files; programs given
	 * on the command line name the region (predicate / action list).
	 */
	if (cc->errfile != NULL)   /* dt_set_errmsg: a library names itself */
		off += (size_t)snprintf(buf + off, len - off,
		    "\"%s\", line %d: ", cc->errfile, cc->errline);
	else if (cc->kind == D_PROG_SCRIPT && cc->errline > 0)
		off += (size_t)snprintf(buf + off, len - off, "line %d: ",
		    cc->errline);
	else if (cc->region != NULL)
		off += (size_t)snprintf(buf + off, len - off, "in %s: ",
		    cc->region);
	if (off >= len)
		return;
	snprintf(buf + off, len - off, "%s", cc->errmsg);
}
