/*
 * idtab.h — a provider's own record for each of its probes, found by
 * probe id (ids start at 1 and stay small and dense: the registry hands
 * them out in order).
 *
 * Owns: the growing array and its bounds. Must not: own the records (the
 * provider frees what it stored) or be used on a hit path that cannot
 * tolerate a NULL (an id never set reads as NULL).
 * Invariant: v[id - 1] is the record set for id, or NULL; n is the
 * capacity, so a loop over 0..n-1 sees every record (and NULLs).
 */
#ifndef UDTRACE_CONSUMER_IDTAB_H
#define UDTRACE_CONSUMER_IDTAB_H

#include <stddef.h>
#include <stdint.h>

typedef struct idtab {
	void **v;
	size_t n;
} idtab_t;

static inline void *idtab_get(const idtab_t *t, uint32_t id)
{
	return id != 0 && id <= t->n ? t->v[id - 1] : NULL;
}

/* Store rec for id (growing the table). 0, or -1 out of memory. */
int idtab_set(idtab_t *t, uint32_t id, void *rec);
/* Free the array (not the records). */
void idtab_free(idtab_t *t);

#endif /* UDTRACE_CONSUMER_IDTAB_H */
