/*
 * unit.h — the smallest test harness that can fail: CHECK records a
 * failure with file and line and goes on; UNIT_END prints the closing
 * "N passed, M failed" line the runner sums up and sets the exit status.
 * Must not: depend on anything but libc, so any unit can use it.
 */
#ifndef UDTRACE_TESTS_UNIT_H
#define UDTRACE_TESTS_UNIT_H

#include <stdio.h>
#include <string.h>
#include <inttypes.h>

static int unit_pass, unit_fail;

#define CHECK(cond) do { \
	if (cond) unit_pass++; \
	else { unit_fail++; fprintf(stderr, "%s:%d: CHECK failed: %s\n", \
	    __FILE__, __LINE__, #cond); } } while (0)

#define CHECK_EQ_INT(a, b) do { \
	long long unit_a = (long long)(a), unit_b = (long long)(b); \
	if (unit_a == unit_b) unit_pass++; \
	else { unit_fail++; fprintf(stderr, "%s:%d: %s == %lld, expected %s == %lld\n", \
	    __FILE__, __LINE__, #a, unit_a, #b, unit_b); } } while (0)

#define CHECK_EQ_STR(a, b) do { \
	const char *unit_a = (a), *unit_b = (b); \
	if (unit_a && unit_b && strcmp(unit_a, unit_b) == 0) unit_pass++; \
	else { unit_fail++; fprintf(stderr, "%s:%d: %s is \"%s\", expected \"%s\"\n", \
	    __FILE__, __LINE__, #a, unit_a ? unit_a : "(null)", \
	    unit_b ? unit_b : "(null)"); } } while (0)

#define UNIT_END() (printf("%d passed, %d failed\n", unit_pass, unit_fail), \
	unit_fail ? 1 : 0)

#endif
