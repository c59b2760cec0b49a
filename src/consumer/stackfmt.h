/*
 * stackfmt.h — ustack()-keyed aggregations as flame graph input:
 * `-x stackformat=folded` (one "frame;frame;frame value" line per stack,
 * outermost frame first) and `-x stackformat=svg` (a self-contained
 * interactive SVG flame graph of the same data).
 *
 * Owns: the folded frame text (function in the executable,
 * module`function elsewhere, offsets dropped, unresolved pcs as hex),
 * the flame graph layout, colours and its embedded script.
 * Must not: sort or read aggregation entries (aggprint.c hands over rows
 * and the values it would print), or load anything from outside the SVG.
 * Invariant: the same data always gives the same bytes: children are
 * ordered by name, colours come from a hash of the frame's name.
 */
#ifndef UDTRACE_CONSUMER_STACKFMT_H
#define UDTRACE_CONSUMER_STACKFMT_H

#include <stdint.h>
#include <stdio.h>
#include "options.h"
#include "program.h"

enum { STACKFMT_NONE, STACKFMT_FOLDED, STACKFMT_SVG };

/* The format opts ask for a's rows: NONE unless a has a ustack() key and a scalar value. */
int stackfmt_of(const d_aggdesc_t *a, const udt_opts_t *opts);

/*
 * Print n rows of aggregation a: keys[i] is row i's key blob, vals[i]
 * its value as the default layout would print it. Other keys of a row
 * become its outermost frames. 0, or -1 on ENOMEM.
 */
int stackfmt_print(FILE *fp, const d_aggdesc_t *a,
    const unsigned char *const *keys, const int64_t *vals, size_t n,
    const udt_opts_t *opts);

/*
 * The folded text of one row's key (no value), into buf. Returns the
 * length it needed (as snprintf).
 */
size_t stackfmt_folded(char *buf, size_t len, const d_aggdesc_t *a,
    const unsigned char *key, const udt_opts_t *opts);

/*
 * An SVG flame graph of folded lines (frames joined by ';') with their
 * values. title: the heading. 0, or -1 on ENOMEM.
 */
int stackfmt_svg(FILE *fp, const char *const *lines, const int64_t *vals,
    size_t n, const char *title);

#endif /* UDTRACE_CONSUMER_STACKFMT_H */
