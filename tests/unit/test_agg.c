/*
 * test_agg.c — proves the aggregation engine byte for byte without the
 * compiler: every function's state and row, histograms (visible range,
 * bars, negative and mixed counts, lquantize/llquantize labels), sorting
 * and its options, printa with formats and joins, clear, trunc,
 * normalize, and drops when the table is full.
 */
#include <stdlib.h>
#include "unit.h"
#include "consumer/agg.h"

static d_recdesc_t intkey = { .type = D_RT_INT, .size = 4, .is_signed = 1 };
static d_recdesc_t longkey = { .type = D_RT_INT, .size = 8, .is_signed = 1 };
static d_recdesc_t strkey = { .type = D_RT_STRING, .size = 16 };
static uint32_t off0[] = { 0 };
static uint32_t off_is[] = { 0, 8 };
static d_recdesc_t keys_is[2];

static d_aggdesc_t
AD(int func, uint32_t nkeys, d_recdesc_t *keys, uint32_t *keyoff,
    uint32_t keysize)
{
	d_aggdesc_t a;

	memset(&a, 0, sizeof(a));
	a.name = "";
	a.func = func;
	a.nkeys = nkeys;
	a.keys = keys;
	a.keyoff = keyoff;
	a.keysize = keysize;
	return a;
}

static d_program_t prog;
static agg_table_t *tab;
static udt_opts_t opts;

static void
setup(d_aggdesc_t *aggs, size_t n, size_t aggsize)
{
	memset(&prog, 0, sizeof(prog));
	prog.aggs = aggs;
	prog.naggs = n;
	opts_init(&opts);
	agg_table_destroy(tab);
	tab = agg_table_create(&prog, aggsize);
}

/* One DIF_AGG record: value, weight, then the key bytes. */
static int
upd(uint32_t agg, int64_t v, int64_t w, const void *key, size_t klen)
{
	unsigned char rec[256];

	memset(rec, 0, sizeof(rec));
	memcpy(rec, &v, 8);
	memcpy(rec + 8, &w, 8);
	if (klen)
		memcpy(rec + 16, key, klen);
	return agg_apply(tab, agg, rec, 16 + klen, 0);
}

static int
upd_s(uint32_t agg, const char *s, int64_t v)
{
	char k[16] = { 0 };

	strncpy(k, s, sizeof(k) - 1);
	return upd(agg, v, 1, k, sizeof(k));
}

static int
upd_i(uint32_t agg, int64_t k, int64_t v)
{
	return upd(agg, v, 1, &k, 8);
}

static int
upd_is(uint32_t agg, int64_t i, const char *s, int64_t v)
{
	unsigned char k[24] = { 0 };

	memcpy(k, &i, 8);
	strncpy((char *)k + 8, s, 15);
	return upd(agg, v, 1, k, sizeof(k));
}

static char *obuf;
static size_t olen;
static FILE *ofp;

static void
ostart(void)
{
	ofp = open_memstream(&obuf, &olen);
}

static char *
oend(void)
{
	fclose(ofp);
	return obuf;
}

#define CHECK_OUT(expr, want) do { \
	ostart(); \
	(void)(expr); \
	char *got_ = oend(); \
	CHECK_EQ_STR(got_, want); \
	free(got_); } while (0)

static const char HDR[] =
    "\n           value  ------------- Distribution ------------- count    \n";

static void
test_scalars(void)
{
	d_aggdesc_t a[7];

	a[0] = AD(D_AGG_COUNT, 1, &strkey, off0, 16);
	a[1] = AD(D_AGG_SUM, 0, NULL, NULL, 0);
	a[2] = AD(D_AGG_AVG, 0, NULL, NULL, 0);
	a[3] = AD(D_AGG_MIN, 0, NULL, NULL, 0);
	a[4] = AD(D_AGG_MAX, 0, NULL, NULL, 0);
	a[5] = AD(D_AGG_STDDEV, 0, NULL, NULL, 0);
	a[6] = AD(D_AGG_COUNT, 1, &intkey, off0, 8);
	setup(a, 7, 1 << 20);
	CHECK(tab != NULL);
	upd_s(0, "x", 0);
	upd_s(0, "y", 0);
	upd_s(0, "y", 0);
	upd(1, 5, 1, NULL, 0);
	upd(1, -12, 1, NULL, 0);
	upd(2, 10, 1, NULL, 0);
	upd(2, 3, 1, NULL, 0);
	upd(3, 5, 1, NULL, 0);
	upd(3, -3, 1, NULL, 0);
	upd(4, 5, 1, NULL, 0);
	upd(4, 7, 1, NULL, 0);
	int64_t sd[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	for (size_t i = 0; i < 8; i++)
		upd(5, sd[i], 1, NULL, 0);
	upd_i(6, -1, 0);
	upd_i(6, 7, 0);
	upd_i(6, 7, 0);
	CHECK_OUT(agg_print_final(ofp, tab, &opts),
	    "  x                                                                 1\n"
	    "  y                                                                 2\n"
	    "               -7\n"
	    "                6\n"
	    "               -3\n"
	    "                7\n"
	    "                2\n"
	    "       -1                1\n"
	    "        7                2\n");
	/* printa shows it; the final print leaves it out */
	uint32_t one = 0;
	CHECK_OUT(agg_printa(ofp, tab, &one, 1, NULL, &opts),
	    "\n"
	    "  x                                                                 1\n"
	    "  y                                                                 2\n");
	/* normalize divides what is shown; clear keeps zeroed keys */
	agg_normalize(tab, 2, 2);
	agg_clear(tab, 6);
	CHECK_OUT(agg_print_final(ofp, tab, &opts),
	    "               -7\n"
	    "                3\n"
	    "               -3\n"
	    "                7\n"
	    "                2\n"
	    "        7                0\n"
	    "       -1                0\n");
	/* aggsortrev reverses rows and the order of aggregations */
	opts.aggsortrev = 1;
	agg_normalize(tab, 2, 1);
	CHECK_OUT(agg_print_final(ofp, tab, &opts),
	    "       -1                0\n"
	    "        7                0\n"
	    "                2\n"
	    "                7\n"
	    "               -3\n"
	    "                6\n"
	    "               -7\n");
}

static void
test_sorting(void)
{
	d_aggdesc_t a[2];

	keys_is[0] = longkey;
	keys_is[1] = strkey;
	a[0] = AD(D_AGG_SUM, 2, keys_is, off_is, 24);
	a[1] = AD(D_AGG_SUM, 2, keys_is, off_is, 24);
	setup(a, 2, 1 << 20);
	upd_is(0, 2, "a", 5);
	upd_is(0, 1, "b", 5);
	upd_is(0, -1, "a", 1);
	upd_is(0, 0, "c", 9);
	uint32_t ag = 0;
	/* ties by keys; -1 compares unsigned, so last */
	CHECK_OUT(agg_printa(ofp, tab, &ag, 1, NULL, &opts),
	    "\n"
	    "               -1  a                                                                 1\n"
	    "                1  b                                                                 5\n"
	    "                2  a                                                                 5\n"
	    "                0  c                                                                 9\n");
	opts.aggsortkey = 1;
	CHECK_OUT(agg_printa(ofp, tab, &ag, 1, NULL, &opts),
	    "\n"
	    "                0  c                                                                 9\n"
	    "                1  b                                                                 5\n"
	    "                2  a                                                                 5\n"
	    "               -1  a                                                                 1\n");
	opts.aggsortkeypos = 1;
	CHECK_OUT(agg_printa(ofp, tab, &ag, 1, NULL, &opts),
	    "\n"
	    "                2  a                                                                 5\n"
	    "               -1  a                                                                 1\n"
	    "                1  b                                                                 5\n"
	    "                0  c                                                                 9\n");
	opts_init(&opts);

	/* joined: keys once, a column each, missing = 0 */
	upd_is(1, 2, "a", 100);
	upd_is(1, 7, "z", 3);
	uint32_t both[] = { 0, 1 };
	CHECK_OUT(agg_printa(ofp, tab, both, 2, NULL, &opts),
	    "\n"
	    "                7  z                                                                 0                3\n"
	    "               -1  a                                                                 1                0\n"
	    "                1  b                                                                 5                0\n"
	    "                2  a                                                                 5              100\n"
	    "                0  c                                                                 9                0\n");
	opts.aggsortpos = 1;
	CHECK_OUT(agg_printa(ofp, tab, both, 2, NULL, &opts),
	    "\n"
	    "               -1  a                                                                 1                0\n"
	    "                1  b                                                                 5                0\n"
	    "                0  c                                                                 9                0\n"
	    "                7  z                                                                 0                3\n"
	    "                2  a                                                                 5              100\n");
	opts_init(&opts);

	/* formats: keys in order, %@ the values; without %@ no value */
	pfmt_t *f = pfmt_parse("%d:%s %@d|%@d\n", "printa", NULL, 0, NULL, 0);
	CHECK_OUT(agg_printa(ofp, tab, both, 2, f, &opts),
	    "7:z 0|3\n-1:a 1|0\n1:b 5|0\n2:a 5|100\n0:c 9|0\n");
	pfmt_free(f);
	/* unused keys are not shown; without %@ no value; extra %@ repeat */
	f = pfmt_parse("<%d>\n", "printa", NULL, 0, NULL, 0);
	CHECK_OUT(agg_printa(ofp, tab, &ag, 1, f, &opts),
	    "<-1>\n<1>\n<2>\n<0>\n");
	pfmt_free(f);
	f = pfmt_parse("%@d %@d\n", "printa", NULL, 0, NULL, 0);
	CHECK_OUT(agg_printa(ofp, tab, both, 2, f, &opts),
	    "0 3\n1 0\n5 0\n5 100\n9 0\n");
	pfmt_free(f);
	f = pfmt_parse("%@d %@d %@d\n", "printa", NULL, 0, NULL, 0);
	CHECK_OUT(agg_printa(ofp, tab, &ag, 1, f, &opts),
	    "1 1 1\n5 5 5\n5 5 5\n9 9 9\n");
	pfmt_free(f);

	/* trunc keeps the largest n, or the smallest -n */
	agg_trunc(tab, 0, 1, 2, &opts);
	CHECK_OUT(agg_printa(ofp, tab, &ag, 1, NULL, &opts),
	    "\n"
	    "                2  a                                                                 5\n"
	    "                0  c                                                                 9\n");
	agg_trunc(tab, 0, 1, -1, &opts);
	CHECK_OUT(agg_printa(ofp, tab, &ag, 1, NULL, &opts),
	    "\n"
	    "                2  a                                                                 5\n");
	/* the other aggregation survived compaction intact */
	ag = 1;
	CHECK_OUT(agg_printa(ofp, tab, &ag, 1, NULL, &opts),
	    "\n"
	    "                7  z                                                                 3\n"
	    "                2  a                                                               100\n");
	upd_is(1, 7, "z", 1);
	CHECK_OUT(agg_printa(ofp, tab, &ag, 1, NULL, &opts),
	    "\n"
	    "                7  z                                                                 4\n"
	    "                2  a                                                               100\n");
	ag = 0;
	agg_trunc(tab, 0, 0, 0, &opts);
	CHECK_OUT(agg_printa(ofp, tab, &ag, 1, NULL, &opts), "\n");
}

static void
test_count_format(void)
{
	d_aggdesc_t a[1];

	a[0] = AD(D_AGG_COUNT, 1, &strkey, off0, 16);
	setup(a, 1, 1 << 20);
	for (int i = 0; i < 17; i++)
		upd_s(0, "bash", 0);
	pfmt_t *f = pfmt_parse("%-10s %@8d\n", "printa", NULL, 0, NULL, 0);
	uint32_t ag = 0;
	CHECK_OUT(agg_printa(ofp, tab, &ag, 1, f, &opts),
	    "bash             17\n");
	pfmt_free(f);
	/* empty when printed: still shown at exit */
	d_aggdesc_t b[2];
	b[0] = AD(D_AGG_COUNT, 0, NULL, NULL, 0);
	b[1] = AD(D_AGG_SUM, 0, NULL, NULL, 0);
	setup(b, 2, 1 << 20);
	CHECK_OUT(agg_printa(ofp, tab, &ag, 1, NULL, &opts), "\n");
	upd(0, 0, 1, NULL, 0);
	upd(1, 42, 1, NULL, 0);
	CHECK_OUT(agg_print_final(ofp, tab, &opts),
	    "                1\n               42\n");
}

static void
test_quantize(void)
{
	d_aggdesc_t a[3];
	char want[4096];

	a[0] = AD(D_AGG_QUANTIZE, 0, NULL, NULL, 0);
	a[1] = AD(D_AGG_QUANTIZE, 1, &strkey, off0, 16);
	a[2] = AD(D_AGG_QUANTIZE, 0, NULL, NULL, 0);
	setup(a, 3, 1 << 20);
	upd(0, 1, 1, NULL, 0);
	upd(0, 2, 1, NULL, 0);
	upd(0, 3, 1, NULL, 0);
	upd(0, 3, 1, NULL, 0);
	uint32_t ag = 0;
	snprintf(want, sizeof(want), "\n%s%s%s%s%s\n", HDR,
	    "               0 |                                         0        \n",
	    "               1 |@@@@@@@@@@                               1        \n",
	    "               2 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@           3        \n",
	    "               4 |                                         0        \n");
	CHECK_OUT(agg_printa(ofp, tab, &ag, 1, NULL, &opts), want);
	/* keyed, weighted, negative value; then cleared: the three around 0 */
	char k[16] = "k";
	upd(1, -5, 3, k, 16);
	upd(1, INT64_MAX, 1, k, 16);
	ag = 1;
	snprintf(want, sizeof(want), "\n  %-50s%s%s%s%s", "k", HDR,
	    "              -8 |                                         0        \n",
	    "              -4 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@           3        \n",
	    "              -2 |                                         0        \n");
	ostart();
	agg_printa(ofp, tab, &ag, 1, NULL, &opts);
	char *got = oend();
	CHECK(strncmp(got, want, strlen(want)) == 0);
	CHECK(strstr(got, "\n4611686018427387904 |@@@@@@@@@@                               1        \n\n") != NULL);
	free(got);
	agg_clear(tab, 1);
	snprintf(want, sizeof(want), "\n  %-50s%s%s%s%s\n", "k", HDR,
	    "              -1 |                                         0        \n",
	    "               0 |                                         0        \n",
	    "               1 |                                         0        \n");
	CHECK_OUT(agg_printa(ofp, tab, &ag, 1, NULL, &opts), want);
	/* negative counts only: bars to the left; mixed: halves */
	upd(2, 1, -1, NULL, 0);
	upd(2, 2, -3, NULL, 0);
	ag = 2;
	snprintf(want, sizeof(want), "\n%s%s%s%s%s\n", HDR,
	    "               0                                         | 0        \n",
	    "               1                               @@@@@@@@@@| -1       \n",
	    "               2           @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@| -3       \n",
	    "               4                                         | 0        \n");
	CHECK_OUT(agg_printa(ofp, tab, &ag, 1, NULL, &opts), want);
	upd(2, 4, 4, NULL, 0);
	snprintf(want, sizeof(want), "\n%s%s%s%s%s%s\n", HDR,
	    "               0                     |                     0        \n",
	    "               1                  @@@|                     -1       \n",
	    "               2             @@@@@@@@|                     -3       \n",
	    "               4                     |@@@@@@@@@@           4        \n",
	    "               8                     |                     0        \n");
	CHECK_OUT(agg_printa(ofp, tab, &ag, 1, NULL, &opts), want);
	/* normalize divides the counts, not the bars */
	agg_normalize(tab, 2, 2);
	snprintf(want, sizeof(want), "\n%s%s%s%s%s%s\n", HDR,
	    "               0                     |                     0        \n",
	    "               1                  @@@|                     0        \n",
	    "               2             @@@@@@@@|                     -1       \n",
	    "               4                     |@@@@@@@@@@           2        \n",
	    "               8                     |                     0        \n");
	CHECK_OUT(agg_printa(ofp, tab, &ag, 1, NULL, &opts), want);
}

static void
test_lquantize(void)
{
	d_aggdesc_t a[2];
	char want[4096];

	a[0] = AD(D_AGG_LQUANTIZE, 0, NULL, NULL, 0);
	a[0].lq_base = 0;
	a[0].lq_limit = 10;
	a[0].lq_step = 2;
	a[1] = AD(D_AGG_LLQUANTIZE, 0, NULL, NULL, 0);
	a[1].llq_factor = 10;
	a[1].llq_low = 0;
	a[1].llq_high = 2;
	a[1].llq_nsteps = 20;
	setup(a, 2, 1 << 20);
	CHECK_EQ_INT(agg_nbuckets(&a[0]), 7);
	/* <1, 1..9, 10..95 step 5, 100..950 step 50, >= 1000 */
	CHECK_EQ_INT(agg_nbuckets(&a[1]), 1 + 9 + 18 + 18 + 1);
	CHECK_EQ_INT(agg_bucket_value(&a[1], 10), 10);
	CHECK_EQ_INT(agg_bucket_value(&a[1], 11), 15);
	CHECK_EQ_INT(agg_bucket_value(&a[1], 28), 100);
	CHECK_EQ_INT(agg_bucket_value(&a[1], 46), 1000);
	upd(0, -1, 1, NULL, 0);
	upd(0, 5, 1, NULL, 0);
	upd(0, 100, 2, NULL, 0);
	uint32_t ag = 0;
	snprintf(want, sizeof(want), "\n%s%s%s%s%s%s%s%s\n", HDR,
	    "             < 0 |@@@@@@@@@@                               1        \n",
	    "               0 |                                         0        \n",
	    "               2 |                                         0        \n",
	    "               4 |@@@@@@@@@@                               1        \n",
	    "               6 |                                         0        \n",
	    "               8 |                                         0        \n",
	    "           >= 10 |@@@@@@@@@@@@@@@@@@@@                     2        \n");
	CHECK_OUT(agg_printa(ofp, tab, &ag, 1, NULL, &opts), want);
	agg_clear(tab, 0);
	snprintf(want, sizeof(want), "\n%s%s%s%s\n", HDR,
	    "             < 0 |                                         0        \n",
	    "               0 |                                         0        \n",
	    "               2 |                                         0        \n");
	CHECK_OUT(agg_printa(ofp, tab, &ag, 1, NULL, &opts), want);
	upd(1, 0, 1, NULL, 0);
	upd(1, 17, 1, NULL, 0);
	upd(1, 5000, 1, NULL, 0);
	ag = 1;
	ostart();
	agg_printa(ofp, tab, &ag, 1, NULL, &opts);
	char *got = oend();
	CHECK(strstr(got, "             < 1 |@@@@@@@@@@@@@                            1        \n"
	    "               1 |                                         0        \n") != NULL);
	CHECK(strstr(got, "              10 |                                         0        \n"
	    "              15 |@@@@@@@@@@@@@                            1        \n"
	    "              20 |                                         0        \n") != NULL);
	CHECK(strstr(got, "             950 |                                         0        \n"
	    "         >= 1000 |@@@@@@@@@@@@@                            1        \n\n") != NULL);
	free(got);
}

static void
test_drops(void)
{
	d_aggdesc_t a[1];

	a[0] = AD(D_AGG_COUNT, 1, &longkey, off0, 8);
	/* room for two entries of 24 + 8 + 8 bytes */
	setup(a, 1, 80);
	CHECK_EQ_INT(upd_i(0, 1, 0), 0);
	CHECK_EQ_INT(upd_i(0, 2, 0), 0);
	CHECK_EQ_INT(upd_i(0, 3, 0), -1);
	CHECK_EQ_INT(upd_i(0, 4, 0), -1);
	CHECK_EQ_INT(upd_i(0, 1, 0), 0);
	CHECK_OUT(agg_report_drops(tab, ofp, 0),
	    "udtrace: 2 aggregation drops on CPU 0\n");
	CHECK_OUT(agg_report_drops(tab, ofp, 0), "");
	CHECK_EQ_INT(upd_i(0, 5, 0), -1);
	CHECK_OUT(agg_report_drops(tab, ofp, 0),
	    "udtrace: 1 aggregation drop on CPU 0\n");
	/* trunc frees room */
	agg_trunc(tab, 0, 1, 1, &opts);
	CHECK_EQ_INT(upd_i(0, 6, 0), 0);
	CHECK_OUT(agg_print_final(ofp, tab, &opts),
	    "                6                1\n"
	    "                1                2\n");
}

/*
 * agg_fold (a backend's in-target table folded in): n firings with their
 * sum, least or greatest value make the state one record per firing
 * makes; a fold with no count yet (its value came first) creates the key
 * as a record would; other functions are refused; a full arena drops n.
 */
static void
test_fold(void)
{
	d_aggdesc_t a[6], b[6];
	int64_t k = 3, k2 = -2, vals[] = { 5, -7, 11 };
	char *want;

	a[0] = AD(D_AGG_COUNT, 1, &longkey, off0, 8);
	a[1] = AD(D_AGG_SUM, 1, &longkey, off0, 8);
	a[2] = AD(D_AGG_AVG, 1, &longkey, off0, 8);
	a[3] = AD(D_AGG_MIN, 1, &longkey, off0, 8);
	a[4] = AD(D_AGG_MAX, 1, &longkey, off0, 8);
	a[5] = AD(D_AGG_QUANTIZE, 1, &longkey, off0, 8);
	memcpy(b, a, sizeof(a));
	/* by records */
	setup(b, 6, 4096);
	for (int f = 0; f < 5; f++)
		for (int i = 0; i < 3; i++)
			CHECK_EQ_INT(upd_i((uint32_t)f, k, vals[i]), 0);
	CHECK_EQ_INT(upd_i(4, k2, INT64_MIN), 0);
	ostart();
	(void)agg_print_final(ofp, tab, &opts);
	want = oend();
	/* folded: the same */
	setup(a, 6, 4096);
	CHECK_EQ_INT(agg_fold(tab, 0, &k, 8, 0, 2, 0), 0);
	CHECK_EQ_INT(agg_fold(tab, 0, &k, 8, 0, 1, 0), 0);
	CHECK_EQ_INT(agg_fold(tab, 1, &k, 8, 0, 3, 9), 0);
	CHECK_EQ_INT(agg_fold(tab, 2, &k, 8, 0, 0, 16), 0);
	CHECK_EQ_INT(agg_fold(tab, 2, &k, 8, 0, 3, -7), 0);
	CHECK_EQ_INT(agg_fold(tab, 3, &k, 8, 0, 3, -7), 0);
	CHECK_EQ_INT(agg_fold(tab, 3, &k, 8, 0, 0, 5), 0);
	CHECK_EQ_INT(agg_fold(tab, 4, &k, 8, 0, 2, 5), 0);
	CHECK_EQ_INT(agg_fold(tab, 4, &k, 8, 0, 1, 11), 0);
	CHECK_EQ_INT(agg_fold(tab, 4, &k2, 8, 0, 1, INT64_MIN), 0);
	CHECK_EQ_INT(agg_fold(tab, 5, &k, 8, 0, 1, 1), -1);
	CHECK_OUT(agg_print_final(ofp, tab, &opts), want);
	free(want);
	/* a full arena: n drops */
	setup(a, 1, 40);
	CHECK_EQ_INT(agg_fold(tab, 0, &k, 8, 0, 4, 0), 0);
	CHECK_EQ_INT(agg_fold(tab, 0, &k2, 8, 0, 5, 0), -1);
	CHECK_OUT(agg_report_drops(tab, ofp, 0),
	    "udtrace: 5 aggregation drops on CPU 0\n");
}

int
main(void)
{
	test_scalars();
	test_sorting();
	test_count_format();
	test_quantize();
	test_lquantize();
	test_drops();
	test_fold();
	agg_table_destroy(tab);
	return UNIT_END();
}
