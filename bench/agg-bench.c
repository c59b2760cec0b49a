/*
 * agg-bench.c — tracer CPU for aggregating N values into a keyed
 * aggregation and printing it: the cost issue 3 bounds (one million
 * values, under 1 s).
 *
 * Owns: nothing but the measurement. Must not: shortcut the real path;
 * it compiles real D, enables it, and fires the probe through the same
 * ecb_fire_tracer the tick provider uses, so the clause, the emulator,
 * the aggregation table and the printer are all the production code.
 * Invariant: prints one line, "N values, K keys: X.XXX s CPU (fire Y s,
 * print Z s)", measured with getrusage (user + system).
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include "consumer/handle.h"

static double cpu_seconds(void)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
	    (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000000;
	long keys = argc > 2 ? atol(argv[2]) : 10000;
	udt_handle_t *h = udt_open();
	FILE *null = fopen("/dev/null", "w");
	if (h == NULL || null == NULL)
		return 1;
	udt_set_output(h, null);
	if (udt_setopt(h, "quiet", NULL) != 0 ||
	    udt_setopt(h, "aggsize", "64m") != 0)
		return 1;
	const char *src = "tick-1000 { @[arg0] = count(); @t = sum(arg1); }";
	udt_prog_t *p = udt_compile(h, UDT_PROG_NAME, src, src, 0, NULL, 0);
	int nm;
	if (p == NULL || udt_enable(h, p, &nm) != 0 || udt_go(h) != 0) {
		fprintf(stderr, "agg-bench: %s\n", udt_errmsg(h));
		return 1;
	}
	udt_probe_t *pr = probe_lookup(&h->reg, "profile", "", "", "tick-1000");
	if (pr == NULL)
		return 1;
	double t0 = cpu_seconds();
	for (long i = 0; i < n; i++) {
		uint64_t args[2] = { (uint64_t)(i % keys), (uint64_t)i };
		ecb_fire_tracer(h, pr, args, 2);
	}
	double t1 = cpu_seconds();
	udt_stop(h);
	while (udt_work(h) == UDT_WORK_OKAY)
		;
	udt_aggregate_print(h);
	fflush(null);
	double t2 = cpu_seconds();
	printf("%ld values, %ld keys: %.3f s CPU (fire %.3f s, print %.3f s)\n",
	    n, keys, t2 - t0, t1 - t0, t2 - t1);
	udt_close(h);
	fclose(null);
	return 0;
}
