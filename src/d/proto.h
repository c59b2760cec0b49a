/*
 * proto.h — the checks DTrace applies to a parameter list: a function
 * declarator's parameters and an associative array's key signature share
 * one grammar and one set of rules (illumos dt_decl_prototype).
 */
#ifndef UDTRACE_D_PROTO_H
#define UDTRACE_D_PROTO_H

#include "dcomp.h"

#define D_PROTO_VARARGS 0x1   /* `...` allowed (functions) */
#define D_PROTO_VOID    0x2   /* a sole `void` allowed (functions) */

/*
 * Check the parameter list plist (T_NAME nodes, each with its line set
 * to the line DTrace reports for it) of a `kind` ("function", "array")
 * prototype. va_line is the line of a trailing `...` (0: none), end_line
 * the line at which the whole list is reduced.
 */
void d_proto_check(d_cc_t *cc, d_node_t *plist, int va_line, const char *kind,
    unsigned flags, int end_line);

#endif /* UDTRACE_D_PROTO_H */
