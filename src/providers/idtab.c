/*
 * idtab.c — growing the probe-id table of idtab.h.
 *
 * Owns: allocation of the array. Must not: touch the records.
 * Invariant: capacity grows by doubling from 256, new slots are NULL.
 */
#include "providers/idtab.h"

#include <stdlib.h>
#include <string.h>

int idtab_set(idtab_t *t, uint32_t id, void *rec)
{
	if (id == 0)
		return -1;
	if (id > t->n) {
		size_t n = t->n ? t->n : 256;
		while (n < id)
			n *= 2;
		void **nv = realloc(t->v, n * sizeof(*nv));
		if (nv == NULL)
			return -1;
		memset(nv + t->n, 0, (n - t->n) * sizeof(*nv));
		t->v = nv;
		t->n = n;
	}
	t->v[id - 1] = rec;
	return 0;
}

void idtab_free(idtab_t *t)
{
	free(t->v);
	t->v = NULL;
	t->n = 0;
}
