/*
 * test_spec.c — speculative tracing: the speculation state machine of
 * spec.c on its own, then end to end through ECBs with hand-assembled
 * DIF (speculate + trace, commit, discard), comparing the exact output:
 * committed data prints after the committing clause and in commit order,
 * discarded and inactive data never prints, out-of-range ids fault with
 * illegal operation, overflows and failed speculations are reported.
 * Probes are fired by hand on CPU 0 or 1, so output is deterministic.
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

/* A clause on profile:::<name>; returns its index. */
static int tp_clause(tprog_t *t, const char *name)
{
	int i = (int)t->dp.nclauses++;
	d_pdesc_t *d = &t->desc[i];
	snprintf(d->prov, sizeof(d->prov), "profile");
	snprintf(d->name, sizeof(d->name), "%s", name);
	d->line = i + 1;
	t->cl[i].descs = d;
	t->cl[i].ndescs = 1;
	t->cl[i].line = i + 1;
	t->cl[i].recs = t->rd[i];
	difo_t *b = &t->body[i];
	b->text = t->text[i];
	b->inttab = t->ints[i];
	b->rectab = t->rt[i];
	b->action_of = t->act[i];
	return i;
}

static void emit(tprog_t *t, int c, uint8_t op, uint8_t rd, uint8_t r1,
    uint32_t imm, uint16_t action)
{
	difo_t *b = &t->body[c];
	t->act[c][b->ntext] = action;
	b->text[b->ntext++] = (dif_instr_t){ op, rd, r1, 0, imm };
	t->cl[c].body = b;
}

/* Record the constant v as record action `act` (trace, speculate, ...). */
static void rec_const(tprog_t *t, int c, int act, uint64_t v, uint16_t action)
{
	difo_t *b = &t->body[c];
	uint32_t k = (uint32_t)b->nint++;
	b->inttab[k] = v;
	emit(t, c, DIF_SETX, 1, 0, k, action);
	uint32_t r = (uint32_t)b->nrec++;
	b->rectab[r] = (dif_rec_t){ DIF_REC_INT, 8, 0 };
	t->rd[c][r] = (d_recdesc_t){ .action = (uint8_t)act, .type = D_RT_INT,
	    .is_signed = 1, .size = 8, .action_no = action };
	t->cl[c].nrecs = b->nrec;
	emit(t, c, DIF_REC, 0, 1, r, action);
}

static void finish(tprog_t *t)
{
	for (size_t i = 0; i < t->dp.nclauses; i++)
		if (t->cl[i].body)
			emit(t, (int)i, DIF_RET, 0, 0, 0, t->act[i][0]);
}

/* The programs live in the test, not in compiler memory. */
static void close_detached(udt_handle_t *h)
{
	for (udt_prog_t *p = h->progs; p != NULL; p = p->next)
		p->dp = NULL;
	udt_close(h);
}

typedef struct run {
	char *out, *err;
	size_t outlen, errlen;
	FILE *ofp, *efp;
} run_t;

/* Open a handle for t (options name=value pairs, NULL-terminated), go. */
static udt_handle_t *start(tprog_t *t, run_t *r, const char *const *opts)
{
	udt_handle_t *h = udt_open();
	CHECK(h != NULL);
	for (; opts != NULL && opts[0] != NULL; opts += 2)
		CHECK_EQ_INT(udt_setopt(h, opts[0], opts[1]), 0);
	memset(r, 0, sizeof(*r));
	r->ofp = open_memstream(&r->out, &r->outlen);
	r->efp = open_memstream(&r->err, &r->errlen);
	udt_set_output(h, r->ofp);
	udt_set_errfp(h, r->efp);
	finish(t);
	udt_prog_t *p = udt_prog_adopt(h, &t->dp, UDT_PROG_SCRIPT, "t.d", 0);
	CHECK(p != NULL);
	int n = 0;
	CHECK_EQ_INT(udt_enable(h, p, &n), 0);
	CHECK_EQ_INT(udt_go(h), 0);
	return h;
}

/* Fire profile:::<name> on `cpu`. */
static void fire(udt_handle_t *h, const char *name, int cpu)
{
	udt_probe_t *found = NULL;
	for (size_t i = 0; i < h->reg.nprobes; i++)
		if (strcmp(h->reg.probes[i]->name, name) == 0)
			found = h->reg.probes[i];
	CHECK(found != NULL);
	dif_hit_t *hit = &h->hit;
	memset(hit->args, 0, sizeof(hit->args));
	hit->cpu = cpu;
	hit->pid = hit->tid = 1;
	hit->execname = "t";
	ecb_fire(h, found, hit);
}

static void finish_run(udt_handle_t *h, run_t *r)
{
	CHECK_EQ_INT(udt_stop(h), 0);
	fclose(r->ofp);
	fclose(r->efp);
}

static void free_run(udt_handle_t *h, run_t *r)
{
	close_detached(h);
	free(r->out);
	free(r->err);
}

#define HDR "CPU     ID                    FUNCTION:NAME\n"
/* tick-1sec is probe 17, tick-10sec 18, tick-5000 16, tick-1000 15 */
#define L17(rest) "  0     17                       :tick-1sec " rest "\n"
#define L18(rest) "  0     18                      :tick-10sec " rest "\n"
#define L16(rest) "  0     16                       :tick-5000 " rest "\n"
#define L16C1(rest) "  1     16                       :tick-5000 " rest "\n"
#define T(n) "                " #n

/* ---- the state machine on its own ------------------------------------- */

static void test_states(void)
{
	udt_specs_t s;
	udt_buffer_t b;
	CHECK_EQ_INT(buf_init(&b, 4096, UDT_BUF_SWITCH), 0);
	CHECK_EQ_INT(spec_init(&s, 2, 160), 0);

	CHECK_EQ_INT(spec_alloc(&s), 1);
	CHECK_EQ_INT(spec_hit_cb(&s), 2);
	CHECK_EQ_INT(spec_alloc(&s), 0);
	CHECK_EQ_INT(s.unavail, 1);
	CHECK_EQ_INT(s.busy, 0);

	/* ids out of range are illegal; 0 is ignored */
	CHECK(spec_illegal(&s, 3));
	CHECK(!spec_illegal(&s, 2));
	CHECK(spec_illegal(&s, (uint64_t)-1));
	CHECK_EQ_INT(spec_put(&s, 3, 1, 0, BUF_REC, 7, "x", 1), SPEC_ILLOP);
	CHECK_EQ_INT(spec_commit(&s, 3, 0, 99, &b), SPEC_ILLOP);
	CHECK_EQ_INT(spec_discard(&s, 7, 0), SPEC_ILLOP);
	CHECK_EQ_INT(spec_put(&s, 0, 1, 0, BUF_REC, 7, "x", 1), SPEC_IGNORED);
	CHECK_EQ_INT(spec_commit(&s, 0, 0, 99, &b), SPEC_IGNORED);

	/* 24 header + 8 padded: 160 bytes hold five 1-byte entries */
	for (int i = 0; i < 5; i++)
		CHECK_EQ_INT(spec_put(&s, 1, (uint32_t)i + 1, 0, BUF_REC, 7, "abc",
		    3), SPEC_OK);
	CHECK_EQ_INT(spec_put(&s, 1, 9, 0, BUF_REC, 7, "abc", 3), SPEC_DROPPED);
	CHECK_EQ_INT(s.drops, 1);
	CHECK_EQ_INT(s.specs[0].state, SPEC_ACTIVEONE);

	/* commit by the CPU that speculated: copied in order, free at once */
	CHECK_EQ_INT(spec_commit(&s, 1, 0, 99, &b), SPEC_OK);
	CHECK_EQ_INT(b.used, 5 * 32);
	CHECK_EQ_INT(((buf_hdr_t *)b.data)->epid, 1);
	CHECK_EQ_INT(((buf_hdr_t *)(b.data + 4 * 32))->epid, 5);
	/* committed entries carry the commit's timestamp, as DTrace's */
	CHECK(((buf_hdr_t *)(b.data + 4 * 32))->ts == 99);
	CHECK_EQ_INT(s.specs[0].state, SPEC_INACTIVE);
	CHECK(!spec_busy(&s));
	CHECK_EQ_INT(spec_commit(&s, 1, 0, 99, &b), SPEC_IGNORED);
	CHECK_EQ_INT(spec_put(&s, 1, 1, 0, BUF_REC, 7, "x", 1), SPEC_IGNORED);

	/* discard before anything was speculated: busy until the clean */
	CHECK_EQ_INT(spec_discard(&s, 2, 0), SPEC_OK);
	CHECK_EQ_INT(s.specs[1].state, SPEC_DISCARDING);
	CHECK(spec_busy(&s));
	CHECK_EQ_INT(spec_put(&s, 2, 1, 0, BUF_REC, 7, "x", 1), SPEC_IGNORED);
	CHECK_EQ_INT(spec_discard(&s, 2, 0), SPEC_IGNORED);
	CHECK_EQ_INT(spec_alloc(&s), 1);
	CHECK_EQ_INT(spec_alloc(&s), 0);
	CHECK_EQ_INT(s.busy, 1);
	spec_clean(&s);
	CHECK(!spec_busy(&s));
	CHECK_EQ_INT(spec_alloc(&s), 2);

	/* data from two CPUs: commit leaves the id busy */
	CHECK_EQ_INT(spec_put(&s, 2, 1, 0, BUF_REC, 7, "a", 1), SPEC_OK);
	CHECK_EQ_INT(spec_put(&s, 2, 2, 1, BUF_REC, 7, "b", 1), SPEC_OK);
	CHECK_EQ_INT(s.specs[1].state, SPEC_ACTIVEMANY);
	b.used = 0;
	CHECK_EQ_INT(spec_commit(&s, 2, 0, 99, &b), SPEC_OK);
	CHECK_EQ_INT(b.used, 2 * 32);
	CHECK_EQ_INT(s.specs[1].state, SPEC_COMMITTING);
	CHECK(spec_busy(&s));
	spec_clean(&s);
	CHECK_EQ_INT(s.specs[1].state, SPEC_INACTIVE);

	/* data of one CPU discarded by it: free at once; by another: busy */
	CHECK_EQ_INT(spec_put(&s, 1, 1, 1, BUF_REC, 7, "a", 1), SPEC_OK);
	CHECK_EQ_INT(spec_discard(&s, 1, 1), SPEC_OK);
	CHECK_EQ_INT(s.specs[0].state, SPEC_INACTIVE);
	CHECK_EQ_INT(spec_alloc(&s), 1);
	CHECK_EQ_INT(spec_put(&s, 1, 1, 1, BUF_REC, 7, "a", 1), SPEC_OK);
	CHECK_EQ_INT(spec_discard(&s, 1, 0), SPEC_OK);
	CHECK_EQ_INT(s.specs[0].state, SPEC_DISCARDING);

	/* reports: singular and plural, then reset */
	char *txt = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&txt, &len);
	s.drops = 4;
	s.unavail = 2;
	s.busy = 1;
	spec_report(&s, fp, 0);
	s.drops = 1;
	spec_report(&s, fp, 0);
	spec_report(&s, fp, 0);
	fclose(fp);
	CHECK_EQ_STR(txt,
	    "udtrace: 4 speculative drops\n"
	    "udtrace: 1 failed speculation (available buffer(s) still busy)\n"
	    "udtrace: 2 failed speculations (no speculative buffer available)\n"
	    "udtrace: 1 speculative drop\n");
	free(txt);
	spec_fini(&s);
	buf_fini(&b);

	/* nspec 0: every speculation fails, every id is illegal */
	CHECK_EQ_INT(spec_init(&s, 0, 32768), 0);
	CHECK_EQ_INT(spec_alloc(&s), 0);
	CHECK(spec_illegal(&s, 1));
	spec_fini(&s);
}

/* ---- end to end -------------------------------------------------------- */

/*
 * tick-5000: speculate(1); trace(7)    tick-1000: speculate(2); trace(8)
 * tick-1sec: commit(1)                 tick-10sec: discard(1)
 * tick-1:    commit(2)
 */
static void build(tprog_t *t)
{
	tp_init(t);
	int c = tp_clause(t, "tick-5000");
	rec_const(t, c, D_ACT_SPECULATE, 1, 1);
	rec_const(t, c, D_ACT_TRACE, 7, 2);
	c = tp_clause(t, "tick-1000");
	rec_const(t, c, D_ACT_SPECULATE, 2, 1);
	rec_const(t, c, D_ACT_TRACE, 8, 2);
	c = tp_clause(t, "tick-1sec");
	rec_const(t, c, D_ACT_COMMIT, 1, 1);
	c = tp_clause(t, "tick-10sec");
	rec_const(t, c, D_ACT_DISCARD, 1, 1);
	c = tp_clause(t, "tick-1");
	rec_const(t, c, D_ACT_COMMIT, 2, 1);
}

static void test_commit(void)
{
	tprog_t t;
	run_t r;
	build(&t);
	udt_handle_t *h = start(&t, &r, NULL);
	/* the hits' speculation() is installed */
	CHECK(h->hit.speculation != NULL);
	CHECK_EQ_INT(h->hit.speculation(h->hit.spec_arg), 1);
	fire(h, "tick-5000", 0);
	fire(h, "tick-5000", 0);
	handle_drain(h);   /* nothing yet: it is all speculative */
	CHECK_EQ_INT(h->buf.used, 0);
	fire(h, "tick-1sec", 0);
	/* committed by the CPU that speculated: free again at once */
	CHECK_EQ_INT(h->hit.speculation(h->hit.spec_arg), 1);
	fire(h, "tick-5000", 0);
	fire(h, "tick-10sec", 0);   /* discarded: never prints */
	finish_run(h, &r);
	/* the commit and discard clauses record nothing of their own */
	CHECK_EQ_STR(r.out, HDR L16(T(7)) L16(T(7)));
	CHECK_EQ_STR(r.err, "");
	free_run(h, &r);
}

/* Two speculations print in commit order, not speculation order. */
static void test_commit_order(void)
{
	tprog_t t;
	run_t r;
	build(&t);
	static const char *const opts[] = { "nspec", "2", NULL };
	udt_handle_t *h = start(&t, &r, opts);
	CHECK_EQ_INT(spec_alloc(&h->spec), 1);
	CHECK_EQ_INT(spec_alloc(&h->spec), 2);
	fire(h, "tick-5000", 0);
	fire(h, "tick-1000", 0);
	fire(h, "tick-5000", 1);
	fire(h, "tick-1", 0);       /* commit(2) */
	fire(h, "tick-1sec", 0);    /* commit(1): data of CPUs 0 and 1 */
	CHECK(spec_busy(&h->spec));
	CHECK_EQ_INT(spec_alloc(&h->spec), 2);
	CHECK_EQ_INT(spec_alloc(&h->spec), 0);
	finish_run(h, &r);
	CHECK_EQ_STR(r.out, HDR
	    "  0     15                       :tick-1000                 8\n"
	    L16(T(7)) L16C1(T(7)));
	CHECK_EQ_STR(r.err, "udtrace: 1 failed speculation "
	    "(available buffer(s) still busy)\n");
	free_run(h, &r);
}

/* id 0 and inactive ids drop the data silently; failed speculations count. */
static void test_inactive(void)
{
	tprog_t t;
	run_t r;
	tp_init(&t);
	int c = tp_clause(&t, "tick-5000");
	rec_const(&t, c, D_ACT_SPECULATE, 0, 1);
	rec_const(&t, c, D_ACT_TRACE, 7, 2);
	c = tp_clause(&t, "tick-1000");
	rec_const(&t, c, D_ACT_SPECULATE, 1, 1);
	rec_const(&t, c, D_ACT_TRACE, 8, 2);
	c = tp_clause(&t, "tick-1sec");
	rec_const(&t, c, D_ACT_COMMIT, 1, 1);
	rec_const(&t, c, D_ACT_TRACE, 9, 2);
	udt_handle_t *h = start(&t, &r, NULL);
	fire(h, "tick-5000", 0);
	fire(h, "tick-1000", 0);    /* 1 not active yet */
	fire(h, "tick-1sec", 0);    /* commit of an inactive id: nothing */
	CHECK_EQ_INT(spec_alloc(&h->spec), 1);
	CHECK_EQ_INT(spec_alloc(&h->spec), 0);
	CHECK_EQ_INT(spec_alloc(&h->spec), 0);
	finish_run(h, &r);
	/* the commit clause's own records still print */
	CHECK_EQ_STR(r.out, HDR L17(T(9)));
	CHECK_EQ_STR(r.err, "udtrace: 2 failed speculations "
	    "(no speculative buffer available)\n");
	free_run(h, &r);
}

/*
 * ids above nspec: commit/discard are an illegal operation with no DIF
 * offset, ERROR fires; speculate has no buffer and drops its clause
 * silently (dtrace_speculation_buffer() returns NULL: CPU_DTRACE_DROP).
 */
static void test_illegal(void)
{
	tprog_t t;
	run_t r;
	tp_init(&t);
	int c = tp_clause(&t, "tick-5000");
	rec_const(&t, c, D_ACT_SPECULATE, 2, 1);
	rec_const(&t, c, D_ACT_TRACE, 7, 2);
	c = tp_clause(&t, "tick-1sec");
	rec_const(&t, c, D_ACT_TRACE, 5, 1);
	rec_const(&t, c, D_ACT_COMMIT, 3, 2);
	c = tp_clause(&t, "tick-10sec");
	rec_const(&t, c, D_ACT_DISCARD, (uint64_t)-1, 1);
	int e = (int)t.dp.nclauses++;
	t.desc[e] = (d_pdesc_t){ .prov = "dtrace", .name = "ERROR" };
	t.cl[e] = (d_clause_prog_t){ .descs = &t.desc[e], .ndescs = 1 };
	udt_handle_t *h = start(&t, &r, NULL);
	fire(h, "tick-5000", 0);
	fire(h, "tick-1sec", 0);
	fire(h, "tick-10sec", 0);
	finish_run(h, &r);
	CHECK_EQ_STR(r.out, HDR
	    "  0      3                           :ERROR \n"
	    "  0      3                           :ERROR \n");
	CHECK_EQ_STR(r.err,
	    "udtrace: error on enabled probe ID 2 (ID 17: profile:::tick-1sec):"
	    " illegal operation in action #2\n"
	    "udtrace: error on enabled probe ID 3 (ID 18: profile:::tick-10sec):"
	    " illegal operation in action #1\n");
	free_run(h, &r);
}

/* A speculation that overflows counts speculative drops; the rest commits. */
static void test_drops(void)
{
	tprog_t t;
	run_t r;
	build(&t);
	/* each entry: 24 header + 2 * (8 + 8) records = 56 bytes */
	static const char *const opts[] = { "specsize", "120", NULL };
	udt_handle_t *h = start(&t, &r, opts);
	CHECK_EQ_INT(spec_alloc(&h->spec), 1);
	for (int i = 0; i < 6; i++)
		fire(h, "tick-5000", 0);
	fire(h, "tick-1sec", 0);
	finish_run(h, &r);
	CHECK_EQ_STR(r.out, HDR L16(T(7)) L16(T(7)));
	CHECK_EQ_STR(r.err, "udtrace: 4 speculative drops\n");
	free_run(h, &r);
}

/* The loop's cleaner frees busy ids at cleanrate. */
static void test_cleaner(void)
{
	tprog_t t;
	run_t r;
	tp_init(&t);
	int c = tp_clause(&t, "tick-10sec");
	rec_const(&t, c, D_ACT_DISCARD, 1, 1);
	static const char *const opts[] = { "switchrate", "100ms",
	    "cleanrate", "100hz", NULL };
	udt_handle_t *h = start(&t, &r, opts);
	CHECK_EQ_INT(spec_alloc(&h->spec), 1);
	fire(h, "tick-10sec", 0);   /* discard with nothing speculated */
	CHECK(spec_busy(&h->spec));
	CHECK_EQ_INT(spec_alloc(&h->spec), 0);
	CHECK_EQ_INT(udt_work(h), UDT_WORK_OKAY);
	CHECK(!spec_busy(&h->spec));
	CHECK_EQ_INT(spec_alloc(&h->spec), 1);
	finish_run(h, &r);
	CHECK_EQ_STR(r.out, "");   /* a discard-only clause prints nothing */
	CHECK_EQ_STR(r.err, "udtrace: 1 failed speculation "
	    "(available buffer(s) still busy)\n");
	free_run(h, &r);
}

int main(void)
{
	test_states();
	test_commit();
	test_commit_order();
	test_inactive();
	test_illegal();
	test_drops();
	test_cleaner();
	return UNIT_END();
}
