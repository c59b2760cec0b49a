/*
 * emu_impl.h — the emulator's run-time state and the helpers that emu.c
 * (instructions) and subr.c (subroutines) share. Private to src/dif/.
 *
 * Must not: be included outside src/dif/.
 * Invariant: every address a DIFO can see is checked with dif_canload or
 * dif_canstore against the regions listed here before it is touched; the
 * helpers that fail record the fault in st->fault/st->faddr and return
 * -1 (or NULL), and the caller simply stops.
 */
#ifndef UDTRACE_DIF_EMU_IMPL_H
#define UDTRACE_DIF_EMU_IMPL_H

#include <stdint.h>
#include <stddef.h>
#include "udtrace/dif.h"
#include "dif/emu.h"
#include "dif/dynvar.h"
#include "udtrace/procfs.h"

/* One tuple-stack entry: a key component or a subroutine argument. */
typedef struct dif_tent {
	uint64_t v;        /* the value, or the by-ref address as pushed */
	uint32_t size;     /* by-ref: bytes copied (strings: up to the NUL) */
	uint32_t psize;    /* bytes the entry takes in a DIF_AGG key: 8 for
	                    * integers, else the pushed size (saturated) */
	uint32_t off;      /* by-ref: copy at tupdata + off */
	uint8_t  byref, isstr;
} dif_tent_t;

/* A stretch of D-owned memory. */
typedef struct dif_region {
	uintptr_t base;
	size_t len;
	int store;         /* DIF may store into it */
} dif_region_t;

enum {
	DIF_RG_SCRATCH, DIF_RG_GLOBALS, DIF_RG_LOCALS, DIF_RG_DYN,
	DIF_RG_ZERO, DIF_RG_TUPLE, DIF_RG_BISTR, DIF_RG_XLATE, DIF_RG_STRTAB,
	DIF_RG_N
};

/* Translated process-model objects (xlate.c): slots per kind. */
#define XL_SLOTS 8
typedef struct dif_xlslot {
	uint8_t *buf;
	int64_t id;
	unsigned gen;              /* valid when == dif_xl_t.gen */
} dif_xlslot_t;
typedef struct dif_xl {
	uint8_t *mem;              /* every slot, one region */
	size_t len;
	unsigned gen;              /* bumped per firing */
	dif_xlslot_t slot[UDT_XL_NKINDS][XL_SLOTS];
	unsigned next[UDT_XL_NKINDS];   /* round-robin victim per kind */
} dif_xl_t;

/* Built-in strings copied lazily into bistr, one strsize slot each. */
enum { DIF_BS_EXECNAME, DIF_BS_PROV, DIF_BS_MOD, DIF_BS_FUNC, DIF_BS_NAME,
	DIF_BS_ZONENAME,
	DIF_BS_N };

struct dif_state {
	const dif_var_t *vars;
	size_t nvars;
	dif_limits_t lim;

	uint32_t *var_off;          /* offset in globals or locals, per var */
	/*
	 * Per static string variable: it was last assigned NULL. illumos
	 * keeps a marker byte in front of the text so that such a variable
	 * reads back as NULL (0), not as "": reading it then faults where
	 * DTrace faults.
	 */
	uint8_t *var_null;
	uint8_t *globals, *locals;
	size_t nglobals, nlocals;

	uint8_t *scratch;
	size_t scratch_used;

	uint8_t *zero;              /* what a missing by-ref element reads as */
	size_t nzero;

	uint8_t *bistr;
	unsigned bistr_valid;       /* bit per DIF_BS_* */

	dif_tent_t tuple[DIF_TUPLE_MAX];
	unsigned ntuple;
	uint8_t *tupdata;
	size_t tupdata_cap, tupdata_used;
	uint8_t *keybuf;            /* serialised key of a dynamic variable */
	size_t keybuf_cap;

	uint8_t *recbuf;
	size_t rec_len;
	int rec_dropped;            /* this clause overflowed recbufsize */
	uint64_t rec_drops;

	dif_dynvars_t dyn;
	dif_xl_t xl;

	uint8_t *tokbuf;            /* strtok's copy of its string */
	size_t tok_len, tok_pos;
	int tok_valid;

	uint64_t rand_state;

	dif_region_t rg[DIF_RG_N];
	/*
	 * Struct elements of associative arrays this clause loaded: the only
	 * dynamic-variable bytes a store through a pointer may touch (as
	 * DTrace's dtrace_canstore admits a dynvar's data, never its header).
	 */
	struct { uint64_t base, len; } dynref[8];
	int ndynref;

	const dif_hit_t *hit;
	int fault;
	uint64_t faddr;
};

/* Record a fault; always returns -1 so callers can `return dif_fail(...)`. */
int dif_fail(dif_state_t *st, int fault, uint64_t addr);

/* 1 if [addr, addr + len) lies inside one loadable/storable region. */
int dif_canload(const dif_state_t *st, uint64_t addr, uint64_t len);
int dif_canstore(const dif_state_t *st, uint64_t addr, uint64_t len);

/*
 * View the string at addr: at most `lim` bytes, stopping at a NUL or at
 * the end of its region. addr 0 is "" when null_ok, else BADADDR (0x0).
 * Returns the bytes (not NUL-terminated) or NULL with the fault set.
 */
const char *dif_strview(dif_state_t *st, uint64_t addr, size_t lim,
    int null_ok, size_t *lenp);

/* n zeroed scratch bytes, 8-aligned; NULL with NOSCRATCH if none left. */
uint8_t *dif_scratch_alloc(dif_state_t *st, uint64_t n);

/* A scratch copy of len bytes plus NUL; its address as a DIF value. */
int dif_scratch_str(dif_state_t *st, const char *s, size_t len,
    uint64_t *out);

/* src/dif/xlate.c: the slots of translated objects. */
int dif_xl_init(dif_xl_t *xl);
void dif_xl_fini(dif_xl_t *xl);
void dif_xl_firing(dif_xl_t *xl);
/* The address of kind's object for id, filled this firing if not yet. */
uint64_t dif_xl_get(dif_state_t *st, const dif_hit_t *h, int kind,
    int64_t id);

/* src/dif/subr.c: rd = subroutine `subr` of the tuple stack. */
int dif_subr(dif_state_t *st, const dif_hit_t *hit, uint32_t subr,
    uint64_t *out);

static inline uint64_t dif_ptr(const void *p) { return (uint64_t)(uintptr_t)p; }
static inline void *dif_addr(uint64_t a) { return (void *)(uintptr_t)a; }

#endif /* UDTRACE_DIF_EMU_IMPL_H */
