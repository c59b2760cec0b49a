/*
 * dynvar.c — the dynamic-variable pool: hash lookup by (id, key bytes),
 * size-classed allocation with free lists, deletion.
 *
 * Must not: allocate after dif_dyn_init (it runs on the probe-hit path).
 * Invariant: an entry of class c occupies exactly 32 << c bytes of the
 * pool at a multiple of 32, so its header and value stay 8-aligned and a
 * freed entry can be reused by any later entry of the same class.
 */
#include <stdlib.h>
#include <string.h>
#include "dif/dynvar.h"

struct dif_dynent {
	dif_dynent_t *next;       /* hash chain, or free list */
	uint32_t id, hash;
	uint32_t klen, vlen;
	uint32_t cls, pad;
	/* key bytes (padded to 8), then value bytes */
};

#define HDR ((sizeof(dif_dynent_t) + 7) & ~(size_t)7)
#define MINCLS 32

static size_t keypad(size_t klen) { return (klen + 7) & ~(size_t)7; }
static uint8_t *ent_key(dif_dynent_t *e) { return (uint8_t *)e + HDR; }
static uint8_t *ent_val(dif_dynent_t *e) { return ent_key(e) + keypad(e->klen); }

/*
 * A word at a time (multiply and fold per 8 bytes, then a final mix so
 * the low bits that pick the bucket depend on every input bit): a
 * thread-local's key is one 8-byte tid, and a byte-wise hash spent more
 * instructions than the rest of the lookup.
 */
static uint32_t hash_key(uint32_t id, const void *key, size_t klen)
{
	const uint8_t *p = key;
	uint64_t h = 0x9e3779b97f4a7c15ull ^ ((uint64_t)id << 32) ^ klen;
	for (; klen >= 8; p += 8, klen -= 8) {
		uint64_t w;
		memcpy(&w, p, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdull;
		h ^= h >> 32;
	}
	if (klen > 0) {
		uint64_t w = 0;
		for (size_t i = 0; i < klen; i++)
			w |= (uint64_t)p[i] << (8 * i);
		h = (h ^ w) * 0xff51afd7ed558ccdull;
		h ^= h >> 32;
	}
	h ^= h >> 29;
	h *= 0xc4ceb9fe1a85ec53ull;
	h ^= h >> 32;
	return (uint32_t)h;
}

size_t dif_dyn_entsize(size_t klen, size_t vlen)
{
	size_t need = HDR + keypad(klen) + vlen, sz = MINCLS;
	while (sz < need)
		sz <<= 1;
	return sz;
}

int dif_dyn_init(dif_dynvars_t *d, size_t dynvarsize)
{
	memset(d, 0, sizeof(*d));
	d->poolsize = dynvarsize & ~(size_t)(MINCLS - 1);
	d->nbucket = 16;
	while (d->nbucket < dynvarsize / 128 && d->nbucket < ((size_t)1 << 24))
		d->nbucket <<= 1;
	d->pool = calloc(1, d->poolsize ? d->poolsize : 1);
	d->bucket = calloc(d->nbucket, sizeof(*d->bucket));
	if (d->pool == NULL || d->bucket == NULL) {
		dif_dyn_fini(d);
		return -1;
	}
	return 0;
}

void dif_dyn_fini(dif_dynvars_t *d)
{
	free(d->pool);
	free(d->bucket);
	d->pool = NULL;
	d->bucket = NULL;
}

static dif_dynent_t **find(dif_dynvars_t *d, uint32_t id, uint32_t h,
    const void *key, size_t klen)
{
	dif_dynent_t **pp = &d->bucket[h & (d->nbucket - 1)];
	for (; *pp != NULL; pp = &(*pp)->next) {
		dif_dynent_t *e = *pp;
		if (e->hash == h && e->id == id && e->klen == klen &&
		    memcmp(ent_key(e), key, klen) == 0)
			return pp;
	}
	return pp;
}

void *dif_dyn_lookup(dif_dynvars_t *d, uint32_t id, const void *key,
    size_t klen)
{
	uint32_t h = hash_key(id, key, klen);
	dif_dynent_t **pp = find(d, id, h, key, klen);
	return *pp ? ent_val(*pp) : NULL;
}

static dif_dynent_t *alloc_ent(dif_dynvars_t *d, size_t need)
{
	uint32_t cls = 0;
	size_t sz = MINCLS;
	while (sz < need) {
		if (++cls >= DIF_DYN_NCLASS)
			return NULL;
		sz <<= 1;
	}
	if (d->freel[cls] != NULL) {
		dif_dynent_t *e = d->freel[cls];
		d->freel[cls] = e->next;
		memset(e, 0, sz);
		e->cls = cls;
		return e;
	}
	if (d->poolsize - d->bump >= sz) {
		dif_dynent_t *e = (dif_dynent_t *)(void *)(d->pool + d->bump);
		d->bump += sz;
		memset(e, 0, sz);
		e->cls = cls;
		return e;
	}
	/* a bigger freed entry wastes space but keeps the store */
	for (uint32_t c = cls + 1; c < DIF_DYN_NCLASS; c++) {
		if (d->freel[c] != NULL) {
			dif_dynent_t *e = d->freel[c];
			d->freel[c] = e->next;
			memset(e, 0, (size_t)MINCLS << c);
			e->cls = c;
			return e;
		}
	}
	return NULL;
}

void *dif_dyn_store(dif_dynvars_t *d, uint32_t id, const void *key,
    size_t klen, size_t vlen)
{
	uint32_t h = hash_key(id, key, klen);
	dif_dynent_t **pp = find(d, id, h, key, klen);
	if (*pp != NULL) {
		if ((*pp)->vlen >= vlen)
			return ent_val(*pp);
		dif_dyn_delete(d, id, key, klen);   /* cannot happen for one var */
		pp = find(d, id, h, key, klen);
	}
	if (klen > UINT32_MAX / 2 || vlen > UINT32_MAX / 2) {
		d->drops++;
		return NULL;
	}
	dif_dynent_t *e = alloc_ent(d, HDR + keypad(klen) + vlen);
	if (e == NULL) {
		d->drops++;
		return NULL;
	}
	e->id = id;
	e->hash = h;
	e->klen = (uint32_t)klen;
	e->vlen = (uint32_t)vlen;
	memcpy(ent_key(e), key, klen);
	e->next = NULL;
	*pp = e;
	d->nlive++;
	return ent_val(e);
}

void dif_dyn_delete(dif_dynvars_t *d, uint32_t id, const void *key,
    size_t klen)
{
	uint32_t h = hash_key(id, key, klen);
	dif_dynent_t **pp = find(d, id, h, key, klen);
	dif_dynent_t *e = *pp;
	if (e == NULL)
		return;
	*pp = e->next;
	e->next = d->freel[e->cls];
	d->freel[e->cls] = e;
	d->nlive--;
}
