/*
 * lookup.c — address -> module`symbol+off in a process: which mapping
 * holds the address, which object that mapping is, where the object was
 * loaded, and which function contains the address.
 *
 * Owns: a small cache of processes' memory maps (read from
 * /proc/PID/maps by this file, so it works for any pid, traced or not)
 * with each mapping's object and bias resolved on first use. Must not:
 * ptrace or write to anything.
 * Invariant: the maps of a pid are re-read only on a miss (an address in
 * no cached mapping), so a process that has exited still resolves the
 * addresses its records hold; sym_cache_flush (after an exec) forgets
 * them all.
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sysmacros.h>

#include "sym/sym.h"
#include "sym/sym_impl.h"

/* What a mapping's object turned out to be. */
enum { OBJ_UNKNOWN, OBJ_OK, OBJ_NONE };

typedef struct mapobj {
	int state;
	udt_elf_t *elf;
	uint64_t bias;
	uint64_t low;           /* lowest start of any mapping of the same file */
} mapobj_t;

typedef struct pcache {
	pid_t pid;              /* 0: free slot */
	unsigned long used;     /* LRU clock */
	udt_map_t *maps;
	mapobj_t *objs;
	size_t n;
	char *strings;          /* every path of maps */
} pcache_t;

#define NPCACHE 16

static pcache_t pcaches[NPCACHE];
static unsigned long lru_clock;
static pthread_mutex_t lookup_lock = PTHREAD_MUTEX_INITIALIZER;

static void pcache_clear(pcache_t *c)
{
	free(c->maps);
	free(c->objs);
	free(c->strings);
	memset(c, 0, sizeof(*c));
}

static const char deleted_sfx[] = " (deleted)";

/* Read /proc/PID/maps into c (replacing what it held). 0 or -1. */
static int read_maps(pcache_t *c, pid_t pid)
{
	char fname[64], *line = NULL, *strings = NULL;
	size_t cap = 0, n = 0, mcap = 0, slen = 0, scap = 0;
	udt_map_t *maps = NULL;
	size_t *pathoff = NULL;
	ssize_t len;
	FILE *f;

	snprintf(fname, sizeof(fname), "/proc/%d/maps", (int)pid);
	if ((f = fopen(fname, "re")) == NULL)
		return -1;
	while ((len = getline(&line, &cap, f)) > 0) {
		unsigned long long start, end, off, ino;
		unsigned maj, min;
		char perms[8];
		int pos = 0;

		if (line[len - 1] == '\n')
			line[--len] = '\0';
		if (sscanf(line, "%llx-%llx %7s %llx %x:%x %llu %n", &start, &end,
		    perms, &off, &maj, &min, &ino, &pos) < 7)
			continue;
		if (n == mcap) {
			size_t nc = mcap ? mcap * 2 : 64;
			udt_map_t *nm = realloc(maps, nc * sizeof(*maps));
			size_t *np = realloc(pathoff, nc * sizeof(*pathoff));
			if (nm == NULL || np == NULL) {
				free(nm ? nm : maps);
				free(np ? np : pathoff);
				goto fail_nomaps;
			}
			maps = nm;
			pathoff = np;
			mcap = nc;
		}
		const char *path = pos > 0 ? line + pos : "";
		size_t plen = strlen(path);
		if (slen + plen + 1 > scap) {
			size_t nc = scap ? scap * 2 : 4096;
			while (nc < slen + plen + 1)
				nc *= 2;
			char *ns = realloc(strings, nc);
			if (ns == NULL)
				goto fail;
			strings = ns;
			scap = nc;
		}
		memcpy(strings + slen, path, plen + 1);
		pathoff[n] = slen;
		slen += plen + 1;
		maps[n] = (udt_map_t){ .start = start, .end = end, .off = off,
		    .prot = (perms[0] == 'r' ? PROT_READ : 0) |
		    (perms[1] == 'w' ? PROT_WRITE : 0) |
		    (perms[2] == 'x' ? PROT_EXEC : 0),
		    .dev = makedev(maj, min), .ino = ino };
		n++;
	}
	fclose(f);
	f = NULL;
	free(line);
	line = NULL;
	if (n == 0)
		goto fail;

	mapobj_t *objs = calloc(n, sizeof(*objs));
	if (objs == NULL)
		goto fail;
	/* Paths are final now that strings no longer moves. */
	for (size_t i = 0; i < n; i++)
		maps[i].path = strings + pathoff[i];
	free(pathoff);
	pcache_clear(c);
	c->pid = pid;
	c->maps = maps;
	c->objs = objs;
	c->n = n;
	c->strings = strings;
	return 0;
fail:
	free(maps);
	free(pathoff);
fail_nomaps:
	free(strings);
	free(line);
	if (f != NULL)
		fclose(f);
	return -1;
}

static const udt_map_t *find_map(const pcache_t *c, uint64_t addr, size_t *idx)
{
	size_t lo = 0, hi = c->n;

	/* /proc/PID/maps is sorted and its ranges do not overlap */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (addr < c->maps[mid].start)
			hi = mid;
		else if (addr >= c->maps[mid].end)
			lo = mid + 1;
		else {
			*idx = mid;
			return &c->maps[mid];
		}
	}
	return NULL;
}

static int is_file_map(const udt_map_t *m)
{
	return m->path[0] == '/';
}

/* The path of m without the kernel's " (deleted)", into buf. */
static void clean_path(const udt_map_t *m, char *buf, size_t len)
{
	size_t plen = strlen(m->path), sl = sizeof(deleted_sfx) - 1;

	if (plen > sl && strcmp(m->path + plen - sl, deleted_sfx) == 0)
		plen -= sl;
	if (plen >= len)
		plen = len - 1;
	memcpy(buf, m->path, plen);
	buf[plen] = '\0';
}

/* Work out (once) what object mapping i is and where it was loaded. */
static mapobj_t *resolve(pcache_t *c, size_t i)
{
	mapobj_t *o = &c->objs[i];
	const udt_map_t *m = &c->maps[i];
	char path[4096], err[256];
	udt_elf_t *e;

	if (o->state != OBJ_UNKNOWN)
		return o;
	o->state = OBJ_NONE;
	if (!is_file_map(m))
		return o;
	/* every mapping of one file shares the answer: reuse a resolved one */
	for (size_t j = 0; j < c->n; j++) {
		if (j != i && c->objs[j].state != OBJ_UNKNOWN &&
		    strcmp(c->maps[j].path, m->path) == 0 &&
		    c->maps[j].ino == m->ino) {
			*o = c->objs[j];
			return o;
		}
	}
	o->low = m->start;
	for (size_t j = 0; j < c->n; j++)
		if (strcmp(c->maps[j].path, m->path) == 0 && c->maps[j].start < o->low)
			o->low = c->maps[j].start;
	clean_path(m, path, sizeof(path));
	e = sym_elf(path, err, sizeof(err));
	if (e == NULL || (m->ino != 0 && !sym_elf_same_file(e, m->dev, m->ino))) {
		/* deleted, replaced or in another mount namespace: the mapping itself */
		char mf[96];
		snprintf(mf, sizeof(mf), "/proc/%d/map_files/%" PRIx64 "-%" PRIx64,
		    (int)c->pid, m->start, m->end);
		udt_elf_t *e2 = sym_elf(mf, err, sizeof(err));
		if (e2 != NULL)
			e = e2;
	}
	if (e == NULL)
		return o;
	o->elf = e;
	if (sym_bias(e, c->maps, c->n, &o->bias) != 0)
		o->bias = o->low;
	o->state = OBJ_OK;
	return o;
}

static pcache_t *pcache_get(pid_t pid)
{
	pcache_t *c, *victim = &pcaches[0];

	for (size_t i = 0; i < NPCACHE; i++) {
		c = &pcaches[i];
		if (c->pid == pid) {
			c->used = ++lru_clock;
			return c;
		}
		if (c->pid == 0 || (victim->pid != 0 && c->used < victim->used))
			victim = c;
	}
	if (read_maps(victim, pid) != 0)
		return NULL;
	victim->used = ++lru_clock;
	return victim;
}

static void copy_out(char *dst, size_t len, const char *src)
{
	if (dst == NULL || len == 0)
		return;
	snprintf(dst, len, "%s", src);
}

int sym_lookup_pid(pid_t pid, uint64_t addr, char *mod, size_t modlen,
    char *func, size_t funclen, uint64_t *off)
{
	const udt_map_t *m;
	const udt_sym_t *s;
	mapobj_t *o;
	pcache_t *c;
	size_t i = 0;
	int rc = -1;

	if (pid <= 0)
		return -1;
	pthread_mutex_lock(&lookup_lock);
	if ((c = pcache_get(pid)) == NULL)
		goto out;
	if ((m = find_map(c, addr, &i)) == NULL) {
		/* a miss: the process may have mapped something new */
		if (read_maps(c, pid) != 0 || (m = find_map(c, addr, &i)) == NULL)
			goto out;
	}
	o = resolve(c, i);
	if (!is_file_map(m))
		goto out;
	{
		char path[4096];
		const char *b;

		clean_path(m, path, sizeof(path));
		b = strrchr(path, '/');
		copy_out(mod, modlen, b ? b + 1 : path);
	}
	s = o->state == OBJ_OK ? sym_func_at(o->elf, addr - o->bias) : NULL;
	if (s != NULL) {
		copy_out(func, funclen, s->name);
		if (off != NULL)
			*off = addr - o->bias - s->addr;
	} else {
		copy_out(func, funclen, "");
		if (off != NULL)
			*off = addr - (o->low ? o->low : m->start);
	}
	rc = 0;
out:
	pthread_mutex_unlock(&lookup_lock);
	return rc;
}

int sym_lookup(udt_proc_t *p, uint64_t addr, char *mod, size_t modlen,
    char *func, size_t funclen, uint64_t *off)
{
	if (p == NULL)
		return -1;
	return sym_lookup_pid(proc_pid(p), addr, mod, modlen, func, funclen, off);
}

void sym_lookup_flush(void)
{
	pthread_mutex_lock(&lookup_lock);
	for (size_t i = 0; i < NPCACHE; i++)
		pcache_clear(&pcaches[i]);
	lru_clock = 0;
	pthread_mutex_unlock(&lookup_lock);
}

void sym_cache_flush(void)
{
	sym_lookup_flush();
	sym_unwind_flush();
	sym_unwind_sample_flush();
	sym_dwarf_flush();      /* its handles borrow the objects' Elf */
	sym_elf_flush();
}
