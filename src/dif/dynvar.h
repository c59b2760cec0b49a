/*
 * dynvar.h — storage of dynamic variables: thread-locals (self->x) and
 * associative array elements, in one pool preallocated from dynvarsize.
 *
 * Owns: a hash table of entries keyed by (variable id, key bytes); entries
 * are carved from the pool in power-of-two size classes and recycled
 * through one free list per class.
 * Must not: allocate after dif_dyn_init, or know what the key bytes mean
 * (the emulator builds them from the tuple stack and the tid).
 * Invariant: every value address handed out is 8-aligned and lies inside
 * [pool, pool + poolsize); a store that does not fit is dropped and
 * counted in `drops`, never grown.
 */
#ifndef UDTRACE_DIF_DYNVAR_H
#define UDTRACE_DIF_DYNVAR_H

#include <stdint.h>
#include <stddef.h>

#define DIF_DYN_NCLASS 32

typedef struct dif_dynent dif_dynent_t;

typedef struct dif_dynvars {
	uint8_t *pool;            /* all entries live here */
	size_t poolsize, bump;    /* bytes never handed out start at bump */
	dif_dynent_t **bucket;
	size_t nbucket;           /* power of two */
	dif_dynent_t *freel[DIF_DYN_NCLASS];
	uint64_t drops;           /* stores dropped for lack of space */
	size_t nlive;             /* entries in the table (tests, -S stats) */
} dif_dynvars_t;

/* 0, or -1 if the preallocation failed. */
/* The pool bytes one entry of a klen-byte key and vlen-byte value takes. */
size_t dif_dyn_entsize(size_t klen, size_t vlen);
int dif_dyn_init(dif_dynvars_t *d, size_t dynvarsize);
void dif_dyn_fini(dif_dynvars_t *d);

/* The value bytes of (id, key), or NULL: never creates. */
void *dif_dyn_lookup(dif_dynvars_t *d, uint32_t id, const void *key,
    size_t klen);

/*
 * The value bytes of (id, key), created zero-filled with vlen bytes when
 * missing; NULL (and drops++) when the pool has no room.
 */
void *dif_dyn_store(dif_dynvars_t *d, uint32_t id, const void *key,
    size_t klen, size_t vlen);

/* Remove (id, key) if present; its space goes back to its free list. */
void dif_dyn_delete(dif_dynvars_t *d, uint32_t id, const void *key,
    size_t klen);

#endif /* UDTRACE_DIF_DYNVAR_H */
