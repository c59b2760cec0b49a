/*
 * usdt_watch.h — which newly mapped files a retained USDT enabling must
 * arm before their process runs on (usdt_watch.c).
 *
 * Owns: the provider patterns of the retained enablings (copies) and a
 * cache of the files seen, by (device, inode, mtime).
 * Must not: touch the consumer's probes or the backend.
 * Invariant: usdt_watch_wants may run on another thread than the others
 * (the backend's watch thread): every call is thread-safe.
 */
#ifndef UDTRACE_PROVIDERS_USDT_WATCH_H
#define UDTRACE_PROVIDERS_USDT_WATCH_H

#include <stdint.h>
#include <time.h>

typedef struct usdt_watch usdt_watch_t;

usdt_watch_t *usdt_watch_new(void);
void usdt_watch_free(usdt_watch_t *w);

/* One more retained provider pattern (a glob or a bare name): 0 or -1. */
int usdt_watch_add(usdt_watch_t *w, const char *prov);

/*
 * The backend's wants(): 1 if the file at path (still the one of device
 * dev, inode ino) has a note whose provider a pattern names and its sites
 * were not armed since the patterns last changed; else 0. Its notes are
 * read once per (dev, inode, mtime).
 */
int usdt_watch_wants(void *w, const char *path, uint64_t dev, uint64_t ino);

/*
 * The consumer armed the file (dev, ino) as modified at mtime for every
 * pattern so far: new mappings of it need no hold (the kernel arms a
 * registered uprobe in every mapping of its inode).
 */
void usdt_watch_armed(usdt_watch_t *w, uint64_t dev, uint64_t ino,
    const struct timespec *mtime);

#endif /* UDTRACE_PROVIDERS_USDT_WATCH_H */
