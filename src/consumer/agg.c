/*
 * agg.c — aggregation tables: finding or creating the entry of a key,
 * updating each aggregating function's state, clear/trunc/normalize and
 * aggregation drops.
 *
 * Owns: the entry layout and state words of every function (D-REFERENCE
 * §6.1). Must not: allocate on the update path (agg_apply runs inside
 * probe firings) or print rows (aggprint.c does).
 * Invariant: the arena holds live and dead entries end to end from offset
 * 0 to `used`; every live entry is on exactly one hash chain. Only trunc
 * creates dead entries, and it compacts before returning.
 *
 * State words per function: count {n}; sum {s}; avg {n, s}; min/max {v};
 * stddev {n, s, sumsq low, sumsq high} (sum of squares as 128 bits);
 * histograms one signed count per bucket.
 */
#include <stdlib.h>
#include <string.h>

#include "consumer/agg.h"
#include "consumer/symfmt.h"
#include "udtrace/udtrace.h"

/* ---- histogram layouts ---- */

static int64_t
sat_mul(int64_t a, int64_t b)
{
	if (b != 0 && a > INT64_MAX / b)
		return INT64_MAX;
	return a * b;
}

static int64_t
lq_step(const d_aggdesc_t *a)
{
	return a->lq_step > 0 ? a->lq_step : 1;
}

static int64_t
lq_levels(const d_aggdesc_t *a)
{
	int64_t n = (a->lq_limit - a->lq_base) / lq_step(a);

	return n > 0 ? n : 1;
}

static int64_t
llq_factor(const d_aggdesc_t *a)
{
	return a->llq_factor >= 2 ? a->llq_factor : 2;
}

static int64_t
llq_steps(const d_aggdesc_t *a)
{
	return a->llq_nsteps >= 1 ? a->llq_nsteps : 1;
}

/*
 * llquantize: below factor^low one bucket; each order of magnitude m
 * (low..high) covers [f^m, f^(m+1)) with buckets of width
 * f^(m+1) / min(steps, f^(m+1)), the part below f^m belonging to the
 * magnitudes before; at or above f^(high+1) one bucket.
 */
enum { LLQ_INDEX, LLQ_LABEL, LLQ_COUNT };

/* INDEX: the bucket of x; LABEL: lower bound of bucket i; COUNT: buckets. */
static int64_t
llq_walk(const d_aggdesc_t *a, int mode, int64_t x, int64_t i)
{
	int64_t f = llq_factor(a), steps = llq_steps(a);
	int64_t lo = 1, idx = 1;

	for (int64_t m = 0; m < a->llq_low; m++)
		lo = sat_mul(lo, f);
	if ((mode == LLQ_LABEL && i == 0) || (mode == LLQ_INDEX && x < lo))
		return mode == LLQ_LABEL ? lo : 0;
	for (int64_t m = a->llq_low; m <= a->llq_high; m++) {
		int64_t hi = sat_mul(lo, f);
		int64_t nb = steps < hi ? steps : hi;
		int64_t width = hi / nb > 0 ? hi / nb : 1;
		int64_t n = nb - nb / f;

		if (n < 1)
			n = 1;
		if (mode == LLQ_LABEL && i < idx + n)
			return lo + (i - idx) * width;
		if (mode == LLQ_INDEX && x < hi) {
			int64_t k = (x - lo) / width;

			return idx + (k < n ? k : n - 1);
		}
		idx += n;
		lo = hi;
	}
	if (mode == LLQ_COUNT)
		return idx + 1;
	return mode == LLQ_LABEL ? lo : idx;   /* the overflow bucket */
}

int
agg_nbuckets(const d_aggdesc_t *a)
{
	switch (a->func) {
	case D_AGG_QUANTIZE:
		return AGG_QUANT_NBUCKETS;
	case D_AGG_LQUANTIZE:
		return (int)lq_levels(a) + 2;
	case D_AGG_LLQUANTIZE:
		return (int)llq_walk(a, LLQ_COUNT, 0, 0);
	}
	return 0;
}

int64_t
agg_bucket_value(const d_aggdesc_t *a, int i)
{
	switch (a->func) {
	case D_AGG_QUANTIZE:
		if (i < AGG_QUANT_ZERO)
			return -((int64_t)1 << (AGG_QUANT_ZERO - 1 - i));
		if (i == AGG_QUANT_ZERO)
			return 0;
		return (int64_t)1 << (i - AGG_QUANT_ZERO - 1);
	case D_AGG_LQUANTIZE:
		if (i == 0)
			return a->lq_base;   /* "< base" */
		return a->lq_base + (int64_t)(i - 1) * lq_step(a);
	case D_AGG_LLQUANTIZE:
		return llq_walk(a, LLQ_LABEL, 0, i);
	}
	return 0;
}

static int
quant_bucket(int64_t x)
{
	uint64_t u;
	int lg = 0;

	if (x == 0)
		return AGG_QUANT_ZERO;
	u = x > 0 ? (uint64_t)x : -(uint64_t)x;
	while (u >> (lg + 1))
		lg++;
	if (x > 0)
		return AGG_QUANT_ZERO + 1 + lg;
	return lg > AGG_QUANT_ZERO - 1 ? 0 : AGG_QUANT_ZERO - 1 - lg;
}

static int
lquant_bucket(const d_aggdesc_t *a, int64_t x)
{
	int64_t levels = lq_levels(a), step = lq_step(a);

	if (x < a->lq_base)
		return 0;
	if (x >= a->lq_base + levels * step)
		return (int)levels + 1;
	return (int)((x - a->lq_base) / step) + 1;
}

static uint32_t
state_words(const d_aggdesc_t *a)
{
	switch (a->func) {
	case D_AGG_AVG:
		return 2;
	case D_AGG_STDDEV:
		return 4;
	case D_AGG_QUANTIZE:
	case D_AGG_LQUANTIZE:
	case D_AGG_LLQUANTIZE:
		return (uint32_t)agg_nbuckets(a);
	}
	return 1;
}

/* ---- the table ---- */

agg_table_t *
agg_table_create(const d_program_t *dp, size_t aggsize)
{
	agg_table_t *t = calloc(1, sizeof(*t));
	uint32_t maxw = 1;

	if (t == NULL)
		return NULL;
	t->dp = dp;
	t->info = calloc(dp->naggs ? dp->naggs : 1, sizeof(*t->info));
	if (t->info == NULL)
		goto fail;
	for (size_t i = 0; i < dp->naggs; i++) {
		agg_info_t *in = &t->info[i];

		in->desc = &dp->aggs[i];
		in->keyspace = (dp->aggs[i].keysize + 7) & ~7u;
		in->nwords = state_words(&dp->aggs[i]);
		in->normal = 1;
		if (in->nwords > maxw)
			maxw = in->nwords;
	}
	if (aggsize > UINT32_MAX - 1)
		aggsize = UINT32_MAX - 1;
	t->arenasize = aggsize;
	t->nbuckets = 64;
	while (t->nbuckets < aggsize / 256 && t->nbuckets < (1u << 20))
		t->nbuckets <<= 1;
	t->arena = calloc(aggsize ? aggsize : 1, 1);
	t->buckets = calloc(t->nbuckets, sizeof(*t->buckets));
	t->zero = calloc(maxw, sizeof(int64_t));
	if (t->arena == NULL || t->buckets == NULL || t->zero == NULL)
		goto fail;
	return t;
fail:
	agg_table_destroy(t);
	return NULL;
}

void
agg_table_destroy(agg_table_t *t)
{
	if (t == NULL)
		return;
	free(t->info);
	free(t->arena);
	free(t->buckets);
	free(t->zero);
	free(t);
}

const unsigned char *
agg_ent_key(const agg_ent_t *e)
{
	return (const unsigned char *)(e + 1);
}

int64_t *
agg_ent_state(const agg_table_t *t, const agg_ent_t *e)
{
	return (int64_t *)(void *)((unsigned char *)(uintptr_t)(e + 1) +
	    t->info[e->agg].keyspace);
}

static agg_ent_t *
ent_at(const agg_table_t *t, uint32_t off1)
{
	return (agg_ent_t *)(void *)(t->arena + off1 - 1);
}

static uint64_t
key_hash(uint32_t agg, const unsigned char *k, size_t len)
{
	uint64_t h = 14695981039346656037ULL ^ agg;

	for (size_t i = 0; i < len; i++) {
		h ^= k[i];
		h *= 1099511628211ULL;
	}
	return h;
}

static void
state_init(const d_aggdesc_t *a, int64_t *s, uint32_t nwords)
{
	memset(s, 0, nwords * sizeof(*s));
	if (a->func == D_AGG_MIN)
		s[0] = INT64_MAX;
	else if (a->func == D_AGG_MAX)
		s[0] = INT64_MIN;
}

/*
 * Fold value x (weight w) in. times: how many firings this stands for,
 * which only count() may take in bulk (agg_apply_n); 1 for the others.
 */
static void
state_update(const d_aggdesc_t *a, int64_t *s, int64_t x, int64_t w,
    uint64_t times)
{
	switch (a->func) {
	case D_AGG_COUNT:
		s[0] = (int64_t)((uint64_t)s[0] + times);
		break;
	case D_AGG_SUM:
		s[0] = (int64_t)((uint64_t)s[0] + (uint64_t)x);
		break;
	case D_AGG_AVG:
		s[0]++;
		s[1] = (int64_t)((uint64_t)s[1] + (uint64_t)x);
		break;
	case D_AGG_MIN:
		if (x < s[0])
			s[0] = x;
		break;
	case D_AGG_MAX:
		if (x > s[0])
			s[0] = x;
		break;
	case D_AGG_STDDEV: {
		uint64_t u = x < 0 ? -(uint64_t)x : (uint64_t)x;
		agg_u128 sq, acc;

		s[0]++;
		s[1] = (int64_t)((uint64_t)s[1] + (uint64_t)x);
		sq = (agg_u128)u * u;
		acc = ((agg_u128)(uint64_t)s[3] << 64) |
		    (uint64_t)s[2];
		acc += sq;
		s[2] = (int64_t)(uint64_t)acc;
		s[3] = (int64_t)(uint64_t)(acc >> 64);
		break;
	}
	case D_AGG_QUANTIZE:
	case D_AGG_LQUANTIZE:
	case D_AGG_LLQUANTIZE: {
		int b = a->func == D_AGG_QUANTIZE ? quant_bucket(x) :
		    a->func == D_AGG_LQUANTIZE ? lquant_bucket(a, x) :
		    (int)llq_walk(a, LLQ_INDEX, x, 0);

		/* weights wrap like the sums they are, never trap */
		s[b] = (int64_t)((uint64_t)s[b] + (uint64_t)w);
		break;
	}
	}
}

/* The pc a usym (function start) or umod (module representative) key keeps. */
static uint64_t
norm_pc(agg_table_t *t, int type, int64_t pid, uint64_t pc)
{
	struct agg_norm *c = &t->norm[(pc ^ (uint64_t)pid * 0x9e3779b97f4a7c15ULL ^
	    (uint64_t)type) & 1023];
	if (c->pc == pc && c->pid == pid && c->type == type && c->npc != 0)
		return c->npc;
	uint64_t npc = pc, off = 0;
	char mod[64], sym[256];
	if (udt_symbolize != NULL &&
	    udt_symbolize((int)pid, pc, mod, sizeof(mod), sym, sizeof(sym),
	    &off) == 0) {
		if (type == D_RT_USYM && sym[0] != '\0' && off <= pc) {
			npc = pc - off;
		} else if (type == D_RT_UMOD && mod[0] != '\0') {
			int i;
			for (i = 0; i < t->nmodrep; i++)
				if (t->modrep[i].pid == pid &&
				    strcmp(t->modrep[i].mod, mod) == 0)
					break;
			if (i < t->nmodrep) {
				npc = t->modrep[i].pc;
			} else if (t->nmodrep < 128) {
				t->modrep[i].pid = pid;
				snprintf(t->modrep[i].mod, sizeof(t->modrep[i].mod),
				    "%s", mod);
				t->modrep[i].pc = pc;
				t->nmodrep++;
			}
		}
	}
	c->pid = pid;
	c->pc = pc;
	c->type = type;
	c->npc = npc;
	return npc;
}

/* Copy of key with its usym/umod pcs normalized; NULL if none needs it. */
static const unsigned char *
norm_key(agg_table_t *t, const d_aggdesc_t *a, const unsigned char *key,
    size_t klen, unsigned char *buf, size_t buflen)
{
	int any = 0;
	for (uint32_t i = 0; i < a->nkeys; i++)
		if (a->keys[i].type == D_RT_USYM || a->keys[i].type == D_RT_UMOD)
			any = 1;
	if (!any || klen > buflen)
		return NULL;
	memcpy(buf, key, klen);
	for (uint32_t i = 0; i < a->nkeys; i++) {
		int type = a->keys[i].type;
		size_t o = a->keyoff[i];
		if ((type != D_RT_USYM && type != D_RT_UMOD) || o + 16 > klen)
			continue;
		int64_t pid;
		uint64_t pc;
		memcpy(&pid, buf + o, 8);
		memcpy(&pc, buf + o + 8, 8);
		pc = norm_pc(t, type, pid, pc);
		memcpy(buf + o + 8, &pc, 8);
	}
	return buf;
}

int
agg_apply(agg_table_t *t, uint32_t agg, const void *data, size_t len,
    int cpu)
{
	return agg_apply_n(t, agg, data, len, cpu, 1);
}

/*
 * The state of (agg, key), made when missing; NULL when the arena is
 * full (the caller counts the drops).
 */
static int64_t *
ent_state(agg_table_t *t, uint32_t agg, const unsigned char *key, size_t klen)
{
	unsigned char nbuf[1024];
	const agg_info_t *in = &t->info[agg];
	uint32_t keysize = in->desc->keysize;

	if (klen > keysize)
		klen = keysize;
	const unsigned char *nk = norm_key(t, in->desc, key, klen, nbuf,
	    sizeof(nbuf));
	if (nk != NULL)
		key = nk;
	/* a short key reads as zero-padded */
	uint64_t h = key_hash(agg, key, klen);
	uint32_t *head = &t->buckets[h & (t->nbuckets - 1)];
	for (uint32_t o = *head; o != 0; ) {
		agg_ent_t *e = ent_at(t, o);

		if (e->hash == h && e->agg == agg && !e->dead &&
		    memcmp(e + 1, key, klen) == 0) {
			const unsigned char *ek = agg_ent_key(e);
			size_t i;

			for (i = klen; i < keysize && ek[i] == 0; i++)
				;
			if (i == keysize)
				return agg_ent_state(t, e);
		}
		o = e->next;
	}
	size_t need = sizeof(agg_ent_t) + in->keyspace +
	    (size_t)in->nwords * 8;
	if (t->arenasize - t->used < need)
		return NULL;
	agg_ent_t *e = (agg_ent_t *)(void *)(t->arena + t->used);
	memset(e, 0, need);
	e->agg = agg;
	e->size = (uint32_t)need;
	e->hash = h;
	memcpy(e + 1, key, klen);
	e->next = *head;
	*head = (uint32_t)t->used + 1;
	t->used += need;
	int64_t *s = agg_ent_state(t, e);
	state_init(in->desc, s, in->nwords);
	return s;
}

int
agg_apply_n(agg_table_t *t, uint32_t agg, const void *data, size_t len,
    int cpu, uint64_t times)
{
	const unsigned char *d = data;
	int64_t x, w, *s;

	if (t == NULL || agg >= t->dp->naggs || len < 16)
		return -1;
	if (times != 1 && t->info[agg].desc->func != D_AGG_COUNT)
		return -1;
	memcpy(&x, d, 8);
	memcpy(&w, d + 8, 8);
	if ((s = ent_state(t, agg, d + 16, len - 16)) == NULL) {
		/* each firing is a drop, as each would have been one by one */
		t->drops[cpu >= 0 && cpu < AGG_MAXCPU ? cpu : 0] += times;
		return -1;
	}
	state_update(t->info[agg].desc, s, x, w, times);
	return 0;
}

int
agg_fold(agg_table_t *t, uint32_t agg, const void *key, size_t klen,
    int cpu, uint64_t n, int64_t val)
{
	int64_t *s;

	if (t == NULL || agg >= t->dp->naggs)
		return -1;
	const d_aggdesc_t *a = t->info[agg].desc;
	if (a->func != D_AGG_COUNT && a->func != D_AGG_SUM &&
	    a->func != D_AGG_AVG && a->func != D_AGG_MIN &&
	    a->func != D_AGG_MAX)
		return -1;
	if ((s = ent_state(t, agg, key, klen)) == NULL) {
		t->drops[cpu >= 0 && cpu < AGG_MAXCPU ? cpu : 0] += n;
		return -1;
	}
	switch (a->func) {
	case D_AGG_COUNT:
		s[0] = (int64_t)((uint64_t)s[0] + n);
		break;
	case D_AGG_SUM:
		s[0] = (int64_t)((uint64_t)s[0] + (uint64_t)val);
		break;
	case D_AGG_AVG:
		s[0] = (int64_t)((uint64_t)s[0] + n);
		s[1] = (int64_t)((uint64_t)s[1] + (uint64_t)val);
		break;
	case D_AGG_MIN:
		if (val < s[0])
			s[0] = val;
		break;
	case D_AGG_MAX:
		if (val > s[0])
			s[0] = val;
		break;
	}
	return 0;
}

int
agg_apply_count(agg_table_t *t, uint32_t agg, const void *data, size_t len,
    int cpu, uint64_t n)
{
	if (t == NULL || agg >= t->dp->naggs ||
	    t->info[agg].desc->func != D_AGG_COUNT)
		return -1;
	if (n == 0)
		return 0;
	return agg_apply_n(t, agg, data, len, cpu, n);
}

/* Walks a record buffer; calls fn for each entry, stops when it returns nonzero. */
#define FOR_EACH_REC(recs, len, rh, data) \
	for (size_t rec_off_ = 0; \
	    (len) - rec_off_ >= sizeof(dif_rechdr_t) && \
	    (memcpy(&(rh), (const unsigned char *)(recs) + rec_off_, \
	    sizeof(rh)), rh.len <= (len) - rec_off_ - sizeof(rh)) && \
	    ((data) = (const unsigned char *)(recs) + rec_off_ + sizeof(rh), 1); \
	    rec_off_ += sizeof(rh) + (((size_t)rh.len + 7) & ~(size_t)7))

void
agg_apply_records(agg_table_t *t, const d_clause_prog_t *c,
    const void *recs, size_t len, int cpu)
{
	agg_apply_records_n(t, c, recs, len, cpu, 1);
}

void
agg_apply_records_n(agg_table_t *t, const d_clause_prog_t *c,
    const void *recs, size_t len, int cpu, uint64_t times)
{
	dif_rechdr_t rh;
	const unsigned char *data;

	if (recs == NULL)
		return;
	FOR_EACH_REC(recs, len, rh, data) {
		if (rh.rec < c->nrecs && c->recs[rh.rec].action == D_ACT_AGG)
			(void)agg_apply_n(t, c->recs[rh.rec].agg, data, rh.len,
			    cpu, times);
	}
}

int
agg_records_print(const d_clause_prog_t *c, const void *recs, size_t len)
{
	dif_rechdr_t rh;
	const unsigned char *data;

	if (recs == NULL)
		return 0;
	FOR_EACH_REC(recs, len, rh, data) {
		(void)data;
		if (rh.rec >= c->nrecs || c->recs[rh.rec].action != D_ACT_AGG)
			return 1;
	}
	return 0;
}

void
agg_report_drops(agg_table_t *t, FILE *errfp, int droptags)
{
	if (t == NULL)
		return;
	for (int cpu = 0; cpu < AGG_MAXCPU; cpu++) {
		uint64_t n = t->drops[cpu];

		if (n == 0)
			continue;
		fprintf(errfp, "%s: %s%llu aggregation drop%s on CPU %d\n",
		    UDT_PROGNAME, droptags ? "[DTRACEDROP_AGGREGATION] " : "",
		    (unsigned long long)n, n == 1 ? "" : "s", cpu);
		t->drops[cpu] = 0;
	}
}

uint64_t
agg_take_drops(agg_table_t *t, int cpu)
{
	uint64_t n;

	if (t == NULL || cpu < 0 || cpu >= AGG_MAXCPU)
		return 0;
	n = t->drops[cpu];
	t->drops[cpu] = 0;
	return n;
}

/* ---- consumer-side actions ---- */

void
agg_clear(agg_table_t *t, uint32_t agg)
{
	if (t == NULL || agg >= t->dp->naggs)
		return;
	for (size_t off = 0; off < t->used; ) {
		agg_ent_t *e = (agg_ent_t *)(void *)(t->arena + off);

		if (e->agg == agg && !e->dead)
			memset(agg_ent_state(t, e), 0,
			    t->info[agg].nwords * sizeof(int64_t));
		off += e->size;
	}
}

/* Squeeze dead entries out and rebuild the hash chains. */
static void
compact(agg_table_t *t)
{
	size_t to = 0;

	memset(t->buckets, 0, t->nbuckets * sizeof(*t->buckets));
	for (size_t off = 0; off < t->used; ) {
		agg_ent_t *e = (agg_ent_t *)(void *)(t->arena + off);
		uint32_t size = e->size;

		if (!e->dead) {
			if (to != off)
				memmove(t->arena + to, e, size);
			e = (agg_ent_t *)(void *)(t->arena + to);
			uint32_t *head = &t->buckets[e->hash & (t->nbuckets - 1)];
			e->next = *head;
			*head = (uint32_t)to + 1;
			to += size;
		}
		off += size;
	}
	t->used = to;
}

void
agg_trunc(agg_table_t *t, uint32_t agg, int has_n, int64_t n,
    const udt_opts_t *opts)
{
	agg_ent_t **rows = NULL;
	int nrows;

	if (t == NULL || agg >= t->dp->naggs)
		return;
	if (!has_n)
		n = 0;
	nrows = agg_sorted_rows(t, &agg, 1, opts, &rows);
	if (nrows < 0)
		return;
	/* rows ascend by the current sort: n > 0 keeps the last n */
	for (int r = 0; r < nrows; r++) {
		int keep = n > 0 ? r >= nrows - n : n < 0 ? r < -n : 0;

		if (!keep)
			rows[r]->dead = 1;
	}
	free(rows);
	compact(t);
}

void
agg_normalize(agg_table_t *t, uint32_t agg, int64_t n)
{
	if (t == NULL || agg >= t->dp->naggs)
		return;
	t->info[agg].normal = n > 0 ? n : 1;
}
