/*
 * site.c — the (process, address) records of planted pid sites (see
 * providers/site.h).
 *
 * Owns: the chained hash and its growth. Must not: be used while firing
 * except through a record the hit already carries (the cookie).
 * Invariant: records are separately allocated and never move; growth
 * rehashes pointers only.
 */
#include "providers/site.h"

#include <stdlib.h>
#include <string.h>

static size_t slot(const pidsite_tab_t *tab, const struct udt_tproc *t,
    uint64_t addr)
{
	uint64_t k = addr ^ ((uint64_t)(uintptr_t)t * 0x9e3779b97f4a7c15ULL);
	k ^= k >> 29;
	k *= 0xbf58476d1ce4e5b9ULL;
	k ^= k >> 32;
	return (size_t)(k & (tab->nb - 1));
}

pidsite_t *pidsite_find(pidsite_tab_t *tab, const struct udt_tproc *t,
    uint64_t addr)
{
	if (tab->nb == 0)
		return NULL;
	for (pidsite_t *s = tab->b[slot(tab, t, addr)]; s != NULL; s = s->hnext)
		if (s->t == t && s->site.addr == addr)
			return s;
	return NULL;
}

static int grow(pidsite_tab_t *tab)
{
	size_t nb = tab->nb ? tab->nb * 2 : 256;
	pidsite_t **b = calloc(nb, sizeof(*b));
	if (b == NULL)
		return -1;
	pidsite_tab_t nt = { b, nb, tab->n };
	for (size_t i = 0; i < tab->nb; i++) {
		pidsite_t *s = tab->b[i];
		while (s != NULL) {
			pidsite_t *next = s->hnext;
			size_t k = slot(&nt, s->t, s->site.addr);
			s->hnext = b[k];
			b[k] = s;
			s = next;
		}
	}
	free(tab->b);
	*tab = nt;
	return 0;
}

pidsite_t *pidsite_get(pidsite_tab_t *tab, struct udt_tproc *t,
    uint64_t addr)
{
	pidsite_t *s = pidsite_find(tab, t, addr);
	if (s != NULL)
		return s;
	if (tab->n + 1 > tab->nb && grow(tab) != 0)
		return NULL;
	if ((s = calloc(1, sizeof(*s))) == NULL)
		return NULL;
	s->t = t;
	s->site.addr = addr;
	s->site.cookie = s;
	size_t k = slot(tab, t, addr);
	s->hnext = tab->b[k];
	tab->b[k] = s;
	tab->n++;
	return s;
}

int pidsite_add(pidsite_t *s, struct udt_probe *p, int kind,
    uint64_t insn_off)
{
	for (size_t i = 0; i < s->nents; i++)
		if (s->ents[i].probe == p)
			return 0;
	if (s->nents == s->cap) {
		size_t ncap = s->cap ? s->cap * 2 : 2;
		pidsite_ent_t *ne = realloc(s->ents, ncap * sizeof(*ne));
		if (ne == NULL)
			return -1;
		s->ents = ne;
		s->cap = ncap;
	}
	s->ents[s->nents++] = (pidsite_ent_t){ p, kind, insn_off };
	return 0;
}

static void free_site(pidsite_t *s)
{
	/* pid.c's in-target program: one allocation, the kagg first */
	free((void *)(uintptr_t)s->site.kagg);
	free(s->ents);
	free(s);
}

void pidsite_drop_proc(pidsite_tab_t *tab, const struct udt_tproc *t)
{
	for (size_t i = 0; i < tab->nb; i++) {
		pidsite_t **pp = &tab->b[i];
		while (*pp != NULL) {
			pidsite_t *s = *pp;
			if (s->t == t) {
				*pp = s->hnext;
				free_site(s);
				tab->n--;
			} else {
				pp = &s->hnext;
			}
		}
	}
}

void pidsite_fini(pidsite_tab_t *tab)
{
	for (size_t i = 0; i < tab->nb; i++) {
		pidsite_t *s = tab->b[i];
		while (s != NULL) {
			pidsite_t *next = s->hnext;
			free_site(s);
			s = next;
		}
	}
	free(tab->b);
	memset(tab, 0, sizeof(*tab));
}
