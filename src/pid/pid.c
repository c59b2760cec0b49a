/*
 * pid.c — the pid provider's probe enumeration: which probes a
 * description pid<PID>:module:function:name names in a process, and the
 * addresses each fires at.
 *
 * Owns: D-REFERENCE §9.1's matching rules and the choice of probe sites.
 * Must not: plant breakpoints, keep state between calls, or read the
 * target's memory for code (it may hold our own int3s): code comes from
 * the object file (sym_code) and is decoded with insn.h.
 * Invariant: every reported site is the start of an instruction found by
 * decoding the function from its first byte; when a function cannot be
 * decoded completely its entry probe is still reported (the first byte
 * is a boundary by definition) but its return and offset probes are
 * skipped without a word, as DTrace skips functions it cannot
 * disassemble rather than guess (an explicit offset in such a function
 * therefore matches nothing).
 *
 * Order of probes (it fixes probe ids and `-l` order): objects in address
 * order of their first executable mapping; functions by address; within
 * a function return, entry, then offsets ascending — DTrace's order.
 * Module names: a description matches an object by basename, by full
 * path, by basename up to its first '.' (a name without '.', so `libc`
 * names libc.so.6), or `a.out` for the executable; a glob matches
 * basenames; "" matches every object. The probes carry the basename.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "pid/pid.h"
#include "pid/insn.h"
#include "sym/sym.h"
#include "consumer/probes.h"   /* probe_glob: D's glob, one definition */

typedef struct pid_obj {
	char *path;           /* owned copy: maps are re-read by others */
	const char *base;     /* into path */
	uint64_t dev, ino;
	uint64_t bias;
	udt_elf_t *elf;       /* NULL: not matched or not usable */
	int is_exe;
	int has_abs;          /* function "-": the address is mapped executable here */
} pid_obj_t;

/* One enumeration: the description, the callback, and error reporting. */
typedef struct pid_ctx {
	const char *mod, *func, *name;
	int name_kind;        /* NAME_* below */
	uint64_t name_off;    /* NAME_OFFSET: the offset; func "-": the address */
	int (*cb)(void *arg, const pid_probe_t *pp);
	void *arg;
	char *tag; size_t taglen;
	char *err; size_t errlen;
	int nprobes;
	int stopped;
	/* per-function decode results, reused */
	uint64_t *offs; unsigned char *isret; size_t noffs, capoffs;
	pid_site_t *sites; size_t capsites;
} pid_ctx_t;

enum { NAME_ENTRY, NAME_RETURN, NAME_OFFSET, NAME_GLOB };

static void
pid_error(pid_ctx_t *c, const char *tag, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
pid_error(pid_ctx_t *c, const char *tag, const char *fmt, ...)
{
	va_list ap;

	if (c->tag && c->taglen)
		snprintf(c->tag, c->taglen, "%s", tag);
	if (c->err && c->errlen) {
		va_start(ap, fmt);
		vsnprintf(c->err, c->errlen, fmt, ap);
		va_end(ap);
	}
}

/* A hex number, with or without 0x, nothing else. */
static int
pid_parse_hex(const char *s, uint64_t *v)
{
	char *end;
	const char *d = s;

	if (d[0] == '0' && (d[1] == 'x' || d[1] == 'X'))
		d += 2;
	if (*d == '\0' || strspn(d, "0123456789abcdefABCDEF") != strlen(d))
		return -1;
	errno = 0;
	*v = strtoull(s, &end, 16);
	return errno == 0 && *end == '\0' ? 0 : -1;
}

/* Does the description's module field name this object? */
static int
pid_mod_match(const char *pat, const pid_obj_t *o)
{
	size_t n;

	if (pat[0] == '\0')
		return 1;
	if (probe_glob_is_pattern(pat))
		return probe_glob(pat, o->base);
	if (strcmp(pat, o->base) == 0 || strcmp(pat, o->path) == 0)
		return 1;
	if (strcmp(pat, "a.out") == 0)
		return o->is_exe;
	if (strchr(pat, '.') == NULL) {
		n = strcspn(o->base, ".");
		return o->base[n] == '.' && strlen(pat) == n &&
		    strncmp(pat, o->base, n) == 0;
	}
	return 0;
}

static int
pid_func_match(const char *pat, const char *name)
{
	if (pat[0] == '\0' || probe_glob_is_pattern(pat)) {
		/* _init and _fini run before/after everything: only by name. */
		if (strcmp(name, "_init") == 0 || strcmp(name, "_fini") == 0)
			return 0;
		return probe_glob(pat, name);
	}
	return strcmp(pat, name) == 0;
}

/* Report one probe; 1 when the callback asked to stop. */
static int
pid_report(pid_ctx_t *c, pid_probe_t *pp)
{
	c->nprobes++;
	if (c->cb(c->arg, pp) != 0) {
		c->stopped = 1;
		return 1;
	}
	return 0;
}

static int
pid_grow(pid_ctx_t *c, size_t need)
{
	if (need <= c->capoffs)
		return 0;
	size_t cap = c->capoffs ? c->capoffs : 64;
	while (cap < need)
		cap *= 2;
	uint64_t *o = realloc(c->offs, cap * sizeof(*o));
	if (o == NULL)
		return -1;
	c->offs = o;
	unsigned char *r = realloc(c->isret, cap);
	if (r == NULL)
		return -1;
	c->isret = r;
	c->capoffs = cap;
	return 0;
}

typedef struct pid_walk {
	pid_ctx_t *c;
	uint64_t fstart, fend;
	int nomem;
} pid_walk_t;

static int
pid_walk_cb(void *arg, const udt_insn_t *in)
{
	pid_walk_t *w = arg;
	pid_ctx_t *c = w->c;

	if (pid_grow(c, c->noffs + 1) < 0) {
		w->nomem = 1;
		return 1;
	}
	c->offs[c->noffs] = in->addr - w->fstart;
	c->isret[c->noffs] = (unsigned char)insn_is_return(in, w->fstart,
	    w->fend);
	c->noffs++;
	return 0;
}

/*
 * Decode the function (file vaddrs) into c->offs/isret. 0, 1 when it
 * cannot be decoded completely (skip quietly), -1 out of memory.
 */
static int
pid_decode(pid_ctx_t *c, udt_elf_t *e, const udt_sym_t *s)
{
	pid_walk_t w = { c, s->addr, s->addr + s->size, 0 };
	const uint8_t *code = sym_code(e, s->addr, (size_t)s->size);
	int rc;

	c->noffs = 0;
	if (code == NULL)
		return 1;
	rc = insn_walk(code, (size_t)s->size, s->addr, pid_walk_cb, &w);
	if (w.nomem)
		return -1;
	return rc == 0 ? 0 : 1;
}

static int
pid_site(udt_elf_t *e, const pid_obj_t *o, const udt_sym_t *s, uint64_t off,
    pid_site_t *site)
{
	int64_t foff = sym_vaddr_to_off(e, s->addr + off);

	if (foff < 0)
		return -1;
	site->addr = s->addr + off + o->bias;
	site->foff = (uint64_t)foff;
	site->insn_off = off;
	return 0;
}

static void
pid_probe_init(pid_probe_t *pp, const pid_obj_t *o, const udt_sym_t *s,
    int kind)
{
	memset(pp, 0, sizeof(*pp));
	pp->mod = o->base;
	pp->func = s->name;
	pp->kind = kind;
	pp->path = o->path;
	pp->func_addr = s->addr + o->bias;
	pp->func_size = s->size;
}

static int
pid_nomem(pid_ctx_t *c)
{
	pid_error(c, "D_UNKNOWN", "failed to allocate memory");
	return -1;
}

/* The probes of one function. 0 go on, 1 stop (callback), -1 error. */
static int
pid_one_func(pid_ctx_t *c, udt_elf_t *e, const pid_obj_t *o,
    const udt_sym_t *s)
{
	pid_probe_t pp;
	pid_site_t site;
	int want_ret, want_entry, glob = c->name_kind == NAME_GLOB;
	int dec = -2;   /* not decoded yet */

	want_ret = c->name_kind == NAME_RETURN ||
	    (glob && probe_glob(c->name, "return"));
	want_entry = c->name_kind == NAME_ENTRY ||
	    (glob && probe_glob(c->name, "entry"));

	if (c->name_kind == NAME_OFFSET) {
		if (c->name_off >= s->size) {
			pid_error(c, "D_PROC_OFF",
			    "offset 0x%" PRIx64 " outside of function '%s'",
			    c->name_off, s->name);
			return -1;
		}
		if ((dec = pid_decode(c, e, s)) < 0)
			return pid_nomem(c);
		if (dec > 0)
			return 0;
		size_t i;
		for (i = 0; i < c->noffs && c->offs[i] < c->name_off; i++)
			;
		if (i == c->noffs || c->offs[i] != c->name_off) {
			pid_error(c, "D_PROC_ALIGN",
			    "offset 0x%" PRIx64 " is not aligned on an instruction",
			    c->name_off);
			return -1;
		}
		if (pid_site(e, o, s, c->name_off, &site) < 0)
			return 0;
		pid_probe_init(&pp, o, s, PID_OFFSET);
		snprintf(pp.name, sizeof(pp.name), "%" PRIx64, c->name_off);
		pp.sites = &site;
		pp.nsites = 1;
		return pid_report(c, &pp);
	}

	if (want_ret) {
		if ((dec = pid_decode(c, e, s)) < 0)
			return pid_nomem(c);
		size_t n = 0;
		if (dec == 0) {
			for (size_t i = 0; i < c->noffs; i++)
				n += c->isret[i];
		}
		if (n > c->capsites) {
			pid_site_t *ns = realloc(c->sites, n * sizeof(*ns));
			if (ns == NULL)
				return pid_nomem(c);
			c->sites = ns;
			c->capsites = n;
		}
		size_t k = 0;
		for (size_t i = 0; n && i < c->noffs; i++)
			if (c->isret[i] &&
			    pid_site(e, o, s, c->offs[i], &c->sites[k]) == 0)
				k++;
		/* A function that never returns (abort) has no return probe. */
		if (k > 0) {
			pid_probe_init(&pp, o, s, PID_RETURN);
			snprintf(pp.name, sizeof(pp.name), "return");
			pp.sites = c->sites;
			pp.nsites = k;
			if (pid_report(c, &pp))
				return 1;
		}
	}

	if (want_entry && pid_site(e, o, s, 0, &site) == 0) {
		pid_probe_init(&pp, o, s, PID_ENTRY);
		snprintf(pp.name, sizeof(pp.name), "entry");
		pp.sites = &site;
		pp.nsites = 1;
		if (pid_report(c, &pp))
			return 1;
	}

	if (glob) {
		if (dec == -2 && (dec = pid_decode(c, e, s)) < 0)
			return pid_nomem(c);
		if (dec > 0)
			return 0;
		for (size_t i = 0; i < c->noffs; i++) {
			char nm[32];
			snprintf(nm, sizeof(nm), "%" PRIx64, c->offs[i]);
			if (!probe_glob(c->name, nm) ||
			    pid_site(e, o, s, c->offs[i], &site) < 0)
				continue;
			pid_probe_init(&pp, o, s, PID_OFFSET);
			memcpy(pp.name, nm, sizeof(pp.name));
			pp.sites = &site;
			pp.nsites = 1;
			if (pid_report(c, &pp))
				return 1;
		}
	}
	return 0;
}

/*
 * Function "-": an absolute address named by the probe name, in whatever
 * object maps it. Reported as an offset probe of function "-". When the
 * address lies in a function that decodes, it must be an instruction
 * boundary of it.
 */
static int
pid_abs_addr(pid_ctx_t *c, udt_elf_t *e, const pid_obj_t *o)
{
	uint64_t a = c->name_off, vaddr;
	const udt_sym_t *s;
	pid_probe_t pp;
	pid_site_t site;
	int64_t foff;

	vaddr = a - o->bias;
	if ((foff = sym_vaddr_to_off(e, vaddr)) < 0)
		return 0;
	if ((s = sym_func_at(e, vaddr)) != NULL) {
		int dec = pid_decode(c, e, s);
		if (dec < 0)
			return pid_nomem(c);
		if (dec == 0) {
			size_t k;
			for (k = 0; k < c->noffs && c->offs[k] < vaddr - s->addr; k++)
				;
			if (k == c->noffs || c->offs[k] != vaddr - s->addr) {
				pid_error(c, "D_PROC_ALIGN",
				    "offset 0x%" PRIx64 " is not aligned on an instruction",
				    vaddr - s->addr);
				return -1;
			}
		}
	}
	memset(&pp, 0, sizeof(pp));
	pp.mod = o->base;
	pp.func = "-";
	pp.kind = PID_OFFSET;
	pp.path = o->path;
	pp.func_addr = a;
	pp.func_size = 0;
	snprintf(pp.name, sizeof(pp.name), "%" PRIx64, a);
	site.addr = a;
	site.foff = (uint64_t)foff;
	site.insn_off = s ? vaddr - s->addr : 0;
	pp.sites = &site;
	pp.nsites = 1;
	return pid_report(c, &pp);
}

static void
pid_objs_free(pid_obj_t *objs, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(objs[i].path);
	free(objs);
}

int
pid_enumerate(udt_proc_t *p, const char *mod, const char *func,
    const char *name, int (*cb)(void *arg, const pid_probe_t *pp),
    void *arg, char *tag, size_t taglen, char *err, size_t errlen)
{
	pid_ctx_t c;
	const udt_map_t *maps;
	size_t nmaps, nobjs = 0, i;
	pid_obj_t *objs = NULL;
	const char *exe;
	struct stat est;
	int have_est, rc = 0, absfunc;

	memset(&c, 0, sizeof(c));
	c.mod = mod ? mod : "";
	c.func = func ? func : "";
	c.name = name ? name : "";
	c.cb = cb;
	c.arg = arg;
	c.tag = tag; c.taglen = taglen;
	c.err = err; c.errlen = errlen;
	absfunc = strcmp(c.func, "-") == 0;

	/* The name decides what kind of probe; a bad one fails before any work. */
	if (strcmp(c.name, "entry") == 0)
		c.name_kind = NAME_ENTRY;
	else if (strcmp(c.name, "return") == 0)
		c.name_kind = NAME_RETURN;
	else if (c.name[0] == '\0' || probe_glob_is_pattern(c.name))
		c.name_kind = NAME_GLOB;
	else if (pid_parse_hex(c.name, &c.name_off) == 0)
		c.name_kind = NAME_OFFSET;
	else {
		pid_error(&c, "D_PROC_NAME", "'%s' is an invalid probe name",
		    c.name);
		return -1;
	}
	if (absfunc) {
		/* "-" takes an absolute address, and only in a.out or anywhere. */
		if (c.name_kind == NAME_GLOB)
			return 0;
		if (c.name_kind != NAME_OFFSET) {
			pid_error(&c, "D_PROC_NAME",
			    "'%s' is an invalid probe name", c.name);
			return -1;
		}
		if (c.mod[0] != '\0' && strcmp(c.mod, "a.out") != 0)
			return 0;
	}

	if (proc_maps(p, &maps, &nmaps) < 0) {
		pid_error(&c, "D_PROC_GRAB", "failed to read the memory map of pid %d",
		    (int)proc_pid(p));
		return -1;
	}
	exe = proc_exe(p);
	have_est = exe && stat(exe, &est) == 0;

	/* Distinct files mapped executable, in address order. */
	for (i = 0; i < nmaps; i++) {
		const udt_map_t *m = &maps[i];
		size_t j;

		if (!(m->prot & PROT_EXEC) || m->path == NULL || m->path[0] != '/')
			continue;
		for (j = 0; j < nobjs; j++)
			if (objs[j].ino == m->ino && objs[j].dev == m->dev &&
			    strcmp(objs[j].path, m->path) == 0)
				break;
		if (j < nobjs)
			continue;
		pid_obj_t *no = realloc(objs, (nobjs + 1) * sizeof(*no));
		if (no == NULL)
			goto nomem;
		objs = no;
		pid_obj_t *o = &objs[nobjs];
		memset(o, 0, sizeof(*o));
		if ((o->path = strdup(m->path)) == NULL)
			goto nomem;
		nobjs++;
		const char *sl = strrchr(o->path, '/');
		o->base = sl ? sl + 1 : o->path;
		o->dev = m->dev;
		o->ino = m->ino;
		o->is_exe = (exe && strcmp(exe, m->path) == 0) ||
		    (have_est && (uint64_t)est.st_ino == m->ino &&
		    strcmp(strrchr(exe, '/') ? strrchr(exe, '/') + 1 : exe,
		    o->base) == 0);
	}

	/*
	 * Everything that needs the map array happens before the first
	 * callback: a callback may re-read the maps, which frees the array.
	 */
	for (i = 0; i < nobjs; i++) {
		pid_obj_t *o = &objs[i];
		char eerr[256];
		udt_elf_t *e;

		if (absfunc ? (c.mod[0] != '\0' && !o->is_exe) :
		    !pid_mod_match(c.mod, o))
			continue;
		eerr[0] = '\0';
		if ((e = sym_elf(o->path, eerr, sizeof(eerr))) == NULL) {
			/* Named outright, it is an error; in a glob, skip it. */
			if (c.mod[0] != '\0' && !probe_glob_is_pattern(c.mod)) {
				pid_error(&c, "D_PROC_LIB", "%s", eerr[0] ? eerr :
				    "failed to read object");
				rc = -1;
				break;
			}
			continue;
		}
		if (sym_bias(e, maps, nmaps, &o->bias) < 0)
			continue;
		o->elf = e;
		for (size_t k = 0; absfunc && k < nmaps; k++) {
			const udt_map_t *m = &maps[k];
			if (c.name_off >= m->start && c.name_off < m->end &&
			    (m->prot & PROT_EXEC) && m->ino == o->ino &&
			    m->dev == o->dev && m->path &&
			    strcmp(m->path, o->path) == 0)
				o->has_abs = 1;
		}
	}

	for (i = 0; rc == 0 && i < nobjs && !c.stopped; i++) {
		pid_obj_t *o = &objs[i];
		const udt_sym_t *syms;
		size_t ns;

		if (o->elf == NULL)
			continue;
		if (absfunc) {
			if (o->has_abs && pid_abs_addr(&c, o->elf, o) < 0)
				rc = -1;
			continue;
		}
		ns = sym_funcs(o->elf, &syms);
		for (size_t k = 0; k < ns && !c.stopped; k++) {
			if (!pid_func_match(c.func, syms[k].name))
				continue;
			if (pid_one_func(&c, o->elf, o, &syms[k]) < 0) {
				rc = -1;
				break;
			}
		}
	}
	pid_objs_free(objs, nobjs);
	free(c.offs);
	free(c.isret);
	free(c.sites);
	return rc < 0 ? -1 : c.nprobes;
nomem:
	pid_objs_free(objs, nobjs);
	return pid_nomem(&c);
}
