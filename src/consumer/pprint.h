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

#include <stdint.h>
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

/*
 * Bounded reads of a record's bytes for the type walkers (text and JSON
 * print()): n bytes at off of data[0, len), bytes past len read as 0;
 * and an unsigned integer of size 1, 2, 4 or 8 (any other: 8) read so.
 */
void pprint_get(const unsigned char *data, size_t len, size_t off,
    void *out, size_t n);
uint64_t pprint_get_uint(const unsigned char *data, size_t len, size_t off,
    size_t size);

#endif /* UDTRACE_CONSUMER_PPRINT_H */
