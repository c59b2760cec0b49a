/*
 * test_probes.c — the probe registry, the dtrace and profile providers,
 * and the consumer core end to end with hand-assembled DIF: ECB order
 * and EPIDs, BEGIN/END ordering, exit(), tick firing, faults and the
 * ERROR probe, unmatched descriptions, drops and -l listing.
 */
#include <stdlib.h>
#include "unit.h"
#include "consumer/handle.h"

/* ---- hand-built programs ---------------------------------------------- */

#define MAXC 8
typedef struct tprog {
	d_program_t dp;
	d_clause_prog_t cl[MAXC];
	d_pdesc_t desc[MAXC];
	difo_t body[MAXC];
	dif_instr_t text[MAXC][16];
	uint64_t ints[MAXC][8];
	dif_rec_t rt[MAXC][8];
	d_recdesc_t rd[MAXC][8];
	uint16_t act[MAXC][16];
} tprog_t;

static void tp_init(tprog_t *t)
{
	memset(t, 0, sizeof(*t));
	t->dp.clauses = t->cl;
	t->dp.name = "t.d";
}

/* Add a clause on "prov:mod:func:name" with an empty body; returns its index. */
static int tp_clause(tprog_t *t, const char *prov, const char *name, int line)
{
	int i = (int)t->dp.nclauses++;
	d_pdesc_t *d = &t->desc[i];
	snprintf(d->prov, sizeof(d->prov), "%s", prov);
	snprintf(d->name, sizeof(d->name), "%s", name);
	d->line = line;
	t->cl[i].descs = d;
	t->cl[i].ndescs = 1;
	t->cl[i].line = line;
	t->cl[i].recs = t->rd[i];
	difo_t *b = &t->body[i];
	b->text = t->text[i];
	b->inttab = t->ints[i];
	b->rectab = t->rt[i];
	b->action_of = t->act[i];
	return i;
}

static void emit(tprog_t *t, int c, uint8_t op, uint8_t rd, uint8_t r1,
    uint8_t r2, uint32_t imm, uint16_t action)
{
	difo_t *b = &t->body[c];
	t->act[c][b->ntext] = action;
	b->text[b->ntext++] = (dif_instr_t){ op, rd, r1, r2, imm };
	t->cl[c].body = b;
}

/* Record register r as action `action` (trace, or exit with size 4). */
static void rec(tprog_t *t, int c, uint8_t r, int act, uint32_t size,
    uint16_t action)
{
	difo_t *b = &t->body[c];
	uint32_t k = (uint32_t)b->nrec++;
	b->rectab[k] = (dif_rec_t){ DIF_REC_INT, size, 0 };
	t->rd[c][k] = (d_recdesc_t){ .action = (uint8_t)act, .type = D_RT_INT,
	    .is_signed = 1, .size = size, .action_no = action };
	t->cl[c].nrecs = b->nrec;
	emit(t, c, DIF_REC, 0, r, 0, k, action);
}

static void trace_const(tprog_t *t, int c, uint64_t v, uint16_t action)
{
	difo_t *b = &t->body[c];
	uint32_t k = (uint32_t)b->nint++;
	b->inttab[k] = v;
	emit(t, c, DIF_SETX, 1, 0, 0, k, action);
	rec(t, c, 1, D_ACT_TRACE, 8, action);
}

static void trace_var(tprog_t *t, int c, uint32_t var, uint16_t action)
{
	emit(t, c, DIF_LDGS, 1, 0, 0, var, action);
	rec(t, c, 1, D_ACT_TRACE, 8, action);
}

static void do_exit(tprog_t *t, int c, uint64_t status, uint16_t action)
{
	difo_t *b = &t->body[c];
	uint32_t k = (uint32_t)b->nint++;
	b->inttab[k] = status;
	emit(t, c, DIF_SETX, 1, 0, 0, k, action);
	rec(t, c, 1, D_ACT_EXIT, 4, action);
}

static void div_zero(tprog_t *t, int c, uint16_t action)
{
	difo_t *b = &t->body[c];
	uint32_t k = (uint32_t)b->nint++;
	b->inttab[k] = 1;
	emit(t, c, DIF_SETX, 1, 0, 0, k, action);
	emit(t, c, DIF_SDIV, 2, 1, 0, 0, action);
}

static void finish(tprog_t *t)
{
	for (size_t i = 0; i < t->dp.nclauses; i++)
		if (t->cl[i].body)
			emit(t, (int)i, DIF_RET, 0, 0, 0, 0, t->act[i][0]);
}

/*
 * The test programs are built in place, not by the compiler: detach them
 * before closing so d_program_free never sees memory it did not allocate.
 */
static void close_detached(udt_handle_t *h)
{
	for (udt_prog_t *p = h->progs; p != NULL; p = p->next)
		p->dp = NULL;
	udt_close(h);
}

/* Run a handle to the end, collecting stdout and stderr. */
typedef struct run {
	char *out, *err;
	size_t outlen, errlen;
	FILE *ofp, *efp;
} run_t;

static void run_begin(udt_handle_t *h, run_t *r)
{
	memset(r, 0, sizeof(*r));
	r->ofp = open_memstream(&r->out, &r->outlen);
	r->efp = open_memstream(&r->err, &r->errlen);
	udt_set_output(h, r->ofp);
	udt_set_errfp(h, r->efp);
}

static void run_trace(udt_handle_t *h)
{
	CHECK_EQ_INT(udt_go(h), 0);
	int st, n = 0;
	while ((st = udt_work(h)) == UDT_WORK_OKAY && ++n < 50)
		;
	CHECK_EQ_INT(st, UDT_WORK_DONE);
	/* every test program ends in exit(): the loop itself fires END */
	CHECK(h->stopped);
	CHECK_EQ_INT(udt_stop(h), 0);
}

static void run_end(run_t *r)
{
	fclose(r->ofp);
	fclose(r->efp);
}

static void run_free(run_t *r)
{
	free(r->out);
	free(r->err);
}

/* ---- registry and providers ------------------------------------------- */

static void test_registry(void)
{
	probe_reg_t r;
	probe_reg_init(&r);
	CHECK_EQ_INT(provider_dtrace_register(&r), 0);
	CHECK_EQ_INT(provider_profile_register(&r), 0);
	CHECK_EQ_STR(probe_by_id(&r, 1)->name, "BEGIN");
	CHECK_EQ_STR(probe_by_id(&r, 2)->name, "END");
	CHECK_EQ_STR(probe_by_id(&r, 3)->name, "ERROR");
	CHECK_EQ_STR(probe_by_id(&r, 3)->prov, "dtrace");
	CHECK_EQ_STR(probe_by_id(&r, 3)->mod, "");
	CHECK_EQ_STR(probe_by_id(&r, 4)->name, "profile-97");
	CHECK_EQ_STR(probe_by_id(&r, 18)->name, "tick-10sec");
	CHECK_EQ_INT(r.nprobes, 18);
	CHECK(probe_by_id(&r, 19) == NULL);
	CHECK(probe_by_id(&r, 0) == NULL);

	d_pdesc_t d;
	memset(&d, 0, sizeof(d));
	CHECK_EQ_INT(probe_iter(&r, &d, NULL, NULL), 18);
	strcpy(d.prov, "dtrace");
	CHECK_EQ_INT(probe_iter(&r, &d, NULL, NULL), 3);
	memset(&d, 0, sizeof(d));
	strcpy(d.name, "BEGIN");
	CHECK_EQ_INT(probe_iter(&r, &d, NULL, NULL), 1);
	strcpy(d.func, "main");
	CHECK_EQ_INT(probe_iter(&r, &d, NULL, NULL), 0);
	memset(&d, 0, sizeof(d));
	d.id = 2;
	CHECK_EQ_INT(probe_iter(&r, &d, NULL, NULL), 1);
	strcpy(d.prov, "profile");
	strcpy(d.name, "tick-*");
	d.id = 0;
	CHECK_EQ_INT(probe_iter(&r, &d, NULL, NULL), 8);

	/* on-demand timers: literal names only, once, >= 200us */
	memset(&d, 0, sizeof(d));
	strcpy(d.name, "tick-42");
	CHECK_EQ_INT(probe_provide(&r, &d), 0);
	CHECK_EQ_INT(r.nprobes, 19);
	CHECK_EQ_STR(probe_by_id(&r, 19)->prov, "profile");
	CHECK_EQ_INT(probe_by_id(&r, 19)->period_ns, 1000000000ULL / 42);
	CHECK_EQ_INT(probe_provide(&r, &d), 0);
	CHECK_EQ_INT(r.nprobes, 19);
	strcpy(d.name, "tick-1us");
	CHECK_EQ_INT(probe_provide(&r, &d), 0);
	CHECK_EQ_INT(r.nprobes, 19);
	strcpy(d.name, "tick-4*");
	CHECK_EQ_INT(probe_provide(&r, &d), 0);
	CHECK_EQ_INT(r.nprobes, 19);
	strcpy(d.name, "profile-3ms");
	strcpy(d.mod, "foo");
	CHECK_EQ_INT(probe_provide(&r, &d), 0);
	CHECK_EQ_INT(r.nprobes, 19);
	d.mod[0] = '\0';
	strcpy(d.prov, "dtrace");
	CHECK_EQ_INT(probe_provide(&r, &d), 0);
	CHECK_EQ_INT(r.nprobes, 19);
	strcpy(d.prov, "prof*");
	CHECK_EQ_INT(probe_provide(&r, &d), 0);
	CHECK_EQ_INT(r.nprobes, 20);
	CHECK_EQ_INT(probe_by_id(&r, 20)->per_cpu, 1);

	char buf[64];
	probe_desc_str(&d, buf, sizeof(buf));
	CHECK_EQ_STR(buf, "prof*:::profile-3ms");
	probe_reg_fini(&r);
}

static void test_periods(void)
{
	int pc = -1;
	CHECK_EQ_INT(provider_profile_period("tick-1", &pc), 1000000000ULL);
	CHECK_EQ_INT(pc, 0);
	CHECK_EQ_INT(provider_profile_period("profile-97", &pc), 1000000000ULL / 97);
	CHECK_EQ_INT(pc, 1);
	CHECK_EQ_INT(provider_profile_period("tick-1sec", NULL), 1000000000ULL);
	CHECK_EQ_INT(provider_profile_period("tick-1s", NULL), 1000000000ULL);
	CHECK_EQ_INT(provider_profile_period("tick-10sec", NULL), 10000000000ULL);
	CHECK_EQ_INT(provider_profile_period("tick-100ms", NULL), 100000000ULL);
	CHECK_EQ_INT(provider_profile_period("tick-100msec", NULL), 100000000ULL);
	CHECK_EQ_INT(provider_profile_period("tick-200us", NULL), 200000ULL);
	CHECK_EQ_INT(provider_profile_period("tick-199us", NULL), 0);
	CHECK_EQ_INT(provider_profile_period("tick-200000ns", NULL), 200000ULL);
	CHECK_EQ_INT(provider_profile_period("tick-2m", NULL), 120000000000ULL);
	CHECK_EQ_INT(provider_profile_period("tick-2min", NULL), 120000000000ULL);
	CHECK_EQ_INT(provider_profile_period("tick-1h", NULL), 3600000000000ULL);
	CHECK_EQ_INT(provider_profile_period("tick-1day", NULL), 86400000000000ULL);
	CHECK_EQ_INT(provider_profile_period("tick-5hz", NULL), 200000000ULL);
	CHECK_EQ_INT(provider_profile_period("profile-5000", NULL), 200000ULL);
	CHECK_EQ_INT(provider_profile_period("profile-5001", NULL), 0);
	CHECK_EQ_INT(provider_profile_period("tick-0", NULL), 0);
	CHECK_EQ_INT(provider_profile_period("tick-", NULL), 0);
	CHECK_EQ_INT(provider_profile_period("tick-1x", NULL), 0);
	CHECK_EQ_INT(provider_profile_period("tick--1", NULL), 0);
	CHECK_EQ_INT(provider_profile_period("tock-1", NULL), 0);
}

/* ---- the consumer end to end ------------------------------------------ */

/* BEGIN first, END last, EPIDs in program order, exit() ends the firing. */
static void test_order_and_exit(void)
{
	udt_handle_t *h = udt_open();
	tprog_t t;
	tp_init(&t);
	int c;
	c = tp_clause(&t, "", "BEGIN", 1);     trace_const(&t, c, 1, 1);
	c = tp_clause(&t, "", "END", 2);       trace_const(&t, c, 2, 1);
	c = tp_clause(&t, "", "tick-1000", 3); trace_var(&t, c, DIF_VAR_ID, 1);
	do_exit(&t, c, 263, 2);
	c = tp_clause(&t, "", "tick-1000", 4); trace_const(&t, c, 4, 1);
	c = tp_clause(&t, "dtrace", "BEGIN", 5); trace_var(&t, c, DIF_VAR_EPID, 1);
	finish(&t);
	CHECK_EQ_INT(udt_setopt(h, "quiet", NULL), 0);
	udt_prog_t *p = udt_prog_adopt(h, &t.dp, UDT_PROG_SCRIPT, "t.d", 0);
	int n = -1;
	CHECK_EQ_INT(udt_enable(h, p, &n), 0);
	CHECK_EQ_INT(n, 5);
	run_t r;
	run_begin(h, &r);
	run_trace(h);
	run_end(&r);
	/* tick-1000 is a premade probe: id 15 */
	CHECK_EQ_STR(r.out, "15152");
	CHECK_EQ_STR(r.err, "");
	CHECK_EQ_INT(udt_exit_status(h), 263 & 0xff);
	run_free(&r);
	close_detached(h);
}

/* A stop request ends udt_work early; udt_stop then fires END once. */
static void test_stop_request(void)
{
	udt_handle_t *h = udt_open();
	tprog_t t;
	tp_init(&t);
	int c;
	c = tp_clause(&t, "", "BEGIN", 1); trace_const(&t, c, 1, 1);
	c = tp_clause(&t, "", "END", 2);   trace_const(&t, c, 2, 1);
	c = tp_clause(&t, "", "tick-1sec", 3); trace_const(&t, c, 3, 1);
	finish(&t);
	udt_setopt(h, "quiet", NULL);
	udt_prog_t *p = udt_prog_adopt(h, &t.dp, UDT_PROG_SCRIPT, "t.d", 0);
	CHECK_EQ_INT(udt_enable(h, p, NULL), 0);
	run_t r;
	run_begin(h, &r);
	CHECK_EQ_INT(udt_go(h), 0);
	udt_request_stop(h);
	CHECK_EQ_INT(udt_work(h), UDT_WORK_OKAY);
	CHECK_EQ_INT(udt_stop(h), 0);
	CHECK_EQ_INT(udt_work(h), UDT_WORK_DONE);
	CHECK_EQ_INT(udt_stop(h), 0);
	run_end(&r);
	CHECK_EQ_STR(r.out, "12");
	CHECK_EQ_INT(udt_exit_status(h), 0);
	run_free(&r);
	close_detached(h);
}

/* A fault prints §8.1's line, fires ERROR with its arguments, and later clauses run. */
static void test_error_probe(void)
{
	udt_handle_t *h = udt_open();
	tprog_t t;
	tp_init(&t);
	int c;
	c = tp_clause(&t, "", "BEGIN", 1);
	trace_const(&t, c, 5, 1);
	div_zero(&t, c, 2);
	c = tp_clause(&t, "", "ERROR", 2);
	trace_var(&t, c, DIF_VAR_ARG0 + 1, 1);
	trace_var(&t, c, DIF_VAR_ARG0 + 2, 2);
	trace_var(&t, c, DIF_VAR_ARG0 + 3, 3);
	trace_var(&t, c, DIF_VAR_ARG0 + 4, 4);
	c = tp_clause(&t, "", "BEGIN", 3);
	trace_const(&t, c, 9, 1);
	do_exit(&t, c, 0, 2);
	finish(&t);
	udt_setopt(h, "quiet", NULL);
	udt_prog_t *p = udt_prog_adopt(h, &t.dp, UDT_PROG_SCRIPT, "t.d", 0);
	int n;
	CHECK_EQ_INT(udt_enable(h, p, &n), 0);
	CHECK_EQ_INT(n, 3);
	run_t r;
	run_begin(h, &r);
	run_trace(h);
	run_end(&r);
	/* epid 1, action 2, DIF offset 3 (SETX REC SETX SDIV), divide-by-zero */
	CHECK_EQ_STR(r.out, "12349");
	CHECK_EQ_STR(r.err, "udtrace: error on enabled probe ID 1 (ID 1: "
	    "dtrace:::BEGIN): divide-by-zero in action #2 at DIF offset 3\n");
	CHECK_EQ_INT(udt_exit_status(h), 0);
	run_free(&r);
	close_detached(h);
}

/* A fault inside an ERROR clause is only counted. */
static void test_error_in_error(void)
{
	udt_handle_t *h = udt_open();
	tprog_t t;
	tp_init(&t);
	int c;
	c = tp_clause(&t, "", "BEGIN", 1); div_zero(&t, c, 1);
	c = tp_clause(&t, "", "ERROR", 2); div_zero(&t, c, 1);
	c = tp_clause(&t, "", "BEGIN", 3); do_exit(&t, c, 3, 1);
	finish(&t);
	udt_setopt(h, "quiet", NULL);
	udt_prog_t *p = udt_prog_adopt(h, &t.dp, UDT_PROG_SCRIPT, "t.d", 0);
	CHECK_EQ_INT(udt_enable(h, p, NULL), 0);
	run_t r;
	run_begin(h, &r);
	run_trace(h);
	run_end(&r);
	CHECK_EQ_STR(r.out, "");
	CHECK_EQ_STR(r.err, "udtrace: error on enabled probe ID 1 (ID 1: "
	    "dtrace:::BEGIN): divide-by-zero in action #1 at DIF offset 1\n"
	    "udtrace: 1 error in ERROR probe enabling\n");
	CHECK_EQ_INT(udt_exit_status(h), 3);
	run_free(&r);
	close_detached(h);
}

/* Descriptions that match nothing: D_PDESC_ZERO unless -Z. */
static void test_nomatch(void)
{
	udt_handle_t *h = udt_open();
	tprog_t t;
	tp_init(&t);
	tp_clause(&t, "", "BEGIN", 1);
	tp_clause(&t, "", "foo", 3);
	udt_prog_t *p = udt_prog_adopt(h, &t.dp, UDT_PROG_SCRIPT, "t.d", 0);
	int n = 7;
	CHECK_EQ_INT(udt_enable(h, p, &n), -1);
	CHECK_EQ_INT(n, 0);
	CHECK_EQ_STR(udt_errmsg(h), "failed to compile script t.d: line 3: "
	    "probe description :::foo does not match any probes");
	CHECK_EQ_INT(h->necbs, 0);

	udt_prog_t *q = udt_prog_adopt(h, &t.dp, UDT_PROG_NAME, "foo", 0);
	CHECK_EQ_INT(udt_enable(h, q, &n), -1);
	CHECK_EQ_STR(udt_errmsg(h), "invalid probe specifier foo: "
	    "probe description :::foo does not match any probes");

	udt_prog_t *z = udt_prog_adopt(h, &t.dp, UDT_PROG_SCRIPT, "t.d",
	    UDT_C_ZDEFS);
	CHECK_EQ_INT(udt_enable(h, z, &n), 0);
	CHECK_EQ_INT(n, 1);
	/* the programs share t.dp: keep udt_close from freeing it thrice */
	p->dp = q->dp = z->dp = NULL;
	close_detached(h);
}

/* A full buffer drops and says so, per CPU, singular for one. */
static void test_drops(void)
{
	udt_handle_t *h = udt_open();
	tprog_t t;
	tp_init(&t);
	for (int i = 0; i < 5; i++) {
		int c = tp_clause(&t, "", "BEGIN", i + 1);
		trace_const(&t, c, (uint64_t)i, 1);
	}
	int c = tp_clause(&t, "", "tick-1000", 9);
	do_exit(&t, c, 0, 1);
	finish(&t);
	udt_setopt(h, "quiet", NULL);
	/* an entry is 24 header + 16 record bytes: two fit */
	CHECK_EQ_INT(udt_setopt(h, "bufsize", "80"), 0);
	udt_prog_t *p = udt_prog_adopt(h, &t.dp, UDT_PROG_SCRIPT, "t.d", 0);
	CHECK_EQ_INT(udt_enable(h, p, NULL), 0);
	run_t r;
	run_begin(h, &r);
	run_trace(h);
	run_end(&r);
	CHECK_EQ_STR(r.out, "01");
	int cpu = -1;
	char tail[32] = "";
	CHECK_EQ_INT(sscanf(r.err, "udtrace: 3 drops on CPU %d%31s", &cpu, tail), 1);
	CHECK(cpu >= 0);
	run_free(&r);
	close_detached(h);
}

/* bufpolicy=fill: the first full buffer stops tracing (END still fires). */
static void test_fill(void)
{
	udt_handle_t *h = udt_open();
	tprog_t t;
	tp_init(&t);
	for (int i = 0; i < 5; i++) {
		int c = tp_clause(&t, "", "BEGIN", i + 1);
		trace_const(&t, c, (uint64_t)i, 1);
	}
	int c = tp_clause(&t, "", "END", 9);
	trace_const(&t, c, 7, 1);
	finish(&t);
	udt_setopt(h, "quiet", NULL);
	CHECK_EQ_INT(udt_setopt(h, "bufsize", "80"), 0);
	CHECK_EQ_INT(udt_setopt(h, "bufpolicy", "fill"), 0);
	udt_prog_t *p = udt_prog_adopt(h, &t.dp, UDT_PROG_SCRIPT, "t.d", 0);
	CHECK_EQ_INT(udt_enable(h, p, NULL), 0);
	run_t r;
	run_begin(h, &r);
	CHECK_EQ_INT(udt_go(h), 0);
	CHECK_EQ_INT(udt_work(h), UDT_WORK_DONE);
	run_end(&r);
	CHECK_EQ_STR(r.out, "017");
	CHECK(strncmp(r.err, "udtrace: 3 drops on CPU ", 24) == 0);
	run_free(&r);
	close_detached(h);
}

/* bufpolicy=ring: only the newest entries survive, printed at the end. */
static void test_ring(void)
{
	udt_handle_t *h = udt_open();
	tprog_t t;
	tp_init(&t);
	for (int i = 0; i < 5; i++) {
		int c = tp_clause(&t, "", "BEGIN", i + 1);
		trace_const(&t, c, (uint64_t)i, 1);
	}
	int c = tp_clause(&t, "", "tick-1000", 9);
	trace_const(&t, c, 8, 1);
	do_exit(&t, c, 0, 2);
	finish(&t);
	udt_setopt(h, "quiet", NULL);
	/* 24 header + 16 + 16 bytes for the tick entry: it and "4" fit */
	CHECK_EQ_INT(udt_setopt(h, "bufsize", "96"), 0);
	CHECK_EQ_INT(udt_setopt(h, "bufpolicy", "ring"), 0);
	udt_prog_t *p = udt_prog_adopt(h, &t.dp, UDT_PROG_SCRIPT, "t.d", 0);
	CHECK_EQ_INT(udt_enable(h, p, NULL), 0);
	run_t r;
	run_begin(h, &r);
	CHECK_EQ_INT(udt_go(h), 0);
	fflush(r.ofp);
	CHECK_EQ_INT(r.outlen, 0);
	int st, n = 0;
	while ((st = udt_work(h)) == UDT_WORK_OKAY && ++n < 50)
		;
	CHECK_EQ_INT(st, UDT_WORK_DONE);
	run_end(&r);
	CHECK_EQ_STR(r.out, "48");
	CHECK_EQ_STR(r.err, "");
	run_free(&r);
	close_detached(h);
}

/* -l: every probe, or those a program's descriptions match. */
static void test_list(void)
{
	udt_handle_t *h = udt_open();
	char *out = NULL, *err = NULL;
	size_t ol, el;
	FILE *o = open_memstream(&out, &ol), *e = open_memstream(&err, &el);
	CHECK_EQ_INT(udt_list(h, NULL, o, e), 0);
	fflush(o);
	CHECK(strncmp(out, "   ID   PROVIDER            MODULE"
	    "                          FUNCTION NAME\n"
	    "    1     dtrace                                                     BEGIN\n",
	    strlen("   ID   PROVIDER            MODULE"
	    "                          FUNCTION NAME\n"
	    "    1     dtrace                                                     BEGIN\n")) == 0);
	fclose(o);
	free(out);
	out = NULL;

	tprog_t t;
	tp_init(&t);
	tp_clause(&t, "profile", "tick-1s*", 1);
	tp_clause(&t, "", "nope", 2);
	tp_clause(&t, "", "tick-7", 3);
	udt_prog_t *p = udt_prog_adopt(h, &t.dp, UDT_PROG_NAME, "x", 0);
	o = open_memstream(&out, &ol);
	CHECK_EQ_INT(udt_list(h, p, o, e), 0);
	fclose(o);
	fclose(e);
	/*
	 * The header is printed once per handle. tick-7 is made on demand,
	 * so it takes the next free id, after every provider's listed
	 * probes: its number moves whenever a provider adds some, the line
	 * itself must not.
	 */
	int id7 = 0;
	const char *l2 = out ? strchr(out, '\n') : NULL;
	CHECK(l2 != NULL && sscanf(l2 + 1, "%d", &id7) == 1 && id7 > 17);
	char want[256];
	snprintf(want, sizeof(want),
	    "   17    profile                                                     tick-1sec\n"
	    "%5d    profile                                                     tick-7\n", id7);
	CHECK_EQ_STR(out, want);
	CHECK_EQ_STR(err, "udtrace: failed to match :::nope: No probe matches description\n");
	free(out);
	free(err);
	p->dp = NULL;
	close_detached(h);
}

int main(void)
{
	test_registry();
	test_periods();
	test_order_and_exit();
	test_stop_request();
	test_error_probe();
	test_error_in_error();
	test_nomatch();
	test_drops();
	test_fill();
	test_ring();
	test_list();
	return UNIT_END();
}
