/*
 * xlate.c — where DTrace's process translators meet the emulator:
 * curpsinfo, curlwpsinfo, curcpu, fds[], and the psinfo_t / lwpsinfo_t
 * that the proc provider's args[] point to.
 *
 * How the values reach DIF: illumos evaluates a translator member by
 * member from kernel structures; udtrace has no kernel to read, so the
 * consumer reads /proc instead and hands the emulator whole structures
 * laid out as include/udtrace/procfs.h (and src/d/xltypes.c declares to
 * D). The emulator owns a fixed region of slots, allocated once with the
 * state and loadable (never storable) by DIF. The first use of such an
 * object in a firing picks a slot, zeroes it, and asks the consumer
 * (dif_hit_t.xlate) to fill it; later uses in the same firing — any
 * clause — find the slot again by (kind, id) and read what was filled, so
 * a firing sees one consistent snapshot and /proc is read once per object
 * and firing, and only by programs that name these variables. The value
 * DIF gets is the slot's address: an ordinary D pointer (or, for fds[],
 * a by-reference struct) whose members load through dif_canload.
 *
 * Must not: allocate after dif_xl_init, or do I/O (the consumer's
 * callback does; the emulator only decides when to ask).
 * Invariant: a slot of the current generation holds exactly the object
 * its (kind, id) names; each kind has XL_SLOTS slots, reused round-robin
 * within a firing, so a program naming more than XL_SLOTS objects of one
 * kind in one firing sees older ones refilled (documented in the README).
 */
#include <stdlib.h>
#include <string.h>
#include "dif/emu_impl.h"
#include "udtrace/procfs.h"

static const size_t xl_size[UDT_XL_NKINDS] = {
	[UDT_XL_PSINFO] = sizeof(udt_psinfo_t),
	[UDT_XL_LWPSINFO] = sizeof(udt_lwpsinfo_t),
	[UDT_XL_FILEINFO] = sizeof(udt_fileinfo_t),
	[UDT_XL_CPUINFO] = sizeof(udt_cpuinfo_t),
	[UDT_XL_CWD] = UDT_PATHSZ,
	[UDT_XL_ROOT] = UDT_PATHSZ,
	[UDT_XL_SIGINFO] = sizeof(udt_siginfo_t),
};

#define ROUND16(x) (((x) + 15) & ~(size_t)15)

int dif_xl_init(dif_xl_t *xl)
{
	size_t total = 0;
	for (int k = 0; k < UDT_XL_NKINDS; k++)
		total += XL_SLOTS * ROUND16(xl_size[k]);
	xl->mem = calloc(1, total);
	if (xl->mem == NULL)
		return -1;
	xl->len = total;
	size_t off = 0;
	for (int k = 0; k < UDT_XL_NKINDS; k++)
		for (int i = 0; i < XL_SLOTS; i++) {
			xl->slot[k][i].buf = xl->mem + off;
			off += ROUND16(xl_size[k]);
		}
	xl->gen = 1;
	return 0;
}

void dif_xl_fini(dif_xl_t *xl)
{
	free(xl->mem);
	xl->mem = NULL;
}

void dif_xl_firing(dif_xl_t *xl)
{
	/* a new generation invalidates every slot at once */
	if (++xl->gen == 0)
		xl->gen = 1;
}

uint64_t dif_xl_get(dif_state_t *st, const dif_hit_t *h, int kind, int64_t id)
{
	dif_xl_t *xl = &st->xl;
	dif_xlslot_t *s = xl->slot[kind];
	for (int i = 0; i < XL_SLOTS; i++)
		if (s[i].gen == xl->gen && s[i].id == id)
			return dif_ptr(s[i].buf);
	dif_xlslot_t *n = &s[xl->next[kind]];
	xl->next[kind] = (xl->next[kind] + 1) % XL_SLOTS;
	memset(n->buf, 0, xl_size[kind]);
	if (h != NULL && h->xlate != NULL)
		h->xlate(h->xlate_arg, kind, id, n->buf, xl_size[kind]);
	n->gen = xl->gen;
	n->id = id;
	return dif_ptr(n->buf);
}
