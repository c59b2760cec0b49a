/*
 * attr.h — DTrace's stability attributes: the triple of name stability,
 * data stability and dependency class that every identifier, provider
 * and probe-description field carries, and what dtrace -v reports.
 *
 * Owns: the attribute type and its algebra (illumos dt_attr_min), the
 * names dtrace prints and parses, the attributes of D's global
 * identifiers with the D version that introduced each (dt_open.c's
 * _dtrace_globals), and how a probe description's attributes follow
 * from its provider's (dt_probe_info, dt_setcontext).
 * Must not: know about probes or processes: callers say which provider
 * a description matched and how many probes.
 * Invariant: every value is within the enums below, so min is a
 * component-wise minimum and the names index tables directly.
 */
#ifndef UDTRACE_D_ATTR_H
#define UDTRACE_D_ATTR_H

#include <stdint.h>

enum d_stability {
	D_STAB_INTERNAL, D_STAB_PRIVATE, D_STAB_OBSOLETE, D_STAB_EXTERNAL,
	D_STAB_UNSTABLE, D_STAB_EVOLVING, D_STAB_STABLE, D_STAB_STANDARD
};
enum d_depclass {
	D_CLASS_UNKNOWN, D_CLASS_CPU, D_CLASS_PLATFORM, D_CLASS_GROUP,
	D_CLASS_ISA, D_CLASS_COMMON
};

typedef struct d_attr {
	uint8_t name, data, cls;
} d_attr_t;

/* A provider's attributes, one triple per description field. */
typedef struct d_pattr {
	d_attr_t provider, mod, func, name, args;
} d_pattr_t;

extern const d_attr_t d_attr_def;   /* Stable/Stable/Common */
extern const d_attr_t d_attr_max;   /* Standard/Standard/Common */
extern const d_attr_t d_attr_typ;   /* Private/Private/Unknown: types, symbols */
extern const d_pattr_t d_pattr_unstable;  /* _dtrace_prvdesc: Unstable/Common */

d_attr_t d_attr_min(d_attr_t a, d_attr_t b);
const char *d_stability_name(int s);
const char *d_class_name(int c);
/* "Stable/Evolving/Common" (each part optional from the right): 0 or -1 */
int d_str2attr(const char *s, d_attr_t *out);

/* D language versions as illumos encodes them (DT_VERSION_NUMBER). */
#define D_VERS(M, m, u) (((uint32_t)(M) << 24) | ((uint32_t)(m) << 12) | (u))

/*
 * A global identifier's attributes and the version that introduced it;
 * NULL for a name that is not one of D's (user variables are Stable).
 */
typedef struct d_ident_info {
	const char *name;
	d_attr_t attr;
	uint32_t vers;
} d_ident_info_t;
const d_ident_info_t *d_ident_info(const char *name);
/* Is name a built-in identifier newer than version (0: the latest)? */
int d_ident_hidden(const char *name, uint32_t version);

/*
 * What a clause uses of its probe context, whose attributes come from
 * the provider each description matches (dt_setcontext).
 */
#define D_CTX_PROV  0x1   /* probeprov */
#define D_CTX_MOD   0x2   /* probemod */
#define D_CTX_FUNC  0x4   /* probefunc */
#define D_CTX_NAME  0x8   /* probename */
#define D_CTX_ARGS  0x10  /* args[] */

/*
 * One description's attributes as dt_probe_info computes them: nmatch is
 * the number of probes it matched, pv the attributes of the provider of
 * the first one (NULL: none). Fills *desc (the description's attributes)
 * and *ctx (the attributes its context variables take).
 */
void d_pdesc_attrs(const char *prov, const char *mod, const char *func,
    const char *name, int nmatch, const d_pattr_t *pv, d_attr_t *desc,
    d_pattr_t *ctx);

#endif /* UDTRACE_D_ATTR_H */
