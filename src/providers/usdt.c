/*
 * usdt.c — the USDT provider in the consumer: descriptions like
 * php$target:::function-entry or mysql*:::query-start become probes made
 * from the .note.stapsdt notes of the objects each process maps,
 * enabled probes become sites in the pid provider's (process, address)
 * records, and hits get their arguments from the notes' specs
 * (D-REFERENCE §9.2).
 *
 * Owns: the processes a description names (grabbed when not ours yet),
 * the object cache (notes parsed once per file: dev + inode), the probes
 * with their sites, argument specs and semaphores, and the descriptions
 * kept for exec and dlopen.
 * Must not: parse notes or specs itself (src/usdt/), plant anything but
 * through the backend's ops, or allocate on the hit path.
 * Invariant: a probe's sites are in the backend and its semaphores
 * incremented iff it has ECBs; with the ptrace backend a glob names the
 * processes running when the description is provided, the children they
 * fork (followed: usdt_follows_forks), plus those we trace and that map
 * the object later (dlopen, exec); with the uprobe
 * backend it also attaches to the files (decision 6: probes named by the
 * bare provider, sites with proc NULL) that a running process maps or
 * the module field names by absolute path, so processes started later
 * fire too — unless the program must stop the thread (copyin, destructive
 * actions): a file's site is only sampled, so those keep to grabbed
 * processes. A file that nothing maps at start-up and the module does not
 * name is not covered.
 */
#include "backend/backend.h"
#include "consumer/handle.h"
#include "consumer/hitctx.h"
#include "providers/idtab.h"
#include "providers/pid.h"
#include "providers/usdt.h"
#include "providers/usdt_watch.h"
#include "sym/sym.h"
#include "usdt/usdt.h"

#include <ctype.h>
#include <dirent.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

/* One object file and its notes, parsed once. */
typedef struct usdt_obj {
	uint64_t dev, ino;
	struct timespec mtime;  /* rewritten in place: another object */
	char *path;
	int ok;                 /* notes read */
	char err[256];          /* ... else why not */
	usdt_notes_t notes;
	unsigned seq;           /* 1, 2, ...: tells system-wide sites apart */
	size_t swdone;          /* enablings its file-wide sites were made for */
	struct usdt_obj *next;
} usdt_obj_t;

#define OBJ_BUCKETS 1024

/* One place a probe fires, with its own specs (sites of one probe may differ). */
typedef struct usdt_psite {
	uint64_t addr;          /* process address of the nop */
	uint64_t off;           /* its file offset (uprobe) */
	uint64_t sema;          /* process address of the semaphore, 0: none */
	uint64_t refctr_off;    /* the semaphore's file offset (uprobe) */
	usdt_arg_t args[USDT_MAXARGS];
	int nargs;
} usdt_psite_t;

typedef struct usdt_info {
	udt_tproc_t *t;         /* NULL: system-wide (the file, uprobe) */
	unsigned objseq;        /* ... its object's seq */
	char *path, *rawname;   /* object path; the name as the note has it */
	int is_exe;
	usdt_psite_t *sites; size_t nsites, capsites;
	int planted;
} usdt_info_t;

typedef struct usdt_enabling {
	udt_prog_t *prog;
	const d_clause_prog_t *c;
	const d_pdesc_t *d;
} usdt_enabling_t;

struct usdt_state {
	udt_provider_t *pv;
	idtab_t info;         /* usdt_info_t by probe id */
	usdt_obj_t *objs[OBJ_BUCKETS];
	usdt_enabling_t *en; size_t nen, encap;
	udt_probe_t **fresh; size_t nfresh, capfresh;   /* made by this round */
	int resolve;            /* exec: existing probes take new sites */
	int warned;             /* the ptrace limit was said */
	int sw_skipped;         /* a file's site had to be left to int3s */
	int watching;           /* the backend reports objects mapped later */
	usdt_watch_t *watch;    /* ... those it asks for (its thread's filter) */
	unsigned nobjs;         /* objects ever cached (their seq) */
};

static const udt_provider_ops_t usdt_ops;

static struct usdt_state *state(udt_handle_t *h)
{
	if (h->usdtst == NULL) {
		h->usdtst = calloc(1, sizeof(*h->usdtst));
		if (h->usdtst != NULL) {
			/* one provider for all: each probe carries its own name */
			h->usdtst->pv = probe_add_provider(&h->reg, "usdt",
			    &usdt_ops, h);
			if (h->usdtst->pv == NULL) {
				free(h->usdtst);
				h->usdtst = NULL;
			}
		}
	}
	return h->usdtst;
}

static void prov_error(udt_handle_t *h, const char *tag, const char *fmt,
    ...) __attribute__((format(printf, 3, 4)));
static void prov_error(udt_handle_t *h, const char *tag, const char *fmt,
    ...)
{
	va_list ap;
	if (h->prov_err[0] != '\0')
		return;       /* the first failure is the one to report */
	snprintf(h->prov_tag, sizeof(h->prov_tag), "%s", tag);
	va_start(ap, fmt);
	vsnprintf(h->prov_err, sizeof(h->prov_err), fmt, ap);
	va_end(ap);
}

/* ---- descriptions ---- */

/*
 * Is prov a name a USDT provider may have, with no pid: an identifier
 * that is not one of DTrace's own providers (those never come from
 * notes, and a description of theirs must not scan every process)?
 */
static int bare_name(const char *prov)
{
	static const char *const builtin[] = {
		"dtrace", "profile", "pid", "syscall", "proc", "sched", "io",
		"fbt", "sdt", "fasttrap", "lockstat", "vminfo", "sysinfo",
		"mib", "ip", "tcp", "udp", "systrace",
	};
	if (!isalpha((unsigned char)prov[0]) && prov[0] != '_')
		return 0;
	for (const char *c = prov; *c != '\0'; c++)
		if (!isalnum((unsigned char)*c) && *c != '_' && *c != '-')
			return 0;
	for (size_t i = 0; i < sizeof(builtin) / sizeof(builtin[0]); i++)
		if (strcmp(prov, builtin[i]) == 0)
			return 0;
	return 1;
}

int usdt_desc_kind(const char *prov, int32_t *pid)
{
	size_t n = strlen(prov), lit;
	if (n == 0)
		return USDT_DESC_NONE;
	lit = strcspn(prov, "*?[\\");
	if (lit < n) {
		/* a literal name must lead the glob ("php*", not "*") */
		if (lit == 0 || isdigit((unsigned char)prov[0]))
			return USDT_DESC_NONE;
		return USDT_DESC_GLOB;
	}
	size_t d = n;
	while (d > 0 && isdigit((unsigned char)prov[d - 1]))
		d--;
	if (d == n)
		return bare_name(prov) ? USDT_DESC_NAME : USDT_DESC_NONE;
	if (d == 0)
		return USDT_DESC_NONE;
	/* pid<N> is the pid provider's */
	if (d == 3 && strncmp(prov, "pid", 3) == 0)
		return USDT_DESC_NONE;
	long long v = 0;
	for (size_t i = d; i < n; i++) {
		v = v * 10 + (prov[i] - '0');
		if (v > INT32_MAX)
			return USDT_DESC_NONE;
	}
	if (v <= 0)
		return USDT_DESC_NONE;
	if (pid != NULL)
		*pid = (int32_t)v;
	return USDT_DESC_PID;
}

int usdt_prov_match(const char *pat, const char *prov, int32_t pid)
{
	char full[160];
	/* a bare name (DTrace keeps such an enabling): that provider, any pid */
	if (usdt_desc_kind(pat, NULL) == USDT_DESC_NAME)
		return strcmp(pat, prov) == 0;
	snprintf(full, sizeof(full), "%s%d", prov, (int)pid);
	return probe_glob(pat, full);
}

int usdt_mod_match(const char *pat, const char *base, const char *path,
    int is_exe)
{
	if (pat[0] == '\0')
		return 1;
	if (probe_glob_is_pattern(pat))
		return probe_glob(pat, base);
	if (strcmp(pat, base) == 0 || strcmp(pat, path) == 0)
		return 1;
	if (strcmp(pat, "a.out") == 0)
		return is_exe;
	if (strchr(pat, '.') == NULL) {
		size_t n = strcspn(base, ".");
		return base[n] == '.' && strlen(pat) == n &&
		    strncmp(pat, base, n) == 0;
	}
	return 0;
}

static const char *base_of(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* The name part ("php"), for descriptions of one process. */
static int name_matches(const d_pdesc_t *d, const char *prov, int32_t pid)
{
	return usdt_prov_match(d->prov, prov, pid);
}

/* ---- objects ---- */

static usdt_obj_t *obj_get(struct usdt_state *us, const char *path,
    uint64_t dev, uint64_t ino)
{
	size_t b = (size_t)((ino * 0x9e3779b97f4a7c15ULL) ^ dev) &
	    (OBJ_BUCKETS - 1);
	struct stat sb;
	int st = stat(path, &sb);
	for (usdt_obj_t *o = us->objs[b]; o != NULL; o = o->next)
		if (o->dev == dev && o->ino == ino && strcmp(o->path, path) == 0 &&
		    (st != 0 || (o->mtime.tv_sec == sb.st_mtim.tv_sec &&
		    o->mtime.tv_nsec == sb.st_mtim.tv_nsec)))
			return o;
	usdt_obj_t *o = calloc(1, sizeof(*o));
	if (o == NULL)
		return NULL;
	if ((o->path = strdup(path)) == NULL) {
		free(o);
		return NULL;
	}
	o->dev = dev;
	o->ino = ino;
	o->seq = ++us->nobjs;
	/* the file at path must be the one mapped (not replaced since) */
	if (st == 0)
		o->mtime = sb.st_mtim;
	if (st != 0 || sb.st_ino != ino || (uint64_t)sb.st_dev != dev)
		snprintf(o->err, sizeof(o->err), "%s changed since it was mapped",
		    path);
	else if (usdt_notes_read(path, &o->notes, o->err, sizeof(o->err)) == 0)
		o->ok = 1;
	o->next = us->objs[b];
	us->objs[b] = o;
	return o;
}

/* Does the object have a note whose provider pat names in process pid? */
static int obj_has(const usdt_obj_t *o, const char *pat, int32_t pid)
{
	if (!o->ok)
		return 0;
	for (size_t i = 0; i < o->notes.n; i++)
		if (usdt_prov_match(pat, o->notes.notes[i].provider, pid))
			return 1;
	return 0;
}

/* ---- probes ---- */

static usdt_info_t *info_of(const udt_handle_t *h, const udt_probe_t *p)
{
	const struct usdt_state *us = h->usdtst;
	return us ? idtab_get(&us->info, p->id) : NULL;
}

/* The probe of (t, prov, mod, func, name), or NULL. */
static udt_probe_t *probe_of(udt_handle_t *h, const udt_tproc_t *t,
    const char *prov, const char *mod, const char *func, const char *name)
{
	struct usdt_state *us = h->usdtst;
	for (size_t i = 0; i < us->info.n; i++) {
		usdt_info_t *ui = us->info.v[i];
		if (ui == NULL || ui->t != t)
			continue;
		udt_probe_t *p = probe_by_id(&h->reg, (uint32_t)(i + 1));
		if (p != NULL && strcmp(p->name, name) == 0 &&
		    strcmp(p->func, func) == 0 && strcmp(p->mod, mod) == 0 &&
		    strcmp(p->prov, prov) == 0)
			return p;
	}
	return NULL;
}

static int add_fresh(struct usdt_state *us, udt_probe_t *p)
{
	if (us->nfresh == us->capfresh) {
		size_t n = us->capfresh ? us->capfresh * 2 : 16;
		udt_probe_t **nf = realloc(us->fresh, n * sizeof(*nf));
		if (nf == NULL)
			return -1;
		us->fresh = nf;
		us->capfresh = n;
	}
	us->fresh[us->nfresh++] = p;
	return 0;
}

static udt_probe_t *probe_make(udt_handle_t *h, udt_tproc_t *t,
    const char *prov, const char *mod, const char *func, const char *name,
    const usdt_obj_t *o, const char *rawname, int is_exe)
{
	struct usdt_state *us = h->usdtst;
	usdt_info_t *ui = calloc(1, sizeof(*ui));
	udt_probe_t *p = NULL;
	if (ui == NULL)
		return NULL;
	ui->t = t;
	ui->is_exe = is_exe;
	ui->path = strdup(o->path);
	ui->rawname = strdup(rawname);
	if (ui->path == NULL || ui->rawname == NULL)
		goto fail;
	p = probe_create(&h->reg, us->pv, mod, func, name);
	if (p == NULL)
		goto fail;
	/* the registry names it after our provider: give it its own */
	char *pn = strdup(prov);
	if (pn == NULL)
		goto fail;
	free(p->prov);
	p->prov = pn;
	if (idtab_set(&us->info, p->id, ui) != 0 || add_fresh(us, p) != 0)
		return NULL;    /* the probe stays, without sites */
	return p;
fail:
	free(ui->path);
	free(ui->rawname);
	free(ui);
	return NULL;
}

/* Add (or, after an exec, refresh) the site of note n at process addr. */
static int site_add(udt_handle_t *h, usdt_info_t *ui, const usdt_note_t *n,
    udt_elf_t *e, uint64_t bias)
{
	uint64_t addr = n->pc + bias;
	for (size_t i = 0; i < ui->nsites; i++)
		if (ui->sites[i].addr == addr)
			return 0;
	if (ui->nsites == ui->capsites) {
		size_t c = ui->capsites ? ui->capsites * 2 : 2;
		usdt_psite_t *ns = realloc(ui->sites, c * sizeof(*ns));
		if (ns == NULL) {
			prov_error(h, "D_UNKNOWN", "Cannot allocate memory");
			return -1;
		}
		ui->sites = ns;
		ui->capsites = c;
	}
	usdt_psite_t *s = &ui->sites[ui->nsites];
	memset(s, 0, sizeof(*s));
	char err[512] = "";
	int na = usdt_args_parse(n, s->args, err, sizeof(err));
	if (na < 0) {
		prov_error(h, "D_PROC_USDT", "%s in %s", err[0] ? err :
		    "cannot parse arguments", ui->path);
		return -1;
	}
	s->nargs = na;
	s->addr = addr;
	int64_t off = e != NULL ? sym_vaddr_to_off(e, n->pc) : -1;
	s->off = off >= 0 ? (uint64_t)off : 0;
	if (n->sema != 0) {
		s->sema = n->sema + bias;
		off = e != NULL ? sym_vaddr_to_off(e, n->sema) : -1;
		s->refctr_off = off >= 0 ? (uint64_t)off : 0;
	}
	ui->nsites++;
	return 0;
}

/*
 * Create the probes of every note of t's objects that d names. Returns
 * the number of notes d named, or -1 (h->prov_err set).
 */
static int enumerate(udt_handle_t *h, udt_tproc_t *t, const d_pdesc_t *d,
    int strict)
{
	struct usdt_state *us = h->usdtst;
	const udt_map_t *maps;
	size_t nmaps;
	int count = 0;
	if (!t->alive || proc_maps(t->proc, &maps, &nmaps) != 0)
		return 0;
	/* proc_maps' array lives until the next call: take what we need */
	struct { char *path; uint64_t dev, ino; } *objs = NULL;
	size_t nobjs = 0;
	udt_map_t *mcopy = malloc((nmaps ? nmaps : 1) * sizeof(*mcopy));
	char **mpaths = calloc(nmaps ? nmaps : 1, sizeof(*mpaths));
	objs = calloc(nmaps ? nmaps : 1, sizeof(*objs));
	if (mcopy == NULL || mpaths == NULL || objs == NULL)
		goto nomem;
	for (size_t i = 0; i < nmaps; i++) {
		mcopy[i] = maps[i];
		if ((mpaths[i] = strdup(maps[i].path)) == NULL)
			goto nomem;
		mcopy[i].path = mpaths[i];
	}
	const char *exe = proc_exe(t->proc);
	char exebuf[4096];
	snprintf(exebuf, sizeof(exebuf), "%s", exe ? exe : "");
	for (size_t i = 0; i < nmaps; i++) {
		const udt_map_t *m = &mcopy[i];
		if (m->path[0] != '/' || m->ino == 0)
			continue;
		size_t j;
		for (j = 0; j < nobjs; j++)
			if (objs[j].ino == m->ino && objs[j].dev == m->dev &&
			    strcmp(objs[j].path, m->path) == 0)
				break;
		if (j < nobjs)
			continue;
		objs[nobjs].path = mpaths[i];
		objs[nobjs].dev = m->dev;
		objs[nobjs].ino = m->ino;
		nobjs++;

		usdt_obj_t *o = obj_get(us, m->path, m->dev, m->ino);
		if (o == NULL)
			goto nomem;
		if (!o->ok) {
			/* a corrupt note in a process named by number is an error */
			if (strict && strncmp(o->err, "corrupt", 7) == 0) {
				prov_error(h, "D_PROC_USDT", "%s", o->err);
				goto fail;
			}
			continue;
		}
		if (o->notes.n == 0 || !obj_has(o, d->prov, t->pid))
			continue;
		const char *base = base_of(o->path);
		int is_exe = strcmp(o->path, exebuf) == 0;
		if (!usdt_mod_match(d->mod, base, o->path, is_exe))
			continue;
		char err[512] = "";
		udt_elf_t *e = sym_elf(o->path, err, sizeof(err));
		uint64_t bias = 0;
		if (e == NULL || sym_bias(e, mcopy, nmaps, &bias) != 0)
			continue;
		for (size_t k = 0; k < o->notes.n; k++) {
			const usdt_note_t *n = &o->notes.notes[k];
			char prov[160], name[256];
			if (!name_matches(d, n->provider, t->pid))
				continue;
			usdt_probe_name(n->name, name, sizeof(name));
			if (!probe_glob(d->name, name) &&
			    !probe_glob(d->name, n->name))
				continue;
			const udt_sym_t *fs = sym_func_at(e, n->pc);
			const char *func = fs != NULL ? fs->name : "";
			if (!probe_glob(d->func, func))
				continue;
			snprintf(prov, sizeof(prov), "%s%d", n->provider,
			    (int)t->pid);
			count++;
			udt_probe_t *p = probe_of(h, t, prov, base, func, name);
			usdt_info_t *ui;
			if (p == NULL) {
				p = probe_make(h, t, prov, base, func, name, o,
				    n->name, is_exe);
				if (p == NULL)
					goto nomem;
			}
			if ((ui = info_of(h, p)) == NULL)
				goto nomem;
			if (site_add(h, ui, n, e, bias) != 0)
				goto fail;
		}
	}
	for (size_t i = 0; i < nmaps; i++)
		free(mpaths[i]);
	free(mpaths);
	free(mcopy);
	free(objs);
	return count;
nomem:
	prov_error(h, "D_UNKNOWN", "Cannot allocate memory");
fail:
	for (size_t i = 0; mpaths != NULL && i < nmaps; i++)
		free(mpaths[i]);
	free(mpaths);
	free(mcopy);
	free(objs);
	return -1;
}

/* The process of pid, grabbed if udtrace does not trace it yet. */
static udt_tproc_t *usdt_proc(udt_handle_t *h, int32_t pid, int quiet)
{
	udt_tproc_t *t = procs_find(&h->procs, pid);
	if (t != NULL)
		return t;
	char err[1024];
	udt_proc_t *p = proc_grab(pid, err, sizeof(err));
	if (p == NULL) {
		if (!quiet)
			prov_error(h, "D_PROC_GRAB", "%s", err);
		return NULL;
	}
	if ((t = procs_add(h, p, 0)) == NULL && !quiet)
		prov_error(h, "D_PROC_GRAB", "%s", h->errmsg);
	return t;
}

/*
 * Each file-backed object process pid maps (read from /proc/PID/maps, no
 * attach), once per run of mappings, through fn until it returns
 * non-zero (that value is returned); an object that cannot be loaded is
 * passed as NULL. 0 also when the process is gone.
 */
static int each_object(udt_handle_t *h, int32_t pid,
    int (*fn)(udt_handle_t *h, usdt_obj_t *o, const void *arg), const void *arg)
{
	char path[64], line[4352];
	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	FILE *f = fopen(path, "r");
	if (f == NULL)
		return 0;
	int rc = 0;
	uint64_t lastino = 0, lastdev = 0;
	while (rc == 0 && fgets(line, sizeof(line), f) != NULL) {
		unsigned long long start, end, off, ino;
		unsigned maj, min;
		char perms[8];
		int pos = 0;
		if (sscanf(line, "%llx-%llx %7s %llx %x:%x %llu %n", &start,
		    &end, perms, &off, &maj, &min, &ino, &pos) < 7 || pos == 0)
			continue;
		char *pth = line + pos;
		pth[strcspn(pth, "\n")] = '\0';
		if (pth[0] != '/' || ino == 0)
			continue;
		uint64_t dev = makedev(maj, min);
		if (ino == lastino && dev == lastdev)
			continue;
		lastino = ino;
		lastdev = dev;
		rc = fn(h, obj_get(h->usdtst, pth, dev, ino), arg);
	}
	fclose(f);
	return rc;
}

struct has_arg { const char *pat; int32_t pid; };

static int has_provider(udt_handle_t *h, usdt_obj_t *o, const void *arg)
{
	const struct has_arg *ha = arg;
	(void)h;
	return o != NULL && obj_has(o, ha->pat, ha->pid);
}

/* Does process pid (not traced by us) map an object with a provider pat names? */
static int proc_has_provider(udt_handle_t *h, int32_t pid, const char *pat)
{
	struct has_arg ha = { pat, pid };
	return each_object(h, pid, has_provider, &ha);
}

/* Every process (but udtrace) with a provider the glob names: grab it. */
static void scan_system(udt_handle_t *h, const d_pdesc_t *d)
{
	DIR *dir = opendir("/proc");
	if (dir == NULL)
		return;
	pid_t self = getpid();
	struct dirent *de;
	while ((de = readdir(dir)) != NULL) {
		char *end;
		long v = strtol(de->d_name, &end, 10);
		if (*end != '\0' || v <= 0 || v == self || v > INT32_MAX)
			continue;
		if (procs_find(&h->procs, (int32_t)v) != NULL)
			continue;    /* ours already: enumerated below */
		if (proc_has_provider(h, (int32_t)v, d->prov))
			(void)usdt_proc(h, (int32_t)v, 1);
	}
	closedir(dir);
}

/* ---- system-wide (decision 6): a glob attaches to files on uprobes ---- */

/*
 * Does a provider glob attach to files? Only on the uprobe backend,
 * which fires a file's site in every process mapping it, started later
 * too; ptrace can only plant in the processes it grabs.
 */
static int sw_active(udt_handle_t *h)
{
	udt_backend_t *be = h->procs.be;
	if (be == NULL && strcmp(h->opts.backend, "ptrace") != 0)
		be = procs_backend(h);
	return be != NULL && backend_kernel_files(be);
}

/* The file-wide probe of (path, prov, mod, func, name), or NULL. */
static udt_probe_t *sw_probe_of(udt_handle_t *h, const char *path,
    const char *prov, const char *mod, const char *func, const char *name)
{
	struct usdt_state *us = h->usdtst;
	for (size_t i = 0; i < us->info.n; i++) {
		usdt_info_t *ui = us->info.v[i];
		if (ui == NULL || ui->t != NULL || strcmp(ui->path, path) != 0)
			continue;
		udt_probe_t *p = probe_by_id(&h->reg, (uint32_t)(i + 1));
		if (p != NULL && strcmp(p->name, name) == 0 &&
		    strcmp(p->func, func) == 0 && strcmp(p->mod, mod) == 0 &&
		    strcmp(p->prov, prov) == 0)
			return p;
	}
	return NULL;
}

/*
 * The probes of o's notes that d names, at file addresses (bias 0): the
 * provider keeps its own name (no pid: the probe is every process's).
 * The number of notes named, or -1.
 */
static int sw_object(udt_handle_t *h, usdt_obj_t *o, const d_pdesc_t *d)
{
	int count = 0;
	if (!o->ok || o->notes.n == 0)
		return 0;
	const char *base = base_of(o->path);
	if (!usdt_mod_match(d->mod, base, o->path, 0))
		return 0;
	char err[512] = "";
	udt_elf_t *e = NULL;
	for (size_t k = 0; k < o->notes.n; k++) {
		const usdt_note_t *n = &o->notes.notes[k];
		char name[256];
		if (!probe_glob(d->prov, n->provider))
			continue;
		usdt_probe_name(n->name, name, sizeof(name));
		if (!probe_glob(d->name, name) && !probe_glob(d->name, n->name))
			continue;
		if (e == NULL && (e = sym_elf(o->path, err, sizeof(err))) == NULL)
			return count;
		const udt_sym_t *fs = sym_func_at(e, n->pc);
		const char *func = fs != NULL ? fs->name : "";
		if (!probe_glob(d->func, func))
			continue;
		count++;
		udt_probe_t *p = sw_probe_of(h, o->path, n->provider, base, func,
		    name);
		usdt_info_t *ui;
		if (p == NULL && (p = probe_make(h, NULL, n->provider, base,
		    func, name, o, n->name, 0)) == NULL) {
			prov_error(h, "D_UNKNOWN", "Cannot allocate memory");
			return -1;
		}
		if ((ui = info_of(h, p)) == NULL) {
			prov_error(h, "D_UNKNOWN", "Cannot allocate memory");
			return -1;
		}
		ui->objseq = o->seq;
		if (site_add(h, ui, n, e, 0) != 0)
			return -1;
	}
	return count;
}

static int sw_each(udt_handle_t *h, usdt_obj_t *o, const void *arg)
{
	if (o == NULL) {
		prov_error(h, "D_UNKNOWN", "Cannot allocate memory");
		return -1;
	}
	return sw_object(h, o, arg) < 0 ? -1 : 0;
}

/* Every object process pid maps, through sw_object. -1 on failure. */
static int sw_scan_pid(udt_handle_t *h, int32_t pid, const d_pdesc_t *d)
{
	return each_object(h, pid, sw_each, d);
}

/*
 * A provider glob on uprobes: the files of every running process that
 * have the provider, and the module field when it names a file by its
 * absolute path (so no process needs to map it yet). Processes started
 * later that map one of these files fire too; a file no process maps
 * now and the module does not name is not found.
 */
static int sw_provide(udt_handle_t *h, const d_pdesc_t *d)
{
	DIR *dir = opendir("/proc");
	pid_t self = getpid();
	struct dirent *de;
	struct stat sb;
	if (dir != NULL) {
		while ((de = readdir(dir)) != NULL) {
			char *end;
			long v = strtol(de->d_name, &end, 10);
			if (*end != '\0' || v <= 0 || v == self || v > INT32_MAX)
				continue;
			if (sw_scan_pid(h, (int32_t)v, d) < 0) {
				closedir(dir);
				return -1;
			}
		}
		closedir(dir);
	}
	if (d->mod[0] == '/' && !probe_glob_is_pattern(d->mod) &&
	    stat(d->mod, &sb) == 0 && S_ISREG(sb.st_mode)) {
		usdt_obj_t *o = obj_get(h->usdtst, d->mod, (uint64_t)sb.st_dev,
		    (uint64_t)sb.st_ino);
		if (o == NULL) {
			prov_error(h, "D_UNKNOWN", "Cannot allocate memory");
			return -1;
		}
		if (sw_object(h, o, d) < 0)
			return -1;
	}
	return 0;
}

int usdt_provide(udt_handle_t *h, const d_pdesc_t *d)
{
	int32_t pid = 0;
	if (d->id != 0)
		return 0;
	int kind = usdt_desc_kind(d->prov, &pid);
	if (kind == USDT_DESC_NONE)
		return 0;
	struct usdt_state *us = state(h);
	if (us == NULL) {
		prov_error(h, "D_UNKNOWN", "Cannot allocate memory");
		return -1;
	}
	us->nfresh = 0;
	us->resolve = 0;
	if (kind == USDT_DESC_PID) {
		if (pid == (int32_t)getpid())
			return 0;
		/* a provider of that very name exists already (not ours) */
		for (size_t i = 0; i < h->reg.nproviders; i++)
			if (&h->reg.providers[i] != us->pv &&
			    strcmp(h->reg.providers[i].name, d->prov) == 0)
				return 0;
		udt_tproc_t *t = usdt_proc(h, pid, 0);
		if (t == NULL)
			return -1;
		return enumerate(h, t, d, 1) < 0 ? -1 : 0;
	}
	if (kind == USDT_DESC_NAME)
		for (size_t i = 0; i < h->reg.nproviders; i++)
			if (&h->reg.providers[i] != us->pv &&
			    strcmp(h->reg.providers[i].name, d->prov) == 0)
				return 0;     /* another provider's own name */
	scan_system(h, d);
	for (size_t i = 0; i < h->procs.n; i++)
		if (enumerate(h, h->procs.v[i], d, 0) < 0)
			return -1;
	/* and the files, for the processes not traced (started later too) */
	return sw_active(h) ? sw_provide(h, d) : 0;
}

/* ---- enabling ---- */

/*
 * Can a sampled hit (uprobe: the thread ran on) read every argument of
 * s as it was at the probe? Registers and constants are in the sample,
 * and so is memory at or above rsp (the stack copy); anything else
 * (globals, the heap, a red-zone slot below rsp) may have changed.
 */
static int args_sampled(const usdt_psite_t *s)
{
	for (int i = 0; i < s->nargs; i++) {
		const usdt_arg_t *a = &s->args[i];
		if (a->kind == USDT_ARG_MEM && (a->reg != R_RSP ||
		    a->index >= 0 || a->rip || a->disp < 0))
			return 0;
	}
	return 1;
}

/* Plant every site of probe p (it got its first ECB); semaphores up. */
static int plant(udt_handle_t *h, udt_probe_t *p, usdt_info_t *ui)
{
	udt_backend_t *be = h->procs.be;
	pidsite_tab_t *tab = pid_site_tab(h);
	int rc = 0;

	ui->planted = 1;
	if ((ui->t != NULL && !ui->t->alive) || be == NULL)
		return 0;
	if (tab == NULL) {
		prov_error(h, "D_UNKNOWN", "Cannot allocate memory");
		return -1;
	}
	/* the kernel counts semaphores itself for uprobes (ref_ctr_offset) */
	int own_sema = !backend_kernel_files(be);
	for (size_t i = 0; i < ui->nsites; i++) {
		const usdt_psite_t *s = &ui->sites[i];
		/*
		 * A file's site can only be sampled, and a kernel uprobe at an
		 * address hides any int3 there (ours in a grabbed process, or
		 * another tracer's): programs that need the thread stopped keep
		 * to the processes they grab.
		 */
		if (ui->t == NULL && (pid_site_sync(h) || !args_sampled(s))) {
			h->usdtst->sw_skipped = 1;
			continue;
		}
		/* a file's sites: one record per (object, address) */
		uint64_t key = ui->t != NULL ? s->addr :
		    s->addr | ((uint64_t)ui->objseq << 48);
		pidsite_t *rec = pidsite_get(tab, ui->t, key);
		if (rec == NULL || pidsite_add(rec, p, PIDSITE_USDT, i) != 0) {
			prov_error(h, "D_UNKNOWN", "Cannot allocate memory");
			return -1;
		}
		if (!rec->planted) {
			rec->site.proc = ui->t != NULL ? ui->t->proc : NULL;
			rec->site.path = ui->path;
			rec->site.off = s->off;
			rec->site.refctr_off = s->refctr_off;
			/*
			 * uprobe: arguments live in the probe's frame, read after
			 * the thread ran on; sync: an int3, our semaphore
			 */
			rec->site.stack = usdt_stack_bytes(h);
			rec->site.regs_skip = pid_regs_skip(h);
			/* no process to stop at a file's site: always sampled */
			rec->site.sync = ui->t != NULL &&
			    (pid_site_sync(h) || !args_sampled(s));
			if (be->ops->add_site(be, &rec->site) != 0) {
				prov_error(h, "D_PROC_USDT", "failed to enable "
				    "%s:%s:%s:%s: %s", p->prov, p->mod, p->func,
				    p->name, be->ops->errmsg ?
				    be->ops->errmsg(be) : "error");
				rc = -1;
				continue;
			}
			rec->planted = 1;
		} else if (pid_site_refresh(h, rec) != 0) {
			/* a pid site's records carried only its arguments */
			rc = -1;
			continue;
		}
		/* a sync site is an int3 even on uprobe: no kernel count */
		if ((own_sema || rec->site.sync) && s->sema != 0 &&
		    proc_sema_inc(ui->t->proc, s->sema) != 0) {
			prov_error(h, "D_PROC_USDT", "failed to enable "
			    "%s:%s:%s:%s: cannot update its semaphore at 0x%llx",
			    p->prov, p->mod, p->func, p->name,
			    (unsigned long long)s->sema);
			rc = -1;
		}
	}
	return rc;
}

static int usdt_enable_op(udt_provider_t *pv, udt_probe_t *p)
{
	udt_handle_t *h = pv->arg;
	usdt_info_t *ui = info_of(h, p);
	if (ui == NULL)
		return 0;
	return plant(h, p, ui);
}

static int usdt_match_op(udt_provider_t *pv, const d_pdesc_t *d,
    const udt_probe_t *p)
{
	udt_handle_t *h = pv->arg;
	const usdt_info_t *ui = info_of(h, p);
	if (ui == NULL)
		return 0;
	if (ui->t != NULL && usdt_desc_kind(d->prov, NULL) == USDT_DESC_NAME) {
		/* a bare name matches prov<pid> of every process */
		size_t n = strlen(d->prov);
		char pid[16];
		snprintf(pid, sizeof(pid), "%d", (int)ui->t->pid);
		if (strncmp(p->prov, d->prov, n) != 0 ||
		    strcmp(p->prov + n, pid) != 0)
			return 0;
	} else if (!probe_glob(d->prov, p->prov)) {
		return 0;
	}
	return usdt_mod_match(d->mod, p->mod, ui->path, ui->is_exe) &&
	    probe_glob(d->func, p->func) &&
	    (probe_glob(d->name, p->name) || probe_glob(d->name, ui->rawname));
}

/* attr NULL: stapsdt notes carry no attributes, so every USDT provider is
 * what dtrace -G makes of one defined without #pragma D attributes */
static const udt_provider_ops_t usdt_ops = {
	NULL, usdt_enable_op, NULL, usdt_match_op, NULL
};

int usdt_note_enabling(udt_handle_t *h, udt_prog_t *p,
    const d_clause_prog_t *c, const d_pdesc_t *d)
{
	if (d->id != 0 || usdt_desc_kind(d->prov, NULL) == USDT_DESC_NONE)
		return 0;
	struct usdt_state *us = state(h);
	if (us == NULL)
		return -1;
	if (us->nen == us->encap) {
		size_t n = us->encap ? us->encap * 2 : 8;
		usdt_enabling_t *ne = realloc(us->en, n * sizeof(*ne));
		if (ne == NULL)
			return -1;
		us->en = ne;
		us->encap = n;
	}
	us->en[us->nen++] = (usdt_enabling_t){ p, c, d };
	if (usdt_desc_kind(d->prov, NULL) != USDT_DESC_PID && sw_active(h) &&
	    h->procs.be->ops->watch_objects != NULL) {
		/*
		 * Objects no process maps now (a program started later, a
		 * library dlopen'ed later): their files' sites as they are
		 * mapped (usdt_mapped), the mapping thread held until then
		 * when the file has a provider a pattern names. Best effort:
		 * without the watch only the files found now are covered.
		 */
		if (us->watch == NULL && (us->watch = usdt_watch_new()) == NULL)
			return -1;
		if (usdt_watch_add(us->watch, d->prov) != 0)
			return -1;
		if (!us->watching)
			us->watching = h->procs.be->ops->watch_objects(
			    h->procs.be, usdt_watch_wants, us->watch) == 0;
	}
	if (!us->warned && usdt_desc_kind(d->prov, NULL) != USDT_DESC_PID &&
	    !sw_active(h)) {
		/*
		 * ptrace sees only processes it grabs: the ones running now and
		 * the children they fork (followed: usdt_follows_forks). Say why
		 * once, not count nothing for a program started later.
		 */
		char desc[512], why[256] = "-x backend=ptrace";
		us->warned = 1;
		probe_desc_str(d, desc, sizeof(desc));
		if (strcmp(h->opts.backend, "ptrace") != 0) {
			char w[200] = "";
			(void)backend_uprobe_permitted(w, sizeof(w));
			snprintf(why, sizeof(why), "uprobes not permitted: %s", w);
		}
		fflush(h->outfp);
		fprintf(h->errfp, "%s: warning: %s traces only the processes "
		    "running now and those they fork, not programs "
		    "started later (ptrace backend: %s); uprobes need CAP_PERFMON or "
		    "kernel.perf_event_paranoid = -1\n", UDT_PROGNAME, desc, why);
		fflush(h->errfp);
	}
	return 0;
}

/* Does the remembered description name processes like t? */
static int en_applies(const usdt_enabling_t *en, const udt_tproc_t *t)
{
	int32_t pid = 0;
	int kind = usdt_desc_kind(en->d->prov, &pid);
	return kind == USDT_DESC_GLOB || kind == USDT_DESC_NAME ||
	    (kind == USDT_DESC_PID && pid == t->pid);
}

/*
 * Enumerate every remembered description for t again; new probes get
 * the ECBs of the matching descriptions, in program order; after an
 * exec, probes that had ECBs are planted at their new sites.
 */
static void reresolve(udt_handle_t *h, udt_tproc_t *t)
{
	struct usdt_state *us = h->usdtst;
	if (us == NULL || us->nen == 0)
		return;
	h->prov_err[0] = '\0';
	us->nfresh = 0;
	for (size_t i = 0; i < us->nen; i++) {
		if (!en_applies(&us->en[i], t))
			continue;
		if (enumerate(h, t, us->en[i].d, 0) < 0)
			break;
		/* a glob on uprobes: the new objects' files, for all */
		if (usdt_desc_kind(us->en[i].d->prov, NULL) != USDT_DESC_PID &&
		    sw_active(h) && sw_scan_pid(h, t->pid, us->en[i].d) < 0)
			break;
	}
	/*
	 * Probes with ECBs are planted at their sites, new ones included
	 * (after an exec all of them; after a dlopen the added ones):
	 * planting is idempotent per site and semaphore.
	 */
	for (size_t id = 1; id <= us->info.n; id++) {
		usdt_info_t *ui = us->info.v[id - 1];
		udt_probe_t *p = probe_by_id(&h->reg, (uint32_t)id);
		if (ui != NULL && (ui->t == t || ui->t == NULL) && p != NULL &&
		    p->necbs > 0)
			(void)plant(h, p, ui);
	}
	size_t nfresh = us->nfresh;
	for (size_t k = 0; k < nfresh; k++)
		for (size_t i = 0; i < us->nen; i++)
			if (en_applies(&us->en[i], t) &&
			    probe_match(us->en[i].d, us->fresh[k]))
				(void)ecb_create(h, us->en[i].prog, us->en[i].c,
				    us->fresh[k]);
	us->nfresh = 0;
	if (h->prov_err[0] != '\0' && !h->opts.quiet) {
		fflush(h->outfp);
		fprintf(h->errfp, "%s: pid %d: %s\n", UDT_PROGNAME, (int)t->pid,
		    h->prov_err);
	}
	h->prov_err[0] = '\0';
}

void usdt_exec(udt_handle_t *h, udt_proc_t *p)
{
	struct usdt_state *us = h->usdtst;
	udt_tproc_t *t = procs_of(&h->procs, p);
	if (us == NULL || t == NULL)
		return;
	/* the old image's sites and semaphores went with it */
	for (size_t i = 0; i < us->info.n; i++) {
		usdt_info_t *ui = us->info.v[i];
		if (ui != NULL && ui->t == t) {
			ui->nsites = 0;
			ui->planted = 0;
		}
	}
	reresolve(h, t);
}

static void mapped_obj(udt_handle_t *h, usdt_obj_t *o, const char *path);

void usdt_mapped(udt_handle_t *h, pid_t pid, const char *path, uint64_t dev,
    uint64_t ino)
{
	struct usdt_state *us = h->usdtst;
	usdt_obj_t *o;
	(void)pid;
	if (us == NULL || !us->watching || !sw_active(h) ||
	    (o = obj_get(us, path, dev, ino)) == NULL)
		return;
	if (o->swdone != us->nen)
		mapped_obj(h, o, path);
	/* its uprobes are registered: the kernel arms every later mapping */
	usdt_watch_armed(us->watch, dev, ino, &o->mtime);
}

/* usdt_mapped's work for an object new to the current enablings. */
static void mapped_obj(udt_handle_t *h, usdt_obj_t *o, const char *path)
{
	struct usdt_state *us = h->usdtst;
	size_t i, k, nfresh;
	o->swdone = us->nen;    /* each object once per set of enablings */
	if (!o->ok || o->notes.n == 0)
		return;
	h->prov_err[0] = '\0';
	us->nfresh = 0;
	for (i = 0; i < us->nen; i++)
		if (usdt_desc_kind(us->en[i].d->prov, NULL) != USDT_DESC_PID &&
		    sw_object(h, o, us->en[i].d) < 0)
			break;
	/* as reresolve: new probes get the ECBs of the descriptions naming them */
	nfresh = us->nfresh;
	for (k = 0; k < nfresh; k++)
		for (i = 0; i < us->nen; i++)
			if (usdt_desc_kind(us->en[i].d->prov, NULL) !=
			    USDT_DESC_PID && probe_match(us->en[i].d,
			    us->fresh[k]))
				(void)ecb_create(h, us->en[i].prog, us->en[i].c,
				    us->fresh[k]);
	for (k = 0; k < nfresh; k++) {
		udt_probe_t *p = us->fresh[k];
		usdt_info_t *ui = info_of(h, p);
		if (ui != NULL && !ui->planted && p->necbs > 0)
			(void)plant(h, p, ui);
	}
	us->nfresh = 0;
	if (h->prov_err[0] != '\0' && !h->opts.quiet) {
		fflush(h->outfp);
		fprintf(h->errfp, "%s: %s: %s\n", UDT_PROGNAME, path, h->prov_err);
	}
	h->prov_err[0] = '\0';
}

int usdt_follows_forks(udt_handle_t *h)
{
	struct usdt_state *us = h->usdtst;
	size_t i;
	if (us == NULL)
		return 0;
	for (i = 0; i < us->nen; i++)
		if (usdt_desc_kind(us->en[i].d->prov, NULL) != USDT_DESC_PID)
			break;
	if (i == us->nen)
		return 0;
	/*
	 * A followed child's ppid, uid and gid are read while its exit is
	 * held until its hits are drained; a file's site in a child let go
	 * is read after it may be gone (the kernel records no credentials)
	 */
	return !sw_active(h) || us->sw_skipped || pid_site_sync(h) ||
	    (h->pneeds & UDT_NEED_IDENT) != 0;
}

void usdt_forked(udt_handle_t *h, struct udt_tproc *t)
{
	if (h->usdtst != NULL)
		reresolve(h, t);
}

void usdt_objects(udt_handle_t *h, udt_proc_t *p)
{
	udt_tproc_t *t = procs_of(&h->procs, p);
	if (h->usdtst == NULL || t == NULL)
		return;
	reresolve(h, t);
}

/* ---- the hit path: no allocation below ---- */

struct hit_read {
	const udt_hit_t *uh;
};

/*
 * Target memory: the hit's stack copy first, then the process — through
 * its handle, or process_vm_readv of the hit's pid for a system-wide
 * site (hitctx.c, shared with the pid provider's read_mem).
 */
static int hit_read(void *arg, uint64_t addr, void *buf, size_t len)
{
	const udt_hit_t *uh = ((const struct hit_read *)arg)->uh;
	return hitctx_read((void *)uh, addr, buf, len);
}

void usdt_hit_args(udt_handle_t *h, const pidsite_ent_t *e,
    const udt_hit_t *uh, dif_hit_t *hit)
{
	const usdt_info_t *ui = info_of(h, e->probe);
	size_t nmax = sizeof(hit->args) / sizeof(hit->args[0]);
	memset(hit->args, 0, sizeof(hit->args));
	if (ui == NULL || e->insn_off >= ui->nsites)
		return;
	const usdt_psite_t *s = &ui->sites[e->insn_off];
	struct hit_read hr = { uh };
	for (int i = 0; i < s->nargs && (size_t)i < nmax; i++) {
		int64_t v = 0;
		/* a file's site sits at a different address in each process */
		uint64_t pc = (ui->t != NULL ? s->addr : uh->regs[R_RIP]) + 1;
		if (usdt_arg_eval(&s->args[i], uh->regs, pc, hit_read,
		    &hr, &v) != 0)
			v = 0;
		hit->args[i] = (uint64_t)v;
	}
}

void usdt_state_free(udt_handle_t *h)
{
	struct usdt_state *us = h->usdtst;
	if (us == NULL)
		return;
	for (size_t i = 0; i < us->info.n; i++) {
		usdt_info_t *ui = us->info.v[i];
		if (ui != NULL) {
			free(ui->sites);
			free(ui->path);
			free(ui->rawname);
			free(ui);
		}
	}
	idtab_free(&us->info);
	for (size_t b = 0; b < OBJ_BUCKETS; b++) {
		usdt_obj_t *o = us->objs[b];
		while (o != NULL) {
			usdt_obj_t *next = o->next;
			if (o->ok)
				usdt_notes_free(&o->notes);
			free(o->path);
			free(o);
			o = next;
		}
	}
	free(us->en);
	free(us->fresh);
	usdt_watch_free(us->watch);
	free(us);
	h->usdtst = NULL;
}

/* ---- compile-time argument types ---- */

typedef struct argw {
	udt_handle_t *h;
	int size[USDT_MAXARGS], sgn[USDT_MAXARGS];
	int n;          /* -1 before the first probe */
	int mixed;      /* probes disagree: args[] stay untyped */
} argw_t;

static int argw_cb(udt_probe_t *p, void *arg)
{
	argw_t *a = arg;
	const usdt_info_t *ui = info_of(a->h, p);
	if (ui == NULL) {
		a->mixed = 1;          /* not a USDT probe */
		return 0;
	}
	for (size_t i = 0; i < ui->nsites; i++) {
		const usdt_psite_t *s = &ui->sites[i];
		if (a->n < 0) {
			a->n = s->nargs;
			for (int k = 0; k < s->nargs; k++) {
				a->size[k] = s->args[k].size;
				a->sgn[k] = s->args[k].is_signed;
			}
			continue;
		}
		if (s->nargs != a->n)
			a->mixed = 1;
		for (int k = 0; k < s->nargs && k < a->n; k++)
			if (s->args[k].size != a->size[k] ||
			    s->args[k].is_signed != a->sgn[k])
				a->mixed = 1;
	}
	return 0;
}

int usdt_argtypes(udt_handle_t *h, const d_pdesc_t *d, int *size, int *sgn,
    int max)
{
	if (d->id != 0 || usdt_desc_kind(d->prov, NULL) == USDT_DESC_NONE)
		return -1;
	if (usdt_provide(h, d) != 0)
		return -1;
	argw_t a = { .h = h, .n = -1 };
	(void)probe_iter(&h->reg, d, argw_cb, &a);
	if (a.n < 0 || a.mixed)
		return -1;
	int n = a.n < max ? a.n : max;
	for (int k = 0; k < n; k++) {
		size[k] = a.size[k];
		sgn[k] = a.sgn[k];
	}
	return n;
}
