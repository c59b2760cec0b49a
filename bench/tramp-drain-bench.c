/*
 * tramp-drain-bench.c — the trampoline consumer's drain rate in
 * isolation: how many records a second one CPU of the tracer turns into
 * D firings, with no target in the way (end to end, a hot target thread
 * and the consumer share this VM's two CPUs with everything else, so
 * bench/tramp-bench.sh's records/s mixes the drain's own cost with the
 * machine's load).
 *
 * Owns: nothing but the measurement. Must not: shortcut the real path:
 * the records are laid out exactly as tramp_code.c's trampolines write
 * them (tramp_impl.h: seq last, point id, aux, sizes, tsc, registers)
 * into a ring shaped like the target's (header, then 2^k slots), and
 * drained by the backend's own tp_drain: the seq check, TSC time, the
 * point lookup, thread pointer -> tid, then pid_hit and the ECBs of a
 * compiled D clause into a real aggregation.
 * Invariant: only tp_drain's CPU time (getrusage) is counted, not the
 * filling; the aggregation must end at exactly N, else the bench says
 * FAIL. Usage: tramp-drain-bench [N [keyed|sum|count [full]]]: the
 * records are short (a line: what these clauses, reading at most arg0,
 * get), or with every register (full: what a clause reading uregs[] or
 * arg3 gets); one line: "tramp drain: N short|full records (CLAUSE) in X
 * s CPU: R records/s".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include "backend/tramp_impl.h"
#include "consumer/handle.h"
#include "providers/site.h"
#include "providers/pid.h"
#include "pid/pid.h"

#define DATA  (1u << 21)   /* the default ring of a 2-CPU machine */

static double cpu_seconds(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
	    (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

/*
 * Record `ticket` of point 0 (hit number i) into the ring, as a
 * trampoline writes it: short, or with every register. Its slots.
 */
static uint64_t put(unsigned char *ring, uint64_t nrec, uint64_t ticket,
    uint64_t i, uint64_t tsc, uint64_t fs, int full)
{
	unsigned char *r = ring + TP_HDR + ((ticket & (nrec - 1)) << TP_RECSHIFT);
	uint64_t regs[R_FS_BASE + 1], seq = ticket + 1;
	uint32_t id = full ? 0 : TP_ID_SHORT, aux = 0, slen = 0, nsl = TP_FULL_NSL;

	memcpy(r + TP_R_ID, &id, 4);
	memcpy(r + TP_R_AUX, &aux, 4);
	if (full) {
		for (int k = 0; k <= R_FS_BASE; k++)
			regs[k] = i * 3 + (uint64_t)k;
		regs[R_RDI] = i;
		regs[R_FS_BASE] = fs;
		memcpy(r + TP_R_SLEN, &slen, 4);
		memcpy(r + TP_R_NSL, &nsl, 4);
		memcpy(r + TP_R_TSC, &tsc, 8);
		memcpy(r + TP_R_REGS, regs, sizeof regs);
	} else {
		uint64_t sr[5] = { fs, i, i + 1, i + 2, i + 3 };
		memcpy(r + TP_S_TSC, &tsc, 8);
		memcpy(r + TP_S_REGS, sr, sizeof sr);
	}
	__atomic_store_n((uint64_t *)r, seq, __ATOMIC_RELEASE);
	return full ? TP_FULL_NSL : 1;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 4000000;
	const char *mode = argc > 2 ? argv[2] : "keyed";
	int full = argc > 3 && strcmp(argv[3], "full") == 0;
	const char *src = strcmp(mode, "sum") == 0 ?
	    "fake9:m:f:entry { @ = sum(arg0 & 7); }" :
	    strcmp(mode, "count") == 0 ? "fake9:m:f:entry { @ = count(); }" :
	    "fake9:m:f:entry { @[arg0 & 7] = count(); }";
	udt_handle_t *h = udt_open();
	FILE *null = fopen("/dev/null", "w");
	tp_backend_t *b = calloc(1, sizeof *b);
	tp_proc_t *tp = calloc(1, sizeof *tp);
	uint64_t nrec = DATA / TP_REC, fs = 0x7f0000001000ull;

	if (!h || !null || !b || !tp)
		return 1;
	udt_set_output(h, null);
	if (udt_setopt(h, "quiet", NULL) != 0)
		return 1;
	udt_provider_t *pv = probe_add_provider(&h->reg, "fake9", NULL, NULL);
	udt_probe_t *pe = probe_create(&h->reg, pv, "m", "f", "entry");
	udt_prog_t *p = udt_compile(h, UDT_PROG_NAME, src, src, 0, NULL, 0);
	int nm = 0;
	if (!pe || !p || udt_enable(h, p, &nm) != 0 || udt_go(h) != 0) {
		fprintf(stderr, "tramp-drain-bench: %s\n", udt_errmsg(h));
		return 1;
	}

	/* a pid$target site of process 7, as tramp.c would hold it */
	udt_tproc_t t = { .pid = 7, .ppid = 1, .execname = "prog", .alive = 1 };
	pidsite_t se = { .t = &t };
	pidsite_ent_t ee = { pe, PID_ENTRY, 0 };
	udt_site_t *sites[1] = { &se.site };
	tp_point_t pt = { .addr = 0x401000, .id = 0, .state = TP_PATCHED,
	    .sites = sites, .nsites = 1, .capsites = 1, .live = 1 };
	tp_point_t *byid[1] = { &pt };
	se.ents = &ee;
	se.nents = 1;
	se.site.cookie = &se;
	b->base.cb.hit = pid_hit;
	b->base.cb.arg = h;
	tp_clock_init(b);
	tp_cpu_init(b);
	tp->pid = 7;
	tp->byid = byid;
	tp->npoints = 1;
	tp->capid = 1;
	tp->nrec = nrec;
	if (!(tp->ring = aligned_alloc(4096, TP_HDR + 2 * DATA)))
		return 1;
	memset(tp->ring, 0, TP_HDR + 2 * DATA);
	tp_thr_set(tp, 7, fs);
	b->procs = tp;

	/* batches of a ring's worth, each drained whole */
	long done = 0;
	double cpu = 0;
	uint64_t tsc = __builtin_ia32_rdtsc(), head = 0;
	uint64_t per = (uint64_t)(full ? TP_FULL_NSL : 1);
	while (done < n) {
		long k = n - done < (long)(nrec / per) ? n - done : (long)(nrec / per);
		for (long i = 0; i < k; i++)
			head += put(tp->ring, nrec, head, (uint64_t)(done + i),
			    tsc + (uint64_t)i, fs, full);
		tsc += (uint64_t)k;
		__atomic_store_n((uint64_t *)(tp->ring + TP_H_HEAD), head,
		    __ATOMIC_RELEASE);
		double c0 = cpu_seconds();
		tp_drain(b, tp, UINT64_MAX);
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
	udt_aggregate_print(h);
	fclose(out);
	long total = 0, want = n;
	/* "N" or "KEY N" lines: the last number counts */
	for (char *l = buf; l && *l; ) {
		char *e1, *e2;
		long v = strtol(l, &e1, 10), v2 = strtol(e1, &e2, 10);
		if (e1 != l)
			total += e2 != e1 ? v2 : v;
		l = strchr(l, '\n');
		l = l ? l + 1 : NULL;
	}
	if (strcmp(mode, "sum") == 0) {
		/* sum of i & 7 over 0..n-1 */
		want = (n / 8) * 28;
		for (long i = n - n % 8; i < n; i++)
			want += i & 7;
	}
	printf("tramp drain: %ld %s records (%s) in %.3f s CPU: %.0f records/s%s\n",
	    n, full ? "full" : "short", src + strlen("fake9:m:f:entry "), cpu, cpu > 0 ? (double)n / cpu : 0,
	    total == want ? "" : " FAIL (aggregation does not hold N)");
	free(buf);
	free(tp->ring);
	free(tp->thr);
	free(tp);
	free(b);
	udt_close(h);
	fclose(null);
	return total == want ? 0 : 1;
}
