/*
 * spec.c — speculative tracing (see spec.h).
 *
 * Owns: the speculation state machine. It follows DTrace's, with one
 * buffer per id instead of one per CPU (this consumer records on one
 * thread): a commit or discard by the CPU that alone speculated frees
 * the id at once; an id committed or discarded before anything was
 * speculated into it (discard only), or with data from another or from
 * several CPUs, stays busy until the next clean (cleanrate). That is
 * what makes "(available buffer(s) still busy)" possible.
 * A commit copies the data into the principal buffer at once, so it
 * prints just after the committing clause's own (empty) line.
 * Must not: allocate after spec_init; print anything but spec_report.
 * Invariant: s->nbusy counts the ids in COMMITTING or DISCARDING.
 */
#include "spec.h"
#include "udtrace/dif.h"
#include "udtrace/udtrace.h"

#include <stdlib.h>
#include <string.h>

#define ROUND8(n) (((n) + 7) & ~(size_t)7)

int spec_init(udt_specs_t *s, uint32_t nspec, uint64_t specsize)
{
	memset(s, 0, sizeof(*s));
	if (nspec == 0)
		return 0;
	size_t size = (size_t)specsize;
	if ((uint64_t)size != specsize || size > SIZE_MAX / nspec)
		return -1;
	s->specs = calloc(nspec, sizeof(*s->specs));
	if (s->specs == NULL)
		return -1;
	if (size > 0) {
		s->mem = malloc(size * nspec);
		if (s->mem == NULL) {
			free(s->specs);
			s->specs = NULL;
			return -1;
		}
	}
	s->nspec = nspec;
	s->size = size;
	for (uint32_t i = 0; i < nspec; i++)
		s->specs[i].data = s->mem ? s->mem + (size_t)i * size : NULL;
	return 0;
}

void spec_fini(udt_specs_t *s)
{
	free(s->specs);
	free(s->mem);
	memset(s, 0, sizeof(*s));
}

int spec_illegal(const udt_specs_t *s, uint64_t id)
{
	return id > s->nspec;
}

static int is_busy(int state)
{
	return state == SPEC_COMMITTING || state == SPEC_DISCARDING;
}

static int is_active(int state)
{
	return state == SPEC_ACTIVE || state == SPEC_ACTIVEONE ||
	    state == SPEC_ACTIVEMANY;
}

uint64_t spec_alloc(udt_specs_t *s)
{
	for (uint32_t i = 0; i < s->nspec; i++) {
		if (s->specs[i].state == SPEC_INACTIVE) {
			s->specs[i].state = SPEC_ACTIVE;
			s->specs[i].used = 0;
			return (uint64_t)i + 1;
		}
	}
	if (s->nbusy > 0)
		s->busy++;
	else
		s->unavail++;
	return 0;
}

uint64_t spec_hit_cb(void *arg)
{
	return spec_alloc(arg);
}

int spec_check_cb(void *arg, uint64_t id, int rspec)
{
	udt_specs_t *s = arg;
	id = (uint32_t)id;
	if (rspec != DIF_RSPEC_SPECULATE)
		return spec_illegal(s, id) ? -1 : 0;
	if (id == 0 || spec_illegal(s, id))
		return 1;
	udt_spec_t *sp = &s->specs[id - 1];
	if (!is_active(sp->state))
		return 1;
	/*
	 * dtrace_speculation_buffer() claims the id; then the clause's whole
	 * entry is reserved in it, and when that fails (a speculative drop)
	 * CPU_DTRACE_DROP ends the clause: nothing after speculate( ) runs.
	 */
	spec_claim(s, id, s->cur_cpu);
	if (s->cur_need > s->size - sp->used) {
		s->drops++;
		return 1;
	}
	return 0;
}

void spec_claim(udt_specs_t *s, uint64_t id, int cpu)
{
	if (id == 0 || spec_illegal(s, id))
		return;
	udt_spec_t *sp = &s->specs[id - 1];
	/* The id now holds data from this CPU (or from several). */
	if (sp->state == SPEC_ACTIVE) {
		sp->state = SPEC_ACTIVEONE;
		sp->cpu = cpu;
	} else if (sp->state == SPEC_ACTIVEONE && sp->cpu != cpu) {
		sp->state = SPEC_ACTIVEMANY;
	}
}

int spec_put(udt_specs_t *s, uint64_t id, uint32_t epid, int cpu,
    uint32_t kind, uint64_t ts, const void *data, size_t len)
{
	if (spec_illegal(s, id))
		return SPEC_ILLOP;
	if (id == 0)
		return SPEC_IGNORED;
	udt_spec_t *sp = &s->specs[id - 1];
	if (!is_active(sp->state))
		return SPEC_IGNORED;
	spec_claim(s, id, cpu);
	size_t need = sizeof(buf_hdr_t) + ROUND8(len);
	if (need > s->size - sp->used) {
		s->drops++;
		return SPEC_DROPPED;
	}
	buf_hdr_t h = { epid, (uint32_t)len, cpu, kind, ts };
	memcpy(sp->data + sp->used, &h, sizeof(h));
	unsigned char *d = sp->data + sp->used + sizeof(h);
	if (len)
		memcpy(d, data, len);
	memset(d + len, 0, ROUND8(len) - len);
	sp->used += need;
	return SPEC_OK;
}

/*
 * Leave the id after commit/discard: free now, or (the caller set
 * COMMITTING or DISCARDING) busy until the clean.
 */
static void release(udt_specs_t *s, udt_spec_t *sp, int now)
{
	sp->used = 0;
	if (now)
		sp->state = SPEC_INACTIVE;
	else
		s->nbusy++;
}

int spec_commit(udt_specs_t *s, uint64_t id, int cpu, uint64_t ts,
    udt_buffer_t *dest)
{
	if (spec_illegal(s, id))
		return SPEC_ILLOP;
	if (id == 0)
		return SPEC_IGNORED;
	udt_spec_t *sp = &s->specs[id - 1];
	if (!is_active(sp->state))
		return SPEC_IGNORED;
	size_t off = 0;
	while (off < sp->used) {
		buf_hdr_t h;
		memcpy(&h, sp->data + off, sizeof(h));
		(void)buf_put(dest, h.epid, h.cpu, h.kind, ts,
		    sp->data + off + sizeof(h), h.len);
		off += sizeof(h) + ROUND8(h.len);
	}
	/*
	 * Nothing speculated, or all of it by this CPU: free at once. An id
	 * claimed by a speculate() that stored nothing (dropped, or its
	 * clause faulted) is ACTIVEONE with this CPU's buffer empty, which
	 * dtrace_speculation_commit() takes for another CPU's data: busy.
	 */
	int now = sp->state == SPEC_ACTIVE ||
	    (sp->state == SPEC_ACTIVEONE && sp->cpu == cpu && sp->used > 0);
	if (!now)
		sp->state = SPEC_COMMITTING;
	release(s, sp, now);
	return SPEC_OK;
}

int spec_discard(udt_specs_t *s, uint64_t id, int cpu)
{
	if (spec_illegal(s, id))
		return SPEC_ILLOP;
	if (id == 0)
		return SPEC_IGNORED;
	udt_spec_t *sp = &s->specs[id - 1];
	if (!is_active(sp->state))
		return SPEC_IGNORED;
	/* Only data of this CPU alone (there is some) goes on the spot. */
	int now = sp->state == SPEC_ACTIVEONE && sp->cpu == cpu &&
	    sp->used > 0;
	if (!now)
		sp->state = SPEC_DISCARDING;
	release(s, sp, now);
	return SPEC_OK;
}

void spec_clean(udt_specs_t *s)
{
	if (s->nbusy == 0)
		return;
	for (uint32_t i = 0; i < s->nspec; i++)
		if (is_busy(s->specs[i].state))
			s->specs[i].state = SPEC_INACTIVE;
	s->nbusy = 0;
}

static void report(FILE *fp, const char *tag, uint64_t n, const char *what,
    const char *why)
{
	if (n == 0)
		return;
	fprintf(fp, "%s: %s%llu %s%s%s\n", UDT_PROGNAME, tag,
	    (unsigned long long)n, what, n == 1 ? "" : "s", why);
}

void spec_report(udt_specs_t *s, FILE *errfp, int droptags)
{
	report(errfp, droptags ? "[DTRACEDROP_SPEC] " : "", s->drops,
	    "speculative drop", "");
	report(errfp, droptags ? "[DTRACEDROP_SPECBUSY] " : "", s->busy,
	    "failed speculation", " (available buffer(s) still busy)");
	report(errfp, droptags ? "[DTRACEDROP_SPECUNAVAIL] " : "", s->unavail,
	    "failed speculation", " (no speculative buffer available)");
	s->drops = s->busy = s->unavail = 0;
}
