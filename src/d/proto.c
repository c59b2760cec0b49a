/*
 * proto.c — parameter-list checks of function prototypes and associative
 * array signatures, made as the parser reads the list (illumos
 * dt_decl_prototype, called from dt_decl_func and dt_decl_array).
 *
 * Owns: the D_DECL_PROTO_* rules and their order. Must not: resolve
 * types (it runs before any declaration of the file is defined, so it
 * judges a parameter by how it is written: `void`, or an associative
 * array). Invariant: the first failing parameter, in list order, is the
 * one reported, as DTrace walks the list once.
 */
#include <string.h>
#include "ast.h"
#include "proto.h"

/* `void` as written, with no declarator: DTrace's dt_node_is_void */
static int param_is_void(const d_node_t *n)
{
	return n->tn.spec.kind == D_SPEC_BASE &&
	    (n->tn.spec.base_flags & D_BASE_VOID) && n->tn.dcl == NULL;
}

/* an associative array parameter has D's dynamic type */
static int param_is_dynamic(const d_node_t *n)
{
	return n->tn.dcl != NULL && n->tn.dcl->kind == D_DCL_ARRAY &&
	    n->tn.dcl->keys != NULL;
}

static const char *pname(const d_node_t *n)
{
	return n->tn.ident != NULL ? n->tn.ident : "(anonymous)";
}

void d_proto_check(d_cc_t *cc, d_node_t *plist, int va_line, const char *kind,
    unsigned flags, int end_line)
{
	int i = 1, nvoid = 0;
	for (d_node_t *n = plist; n != NULL; n = n->next, i++) {
		if (param_is_dynamic(n))
			d_error(cc, n->line, "D_DECL_PROTO_TYPE", "%s prototype "
			    "may not use parameter of type dynamic variable: "
			    "%s, parameter #%d", kind, pname(n), i);
		int is_void = param_is_void(n);
		nvoid += is_void;
		if (is_void && !(flags & D_PROTO_VOID))
			d_error(cc, n->line, "D_DECL_PROTO_TYPE", "%s prototype "
			    "may not use parameter of type void: %s, "
			    "parameter #%d", kind, pname(n), i);
		if (is_void && n->tn.ident != NULL)
			d_error(cc, n->line, "D_DECL_PROTO_NAME", "void "
			    "parameter may not have a name: %s", n->tn.ident);
		if (n->tn.ident != NULL) {
			for (d_node_t *e = plist; e != n; e = e->next)
				if (e->tn.ident != NULL &&
				    strcmp(e->tn.ident, n->tn.ident) == 0)
					d_error(cc, n->line, "D_DECL_PROTO_FORM",
					    "parameter is already declared in "
					    "%s prototype: %s, parameter #%d",
					    kind, n->tn.ident, i);
		}
	}
	/* the `...` node ends the list, so it is checked last */
	if (va_line != 0 && !(flags & D_PROTO_VARARGS))
		d_error(cc, va_line, "D_DECL_PROTO_VARARGS", "%s prototype may "
		    "not use a variable-length argument list", kind);
	if (nvoid != 0 && (plist->next != NULL || va_line != 0))
		d_error(cc, end_line, "D_DECL_PROTO_VOID",
		    "void must be sole parameter");
}
