/*
 * sema.c — USDT semaphores (is-enabled probes) in a traced process: the
 * 2-byte counters <sys/sdt.h> programs test before evaluating a probe's
 * arguments, incremented while udtrace enables a probe there.
 *
 * Owns: the per-process list of the counters udtrace incremented.
 * Must not: go through the patch table: a counter is not restored to a
 * saved value but decremented, so that another tracer's increments made
 * meanwhile (a kernel uprobe's ref_ctr, a second udtrace) survive us.
 * Invariant: each (process, address) is incremented at most once and
 * decremented exactly once (proc_sema_release, from proc_release or
 * proc_kill); after an exec the list is forgotten (the memory is new),
 * and a fork child gets a copy, because its memory holds our increment
 * too.
 */
#include "proc/proc_impl.h"
#include "proc/watchdog.h"

#include <stdlib.h>
#include <string.h>

static int sema_known(const udt_proc_t *p, uint64_t addr)
{
	for (size_t i = 0; i < p->nsema; i++)
		if (p->sema[i] == addr)
			return 1;
	return 0;
}

int proc_sema_inc(udt_proc_t *p, uint64_t addr)
{
	uint16_t v;
	if (addr == 0)
		return 0;
	if (sema_known(p, addr))
		return 0;
	if (p->nsema == p->capsema) {
		size_t n = p->capsema ? p->capsema * 2 : 8;
		uint64_t *ns = realloc(p->sema, n * sizeof(*ns));
		if (ns == NULL)
			return -1;
		p->sema = ns;
		p->capsema = n;
	}
	if (proc_read_raw(p, addr, &v, sizeof(v)) != 0)
		return -1;
	if (v == UINT16_MAX)
		return 0;   /* saturated: the probe is enabled anyway */
	v++;
	if (proc_write(p, addr, &v, sizeof(v)) != 0)
		return -1;
	p->sema[p->nsema++] = addr;
	wd_note_sema(p->pid, p->start, addr);
	return 0;
}

void proc_sema_release(udt_proc_t *p)
{
	for (size_t i = 0; i < p->nsema; i++) {
		uint16_t v;
		wd_note_unsema(p->pid, p->start, p->sema[i]);
		if (proc_read_raw(p, p->sema[i], &v, sizeof(v)) != 0 || v == 0)
			continue;
		v--;
		(void)proc_write(p, p->sema[i], &v, sizeof(v));
	}
	p->nsema = 0;
}

void proc_sema_forget(udt_proc_t *p)
{
	for (size_t i = 0; i < p->nsema; i++)
		wd_note_unsema(p->pid, p->start, p->sema[i]);
	p->nsema = 0;
}

int proc_sema_copy(udt_proc_t *dst, const udt_proc_t *src)
{
	if (src->nsema == 0)
		return 0;
	dst->sema = malloc(src->nsema * sizeof(*dst->sema));
	if (dst->sema == NULL)
		return -1;
	memcpy(dst->sema, src->sema, src->nsema * sizeof(*dst->sema));
	dst->nsema = dst->capsema = src->nsema;
	for (size_t i = 0; i < dst->nsema; i++)
		wd_note_sema(dst->pid, dst->start, dst->sema[i]);
	return 0;
}

size_t proc_sema_count(const udt_proc_t *p)
{
	return p->nsema;
}
