/*
 * dwtypes.h — the traced program's DWARF types as D types (dwtypes.c).
 *
 * Owns: lookups by name and function parameter types. Must not: be
 * needed when no process is traced: every call answers "not found" when
 * the compile has no objects (cc->ndwobjs == 0).
 * Invariant: results are arena types of this compile; pointers that come
 * from DWARF are marked user (see d_type_t.user).
 */
#ifndef UDTRACE_D_DWTYPES_H
#define UDTRACE_D_DWTYPES_H

#include "cg.h"

/* kind: TK_STRUCT, TK_UNION, TK_ENUM for tags; 0 for a typedef name. */
d_type_t *d_dw_type(cg_t *g, const char *scope, int kind, const char *name);
/*
 * Declared parameter types (at most max) and return type of function func
 * in module mod ("" or NULL: any, "a.out": the executable): the number of
 * parameters, or -1 when no DWARF describes it.
 */
int d_dw_func(cg_t *g, const char *mod, const char *func, d_type_t **params,
    int max, d_type_t **ret);
/*
 * Why an incomplete struct/union/enum could not be completed from DWARF,
 * as a parenthesised suffix for the error message ("" when no process
 * is traced).
 */
const char *d_dw_hint(cg_t *g, const d_type_t *t);
/* Does a module name (as in a description or a scope) name object idx? */
int d_dw_module_matches(const d_cc_t *cc, const char *mod, int idx);

#endif /* UDTRACE_D_DWTYPES_H */
