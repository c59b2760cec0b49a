/*
 * pragma.c — `#pragma D attributes` and `#pragma D depends_on`, checked
 * as illumos dt_pragma.c checks them when the control line is lexed.
 *
 * Owns: the syntax of the two pragmas and the dependency classes.
 * Must not: apply the attributes: the code generator lowers a clause's
 * statement attributes with those of the globals it uses (cg_attr.c);
 * nor order D libraries: a library's own `depends_on library` is
 * checked by libs.c, only the main program's is refused here.
 * Invariant: every name given attributes is remembered (cc->pragats) and
 * must name an identifier when the program is whole (D_PRAGMA_UNUSED,
 * raised by d_pragma_unused() at the pragma's own line).
 */
#include <string.h>
#include <strings.h>
#include "dcomp.h"
#include "cg_impl.h"

void d_pragma_attributes(d_cc_t *cc, const char *const *w, int nw, int line)
{
	if (nw < 2)
		d_error(cc, line, "D_PRAGMA_MALFORM", "malformed #pragma "
		    "attributes <attributes> <ident>");
	d_attr_t attr;
	if (d_str2attr(w[0], &attr) != 0)
		d_error(cc, line, "D_PRAGMA_INVAL", "invalid attributes "
		    "specified by #pragma attributes");
	/* a provider's own attributes: nothing of udtrace's reports them */
	if (strcmp(w[1], "provider") == 0)
		return;
	/* dt_pragma_attributes: a built-in is of an older generation */
	if (d_ident_info(w[1]) != NULL)
		d_error(cc, line, "D_PRAGMA_SCOPE", "#pragma attributes cannot "
		    "modify entity defined outside program scope");
	struct d_pragat *a = d_alloc(cc, sizeof(*a));
	a->has_attr = 1;
	a->attr = attr;
	a->name = d_strdup(cc, w[1]);
	a->line = line;
	a->next = cc->pragats;
	cc->pragats = a;
}

/* Is mod an object of the traced programs whose types udtrace reads? */
static int have_module(d_cc_t *cc, const char *mod)
{
	for (int i = 0; i < cc->ndwobjs; i++) {
		const char *base = strrchr(cc->dwobjs[i], '/');
		base = base != NULL ? base + 1 : cc->dwobjs[i];
		if (strcmp(base, mod) == 0 || strcmp(cc->dwobjs[i], mod) == 0)
			return 1;
	}
	return 0;
}

void d_pragma_depends(d_cc_t *cc, const char *const *w, int nw, int line)
{
	if (nw < 2)
		d_error(cc, line, "D_PRAGMA_MALFORM", "malformed #pragma "
		    "depends_on <class> <name>");
	int found = 0;
	if (strcmp(w[0], "provider") == 0)
		found = cc->has_provider != NULL &&
		    cc->has_provider(cc->has_provider_arg, w[1]);
	else if (strcmp(w[0], "module") == 0)
		found = have_module(cc, w[1]);
	else if (strcmp(w[0], "library") == 0) {
		if (cc->filetag == NULL)
			d_error(cc, line, "D_PRAGMA_DEPEND", "main program may "
			    "not explicitly depend on a library");
		d_libs_depends(cc, w[1], line);
		found = 1;
	} else
		d_error(cc, line, "D_PRAGMA_INVAL", "invalid class %s specified "
		    "by #pragma depends_on", w[0]);
	if (!found)
		d_error(cc, line, "D_PRAGMA_DEPEND", "program requires %s %s",
		    w[0], w[1]);
}

void d_pragma_unused(cg_t *g)
{
	/* the list is newest first: report the first pragma of the file */
	struct d_pragat *first = NULL;
	for (struct d_pragat *a = g->cc->pragats; a != NULL; a = a->next)
		if (strchr(a->name, '`') == NULL &&
		    cg_ident_kind(g, a->name) == NULL)
			first = a;
	if (first != NULL)
		d_error(g->cc, first->line, "D_PRAGMA_UNUSED",
		    "unused #pragma attributes");
}
