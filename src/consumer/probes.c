/*
 * probes.c — the probe registry and D's probe-description globbing.
 *
 * Owns: probe and provider storage, ids, matching a d_pdesc_t.
 * Must not: allocate after tracing has started except when a provider
 * creates probes on demand (enable time, never in a probe firing).
 * Invariant: probes[] is indexed by id - 1 and only grows.
 */
#include "probes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void probe_reg_init(probe_reg_t *r)
{
	memset(r, 0, sizeof(*r));
}

void probe_reg_fini(probe_reg_t *r)
{
	for (size_t i = 0; i < r->nprobes; i++) {
		udt_probe_t *p = r->probes[i];
		free(p->prov); free(p->mod); free(p->func); free(p->name);
		free(p);
	}
	free(r->probes);
	memset(r, 0, sizeof(*r));
}

udt_provider_t *probe_add_provider(probe_reg_t *r, const char *name,
    const udt_provider_ops_t *ops, void *arg)
{
	if (r->nproviders == PROBE_MAX_PROVIDERS)
		return NULL;
	udt_provider_t *pv = &r->providers[r->nproviders++];
	snprintf(pv->name, sizeof(pv->name), "%s", name);
	pv->ops = ops;
	pv->arg = arg;
	return pv;
}

udt_probe_t *probe_create(probe_reg_t *r, udt_provider_t *pv,
    const char *mod, const char *func, const char *name)
{
	if (r->nprobes == r->cap) {
		size_t ncap = r->cap ? r->cap * 2 : 64;
		udt_probe_t **np = realloc(r->probes, ncap * sizeof(*np));
		if (np == NULL)
			return NULL;
		r->probes = np;
		r->cap = ncap;
	}
	udt_probe_t *p = calloc(1, sizeof(*p));
	if (p == NULL)
		return NULL;
	p->prov = strdup(pv->name);
	p->mod = strdup(mod);
	p->func = strdup(func);
	p->name = strdup(name);
	if (!p->prov || !p->mod || !p->func || !p->name) {
		free(p->prov); free(p->mod); free(p->func); free(p->name);
		free(p);
		return NULL;
	}
	p->provider = pv;
	r->probes[r->nprobes++] = p;
	p->id = (uint32_t)r->nprobes;
	return p;
}

udt_probe_t *probe_by_id(const probe_reg_t *r, uint32_t id)
{
	if (id == 0 || id > r->nprobes)
		return NULL;
	return r->probes[id - 1];
}

udt_probe_t *probe_lookup(const probe_reg_t *r, const char *prov,
    const char *mod, const char *func, const char *name)
{
	for (size_t i = 0; i < r->nprobes; i++) {
		udt_probe_t *p = r->probes[i];
		if (strcmp(p->prov, prov) == 0 && strcmp(p->mod, mod) == 0 &&
		    strcmp(p->func, func) == 0 && strcmp(p->name, name) == 0)
			return p;
	}
	return NULL;
}

/*
 * Match one bracket expression at *pp against c. Returns 1/0 and leaves
 * *pp after the closing ']', or -1 when there is no closing ']' (then
 * '[' is an ordinary character).
 */
static int glob_class(const char **pp, unsigned char c)
{
	const char *p = *pp + 1;
	int neg = 0, hit = 0;
	if (*p == '!') {
		neg = 1;
		p++;
	}
	int first = 1;
	while (*p && (*p != ']' || first)) {
		unsigned char lo = (unsigned char)*p, hi;
		if (lo == '\\' && p[1])
			lo = (unsigned char)*++p;
		p++;
		hi = lo;
		if (*p == '-' && p[1] && p[1] != ']') {
			p++;
			hi = (unsigned char)*p;
			if (hi == '\\' && p[1])
				hi = (unsigned char)*++p;
			p++;
		}
		if (c >= lo && c <= hi)
			hit = 1;
		first = 0;
	}
	if (*p != ']')
		return -1;
	*pp = p + 1;
	return hit != neg;
}

int probe_glob(const char *pat, const char *s)
{
	if (*pat == '\0')
		return 1;
	/* Backtracking point of the last '*': linear in practice. */
	const char *star_p = NULL, *star_s = NULL;
	for (;;) {
		if (*pat == '*') {
			while (*pat == '*')
				pat++;
			star_p = pat;
			star_s = s;
			continue;
		}
		if (*s == '\0') {
			if (*pat == '\0')
				return 1;
			return 0;
		}
		int ok;
		const char *np = pat;
		if (*pat == '\0') {
			ok = 0;
		} else if (*pat == '?') {
			ok = 1;
			np = pat + 1;
		} else if (*pat == '[') {
			ok = glob_class(&np, (unsigned char)*s);
			if (ok < 0) {
				ok = (*s == '[');
				np = pat + 1;
			}
		} else if (*pat == '\\' && pat[1]) {
			ok = (pat[1] == *s);
			np = pat + 2;
		} else {
			ok = (*pat == *s);
			np = pat + 1;
		}
		if (ok) {
			pat = np;
			s++;
			continue;
		}
		if (star_p == NULL)
			return 0;
		pat = star_p;
		s = ++star_s;
	}
}

int probe_glob_is_pattern(const char *pat)
{
	return strpbrk(pat, "*?[\\") != NULL;
}

int probe_match(const d_pdesc_t *d, const udt_probe_t *p)
{
	if (d->id != 0)
		return d->id == p->id;
	if (p->provider != NULL && p->provider->ops != NULL &&
	    p->provider->ops->match != NULL)
		return p->provider->ops->match(p->provider, d, p);
	return probe_glob(d->prov, p->prov) && probe_glob(d->mod, p->mod) &&
	    probe_glob(d->func, p->func) && probe_glob(d->name, p->name);
}

int probe_provide(probe_reg_t *r, const d_pdesc_t *d)
{
	if (d->id != 0)
		return 0;
	for (size_t i = 0; i < r->nproviders; i++) {
		udt_provider_t *pv = &r->providers[i];
		if (pv->ops && pv->ops->provide && probe_glob(d->prov, pv->name) &&
		    pv->ops->provide(r, pv, d) != 0)
			return -1;
	}
	return 0;
}

size_t probe_iter(probe_reg_t *r, const d_pdesc_t *d,
    int (*fn)(udt_probe_t *p, void *arg), void *arg)
{
	size_t n = 0;
	for (size_t i = 0; i < r->nprobes; i++) {
		udt_probe_t *p = r->probes[i];
		if (!probe_match(d, p))
			continue;
		n++;
		if (fn && fn(p, arg) != 0)
			break;
	}
	return n;
}

void probe_desc_str(const d_pdesc_t *d, char *buf, size_t len)
{
	/* as dtrace: an id description's fields are empty (":::") */
	snprintf(buf, len, "%s:%s:%s:%s", d->prov, d->mod, d->func, d->name);
}
