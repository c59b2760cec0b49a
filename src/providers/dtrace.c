/*
 * dtrace.c — the dtrace provider: BEGIN, END and ERROR.
 *
 * Owns: creating the three probes first, so their ids are 1, 2 and 3
 * as in DTrace. Must not: fire them (udt_go, udt_stop and the ECB fault
 * path do that).
 * Invariant: module and function are empty, so prefixes print ":BEGIN".
 */
#include "consumer/probes.h"

/* provider, module, function, name, args: illumos dtrace_provider_attr in uts/common/dtrace/dtrace.c */
static const d_pattr_t dtrace_attr = {
	{ D_STAB_STABLE, D_STAB_STABLE, D_CLASS_COMMON },
	{ D_STAB_PRIVATE, D_STAB_PRIVATE, D_CLASS_UNKNOWN },
	{ D_STAB_PRIVATE, D_STAB_PRIVATE, D_CLASS_UNKNOWN },
	{ D_STAB_STABLE, D_STAB_STABLE, D_CLASS_COMMON },
	{ D_STAB_STABLE, D_STAB_STABLE, D_CLASS_COMMON },
};

static const udt_provider_ops_t dtrace_ops = { NULL, NULL, NULL, NULL,
	&dtrace_attr };

int provider_dtrace_register(probe_reg_t *r)
{
	udt_provider_t *pv = probe_add_provider(r, "dtrace", &dtrace_ops, NULL);
	if (pv == NULL)
		return -1;
	if (probe_create(r, pv, "", "", "BEGIN") == NULL ||
	    probe_create(r, pv, "", "", "END") == NULL ||
	    probe_create(r, pv, "", "", "ERROR") == NULL)
		return -1;
	return 0;
}
