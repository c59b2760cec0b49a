/*
 * site.h — the handle's planted addresses: one record per (process,
 * address), whatever number of pid probes fire there (entry and offset 0
 * of one function, a return site that is also an offset probe...).
 *
 * Owns: the records, their (process, address) hash, and each record's
 * list of the probes that fire at it. Must not: plant (providers/pid.c
 * asks the backend) or fire.
 * Invariant: a record's udt_site_t is its cookie (site.cookie == the
 * record), so a hit reaches its probes without a lookup; records move
 * never (the hash holds pointers), so the backend may keep &rec->site.
 */
#ifndef UDTRACE_CONSUMER_PIDSITE_H
#define UDTRACE_CONSUMER_PIDSITE_H

#include <stddef.h>
#include <stdint.h>
#include "backend/backend.h"

struct udt_probe;
struct udt_tproc;

typedef struct pidsite_ent {
	struct udt_probe *probe;
	int kind;             /* enum pid_kind */
	uint64_t insn_off;    /* return: arg0 */
} pidsite_ent_t;

typedef struct pidsite {
	udt_site_t site;
	struct udt_tproc *t;
	pidsite_ent_t *ents; size_t nents, cap;
	int planted;          /* the backend has it */
	struct pidsite *hnext;
} pidsite_t;

typedef struct pidsite_tab {
	pidsite_t **b; size_t nb, n;
} pidsite_tab_t;

/* The record of (t, addr), or NULL. */
pidsite_t *pidsite_find(pidsite_tab_t *tab, const struct udt_tproc *t,
    uint64_t addr);
/* ... made (with no probe) when missing; NULL on ENOMEM. */
pidsite_t *pidsite_get(pidsite_tab_t *tab, struct udt_tproc *t,
    uint64_t addr);
/* Add a probe to the record (once per probe). 0 or -1. */
int pidsite_add(pidsite_t *s, struct udt_probe *p, int kind,
    uint64_t insn_off);
/* Forget every record of t (its process exec'd: the sites are gone). */
void pidsite_drop_proc(pidsite_tab_t *tab, const struct udt_tproc *t);
void pidsite_fini(pidsite_tab_t *tab);

#endif /* UDTRACE_CONSUMER_PIDSITE_H */
