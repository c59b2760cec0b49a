/*
 * drain-bench.c — the uprobe consumer's drain rate in isolation: how
 * many hits a second one CPU of the tracer turns from ring records into
 * D firings, with no target in the way (on a small VM one target thread
 * cannot produce a million uprobe hits a second: each trap costs it
 * ~15 µs, so the consumer's own ceiling is never reached end to end).
 *
 * Owns: nothing but the measurement. Must not: shortcut the real path:
 * the records are laid out exactly as the kernel writes them for the
 * perf_event_attr uprobe.c asks (IDENTIFIER, IP, TID, TIME, CPU, and
 * REGS_USER when a program reads registers) into rings shaped like perf's
 * (a metadata page, then a power-of-two data area), and drained by the
 * backend's own up_drain: the time merge across CPUs, the id -> site
 * hash, the parse, then pid_hit and the ECBs of a compiled D clause
 * `@ = count()` (or `@[arg0 & 7] = count()`: registers sampled) into a
 * real aggregation.
 * Invariant: only up_drain's CPU time (getrusage, user + system) is
 * counted, not the filling; the aggregation must end at exactly N, else
 * the bench says FAIL. Usage: drain-bench [N [regs|text|json]]; one line:
 * "drain: N hits (2 CPUs' rings, REGS) in X s CPU: R hits/s".
 * text/json: the clause also prints every hit (`printf("hit %d %s\n",
 * arg0, probefunc); trace(tid);`) in -x oformat=text or json to
 * /dev/null, and the printing (handle_drain after each batch) is counted
 * with the drain: the cost of JSON Lines (json-c, a flush per line)
 * against dtrace's text.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <linux/perf_event.h>
#include "backend/uprobe_impl.h"
#include "consumer/handle.h"
#include "providers/site.h"
#include "providers/pid.h"
#include "pid/pid.h"

#define RING  (1u << 20)
#define PAGE  4096u

static double cpu_seconds(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
	    (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

static void on_hit(void *arg, const udt_hit_t *h)
{
	pid_hit(arg, h);
}

/* One sample record of site id at time t into r (the kernel's layout). */
static void put(up_ring_t *r, uint64_t id, uint64_t t, int cpu, int regs)
{
	struct perf_event_mmap_page *mp = r->base;
	uint64_t rec[8 + 1 + UP_NREGS], head = mp->data_head;
	size_t n = 0;
	struct perf_event_header hdr;

	rec[n++] = 0;                     /* header, below */
	rec[n++] = id;                    /* IDENTIFIER */
	rec[n++] = 0x401000;              /* IP */
	rec[n++] = 7ull | (7ull << 32);   /* pid, tid */
	rec[n++] = t;                     /* TIME */
	rec[n++] = (uint64_t)cpu;         /* CPU, res */
	if (regs) {
		rec[n++] = 2;             /* PERF_SAMPLE_REGS_ABI_64 */
		for (int i = 0; i < UP_NREGS - 1; i++)
			rec[n++] = t + (uint64_t)i;
	}
	hdr.type = PERF_RECORD_SAMPLE;
	hdr.misc = PERF_RECORD_MISC_USER;
	hdr.size = (uint16_t)(n * 8);
	memcpy(&rec[0], &hdr, 8);
	for (size_t i = 0; i < n; i++)
		memcpy(r->data + ((head + 8 * i) & (r->size - 1)), &rec[i], 8);
	mp->data_head = head + n * 8;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 4000000;
	int regs = argc > 2 && strcmp(argv[2], "regs") == 0;
	const char *ofmt = argc > 2 && (strcmp(argv[2], "text") == 0 ||
	    strcmp(argv[2], "json") == 0) ? argv[2] : NULL;
	udt_handle_t *h = udt_open();
	FILE *null = fopen("/dev/null", "w");
	up_backend_t *b = calloc(1, sizeof *b);
	const char *src = regs ? "fake9:m:f:entry { @[arg0 & 7] = count(); }" :
	    ofmt ? "fake9:m:f:entry { @ = count(); printf(\"hit %d %s\\n\", "
	    "arg0, probefunc); trace(tid); }" :
	    "fake9:m:f:entry { @ = count(); }";

	if (!h || !null || !b)
		return 1;
	udt_set_output(h, null);
	/* a batch of printing hits must fit: no drops */
	if (udt_setopt(h, "quiet", NULL) != 0 ||
	    (ofmt && udt_setopt(h, "bufsize", "64m") != 0) ||
	    (ofmt && udt_setopt(h, "oformat", ofmt) != 0))
		return 1;
	udt_provider_t *pv = probe_add_provider(&h->reg, "fake9", NULL, NULL);
	udt_probe_t *pe = probe_create(&h->reg, pv, "m", "f", "entry");
	udt_prog_t *p = udt_compile(h, UDT_PROG_NAME, src, src, 0, NULL, 0);
	int nm = 0;
	if (!pe || !p || udt_enable(h, p, &nm) != 0 || udt_go(h) != 0) {
		fprintf(stderr, "drain-bench: %s\n", udt_errmsg(h));
		return 1;
	}

	/* a pid$target site of process 7, as uprobe.c would hold it */
	udt_tproc_t t = { .pid = 7, .ppid = 1, .execname = "prog", .alive = 1 };
	pidsite_t se = { .t = &t };
	pidsite_ent_t ee = { pe, PID_ENTRY, 0 };
	up_proc_t up = { .pid = 7 };
	up_site_t us = { .s = &se.site, .up = &up };
	se.ents = &ee;
	se.nents = 1;
	se.site.cookie = &se;
	for (int i = 0; regs && i < UP_NREGS; i++)
		if (up_perf2r[i] != R_RIP)
			us.preg[us.npreg++] = (unsigned char)up_perf2r[i];
	b->base.cb.hit = on_hit;
	b->base.cb.arg = h;
	b->ncpu = 2;
	for (int c = 0; c < UP_MAXCPU; c++)
		b->rings[c].fd = b->rings[c].commfd = -1;
	for (int c = 0; c < 2; c++) {
		up_ring_t *r = &b->rings[c];
		if (!(r->base = aligned_alloc(PAGE, PAGE + RING)))
			return 1;
		memset(r->base, 0, PAGE + RING);
		r->data = (unsigned char *)r->base + PAGE;
		r->size = RING;
		r->cpu = c;
	}
	up_ring_t *act[2] = { &b->rings[0], &b->rings[1] };
	b->act = act;
	b->nact = 2;
	if (up_id_add(b, 1, &us) != 0)
		return 1;

	/* batches of a ring's worth, the two CPUs' hits interleaved in time */
	size_t recsz = regs ? 8 * (6 + UP_NREGS) : 48;
	long batch = (long)(RING / recsz) - 1, done = 0;
	uint64_t now = 1;
	double cpu = 0;
	while (done < n) {
		long k = n - done < 2 * batch ? n - done : 2 * batch;
		for (long i = 0; i < k; i++, now++)
			put(&b->rings[i & 1], 1, now, (int)(i & 1), regs);
		double c0 = cpu_seconds();
		up_drain(b);
		if (ofmt)
			handle_drain(h);
		cpu += cpu_seconds() - c0;
		done += k;
	}
	udt_stop(h);
	while (udt_work(h) == UDT_WORK_OKAY)
		;
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	udt_set_output(h, out);
	/* the count is read back from the text layout */
	if (ofmt)
		(void)udt_setopt(h, "oformat", "text");
	udt_aggregate_print(h);
	fclose(out);
	long total = 0;
	/* "N" (@ = count()) or "KEY N" lines: the last number counts */
	for (char *l = buf; l && *l; ) {
		char *e1, *e2;
		long v = strtol(l, &e1, 10), v2 = strtol(e1, &e2, 10);
		if (e1 != l)
			total += e2 != e1 ? v2 : v;
		l = strchr(l, '\n');
		l = l ? l + 1 : NULL;
	}
	printf("drain: %ld hits (2 CPUs' rings, %s) in %.3f s CPU: %.0f hits/s%s\n",
	    n, regs ? "19 registers each, @[arg0 & 7] = count()" :
	    ofmt == NULL ? "no registers, @ = count()" :
	    strcmp(ofmt, "json") == 0 ? "printf + trace printed, oformat=json" :
	    "printf + trace printed, oformat=text", cpu, cpu > 0 ? (double)n / cpu : 0,
	    total == n ? "" : " FAIL (aggregation does not hold N)");
	free(buf);
	udt_close(h);
	fclose(null);
	return total == n ? 0 : 1;
}
