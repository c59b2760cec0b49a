/*
 * patch.c — the patch table of decision 4: every byte udtrace writes into
 * a target's own memory, with the byte that was there before.
 *
 * Owns: recording originals, writing patches, restoring them.
 * Must not: decide what to patch (the backend does) or restore anything
 * after an exec (the image the bytes belonged to is gone).
 * Invariant: an address is in the table iff udtrace has written it since
 * the image began and not yet restored it; its entry holds the byte the
 * program had before the first such write, so patching twice and
 * restoring once gives the program its own byte back. The table is
 * per byte, in an open-addressing hash so tens of thousands of probes
 * patch and look up in constant time.
 */
#include "proc/proc_impl.h"
#include "proc/watchdog.h"

#include <stdlib.h>
#include <string.h>

static size_t slot_of(const udt_proc_t *p, uint64_t addr)
{
	return (size_t)((addr * 0x9E3779B97F4A7C15ull) >> 20) & (p->pcap - 1);
}

int proc_patch_find(const udt_proc_t *p, uint64_t addr, uint8_t *orig)
{
	if (p->pcount == 0)
		return 0;
	for (size_t i = slot_of(p, addr);; i = (i + 1) & (p->pcap - 1)) {
		if (!p->ptab[i].full)
			return 0;
		if (p->ptab[i].addr == addr) {
			if (orig)
				*orig = p->ptab[i].orig;
			return 1;
		}
	}
}

static int grow(udt_proc_t *p)
{
	size_t ncap = p->pcap ? p->pcap * 2 : 256;
	proc_pslot_t *old = p->ptab, *nt = calloc(ncap, sizeof(*nt));
	size_t ocap = p->pcap;
	if (!nt)
		return -1;
	p->ptab = nt;
	p->pcap = ncap;
	for (size_t i = 0; i < ocap; i++) {
		if (!old[i].full)
			continue;
		size_t j = slot_of(p, old[i].addr);
		while (nt[j].full)
			j = (j + 1) & (ncap - 1);
		nt[j] = old[i];
	}
	free(old);
	return 0;
}

/* Record orig for addr unless addr is recorded already. 1 added, 0 known, -1 no memory. */
static int insert(udt_proc_t *p, uint64_t addr, uint8_t orig)
{
	if ((p->pcount + 1) * 2 > p->pcap && grow(p) < 0)
		return -1;
	size_t i = slot_of(p, addr);
	for (; p->ptab[i].full; i = (i + 1) & (p->pcap - 1))
		if (p->ptab[i].addr == addr)
			return 0;
	p->ptab[i].addr = addr;
	p->ptab[i].orig = orig;
	p->ptab[i].full = 1;
	p->ptab[i].gidx = guard_note_byte(p, addr, orig);
	wd_note_patch(p->pid, p->start, addr, orig);
	if (p->pcount == 0 || addr < p->pmin)
		p->pmin = addr;
	if (p->pcount == 0 || addr > p->pmax)
		p->pmax = addr;
	p->pcount++;
	return 1;
}

/* Forget addr (linear probing: shift the run back so lookups stay correct). */
static void erase(udt_proc_t *p, uint64_t addr)
{
	if (p->pcount == 0)
		return;
	size_t mask = p->pcap - 1, i = slot_of(p, addr);
	for (;; i = (i + 1) & mask) {
		if (!p->ptab[i].full)
			return;
		if (p->ptab[i].addr == addr)
			break;
	}
	p->ptab[i].full = 0;
	p->pcount--;
	guard_note_dead(p, p->ptab[i].gidx);
	p->ptab[i].gidx = 0;
	wd_note_unpatch(p->pid, p->start, addr);
	for (size_t j = (i + 1) & mask; p->ptab[j].full; j = (j + 1) & mask) {
		size_t home = slot_of(p, p->ptab[j].addr);
		/* Move j into the hole i unless its home lies cyclically in (i, j]. */
		int stay = (i <= j) ? (home > i && home <= j) : (home > i || home <= j);
		if (stay)
			continue;
		p->ptab[i] = p->ptab[j];
		p->ptab[j].full = 0;
		i = j;
	}
}

int proc_patch(udt_proc_t *p, uint64_t addr, const void *bytes, size_t len)
{
	if (len == 0)
		return 0;
	if (p->sharedvm)
		return -1;
	uint8_t stackbuf[64], *cur = len <= sizeof(stackbuf) ? stackbuf : malloc(len);
	char addedbuf[64], *added = len <= sizeof(addedbuf) ? addedbuf : malloc(len);
	int rc = -1;
	if (!cur || !added)
		goto out;
	if (proc_read_raw(p, addr, cur, len) < 0)
		goto out;
	memset(added, 0, len);
	for (size_t i = 0; i < len; i++) {
		int r = insert(p, addr + i, cur[i]);
		if (r < 0)
			goto undo;
		added[i] = (char)r;
	}
	if (proc_write(p, addr, bytes, len) == 0) {
		rc = 0;
		goto out;
	}
undo:
	for (size_t i = 0; i < len; i++)
		if (added[i])
			erase(p, addr + i);
out:
	if (cur != stackbuf)
		free(cur);
	if (added != addedbuf)
		free(added);
	return rc;
}

/* Restore the recorded bytes among addrs (sorted), in contiguous runs. */
static int restore_sorted(udt_proc_t *p, const proc_pslot_t *s, size_t n)
{
	int rc = 0;
	uint8_t run[256];
	size_t i = 0;
	while (i < n) {
		size_t k = 0;
		uint64_t start = s[i].addr;
		while (i < n && k < sizeof(run) && s[i].addr == start + k)
			run[k++] = s[i++].orig;
		if (proc_write(p, start, run, k) < 0)
			rc = -1;
	}
	return rc;
}

static int cmp_slot(const void *a, const void *b)
{
	uint64_t x = ((const proc_pslot_t *)a)->addr, y = ((const proc_pslot_t *)b)->addr;
	return x < y ? -1 : x > y;
}

int proc_unpatch(udt_proc_t *p, uint64_t addr, size_t len)
{
	if (p->pcount == 0 || len == 0)
		return 0;
	proc_pslot_t sb[64], *s = len <= 64 ? sb : malloc(len * sizeof(*s));
	if (!s)
		return -1;
	size_t n = 0;
	for (size_t i = 0; i < len; i++) {
		uint8_t o;
		if (proc_patch_find(p, addr + i, &o)) {
			s[n].addr = addr + i;
			s[n].orig = o;
			s[n].full = 1;
			n++;
		}
	}
	int rc = restore_sorted(p, s, n);
	for (size_t i = 0; i < n; i++)
		erase(p, s[i].addr);
	if (s != sb)
		free(s);
	return rc;
}

void proc_unpatch_all(udt_proc_t *p)
{
	if (p->pcount == 0)
		return;
	proc_pslot_t *s = malloc(p->pcount * sizeof(*s));
	if (s) {
		size_t n = 0;
		for (size_t i = 0; i < p->pcap; i++)
			if (p->ptab[i].full)
				s[n++] = p->ptab[i];
		qsort(s, n, sizeof(*s), cmp_slot);
		restore_sorted(p, s, n);
		free(s);
	} else {
		for (size_t i = 0; i < p->pcap; i++)
			if (p->ptab[i].full)
				proc_write(p, p->ptab[i].addr, &p->ptab[i].orig, 1);
	}
	proc_patch_forget(p);
}

void proc_patch_forget(udt_proc_t *p)
{
	for (size_t i = 0; p->pcount > 0 && i < p->pcap; i++)
		if (p->ptab[i].full)
			wd_note_unpatch(p->pid, p->start, p->ptab[i].addr);
	if (p->ptab)
		memset(p->ptab, 0, p->pcap * sizeof(*p->ptab));
	p->pcount = 0;
	p->pmin = p->pmax = 0;
}

int proc_patch_copy(udt_proc_t *dst, const udt_proc_t *src)
{
	if (src->pcap == 0)
		return 0;
	dst->ptab = malloc(src->pcap * sizeof(*dst->ptab));
	if (!dst->ptab)
		return -1;
	memcpy(dst->ptab, src->ptab, src->pcap * sizeof(*dst->ptab));
	dst->pcap = src->pcap;
	dst->pcount = src->pcount;
	dst->pmin = src->pmin;
	dst->pmax = src->pmax;
	for (size_t i = 0; i < dst->pcap; i++)
		if (dst->ptab[i].full)
			wd_note_patch(dst->pid, dst->start, dst->ptab[i].addr, dst->ptab[i].orig);
	return 0;
}
