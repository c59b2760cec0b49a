/*
 * pprint.h — print(e): a value laid out by its D type, as DTrace's
 * print() action shows it (D-REFERENCE §4.1).
 *
 * Owns: the type-aware layout (type names, member lines, nesting
 * indentation, arrays, char arrays as strings). Must not: know about
 * records, quiet mode or prefixes; output.c frames the value.
 * Invariant: never reads outside data[0, len): members beyond len print
 * as zero bytes.
 */
#ifndef UDTRACE_CONSUMER_PPRINT_H
#define UDTRACE_CONSUMER_PPRINT_H

#include <stdio.h>
#include "program.h"

/*
 * Print `type value` for the value of type t in data/len: integers and
 * pointers in hex (%#x), chars quoted, strings and printable char arrays
 * quoted, structs as "struct T {" then one "    type name = value" line
 * per member (nesting adds 4 blanks) and "}", arrays as "[ a, b ]".
 * Ends with "\n" except after a struct's closing brace, as DTrace.
 */
void pprint_value(FILE *fp, const d_ptype_t *t, const void *data,
    size_t len);

#endif /* UDTRACE_CONSUMER_PPRINT_H */
