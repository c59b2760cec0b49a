/*
 * probes.h — the probe registry: every probe the tracer knows, the
 * providers that create them, and D's probe-description matching.
 *
 * Owns: probe ids (dense, from 1, never reused while the registry
 * lives), the provider table, glob matching of §2.3.
 * Must not: run D or know about buffers; a probe only carries the list
 * of ECBs that the consumer hangs on it.
 * Invariant: registry->probes[id - 1] is the probe with that id, so the
 * hot path finds a probe without searching.
 */
#ifndef UDTRACE_CONSUMER_PROBES_H
#define UDTRACE_CONSUMER_PROBES_H

#include <stdint.h>
#include <stddef.h>
#include "program.h"

struct udt_ecb;
struct probe_reg;
struct udt_provider;

typedef struct udt_probe {
	uint32_t id;
	char *prov, *mod, *func, *name;      /* owned */
	struct udt_provider *provider;
	uint64_t period_ns;   /* tick/profile: firing period; 0 for others */
	int per_cpu;          /* profile-N: every CPU (tracer-side: one) */
	uint64_t next_ns;     /* loop: next absolute CLOCK_MONOTONIC deadline */
	struct udt_ecb *ecbs, *ecbs_tail;    /* in program order */
	size_t necbs;
} udt_probe_t;

typedef struct udt_provider_ops {
	/*
	 * Create the probes a description names but that do not exist yet
	 * (tick-N). Called before matching; may do nothing. 0 or -1.
	 */
	int (*provide)(struct probe_reg *r, struct udt_provider *pv,
	    const d_pdesc_t *d);
	/* First ECB was hung on p / last one removed. */
	int (*enable)(struct udt_provider *pv, udt_probe_t *p);
	void (*disable)(struct udt_provider *pv, udt_probe_t *p);
	/*
	 * Does d name p? NULL: the four globs of §2.3. The pid provider
	 * answers itself: its module aliases (a.out, libc for libc.so.6, a
	 * full path) name probes whose module field shows something else.
	 */
	int (*match)(struct udt_provider *pv, const d_pdesc_t *d,
	    const udt_probe_t *p);
	/*
	 * The provider's stability attributes, as its illumos namesake
	 * registers them (dtrace -v); NULL: _dtrace_prvdesc, all Unstable,
	 * as a USDT provider defined without #pragma D attributes.
	 */
	const d_pattr_t *attr;
} udt_provider_ops_t;

typedef struct udt_provider {
	char name[64];
	const udt_provider_ops_t *ops;
	void *arg;
} udt_provider_t;

#define PROBE_MAX_PROVIDERS 64

typedef struct probe_reg {
	udt_probe_t **probes; size_t nprobes, cap;
	udt_provider_t providers[PROBE_MAX_PROVIDERS]; size_t nproviders;
} probe_reg_t;

void probe_reg_init(probe_reg_t *r);
void probe_reg_fini(probe_reg_t *r);

udt_provider_t *probe_add_provider(probe_reg_t *r, const char *name,
    const udt_provider_ops_t *ops, void *arg);

/* Create a probe; the registry gives it the next id. NULL on ENOMEM. */
udt_probe_t *probe_create(probe_reg_t *r, udt_provider_t *pv,
    const char *mod, const char *func, const char *name);

udt_probe_t *probe_by_id(const probe_reg_t *r, uint32_t id);
/* The probe with exactly these names, or NULL. */
udt_probe_t *probe_lookup(const probe_reg_t *r, const char *prov,
    const char *mod, const char *func, const char *name);

/* D glob of §2.3: * ? [abc] [a-z] [!a] and \ escape; "" matches anything. */
int probe_glob(const char *pat, const char *s);
/* Does pat contain glob characters? */
int probe_glob_is_pattern(const char *pat);

int probe_match(const d_pdesc_t *d, const udt_probe_t *p);

/* Let every provider whose name d->prov matches provide for d. */
int probe_provide(probe_reg_t *r, const d_pdesc_t *d);

/*
 * Call fn for every probe matching d, in id order; stops early when fn
 * returns non-zero. Returns the number of probes matched.
 */
size_t probe_iter(probe_reg_t *r, const d_pdesc_t *d,
    int (*fn)(udt_probe_t *p, void *arg), void *arg);

/* "prov:mod:func:name" of d, as dtrace shows a description. */
void probe_desc_str(const d_pdesc_t *d, char *buf, size_t len);

/* src/providers/dtrace.c, profile.c */
int provider_dtrace_register(probe_reg_t *r);   /* BEGIN=1 END=2 ERROR=3 */
int provider_profile_register(probe_reg_t *r);
/* profile-N/tick-N name -> period (0 if not a valid timer name or < 200us) */
uint64_t provider_profile_period(const char *name, int *per_cpu);

#define DTRACE_PROBE_BEGIN 1
#define DTRACE_PROBE_END   2
#define DTRACE_PROBE_ERROR 3

#endif /* UDTRACE_CONSUMER_PROBES_H */
