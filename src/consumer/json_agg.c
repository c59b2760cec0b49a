/*
 * json_agg.c — aggregations in JSON mode: printa() records and the
 * final print, as typed entries (see json.h).
 *
 * Owns: the "aggregation" object: its name ("@" and the D name), its
 * function, and its entries in the order the text would print them
 * (agg_sorted_rows, so aggsortkey/aggsortpos/aggsortrev apply), each
 * {"keys": [typed values], "value": ...}: a number for count, sum, min,
 * max and avg; {"mean", "stddev"} for stddev; for the three quantizes
 * the non-empty buckets as {"min", "max", "count"} with inclusive
 * numeric bounds (the open ends are INT64_MIN and INT64_MAX).
 * Must not: change an aggregation (agg.c does) or print text layouts
 * (aggprint.c does; printa with a format borrows agg_printa for its
 * text). -x stackformat does not apply: a stack key is always an array
 * of frame texts.
 * Invariant: values are normalized exactly as the text shows them, so
 * a JSON reader and a text reader see the same numbers.
 */
#include <stdlib.h>
#include <string.h>

#include "consumer/json.h"

static const char *const func_names[] = {
	[D_AGG_COUNT] = "count", [D_AGG_SUM] = "sum", [D_AGG_AVG] = "avg",
	[D_AGG_MIN] = "min", [D_AGG_MAX] = "max", [D_AGG_STDDEV] = "stddev",
	[D_AGG_QUANTIZE] = "quantize", [D_AGG_LQUANTIZE] = "lquantize",
	[D_AGG_LLQUANTIZE] = "llquantize",
};

/* Inclusive bounds of histogram bucket i of n. */
static void
bucket_bounds(const d_aggdesc_t *a, int i, int n, int64_t *lo, int64_t *hi)
{
	int64_t v = agg_bucket_value(a, i);

	if (a->func == D_AGG_QUANTIZE) {
		/* ..., [-7, -4], [-3, -2], -1, 0, 1, [2, 3], [4, 7], ... */
		if (v < 0) {
			*lo = i == 0 ? INT64_MIN : 2 * v + 1;
			*hi = v;
		} else if (v == 0) {
			*lo = *hi = 0;
		} else {
			*lo = v;
			*hi = i == n - 1 ? INT64_MAX : 2 * v - 1;
		}
		return;
	}
	/* lquantize/llquantize: bucket 0 is "< v", the last ">= v" */
	if (i == 0) {
		*lo = INT64_MIN;
		*hi = v - 1;
	} else if (i == n - 1) {
		*lo = v;
		*hi = INT64_MAX;
	} else {
		*lo = v;
		*hi = agg_bucket_value(a, i + 1) - 1;
	}
}

static json_object *
buckets(const d_aggdesc_t *a, const int64_t *s, int64_t normal)
{
	int n = agg_nbuckets(a);
	json_object *arr = json_object_new_array();

	for (int i = 0; i < n; i++) {
		json_object *b;
		int64_t lo, hi;

		if (s[i] == 0)
			continue;
		bucket_bounds(a, i, n, &lo, &hi);
		b = json_object_new_object();
		json_object_object_add(b, "min", json_object_new_int64(lo));
		json_object_object_add(b, "max", json_object_new_int64(hi));
		json_object_object_add(b, "count",
		    json_object_new_int64(s[i] / normal));
		json_object_array_add(arr, b);
	}
	return arr;
}

static json_object *
value(const d_aggdesc_t *a, const int64_t *s, int64_t normal)
{
	json_object *v;

	switch (a->func) {
	case D_AGG_AVG:
		return json_object_new_int64(agg_avg_value(s, normal));
	case D_AGG_STDDEV:
		v = json_object_new_object();
		json_object_object_add(v, "mean",
		    json_object_new_int64(agg_avg_value(s, normal)));
		json_object_object_add(v, "stddev",
		    json_object_new_uint64(agg_stddev_value(s, normal)));
		return v;
	case D_AGG_QUANTIZE:
	case D_AGG_LQUANTIZE:
	case D_AGG_LLQUANTIZE:
		return buckets(a, s, normal);
	default:
		return json_object_new_int64(s[0] / normal);
	}
}

static json_object *
keys(const d_aggdesc_t *a, const unsigned char *key, const udt_opts_t *opts)
{
	json_object *arr = json_object_new_array();

	for (uint32_t i = 0; i < a->nkeys; i++) {
		const d_recdesc_t *k = &a->keys[i];
		const unsigned char *p = key + a->keyoff[i];
		int is_bytes;

		if (k->type == D_RT_INT) {
			/* stored as 8 bytes whatever the D size */
			uint64_t u;

			memcpy(&u, p, 8);
			json_object_array_add(arr, json_int(u, k->size,
			    k->is_signed));
		} else {
			json_object_array_add(arr, json_value(k, p, k->size,
			    opts, &is_bytes));
		}
	}
	return arr;
}

/* One aggregation as an object (type "aggregation" when top level). */
static json_object *
agg_object(agg_table_t *t, uint32_t agg, const udt_opts_t *opts,
    int toplevel)
{
	const agg_info_t *in = &t->info[agg];
	const d_aggdesc_t *a = in->desc;
	json_object *o = json_object_new_object(), *ents;
	agg_ent_t **rows;
	char name[256];
	int nrows;

	if (toplevel)
		json_object_object_add(o, "type",
		    json_object_new_string("aggregation"));
	snprintf(name, sizeof(name), "@%s", a->name != NULL ? a->name : "");
	json_object_object_add(o, "name", json_object_new_string(name));
	json_object_object_add(o, "function", json_object_new_string(
	    a->func >= 0 && a->func <= D_AGG_LLQUANTIZE ?
	    func_names[a->func] : "unknown"));
	ents = json_object_new_array();
	json_object_object_add(o, "entries", ents);
	nrows = agg_sorted_rows(t, &agg, 1, opts, &rows);
	if (nrows < 0) {
		json_object_put(o);
		return NULL;
	}
	for (int r = 0; r < nrows; r++) {
		json_object *e = json_object_new_object();

		json_object_object_add(e, "keys",
		    keys(a, agg_ent_key(rows[r]), opts));
		json_object_object_add(e, "value",
		    value(a, agg_ent_state(t, rows[r]), in->normal));
		json_object_array_add(ents, e);
	}
	free(rows);
	return o;
}

json_object *
json_printa(agg_table_t *t, const uint32_t *aggs, int naggs,
    const pfmt_t *fmt, const udt_opts_t *opts)
{
	json_object *r, *arr;

	if (t == NULL || naggs <= 0)
		return NULL;
	for (int j = 0; j < naggs; j++)
		if (aggs[j] >= t->dp->naggs)
			return NULL;
	r = json_object_new_object();
	json_object_object_add(r, "kind", json_object_new_string("printa"));
	if (fmt != NULL) {
		/* the formatted rows exactly as text mode prints them */
		char *buf = NULL;
		size_t len = 0;
		FILE *mem = open_memstream(&buf, &len);

		if (mem != NULL) {
			(void)agg_printa(mem, t, aggs, naggs, fmt, opts);
			if (fclose(mem) == 0)
				json_object_object_add(r, "text",
				    json_text(buf, len));
			free(buf);
		}
	}
	arr = json_object_new_array();
	json_object_object_add(r, "aggregations", arr);
	for (int j = 0; j < naggs; j++) {
		int dup = 0;

		for (int i = 0; i < j; i++)
			dup |= aggs[i] == aggs[j];
		if (dup)
			continue;
		json_object *o = agg_object(t, aggs[j], opts, 0);

		/* shown with entries: not again at exit (as agg_printa) */
		if (o != NULL && json_object_array_length(
		    json_object_object_get(o, "entries")) > 0)
			t->info[aggs[j]].printed = 1;
		json_object_array_add(arr, o);
	}
	return r;
}

int
json_agg_final(FILE *fp, agg_table_t *t, const udt_opts_t *opts)
{
	size_t n;
	int rev = opts != NULL && opts->aggsortrev;

	if (t == NULL)
		return 0;
	n = t->dp->naggs;
	for (size_t i = 0; i < n; i++) {
		uint32_t agg = (uint32_t)(rev ? n - 1 - i : i);
		json_object *o;

		if (t->info[agg].printed)
			continue;
		if ((o = agg_object(t, agg, opts, 1)) == NULL)
			return -1;
		json_emit(fp, o);
	}
	return ferror(fp) ? -1 : 0;
}
