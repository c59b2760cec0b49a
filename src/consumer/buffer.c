/*
 * buffer.c — the principal buffer (see buffer.h).
 *
 * Owns: entry layout and the three buffer policies as far as a
 * single-consumer, in-process buffer has them: switch drops when full
 * until the next drain; fill drops and raises `filled` so the loop stops
 * tracing; ring discards the oldest entries and is drained only at the end.
 * Must not: allocate in buf_put (it runs on every firing).
 * Invariant: data[0..used) is a sequence of whole entries.
 */
#include "buffer.h"
#include "options.h"
#include "udtrace/udtrace.h"

#include <stdlib.h>
#include <string.h>

#define ROUND8(n) (((n) + 7) & ~(size_t)7)

int buf_init(udt_buffer_t *b, size_t size, int policy)
{
	memset(b, 0, sizeof(*b));
	if (size < 64)
		size = 64;
	b->data = malloc(size);
	if (b->data == NULL)
		return -1;
	b->size = size;
	b->policy = policy;
	return 0;
}

void buf_fini(udt_buffer_t *b)
{
	free(b->data);
	b->data = NULL;
	b->size = b->used = 0;
}

static void count_drop(udt_buffer_t *b, int cpu)
{
	if (cpu < 0 || cpu >= BUF_MAX_CPUS)
		cpu = 0;
	b->drops[cpu]++;
}

/* Ring: discard whole entries from the front until need bytes are free. */
static void ring_make_room(udt_buffer_t *b, size_t need)
{
	size_t off = 0;
	while (off < b->used && b->size - (b->used - off) < need) {
		const buf_hdr_t *h = (const buf_hdr_t *)(b->data + off);
		off += sizeof(*h) + ROUND8(h->len);
	}
	if (off > 0) {
		memmove(b->data, b->data + off, b->used - off);
		b->used -= off;
	}
}

int buf_room(udt_buffer_t *b, size_t need, int cpu)
{
	if (b->data == NULL || need > b->size) {
		count_drop(b, cpu);
		return -1;
	}
	if (b->size - b->used < need && b->policy != UDT_BUF_RING) {
		if (b->policy == UDT_BUF_FILL)
			b->filled = 1;
		count_drop(b, cpu);
		return -1;
	}
	return 0;
}

int buf_put(udt_buffer_t *b, uint32_t epid, int cpu, uint32_t kind,
    uint64_t ts, const void *data, size_t len)
{
	size_t need = sizeof(buf_hdr_t) + ROUND8(len);
	if (b->data == NULL || need > b->size) {
		count_drop(b, cpu);
		return -1;
	}
	if (b->size - b->used < need) {
		if (b->policy == UDT_BUF_RING) {
			ring_make_room(b, need);
		} else {
			if (b->policy == UDT_BUF_FILL)
				b->filled = 1;
			count_drop(b, cpu);
			return -1;
		}
	}
	buf_hdr_t *h = (buf_hdr_t *)(b->data + b->used);
	h->epid = epid;
	h->len = (uint32_t)len;
	h->cpu = cpu;
	h->kind = kind;
	h->ts = ts;
	unsigned char *d = (unsigned char *)(h + 1);
	if (len)
		memcpy(d, data, len);
	memset(d + len, 0, ROUND8(len) - len);
	b->used += need;
	return 0;
}

static int ts_order(const void *a, const void *b)
{
	const buf_hdr_t *x = *(const buf_hdr_t *const *)a;
	const buf_hdr_t *y = *(const buf_hdr_t *const *)b;
	if (x->ts != y->ts)
		return x->ts < y->ts ? -1 : 1;
	/* the same time: the order they were recorded in */
	return x < y ? -1 : x > y;
}

int buf_drain_sorted(udt_buffer_t *b,
    void (*fn)(void *arg, const buf_hdr_t *h, const void *data), void *arg)
{
	size_t n = 0, off;
	for (off = 0; off < b->used; n++)
		off += sizeof(buf_hdr_t) +
		    ROUND8(((const buf_hdr_t *)(b->data + off))->len);
	const buf_hdr_t **v = malloc((n + 1) * sizeof(*v));
	if (v == NULL)
		return -1;
	n = 0;
	for (off = 0; off < b->used; n++) {
		v[n] = (const buf_hdr_t *)(b->data + off);
		off += sizeof(buf_hdr_t) + ROUND8(v[n]->len);
	}
	qsort(v, n, sizeof(*v), ts_order);
	for (size_t i = 0; i < n; i++)
		fn(arg, v[i], v[i] + 1);
	free(v);
	b->used = 0;
	return 0;
}

void buf_drain(udt_buffer_t *b,
    void (*fn)(void *arg, const buf_hdr_t *h, const void *data), void *arg)
{
	size_t off = 0;
	while (off < b->used) {
		const buf_hdr_t *h = (const buf_hdr_t *)(b->data + off);
		fn(arg, h, h + 1);
		off += sizeof(*h) + ROUND8(h->len);
	}
	b->used = 0;
}

void buf_report_drops(udt_buffer_t *b, FILE *errfp, int droptags)
{
	for (int cpu = 0; cpu < BUF_MAX_CPUS; cpu++) {
		uint64_t n = b->drops[cpu];
		if (n == 0)
			continue;
		fprintf(errfp, "%s: %s%llu drop%s on CPU %d\n", UDT_PROGNAME,
		    droptags ? "[DTRACEDROP_PRINCIPAL] " : "",
		    (unsigned long long)n, n == 1 ? "" : "s", cpu);
		b->drops[cpu] = 0;
	}
}
