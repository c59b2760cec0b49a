/*
 * depth.h — the compiler's guard against running out of C stack on
 * deeply nested input (hostile or generated D: 100,000 parentheses, a
 * chain of 200,000 unary minuses), which the recursive parser and code
 * generator would otherwise turn into a SIGSEGV of udtrace.
 *
 * Owns: knowing how much of the calling thread's stack is left.
 * Must not: allocate or cost more than a comparison once warmed up (it
 * runs on every recursive step of the front end).
 * Invariant: d_depth_guard returns while at least D_STACK_RESERVE bytes
 * of stack remain below the caller, else reports a compile error
 * (d_error, so it unwinds to d_compile like any other).
 */
#ifndef UDTRACE_D_DEPTH_H
#define UDTRACE_D_DEPTH_H

#include "d/dcomp.h"

#define D_STACK_RESERVE (512 * 1024)

void d_depth_guard(d_cc_t *cc, int line);

#endif /* UDTRACE_D_DEPTH_H */
