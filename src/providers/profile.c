/*
 * profile.c — the profile provider: tick-N[unit] and
 * profile-N[unit] timer probes.
 *
 * Owns: parsing timer probe names into periods, the probes DTrace lists
 * before anything asks for them, and creating others on demand.
 * Must not: keep time or fire; the consumer loop (loop.c) schedules
 * every enabled probe with period_ns != 0.
 * Invariant: a timer probe exists only if its period is >= 200us.
 */
#include "consumer/probes.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define PROFILE_MIN_NS 200000ULL

static const struct { const char *sfx; uint64_t ns; } units[] = {
	{ "ns", 1 }, { "nsec", 1 },
	{ "us", 1000ULL }, { "usec", 1000ULL },
	{ "ms", 1000000ULL }, { "msec", 1000000ULL },
	{ "s", 1000000000ULL }, { "sec", 1000000000ULL },
	{ "m", 60000000000ULL }, { "min", 60000000000ULL },
	{ "h", 3600000000000ULL }, { "hour", 3600000000000ULL },
	{ "d", 86400000000000ULL }, { "day", 86400000000000ULL },
	{ "hz", 0 }, { "", 0 },
};

uint64_t provider_profile_period(const char *name, int *per_cpu)
{
	const char *s;
	int pc;
	if (strncmp(name, "tick-", 5) == 0) {
		s = name + 5;
		pc = 0;
	} else if (strncmp(name, "profile-", 8) == 0) {
		s = name + 8;
		pc = 1;
	} else {
		return 0;
	}
	if (!isdigit((unsigned char)*s))
		return 0;
	errno = 0;
	char *end;
	unsigned long long n = strtoull(s, &end, 10);
	if (errno != 0 || n == 0)
		return 0;
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strcmp(end, units[i].sfx) != 0)
			continue;
		uint64_t ns;
		if (units[i].ns == 0) {          /* a rate */
			ns = 1000000000ULL / n;
		} else {
			if (n > UINT64_MAX / units[i].ns)
				return 0;
			ns = n * units[i].ns;
		}
		if (ns < PROFILE_MIN_NS)
			return 0;
		if (per_cpu)
			*per_cpu = pc;
		return ns;
	}
	return 0;
}

static udt_probe_t *timer_create(probe_reg_t *r, udt_provider_t *pv,
    const char *name)
{
	int pc = 0;
	uint64_t ns = provider_profile_period(name, &pc);
	if (ns == 0)
		return NULL;
	udt_probe_t *p = probe_create(r, pv, "", "", name);
	if (p) {
		p->period_ns = ns;
		p->per_cpu = pc;
	}
	return p;
}

static int profile_provide(probe_reg_t *r, udt_provider_t *pv,
    const d_pdesc_t *d)
{
	/* Only a literal name can create a probe; globs match what exists. */
	if (d->name[0] == '\0' || probe_glob_is_pattern(d->name))
		return 0;
	if (!probe_glob(d->mod, "") || !probe_glob(d->func, ""))
		return 0;
	if (probe_lookup(r, pv->name, "", "", d->name) != NULL)
		return 0;
	if (provider_profile_period(d->name, NULL) == 0)
		return 0;
	return timer_create(r, pv, d->name) ? 0 : -1;
}

/* provider, module, function, name, args: illumos profile_attr in uts/common/dtrace/profile.c */
static const d_pattr_t profile_attr = {
	{ D_STAB_EVOLVING, D_STAB_EVOLVING, D_CLASS_COMMON },
	{ D_STAB_UNSTABLE, D_STAB_UNSTABLE, D_CLASS_UNKNOWN },
	{ D_STAB_PRIVATE, D_STAB_PRIVATE, D_CLASS_UNKNOWN },
	{ D_STAB_EVOLVING, D_STAB_EVOLVING, D_CLASS_COMMON },
	{ D_STAB_EVOLVING, D_STAB_EVOLVING, D_CLASS_COMMON },
};

static const udt_provider_ops_t profile_ops = {
	profile_provide, NULL, NULL, NULL, &profile_attr
};

int provider_profile_register(probe_reg_t *r)
{
	static const char *const premade[] = {
		"profile-97", "profile-199", "profile-499", "profile-997",
		"profile-1999", "profile-4001", "profile-4999",
		"tick-1", "tick-10", "tick-100", "tick-500", "tick-1000",
		"tick-5000", "tick-1sec", "tick-10sec",
	};
	udt_provider_t *pv = probe_add_provider(r, "profile", &profile_ops, NULL);
	if (pv == NULL)
		return -1;
	for (size_t i = 0; i < sizeof(premade) / sizeof(premade[0]); i++)
		if (timer_create(r, pv, premade[i]) == NULL)
			return -1;
	return 0;
}
