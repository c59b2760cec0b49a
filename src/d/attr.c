/*
 * attr.c — stability attributes (see attr.h): their algebra and names,
 * D's global identifiers' attributes and versions, and the attributes a
 * probe description takes from the provider it matches.
 *
 * Owns: the tables of illumos dt_open.c (_dtrace_globals' attributes
 * and DT_VERS_* columns, _dtrace_defattr, _dtrace_maxattr,
 * _dtrace_typattr, _dtrace_prvdesc) and the rules of dt_probe_info and
 * dt_setcontext. Must not: look anything up but these tables.
 * Invariant: the identifier table is sorted by name (bsearch).
 */
#include "attr.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define A(n, d, c) { D_STAB_##n, D_STAB_##d, D_CLASS_##c }

const d_attr_t d_attr_def = A(STABLE, STABLE, COMMON);
const d_attr_t d_attr_max = A(STANDARD, STANDARD, COMMON);
const d_attr_t d_attr_typ = A(PRIVATE, PRIVATE, UNKNOWN);
const d_pattr_t d_pattr_unstable = {
	A(UNSTABLE, UNSTABLE, COMMON), A(UNSTABLE, UNSTABLE, COMMON),
	A(UNSTABLE, UNSTABLE, COMMON), A(UNSTABLE, UNSTABLE, COMMON),
	A(UNSTABLE, UNSTABLE, COMMON),
};

static const char *const stab_names[] = { "Internal", "Private", "Obsolete",
	"External", "Unstable", "Evolving", "Stable", "Standard" };
static const char *const class_names[] = { "Unknown", "CPU", "Platform",
	"Group", "ISA", "Common" };

d_attr_t d_attr_min(d_attr_t a, d_attr_t b)
{
	d_attr_t r;
	r.name = a.name < b.name ? a.name : b.name;
	r.data = a.data < b.data ? a.data : b.data;
	r.cls = a.cls < b.cls ? a.cls : b.cls;
	return r;
}

const char *d_stability_name(int s)
{
	return s >= 0 && s <= D_STAB_STANDARD ? stab_names[s] : "Unknown";
}

const char *d_class_name(int c)
{
	return c >= 0 && c <= D_CLASS_COMMON ? class_names[c] : "Unknown";
}

static int name_index(const char *s, size_t n, const char *const *names,
    int count)
{
	for (int i = 0; i < count; i++)
		if (strlen(names[i]) == n && strncasecmp(s, names[i], n) == 0)
			return i;
	return -1;
}

/*
 * dtrace_str2attr: name[/data[/class]], each part optional from the
 * right; a part left out keeps _dtrace_maxattr's value.
 */
int d_str2attr(const char *s, d_attr_t *out)
{
	d_attr_t a = d_attr_max;
	int k = 0;
	const char *p = s;
	do {
		const char *slash = strchr(p, '/');
		size_t n = slash != NULL ? (size_t)(slash - p) : strlen(p);
		int v = k < 2 ? name_index(p, n, stab_names, 8) :
		    name_index(p, n, class_names, 6);
		if (n == 0 || k > 2 || v < 0)
			return -1;
		if (k == 0)
			a.name = (uint8_t)v;
		else if (k == 1)
			a.data = (uint8_t)v;
		else
			a.cls = (uint8_t)v;
		k++;
		p = slash != NULL ? slash + 1 : NULL;
	} while (p != NULL);
	*out = a;
	return 0;
}

#define S A(STABLE, STABLE, COMMON)
#define E A(EVOLVING, EVOLVING, COMMON)
#define V(m, n) D_VERS(1, m, n)

/* dt_open.c _dtrace_globals: attributes and DT_VERS_* of each name */
static const d_ident_info_t idents[] = {
	{ "alloca", S, V(0, 0) }, { "arg0", S, V(0, 0) },
	{ "arg1", S, V(0, 0) }, { "arg2", S, V(0, 0) },
	{ "arg3", S, V(0, 0) }, { "arg4", S, V(0, 0) },
	{ "arg5", S, V(0, 0) }, { "arg6", S, V(0, 0) },
	{ "arg7", S, V(0, 0) }, { "arg8", S, V(0, 0) },
	{ "arg9", S, V(0, 0) }, { "args", S, V(0, 0) },
	{ "avg", S, V(0, 0) }, { "basename", S, V(0, 0) },
	{ "bcopy", S, V(0, 0) }, { "breakpoint", S, V(0, 0) },
	{ "caller", S, V(0, 0) }, { "chill", S, V(0, 0) },
	{ "cleanpath", S, V(0, 0) }, { "clear", S, V(0, 0) },
	{ "commit", S, V(0, 0) }, { "copyin", S, V(0, 0) },
	{ "copyinstr", S, V(0, 0) }, { "copyinto", S, V(0, 0) },
	{ "copyout", S, V(0, 0) }, { "copyoutstr", S, V(0, 0) },
	{ "count", S, V(0, 0) },
	{ "curthread", A(STABLE, PRIVATE, COMMON), V(0, 0) },
	{ "cwd", S, V(0, 0) },
	{ "ddi_pathname", E, V(0, 0) }, { "denormalize", S, V(0, 0) },
	{ "dirname", S, V(0, 0) }, { "discard", S, V(0, 0) },
	{ "epid", S, V(0, 0) }, { "errno", S, V(0, 0) },
	{ "execname", S, V(0, 0) }, { "exit", S, V(0, 0) },
	{ "freopen", S, V(1, 0) }, { "ftruncate", S, V(0, 0) },
	{ "func", S, V(2, 0) }, { "getf", S, V(10, 0) },
	{ "getmajor", E, V(0, 0) }, { "getminor", E, V(0, 0) },
	{ "gid", S, V(0, 0) }, { "htonl", E, V(3, 0) },
	{ "htonll", E, V(3, 0) }, { "htons", E, V(3, 0) },
	{ "id", S, V(0, 0) }, { "index", S, V(1, 0) },
	{ "inet_ntoa", S, V(5, 0) }, { "inet_ntoa6", S, V(5, 0) },
	{ "inet_ntop", S, V(5, 0) }, { "ipl", S, V(0, 0) },
	{ "json", S, V(11, 0) }, { "jstack", S, V(0, 0) },
	{ "llquantize", S, V(7, 0) }, { "lltostr", S, V(0, 0) },
	{ "lquantize", S, V(0, 0) }, { "max", S, V(0, 0) },
	{ "min", S, V(0, 0) }, { "mod", S, V(2, 0) },
	{ "msgdsize", S, V(0, 0) }, { "msgsize", S, V(0, 0) },
	{ "mutex_owned", E, V(0, 0) }, { "mutex_owner", E, V(0, 0) },
	{ "mutex_type_adaptive", E, V(0, 0) },
	{ "mutex_type_spin", E, V(0, 0) }, { "normalize", S, V(0, 0) },
	{ "ntohl", E, V(3, 0) }, { "ntohll", E, V(3, 0) },
	{ "ntohs", E, V(3, 0) }, { "panic", S, V(0, 0) },
	{ "pid", S, V(0, 0) }, { "ppid", S, V(0, 0) },
	{ "print", S, V(9, 0) }, { "printa", S, V(0, 0) },
	{ "printf", S, V(0, 0) }, { "probefunc", S, V(0, 0) },
	{ "probemod", S, V(0, 0) }, { "probename", S, V(0, 0) },
	{ "probeprov", S, V(0, 0) }, { "progenyof", S, V(0, 0) },
	{ "quantize", S, V(0, 0) }, { "raise", S, V(0, 0) },
	{ "rand", S, V(0, 0) }, { "rindex", S, V(1, 0) },
	{ "root", S, V(0, 0) },
	{ "rw_iswriter", E, V(0, 0) }, { "rw_read_held", E, V(0, 0) },
	{ "rw_write_held", E, V(0, 0) }, { "self", S, V(0, 0) },
	{ "setopt", S, V(2, 0) }, { "speculate", S, V(0, 0) },
	{ "speculation", S, V(0, 0) }, { "stack", S, V(0, 0) },
	{ "stackdepth", S, V(0, 0) }, { "stddev", S, V(6, 0) },
	{ "stop", S, V(0, 0) }, { "strchr", S, V(1, 0) },
	{ "strjoin", S, V(0, 0) }, { "strlen", S, V(0, 0) },
	{ "strrchr", S, V(1, 0) }, { "strstr", S, V(1, 0) },
	{ "strtok", S, V(1, 0) }, { "strtoll", S, V(11, 0) },
	{ "substr", S, V(1, 0) }, { "sum", S, V(0, 0) },
	{ "sym", S, V(2, 0) }, { "system", S, V(0, 0) },
	{ "this", S, V(0, 0) }, { "tid", S, V(0, 0) },
	{ "timestamp", S, V(0, 0) }, { "tolower", S, V(8, 0) },
	{ "toupper", S, V(8, 0) }, { "trace", S, V(0, 0) },
	{ "tracemem", S, V(0, 0) }, { "trunc", S, V(0, 0) },
	{ "uaddr", S, V(2, 0) }, { "ucaller", S, V(2, 0) },
	{ "ufunc", S, V(2, 0) }, { "uid", S, V(0, 0) },
	{ "umod", S, V(2, 0) }, { "uregs", S, V(0, 0) },
	{ "ustack", S, V(0, 0) }, { "ustackdepth", S, V(2, 0) },
	{ "usym", S, V(2, 0) }, { "vmregs", S, V(7, 0) },
	{ "vtimestamp", S, V(0, 0) }, { "walltimestamp", S, V(0, 0) },
	{ "zonename", S, V(0, 0) },
};

static int cmp_ident(const void *k, const void *e)
{
	return strcmp(k, ((const d_ident_info_t *)e)->name);
}

const d_ident_info_t *d_ident_info(const char *name)
{
	return bsearch(name, idents, sizeof(idents) / sizeof(idents[0]),
	    sizeof(idents[0]), cmp_ident);
}

int d_ident_hidden(const char *name, uint32_t version)
{
	const d_ident_info_t *i;
	return version != 0 && (i = d_ident_info(name)) != NULL &&
	    i->vers > version;
}

/* illumos strisglob(): a field that names probes by pattern */
static int is_glob(const char *s)
{
	return s[0] == '\0' || strpbrk(s, "*?[\\") != NULL;
}

void d_pdesc_attrs(const char *prov, const char *mod, const char *func,
    const char *name, int nmatch, const d_pattr_t *pv, d_attr_t *desc,
    d_pattr_t *ctx)
{
	int mg = is_glob(mod), fg = is_glob(func), ng = is_glob(name);
	int ok = nmatch > 0 && pv != NULL;
	/*
	 * Several matches describe nothing when the provider does not
	 * promise equal arguments across them (EDT_UNSTABLE).
	 */
	if (ok && nmatch > 1 && (pv->args.data < D_STAB_EVOLVING ||
	    (pv->mod.name >= D_STAB_EVOLVING && mg) ||
	    (pv->func.name >= D_STAB_EVOLVING && fg) ||
	    (pv->name.name >= D_STAB_EVOLVING && ng)))
		ok = 0;
	if (!ok) {
		*ctx = d_pattr_unstable;
		*desc = d_pattr_unstable.provider;
		return;
	}
	*ctx = *pv;
	const d_pattr_t *pap = is_glob(prov) ? &d_pattr_unstable : pv;
	d_attr_t a = pap->provider;
	if (!mg)
		a = d_attr_min(a, pap->mod);
	if (!fg)
		a = d_attr_min(a, pap->func);
	if (!ng)
		a = d_attr_min(a, pap->name);
	*desc = a;
}
