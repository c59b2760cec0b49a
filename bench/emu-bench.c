/*
 * emu-bench.c — what one probe firing costs inside the DIF emulator:
 * dif_firing_begin + dif_clause_begin + dif_exec + dif_records on
 * hand-assembled bodies shaped like real clauses, timed over many runs.
 *
 * Must not: depend on the compiler or the consumer; it links only the
 * emulator, so the number measures src/dif/ and nothing around it.
 * Invariant: every body passes dif_verify and runs without a fault (a
 * faulting body would measure the fault path); the bench exits non-zero
 * if one does, so a broken emulator never prints a flattering number.
 *
 * Usage: emu-bench [iterations [body]]   (default 10000000, every body)
 * Prints one line per body: its name, instructions executed per run and
 * nanoseconds per run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "dif/emu.h"

#define I(op, rd, r1, r2, imm) ((dif_instr_t){ (op), (rd), (r1), (r2), (imm) })
#define N(t) (sizeof(t) / sizeof((t)[0]))

enum { V_G = DIF_VAR_USER_BASE, V_T, V_A };
static dif_var_t vars[] = {
	{ V_G, DIF_SCOPE_GLOBAL, 0, 8, "g" },
	{ V_T, DIF_SCOPE_THREAD, 0, 8, "ts" },
	{ V_A, DIF_SCOPE_GLOBAL, DIF_VF_ASSOC, 8, "a" },
};

static uint64_t ints[] = { 1, 3, 0x5bd1e995, 1000, 256 };
static char strs[] = "hello";
static dif_rec_t recs[] = {
	{ DIF_REC_INT, 8 },          /* trace(int) */
	{ DIF_REC_STRING, 256 },     /* trace(string), strsize 256 */
	{ DIF_REC_AGG, 16 + 256 },   /* @[execname] = count() */
	{ DIF_REC_AGG, 16 + 8 },     /* @s[pid] = sum(arg0) */
	{ DIF_REC_AGG, 16 + 256 + 8 },  /* @m[probefunc, tid] = max(...) */
};

/* 20 instructions of register arithmetic: the dispatch cost alone. */
static dif_instr_t arith[] = {
	I(DIF_SETX, 1, 0, 0, 0), I(DIF_SETX, 2, 0, 0, 1),
	I(DIF_SETX, 3, 0, 0, 2), I(DIF_ADD, 4, 1, 2, 0),
	I(DIF_MUL, 5, 4, 3, 0), I(DIF_XOR, 6, 5, 1, 0),
	I(DIF_SLL, 7, 6, 2, 0), I(DIF_SRL, 8, 7, 2, 0),
	I(DIF_SUB, 9, 8, 4, 0), I(DIF_AND, 10, 9, 5, 0),
	I(DIF_OR, 11, 10, 6, 0), I(DIF_CLT, 12, 11, 9, 0),
	I(DIF_BZ, 0, 12, 0, 14), I(DIF_MOV, 13, 11, 0, 0),
	I(DIF_UDIV, 14, 5, 3, 0), I(DIF_UREM, 15, 5, 3, 0),
	I(DIF_ADD, 1, 14, 15, 0), I(DIF_CEQ, 2, 1, 13, 0),
	I(DIF_NOT, 3, 2, 0, 0), I(DIF_RET, 0, 3, 0, 0),
};

/*
 * self->ts = timestamp; g++; trace(pid); trace(execname);
 * trace(timestamp - self->ts): 20 instructions, a thread-local store
 * and load, a global update and three records.
 */
static dif_instr_t clause[] = {
	I(DIF_LDGS, 1, 0, 0, DIF_VAR_TIMESTAMP), I(DIF_STTS, 0, 1, 0, V_T),
	I(DIF_LDGS, 2, 0, 0, V_G), I(DIF_SETX, 3, 0, 0, 0),
	I(DIF_ADD, 2, 2, 3, 0), I(DIF_STGS, 0, 2, 0, V_G),
	I(DIF_LDGS, 4, 0, 0, DIF_VAR_PID), I(DIF_SETX, 5, 0, 0, 1),
	I(DIF_ADD, 4, 4, 5, 0), I(DIF_SUB, 4, 4, 5, 0),
	I(DIF_REC, 0, 4, 0, 0), I(DIF_LDGS, 6, 0, 0, DIF_VAR_EXECNAME),
	I(DIF_REC, 0, 6, 0, 1), I(DIF_LDGS, 7, 0, 0, DIF_VAR_TIMESTAMP),
	I(DIF_LDTS, 8, 0, 0, V_T), I(DIF_SUB, 9, 7, 8, 0),
	I(DIF_MOV, 10, 9, 0, 0), I(DIF_NOP, 0, 0, 0, 0),
	I(DIF_REC, 0, 10, 0, 0), I(DIF_RET, 0, 0, 0, 0),
};

/* a[pid, probefunc]++ : an associative load and store with a string key. */
static dif_instr_t assoc[] = {
	I(DIF_FLUSHTS, 0, 0, 0, 0), I(DIF_LDGS, 1, 0, 0, DIF_VAR_PID),
	I(DIF_PUSHTV, 0, 1, 0, 0), I(DIF_LDGS, 2, 0, 0, DIF_VAR_PROBEFUNC),
	I(DIF_SETX, 3, 0, 0, 3), I(DIF_PUSHTR, 0, 2, 3, 1),
	I(DIF_LDGAA, 4, 0, 0, V_A), I(DIF_SETX, 5, 0, 0, 0),
	I(DIF_ADD, 4, 4, 5, 0), I(DIF_STGAA, 0, 4, 0, V_A),
	I(DIF_FLUSHTS, 0, 0, 0, 0), I(DIF_RET, 0, 0, 0, 0),
};

/*
 * @c[execname] = count(); @s[pid] = sum(arg0);
 * @m[probefunc, tid] = max(timestamp): three aggregation records.
 */
static dif_instr_t agg[] = {
	I(DIF_FLUSHTS, 0, 0, 0, 0), I(DIF_LDGS, 1, 0, 0, DIF_VAR_EXECNAME),
	I(DIF_SETX, 2, 0, 0, 4), I(DIF_PUSHTR, 0, 1, 2, 1),
	I(DIF_SETX, 5, 0, 0, 0), I(DIF_AGG, 0, 5, 5, 2),
	I(DIF_FLUSHTS, 0, 0, 0, 0), I(DIF_LDGS, 6, 0, 0, DIF_VAR_PID),
	I(DIF_PUSHTV, 0, 6, 0, 0), I(DIF_LDGS, 7, 0, 0, DIF_VAR_ARG0),
	I(DIF_AGG, 0, 7, 5, 3), I(DIF_FLUSHTS, 0, 0, 0, 0),
	I(DIF_LDGS, 8, 0, 0, DIF_VAR_PROBEFUNC), I(DIF_PUSHTR, 0, 8, 2, 1),
	I(DIF_LDGS, 9, 0, 0, DIF_VAR_TID), I(DIF_PUSHTV, 0, 9, 0, 0),
	I(DIF_LDGS, 10, 0, 0, DIF_VAR_TIMESTAMP), I(DIF_AGG, 0, 10, 5, 4),
	I(DIF_FLUSHTS, 0, 0, 0, 0), I(DIF_RET, 0, 0, 0, 0),
};

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static const char *only;   /* argv[2]: run just this body (for perf) */

static int bench(const char *name, dif_instr_t *text, size_t n, long iters)
{
	if (only != NULL && strcmp(only, name) != 0)
		return 0;
	difo_t d = { text, n, ints, N(ints), strs, sizeof(strs), NULL,
	    recs, N(recs) };
	char why[128];
	if (dif_verify(&d, N(vars), why, sizeof(why)) != 0) {
		fprintf(stderr, "emu-bench: %s: %s\n", name, why);
		return -1;
	}
	dif_limits_t lim = { 256, 64 << 10, 1 << 20, 64 << 10 };
	dif_state_t *st = dif_state_create(vars, N(vars), &lim);
	if (st == NULL)
		return -1;
	dif_hit_t hit = { .pid = 4242, .tid = 4243, .execname = "bench",
	    .prov = "pid4242", .mod = "a.out", .func = "main", .name = "entry",
	    .args = { 7 } };
	dif_result_t res;
	size_t len = 0, bytes = 0;
	double t0 = now();
	for (long i = 0; i < iters; i++) {
		hit.timestamp = (uint64_t)i;
		hit.tid = 4243 + (int32_t)(i & 7);   /* a few threads */
		dif_firing_begin(st, &hit);
		dif_clause_begin(st);
		if (dif_exec(st, &hit, &d, &res) != 0) {
			fprintf(stderr, "emu-bench: %s: fault %d at pc %u\n",
			    name, res.fault, res.pc);
			dif_state_destroy(st);
			return -1;
		}
		dif_records(st, &len);
		bytes += len;
	}
	double ns = (now() - t0) / (double)iters;
	printf("%-8s %2zu instr  %7.1f ns/run  (%zu record bytes/run)\n",
	    name, n, ns, iters ? bytes / (size_t)iters : 0);
	dif_state_destroy(st);
	return 0;
}

int main(int argc, char **argv)
{
	long iters = argc > 1 ? atol(argv[1]) : 10000000;
	only = argc > 2 ? argv[2] : NULL;
	int rc = 0;
	rc |= bench("arith", arith, N(arith), iters);
	rc |= bench("clause", clause, N(clause), iters);
	rc |= bench("assoc", assoc, N(assoc), iters);
	rc |= bench("agg", agg, N(agg), iters);
	return rc ? 1 : 0;
}
