/*
 * usdt_watch.c — which newly mapped files a retained USDT enabling (a
 * provider glob or bare name) must arm before their process runs on.
 * The uprobe backend's watch thread asks, for every executable file any
 * process maps, whether the file carries a provider a pattern names and
 * is not armed yet; only then is the mapping thread held and the record
 * passed to the consumer (usdt_mapped), which adds the file's uprobes and
 * says so here (usdt_watch_armed): later mappings of that file need no
 * hold, the kernel arms a registered uprobe in every mapping of its inode.
 *
 * Owns: copies of the patterns, and a cache of files by (device, inode,
 * mtime) with the providers their notes name (a file rewritten in place
 * keeps its inode but not its mtime: read again).
 * Must not: call anything of the consumer's or the backend's (wants runs
 * on the backend's thread), or hold the lock while reading a file.
 * Invariant: every field is read and written under mu; an entry is armed
 * iff its armed generation is the current one, which each new pattern
 * advances, so a file armed for older patterns is asked for again.
 */
#include "providers/usdt_watch.h"
#include "consumer/probes.h"
#include "usdt/usdt.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define W_BUCKETS 1024

typedef struct w_file {
	uint64_t dev, ino;
	struct timespec mtime;
	int parsed;             /* provs read (else only armed is known) */
	char **provs; size_t nprovs;   /* distinct note providers */
	unsigned matchgen;      /* match is for this generation */
	int match;
	unsigned armedgen;      /* 0: never armed */
	struct w_file *next;
} w_file_t;

struct usdt_watch {
	pthread_mutex_t mu;
	char **pats; size_t npats;
	unsigned gen;           /* 1 + patterns added */
	w_file_t *files[W_BUCKETS];
};

usdt_watch_t *usdt_watch_new(void)
{
	usdt_watch_t *w = calloc(1, sizeof(*w));
	if (w == NULL)
		return NULL;
	pthread_mutex_init(&w->mu, NULL);
	w->gen = 1;
	return w;
}

static void file_free(w_file_t *f)
{
	for (size_t i = 0; i < f->nprovs; i++)
		free(f->provs[i]);
	free(f->provs);
	free(f);
}

void usdt_watch_free(usdt_watch_t *w)
{
	if (w == NULL)
		return;
	for (size_t b = 0; b < W_BUCKETS; b++)
		while (w->files[b] != NULL) {
			w_file_t *f = w->files[b];
			w->files[b] = f->next;
			file_free(f);
		}
	for (size_t i = 0; i < w->npats; i++)
		free(w->pats[i]);
	free(w->pats);
	pthread_mutex_destroy(&w->mu);
	free(w);
}

int usdt_watch_add(usdt_watch_t *w, const char *prov)
{
	char *c = strdup(prov);
	pthread_mutex_lock(&w->mu);
	char **np = c != NULL ? realloc(w->pats, (w->npats + 1) *
	    sizeof(*np)) : NULL;
	if (np == NULL) {
		pthread_mutex_unlock(&w->mu);
		free(c);
		return -1;
	}
	w->pats = np;
	w->pats[w->npats++] = c;
	w->gen++;
	pthread_mutex_unlock(&w->mu);
	return 0;
}

static size_t bucket(uint64_t dev, uint64_t ino)
{
	return (size_t)((ino * 0x9e3779b97f4a7c15ULL) ^ dev) & (W_BUCKETS - 1);
}

static w_file_t *find(usdt_watch_t *w, uint64_t dev, uint64_t ino,
    const struct timespec *mt)
{
	for (w_file_t *f = w->files[bucket(dev, ino)]; f != NULL; f = f->next)
		if (f->dev == dev && f->ino == ino &&
		    f->mtime.tv_sec == mt->tv_sec &&
		    f->mtime.tv_nsec == mt->tv_nsec)
			return f;
	return NULL;
}

static w_file_t *insert(usdt_watch_t *w, uint64_t dev, uint64_t ino,
    const struct timespec *mt)
{
	w_file_t *f = calloc(1, sizeof(*f));
	if (f == NULL)
		return NULL;
	f->dev = dev;
	f->ino = ino;
	f->mtime = *mt;
	size_t b = bucket(dev, ino);
	f->next = w->files[b];
	w->files[b] = f;
	return f;
}

/* The distinct providers of path's notes (none if it cannot be read). */
static void read_provs(const char *path, char ***provs, size_t *n)
{
	usdt_notes_t ns;
	char err[256];
	if (usdt_note_providers(path, provs, n) == 0)
		return;
	if (usdt_notes_read(path, &ns, err, sizeof(err)) != 0)
		return;
	for (size_t i = 0; i < ns.n; i++) {
		size_t k;
		for (k = 0; k < *n; k++)
			if (strcmp((*provs)[k], ns.notes[i].provider) == 0)
				break;
		if (k < *n)
			continue;
		char **np = realloc(*provs, (*n + 1) * sizeof(*np));
		if (np == NULL)
			break;
		*provs = np;
		if (((*provs)[*n] = strdup(ns.notes[i].provider)) == NULL)
			break;
		(*n)++;
	}
	usdt_notes_free(&ns);
}

int usdt_watch_wants(void *arg, const char *path, uint64_t dev, uint64_t ino)
{
	usdt_watch_t *w = arg;
	struct stat sb;
	/* replaced since it was mapped: the consumer could not read it either */
	if (stat(path, &sb) != 0 || (uint64_t)sb.st_ino != ino ||
	    (uint64_t)sb.st_dev != dev)
		return 0;
	pthread_mutex_lock(&w->mu);
	w_file_t *f = find(w, dev, ino, &sb.st_mtim);
	int parsed = f != NULL && f->parsed;
	pthread_mutex_unlock(&w->mu);
	char **provs = NULL;
	size_t nprovs = 0;
	if (!parsed)
		read_provs(path, &provs, &nprovs);
	pthread_mutex_lock(&w->mu);
	if ((f = find(w, dev, ino, &sb.st_mtim)) == NULL &&
	    (f = insert(w, dev, ino, &sb.st_mtim)) == NULL) {
		pthread_mutex_unlock(&w->mu);
		for (size_t i = 0; i < nprovs; i++)
			free(provs[i]);
		free(provs);
		return 1;      /* out of memory: ask, the consumer decides */
	}
	if (!f->parsed && !parsed) {
		f->provs = provs;
		f->nprovs = nprovs;
		f->parsed = 1;
		provs = NULL;
		nprovs = 0;
	}
	if (f->matchgen != w->gen) {
		f->match = 0;
		for (size_t i = 0; i < f->nprovs && !f->match; i++)
			for (size_t k = 0; k < w->npats && !f->match; k++)
				f->match = probe_glob(w->pats[k], f->provs[i]);
		f->matchgen = w->gen;
	}
	int r = f->match && f->armedgen != w->gen;
	pthread_mutex_unlock(&w->mu);
	for (size_t i = 0; i < nprovs; i++)
		free(provs[i]);
	free(provs);
	return r;
}

void usdt_watch_armed(usdt_watch_t *w, uint64_t dev, uint64_t ino,
    const struct timespec *mtime)
{
	pthread_mutex_lock(&w->mu);
	w_file_t *f = find(w, dev, ino, mtime);
	if (f == NULL)
		f = insert(w, dev, ino, mtime);
	if (f != NULL)
		f->armedgen = w->gen;
	pthread_mutex_unlock(&w->mu);
}
