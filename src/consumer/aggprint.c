/*
 * aggprint.c — what aggregations look like: sorting entries (and joining
 * several aggregations on their keys), the default rows, histograms,
 * printa with a format, and the final print at exit.
 *
 * Owns: the byte layout of D-REFERENCE §6.2-§6.4. Must not: change an
 * aggregation's data (agg.c does), or run on the probe path; printing
 * may allocate (the sort arrays).
 * Invariant: comparisons read raw state, never normalized values, so
 * normalize() changes what is shown but never the order.
 */
#include <stdlib.h>
#include <string.h>

#include "consumer/agg.h"
#include "consumer/output.h"
#include "consumer/stackfmt.h"

#define BAR_WIDTH 40

/* ---- values ---- */

static int
cmp_i64(int64_t a, int64_t b)
{
	return a < b ? -1 : a > b;
}

static int
cmp_u64(uint64_t a, uint64_t b)
{
	return a < b ? -1 : a > b;
}

int64_t
agg_avg_value(const int64_t *s, int64_t normal)
{
	return s[0] ? s[1] / normal / s[0] : 0;
}

static uint64_t
isqrt128(agg_u128 v)
{
	uint64_t r = 0;

	for (int bit = 63; bit >= 0; bit--) {
		uint64_t c = r | ((uint64_t)1 << bit);

		if ((agg_u128)c * c <= v)
			r = c;
	}
	return r;
}

/* sqrt(mean of squares - square of the mean), in integers, as DTrace. */
uint64_t
agg_stddev_value(const int64_t *s, int64_t normal)
{
	agg_u128 sq, a2;
	int64_t avg;
	uint64_t ua;

	if (s[0] <= 0)
		return 0;
	sq = ((agg_u128)(uint64_t)s[3] << 64) | (uint64_t)s[2];
	sq = sq / (uint64_t)normal / (uint64_t)normal / (uint64_t)s[0];
	avg = s[1] / normal / s[0];
	ua = avg < 0 ? -(uint64_t)avg : (uint64_t)avg;
	a2 = (agg_u128)ua * ua;
	return sq > a2 ? isqrt128(sq - a2) : 0;
}

/* The bucket holding zero, for histogram ties. */
static int
zero_bucket(const d_aggdesc_t *a, int n)
{
	if (a->func == D_AGG_QUANTIZE)
		return AGG_QUANT_ZERO;
	for (int i = n - 1; i > 0; i--)
		if (agg_bucket_value(a, i) <= 0)
			return i;
	return 0;
}

static int
valcmp(const d_aggdesc_t *a, const int64_t *x, const int64_t *y)
{
	switch (a->func) {
	case D_AGG_AVG:
		return cmp_i64(agg_avg_value(x, 1), agg_avg_value(y, 1));
	case D_AGG_STDDEV:
		return cmp_u64(agg_stddev_value(x, 1), agg_stddev_value(y, 1));
	case D_AGG_QUANTIZE:
	case D_AGG_LQUANTIZE:
	case D_AGG_LLQUANTIZE: {
		int n = agg_nbuckets(a), z;
		long double sx = 0, sy = 0;

		for (int i = 0; i < n; i++) {
			long double v = (long double)agg_bucket_value(a, i);

			/* the underflow bucket counts below its bound */
			if (i == 0 && a->func != D_AGG_QUANTIZE)
				v -= 1;
			sx += v * (long double)x[i];
			sy += v * (long double)y[i];
		}
		if (sx != sy)
			return sx < sy ? -1 : 1;
		z = zero_bucket(a, n);
		return cmp_i64(x[z], y[z]);
	}
	}
	return cmp_i64(x[0], y[0]);
}

/* ---- keys ---- */

static int
keycmp(const d_aggdesc_t *a, const unsigned char *x, const unsigned char *y,
    int64_t keypos)
{
	uint32_t n = a->nkeys;

	if (n == 0)
		return 0;
	if (keypos < 0)
		keypos = 0;
	for (uint32_t j = 0; j < n; j++) {
		uint32_t i = (uint32_t)(((uint64_t)keypos + j) % n);
		const d_recdesc_t *k = &a->keys[i];
		const unsigned char *p = x + a->keyoff[i], *q = y + a->keyoff[i];
		int r;

		if (k->type == D_RT_INT) {
			uint64_t u, v;

			memcpy(&u, p, 8);
			memcpy(&v, q, 8);
			r = cmp_u64(u, v);
		} else if (k->type == D_RT_STRING) {
			r = strncmp((const char *)p, (const char *)q, k->size);
		} else {
			r = memcmp(p, q, k->size);
		}
		if (r != 0)
			return r < 0 ? -1 : 1;
	}
	return 0;
}

/* ---- sorting and joining ---- */

typedef struct sortctx {
	agg_table_t *t;
	const uint32_t *aggs;
	int naggs, sortpos, keysort, rev;
	int64_t keypos;
} sortctx_t;

static const unsigned char *
row_key(agg_ent_t *const *row, int naggs)
{
	for (int j = 0; j < naggs; j++)
		if (row[j] != NULL)
			return agg_ent_key(row[j]);
	return NULL;
}

static const int64_t *
row_state(const agg_table_t *t, agg_ent_t *const *row, int j)
{
	return row[j] != NULL ? agg_ent_state(t, row[j]) : t->zero;
}

static int
rowcmp_raw(const sortctx_t *c, agg_ent_t *const *x, agg_ent_t *const *y)
{
	const d_aggdesc_t *a0 = c->t->info[c->aggs[0]].desc;
	const unsigned char *kx = row_key(x, c->naggs), *ky = row_key(y, c->naggs);
	int r;

	if (c->keysort && (r = keycmp(a0, kx, ky, c->keypos)) != 0)
		return r;
	for (int k = -1; k < c->naggs; k++) {
		int j = k < 0 ? c->sortpos : k;

		if (k == c->sortpos)
			continue;
		r = valcmp(c->t->info[c->aggs[j]].desc, row_state(c->t, x, j),
		    row_state(c->t, y, j));
		if (r != 0)
			return r;
	}
	return c->keysort ? 0 : keycmp(a0, kx, ky, c->keypos);
}

static int
rowcmp(const void *x, const void *y, void *arg)
{
	const sortctx_t *c = arg;
	int r = rowcmp_raw(c, x, y);

	return c->rev ? -r : r;
}

/* Raw key bytes: only to bring equal keys together when joining. */
static int
bytecmp(const void *x, const void *y, void *arg)
{
	const agg_table_t *t = arg;
	agg_ent_t *const *ex = x, *const *ey = y;
	uint32_t nx = t->info[(*ex)->agg].desc->keysize;
	uint32_t ny = t->info[(*ey)->agg].desc->keysize;
	int r = memcmp(agg_ent_key(*ex), agg_ent_key(*ey), nx < ny ? nx : ny);

	if (r != 0)
		return r;
	if (nx != ny)
		return nx < ny ? -1 : 1;
	return (*ex)->agg < (*ey)->agg ? -1 : (*ex)->agg > (*ey)->agg;
}

static int
same_key(const agg_table_t *t, const agg_ent_t *x, const agg_ent_t *y)
{
	uint32_t nx = t->info[x->agg].desc->keysize;

	return nx == t->info[y->agg].desc->keysize &&
	    memcmp(agg_ent_key(x), agg_ent_key(y), nx) == 0;
}

int
agg_sorted_rows(agg_table_t *t, const uint32_t *aggs, int naggs,
    const udt_opts_t *opts, agg_ent_t ***rowsp)
{
	size_t nents = 0, k = 0;
	agg_ent_t **ents, **rows;
	int nrows = 0;

	*rowsp = NULL;
	for (size_t off = 0; off < t->used; ) {
		agg_ent_t *e = (agg_ent_t *)(void *)(t->arena + off);

		for (int j = 0; j < naggs; j++)
			if (e->agg == aggs[j] && !e->dead) {
				nents++;
				break;
			}
		off += e->size;
	}
	ents = calloc(nents ? nents : 1, sizeof(*ents));
	rows = calloc((nents ? nents : 1) * (size_t)naggs, sizeof(*rows));
	if (ents == NULL || rows == NULL) {
		free(ents);
		free(rows);
		return -1;
	}
	for (size_t off = 0; off < t->used; ) {
		agg_ent_t *e = (agg_ent_t *)(void *)(t->arena + off);

		for (int j = 0; j < naggs; j++)
			if (e->agg == aggs[j] && !e->dead) {
				ents[k++] = e;
				break;
			}
		off += e->size;
	}
	if (naggs > 1)
		qsort_r(ents, nents, sizeof(*ents), bytecmp, t);
	for (size_t i = 0; i < nents; i++) {
		agg_ent_t *e = ents[i];
		int j;

		for (j = 0; j < naggs && aggs[j] != e->agg; j++)
			;
		/* the same key as the previous entry joins its row */
		if (naggs > 1 && i > 0 && same_key(t, ents[i - 1], e) &&
		    rows[(size_t)(nrows - 1) * naggs + j] == NULL) {
			rows[(size_t)(nrows - 1) * naggs + j] = e;
			continue;
		}
		rows[(size_t)nrows++ * naggs + j] = e;
	}
	free(ents);
	/* an aggregation named twice shows its value in every position */
	for (int r = 0; r < nrows; r++) {
		agg_ent_t **row = rows + (size_t)r * naggs;
		for (int j = 1; j < naggs; j++)
			for (int i = 0; i < j && row[j] == NULL; i++)
				if (aggs[i] == aggs[j])
					row[j] = row[i];
	}

	sortctx_t c = { t, aggs, naggs, 0, 0, 0, 0 };
	if (opts != NULL) {
		c.keysort = opts->aggsortkey;
		c.rev = opts->aggsortrev;
		c.keypos = opts->aggsortkeypos;
		c.sortpos = opts->aggsortpos >= 0 && opts->aggsortpos < naggs ?
		    (int)opts->aggsortpos : 0;
	}
	qsort_r(rows, (size_t)nrows, (size_t)naggs * sizeof(*rows), rowcmp, &c);
	*rowsp = rows;
	return nrows;
}

/* ---- printing ---- */

static void
put_n(FILE *fp, int c, int n)
{
	for (int i = 0; i < n; i++)
		fputc(c, fp);
}

/*
 * -x encoding=utf8: dt_print_quantline_utf8's bar of a histogram with
 * no negative bucket, whole cells U+2588 and the remainder in eighths
 * (U+258F one eighth .. U+2589 seven).
 */
static void
print_bar_utf8(FILE *fp, int64_t v, long double total, int64_t normal)
{
	long double f = (long double)v * BAR_WIDTH / total;
	int whole = (int)f, i;
	int part = (int)((f - (long double)whole) * 8);

	fputc('|', fp);
	for (i = 0; i < whole; i++)
		fputs("\u2588", fp);
	if (part != 0) {
		int cp = 0x258f - (part - 1);

		fputc(0xe0 | (cp >> 12), fp);
		fputc(0x80 | ((cp >> 6) & 0x3f), fp);
		fputc(0x80 | (cp & 0x3f), fp);
		i++;
	}
	put_n(fp, ' ', BAR_WIDTH - i);
	fprintf(fp, " %-9lld\n", (long long)(v / normal));
}

static void
print_bar(FILE *fp, int64_t v, long double total, int pos, int neg,
    int64_t normal, int utf8)
{
	long double av = v < 0 ? -(long double)v : (long double)v;
	int depth;

	if (!neg && pos && utf8) {
		print_bar_utf8(fp, v, total, normal);
		return;
	}
	if (!neg) {
		depth = pos ? (int)(av * BAR_WIDTH / total + 0.5) : 0;
		fputc('|', fp);
		put_n(fp, '@', depth);
		put_n(fp, ' ', BAR_WIDTH - depth);
	} else if (!pos) {
		depth = (int)(av * BAR_WIDTH / total + 0.5);
		put_n(fp, ' ', BAR_WIDTH - depth);
		put_n(fp, '@', depth);
		fputc('|', fp);
	} else {
		int half = BAR_WIDTH / 2;

		depth = (int)(av * half / total + 0.5);
		if (v <= 0) {
			put_n(fp, ' ', half - depth);
			put_n(fp, '@', depth);
			fputc('|', fp);
			put_n(fp, ' ', half);
		} else {
			put_n(fp, ' ', half);
			fputc('|', fp);
			put_n(fp, '@', depth);
			put_n(fp, ' ', half - depth);
		}
	}
	fprintf(fp, " %-9lld\n", (long long)(v / normal));
}

static void
print_hist(FILE *fp, const d_aggdesc_t *a, const int64_t *s, int64_t normal,
    int utf8)
{
	int n = agg_nbuckets(a), first, last;
	long double total = 0;
	int pos = 0, neg = 0;

	for (first = 0; first < n && s[first] == 0; first++)
		;
	if (first == n) {
		/* nothing (cleared, or weights that cancel): around zero */
		first = a->func == D_AGG_QUANTIZE ? AGG_QUANT_ZERO - 1 : 0;
		last = first + 2 < n ? first + 2 : n - 1;
	} else {
		for (last = n - 1; last > 0 && s[last] == 0; last--)
			;
		if (first > 0)
			first--;
		if (last < n - 1)
			last++;
	}
	for (int i = first; i <= last; i++) {
		pos |= s[i] > 0;
		neg |= s[i] < 0;
		total += s[i] < 0 ? -(long double)s[i] : (long double)s[i];
	}
	fprintf(fp, "\n%16s %41s %-9s\n", "value",
	    "------------- Distribution -------------", "count");
	for (int i = first; i <= last; i++) {
		int64_t v = agg_bucket_value(a, i);

		if (a->func != D_AGG_QUANTIZE && (i == 0 || i == n - 1)) {
			char label[48];

			snprintf(label, sizeof(label), "%s %lld",
			    i == 0 ? "<" : ">=", (long long)v);
			fprintf(fp, "%16s ", label);
		} else {
			fprintf(fp, "%16lld ", (long long)v);
		}
		print_bar(fp, s[i], total, pos, neg, normal, utf8);
	}
}

/* One key in the default layout (§6.2): integers by their D size. */
static void
print_key(FILE *fp, const d_recdesc_t *k, const unsigned char *p,
    const udt_opts_t *opts)
{
	int64_t v;

	switch (k->type) {
	case D_RT_INT:
		memcpy(&v, p, 8);
		switch (k->size) {
		case 4:
			fprintf(fp, " %8d", (int32_t)(uint32_t)(uint64_t)v);
			return;
		case 2:
			fprintf(fp, " %5d", (uint16_t)(uint64_t)v);
			return;
		case 1:
			fprintf(fp, " %3d", (uint8_t)(uint64_t)v);
			return;
		default:
			fprintf(fp, " %16lld", (long long)v);
			return;
		}
	case D_RT_STRING:
		fprintf(fp, "  %-50.*s", (int)strnlen((const char *)p, k->size),
		    (const char *)p);
		return;
	default: {
		/* usym, stacks and bytes read as trace() shows them, never quiet */
		udt_opts_t o;
		out_state_t os;

		if (opts != NULL)
			o = *opts;
		else
			opts_init(&o);
		o.quiet = 0;
		memset(&os, 0, sizeof(os));
		os.fp = fp;
		os.opts = &o;
		out_trace(&os, k, p, k->size);
		return;
	}
	}
}

static void
print_value(FILE *fp, const d_aggdesc_t *a, const int64_t *s, int64_t normal,
    int utf8)
{
	switch (a->func) {
	case D_AGG_AVG:
		fprintf(fp, " %16lld", (long long)agg_avg_value(s, normal));
		return;
	case D_AGG_STDDEV:
		fprintf(fp, " %16llu", (unsigned long long)agg_stddev_value(s, normal));
		return;
	case D_AGG_QUANTIZE:
	case D_AGG_LQUANTIZE:
	case D_AGG_LLQUANTIZE:
		print_hist(fp, a, s, normal, utf8);
		return;
	}
	fprintf(fp, " %16lld", (long long)(s[0] / normal));
}

/* Rows in the default layout: keys, then one value per aggregation. */
static void
print_rows(FILE *fp, agg_table_t *t, const uint32_t *aggs, int naggs,
    agg_ent_t **rows, int nrows, const udt_opts_t *opts)
{
	const d_aggdesc_t *a0 = t->info[aggs[0]].desc;

	for (int r = 0; r < nrows; r++) {
		agg_ent_t **row = rows + (size_t)r * naggs;
		const unsigned char *key = row_key(row, naggs);

		for (uint32_t i = 0; i < a0->nkeys; i++)
			print_key(fp, &a0->keys[i], key + a0->keyoff[i], opts);
		for (int j = 0; j < naggs; j++) {
			const agg_info_t *in = &t->info[aggs[j]];

			print_value(fp, in->desc, row_state(t, row, j),
			    in->normal, opts != NULL &&
			    opts->encoding == UDT_ENC_UTF8);
		}
		fputc('\n', fp);
	}
}

/*
 * -x stackformat=folded|svg: a ustack()-keyed aggregation's rows as
 * folded stacks or a flame graph, each with the value the default
 * layout would show.
 */
static int
stack_rows(FILE *fp, agg_table_t *t, uint32_t agg, agg_ent_t **rows,
    int nrows, const udt_opts_t *opts)
{
	const agg_info_t *in = &t->info[agg];
	const unsigned char **keys = calloc((size_t)nrows + 1, sizeof(*keys));
	int64_t *vals = calloc((size_t)nrows + 1, sizeof(*vals));
	int rc = -1;

	if (keys != NULL && vals != NULL) {
		for (int r = 0; r < nrows; r++) {
			const int64_t *s = row_state(t, &rows[r], 0);

			keys[r] = row_key(&rows[r], 1);
			switch (in->desc->func) {
			case D_AGG_AVG:
				vals[r] = agg_avg_value(s, in->normal);
				break;
			case D_AGG_STDDEV:
				vals[r] = (int64_t)agg_stddev_value(s, in->normal);
				break;
			default:
				vals[r] = s[0] / in->normal;
				break;
			}
		}
		rc = stackfmt_print(fp, in->desc, keys, vals, (size_t)nrows,
		    opts);
	}
	free(keys);
	free(vals);
	return rc;
}

typedef struct histarg {
	const d_aggdesc_t *a;
	const int64_t *s;
	int64_t normal;
	int utf8;
} histarg_t;

static void
hist_cb(FILE *fp, const void *arg)
{
	const histarg_t *h = arg;

	print_hist(fp, h->a, h->s, h->normal, h->utf8);
}

/* Rows through a printa format: keys feed conversions, %@ the values. */
static int
format_rows(FILE *fp, agg_table_t *t, const uint32_t *aggs, int naggs,
    agg_ent_t **rows, int nrows, const pfmt_t *fmt, const udt_opts_t *opts)
{
	const d_aggdesc_t *a0 = t->info[aggs[0]].desc;
	uint32_t nk = a0->nkeys;
	const d_recdesc_t **kd = calloc(nk + 1, sizeof(*kd));
	const void **kp = calloc(nk + 1, sizeof(*kp));
	pfmt_aggval_t *vals = calloc((size_t)naggs, sizeof(*vals));
	histarg_t *ha = calloc((size_t)naggs, sizeof(*ha));
	int rc = 0;

	if (kd == NULL || kp == NULL || vals == NULL || ha == NULL) {
		rc = -1;
		goto out;
	}
	for (int r = 0; r < nrows; r++) {
		agg_ent_t **row = rows + (size_t)r * naggs;
		const unsigned char *key = row_key(row, naggs);

		for (uint32_t i = 0; i < nk; i++) {
			kd[i] = &a0->keys[i];
			kp[i] = key + a0->keyoff[i];
		}
		for (int j = 0; j < naggs; j++) {
			const agg_info_t *in = &t->info[aggs[j]];
			const int64_t *s = row_state(t, row, j);
			pfmt_aggval_t *v = &vals[j];

			memset(v, 0, sizeof(*v));
			v->is_signed = 1;
			switch (in->desc->func) {
			case D_AGG_COUNT:
				v->is_signed = 0;
				v->value = s[0] / in->normal;
				break;
			case D_AGG_AVG:
				v->value = agg_avg_value(s, in->normal);
				break;
			case D_AGG_STDDEV:
				v->is_signed = 0;
				v->value = (int64_t)agg_stddev_value(s, in->normal);
				break;
			case D_AGG_QUANTIZE:
			case D_AGG_LQUANTIZE:
			case D_AGG_LLQUANTIZE:
				ha[j].a = in->desc;
				ha[j].s = s;
				ha[j].normal = in->normal;
				ha[j].utf8 = opts != NULL &&
				    opts->encoding == UDT_ENC_UTF8;
				v->print = hist_cb;
				v->arg = &ha[j];
				break;
			default:
				v->value = s[0] / in->normal;
				break;
			}
		}
		if (pfmt_format_printa(fp, fmt, kd, kp, (int)nk, vals, naggs,
		    opts) != 0) {
			rc = -1;
			break;
		}
	}
out:
	free(kd);
	free(kp);
	free(vals);
	free(ha);
	return rc;
}

int
agg_printa(FILE *fp, agg_table_t *t, const uint32_t *aggs, int naggs,
    const pfmt_t *fmt, const udt_opts_t *opts)
{
	agg_ent_t **rows;
	int nrows, rc = 0;

	if (t == NULL || naggs <= 0)
		return 0;
	for (int j = 0; j < naggs; j++)
		if (aggs[j] >= t->dp->naggs)
			return -1;
	nrows = agg_sorted_rows(t, aggs, naggs, opts, &rows);
	if (nrows < 0)
		return -1;
	for (int r = 0; r < nrows; r++)
		for (int j = 0; j < naggs; j++)
			if (rows[(size_t)r * naggs + j] != NULL)
				t->info[aggs[j]].printed = 1;
	if (fmt == NULL && naggs == 1 &&
	    stackfmt_of(t->info[aggs[0]].desc, opts) != STACKFMT_NONE) {
		rc = stack_rows(fp, t, aggs[0], rows, nrows, opts);
	} else if (fmt == NULL) {
		fputc('\n', fp);
		print_rows(fp, t, aggs, naggs, rows, nrows, opts);
	} else {
		rc = format_rows(fp, t, aggs, naggs, rows, nrows, fmt, opts);
	}
	free(rows);
	return ferror(fp) ? -1 : rc;
}

int
agg_print_final(FILE *fp, agg_table_t *t, const udt_opts_t *opts)
{
	size_t n;
	int rev = opts != NULL && opts->aggsortrev;

	if (t == NULL)
		return 0;
	n = t->dp->naggs;
	for (size_t i = 0; i < n; i++) {
		uint32_t agg = (uint32_t)(rev ? n - 1 - i : i);
		agg_ent_t **rows;
		int nrows;

		if (t->info[agg].printed)
			continue;
		nrows = agg_sorted_rows(t, &agg, 1, opts, &rows);
		if (nrows < 0)
			return -1;
		if (stackfmt_of(t->info[agg].desc, opts) != STACKFMT_NONE) {
			if (stack_rows(fp, t, agg, rows, nrows, opts) != 0) {
				free(rows);
				return -1;
			}
		} else {
			print_rows(fp, t, &agg, 1, rows, nrows, opts);
		}
		free(rows);
	}
	return ferror(fp) ? -1 : 0;
}
