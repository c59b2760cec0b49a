/*
 * dwarf.c — an object's DWARF (libdw), for D's types and typed
 * arguments: its own .debug_info or that of its separate debuginfo.
 *
 * Owns: one Dwarf handle per object path, kept for the process's life.
 * Must not: interpret DWARF (src/d/dwtypes.c turns it into D types).
 * Invariant: a path asked about once is never opened again, whether or
 * not it had DWARF, so lookups cost a hash probe after the first.
 */
#include <elfutils/libdw.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "sym/sym.h"
#include "sym/sym_impl.h"

typedef struct dwent {
	char *path;
	Dwarf *dw;              /* NULL: the object has no DWARF */
	struct dwent *next;
} dwent_t;

static dwent_t *dwcache;
static pthread_mutex_t dwlock = PTHREAD_MUTEX_INITIALIZER;

static Dwarf *open_dwarf(const char *path)
{
	char err[256];
	udt_elf_t *e = sym_elf(path, err, sizeof(err));
	if (e == NULL)
		return NULL;
	Elf *obj, *dbg;
	sym_elf_handles(e, &obj, &dbg);
	Dwarf *dw = obj ? dwarf_begin_elf(obj, DWARF_C_READ, NULL) : NULL;
	if (dw == NULL && dbg != NULL)
		dw = dwarf_begin_elf(dbg, DWARF_C_READ, NULL);
	return dw;
}

struct Dwarf *sym_dwarf(const char *path)
{
	pthread_mutex_lock(&dwlock);
	for (dwent_t *d = dwcache; d; d = d->next)
		if (strcmp(d->path, path) == 0) {
			pthread_mutex_unlock(&dwlock);
			return d->dw;
		}
	pthread_mutex_unlock(&dwlock);
	Dwarf *dw = open_dwarf(path);
	dwent_t *d = calloc(1, sizeof(*d));
	if (d == NULL || (d->path = strdup(path)) == NULL) {
		free(d);
		return dw;
	}
	d->dw = dw;
	pthread_mutex_lock(&dwlock);
	d->next = dwcache;
	dwcache = d;
	pthread_mutex_unlock(&dwlock);
	return dw;
}

void sym_dwarf_flush(void)
{
	pthread_mutex_lock(&dwlock);
	dwent_t *d = dwcache;
	dwcache = NULL;
	pthread_mutex_unlock(&dwlock);
	while (d != NULL) {
		dwent_t *n = d->next;
		if (d->dw != NULL)
			dwarf_end(d->dw);
		free(d->path);
		free(d);
		d = n;
	}
}
