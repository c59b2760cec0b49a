/*
 * emu.c — the DIF emulator: run-time state, the instruction loop, variable
 * access and record output. Subroutines live in subr.c, dynamic-variable
 * storage in dynvar.c.
 *
 * Must not: allocate anywhere but dif_state_create (dif_exec,
 * dif_firing_begin and dif_clause_begin run on every probe hit), call the
 * kernel or libc I/O, or touch memory not proved D-owned by dif_canload /
 * dif_canstore.
 * Invariant: arithmetic is done on uint64_t so every wraparound is
 * defined; signed meaning is applied only where an opcode asks for it.
 */
#include <stdlib.h>
#include <string.h>
#include "dif/emu_impl.h"
#include "udtrace/procfs.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "records copy integers with memcpy: they are little endian"
#endif

#define ROUND8(x) (((x) + 7) & ~(uint64_t)7)

static int var_is_dynamic(const dif_var_t *v)
{
	return v->scope == DIF_SCOPE_THREAD || (v->flags & DIF_VF_ASSOC);
}

/* Bytes of storage a variable's value needs. */
static size_t var_vsize(const dif_var_t *v)
{
	if (!(v->flags & DIF_VF_BYREF))
		return 8;
	return v->size ? v->size : 8;
}

dif_state_t *dif_state_create(const dif_var_t *vars, size_t nvars,
    const dif_limits_t *lim)
{
	dif_state_t *st = calloc(1, sizeof(*st));
	if (st == NULL)
		return NULL;
	st->vars = vars;
	st->nvars = nvars;
	st->lim = *lim;
	if (st->lim.strsize < 2)
		st->lim.strsize = 2;

	size_t maxv = st->lim.strsize, maxdyn = 0;
	st->var_off = calloc(nvars ? nvars : 1, sizeof(uint32_t));
	st->var_null = calloc(nvars ? nvars : 1, 1);
	if (st->var_off == NULL || st->var_null == NULL)
		goto fail;
	for (size_t i = 0; i < nvars; i++) {
		const dif_var_t *v = &vars[i];
		size_t sz = ROUND8(var_vsize(v));
		if (sz > maxv)
			maxv = sz;
		if (var_is_dynamic(v)) {
			if (sz > maxdyn)
				maxdyn = sz;
			continue;
		}
		if (v->scope == DIF_SCOPE_LOCAL) {
			st->var_off[i] = (uint32_t)st->nlocals;
			st->nlocals += sz;
		} else {
			st->var_off[i] = (uint32_t)st->nglobals;
			st->nglobals += sz;
		}
	}
	st->nzero = ROUND8(maxv);
	st->tupdata_cap = DIF_TUPLE_MAX * ROUND8(st->lim.strsize);
	st->keybuf_cap = st->tupdata_cap + DIF_TUPLE_MAX * 8 + 8;

	/* +8 keeps every buffer non-empty so its base is a real address */
	st->globals = calloc(1, st->nglobals + 8);
	st->locals = calloc(1, st->nlocals + 8);
	st->scratch = calloc(1, st->lim.scratchsize + 8);
	st->zero = calloc(1, st->nzero);
	st->bistr = calloc(DIF_BS_N, st->lim.strsize);
	st->tupdata = calloc(1, st->tupdata_cap);
	st->keybuf = calloc(1, st->keybuf_cap);
	st->recbuf = calloc(1, st->lim.recbufsize + 8);
	st->tokbuf = calloc(1, st->lim.strsize);
	if (!st->globals || !st->locals || !st->scratch || !st->zero ||
	    !st->bistr || !st->tupdata || !st->keybuf || !st->recbuf ||
	    !st->tokbuf)
		goto fail;
	/*
	 * As DTrace raises dynvarsize to at least one chunk, the pool always
	 * holds one dynamic variable of the largest key and value the program
	 * can store, however small the option.
	 */
	if (maxdyn > 0) {
		size_t minpool = dif_dyn_entsize(st->keybuf_cap, maxdyn);
		if (st->lim.dynvarsize < minpool)
			st->lim.dynvarsize = minpool;
	}
	if (dif_dyn_init(&st->dyn, st->lim.dynvarsize) != 0)
		goto fail;
	if (dif_xl_init(&st->xl) != 0)
		goto fail;

	st->rg[DIF_RG_SCRATCH] = (dif_region_t){ (uintptr_t)st->scratch,
	    st->lim.scratchsize, 1 };
	st->rg[DIF_RG_GLOBALS] = (dif_region_t){ (uintptr_t)st->globals,
	    st->nglobals, 1 };
	st->rg[DIF_RG_LOCALS] = (dif_region_t){ (uintptr_t)st->locals,
	    st->nlocals, 1 };
	st->rg[DIF_RG_DYN] = (dif_region_t){ (uintptr_t)st->dyn.pool,
	    st->dyn.poolsize, 0 };
	st->rg[DIF_RG_ZERO] = (dif_region_t){ (uintptr_t)st->zero,
	    st->nzero, 0 };
	st->rg[DIF_RG_TUPLE] = (dif_region_t){ (uintptr_t)st->tupdata,
	    st->tupdata_cap, 0 };
	st->rg[DIF_RG_BISTR] = (dif_region_t){ (uintptr_t)st->bistr,
	    DIF_BS_N * st->lim.strsize, 0 };
	st->rg[DIF_RG_XLATE] = (dif_region_t){ (uintptr_t)st->xl.mem,
	    st->xl.len, 0 };
	st->rand_state = 0x9e3779b97f4a7c15ull;
	return st;
fail:
	dif_state_destroy(st);
	return NULL;
}

void dif_state_destroy(dif_state_t *st)
{
	if (st == NULL)
		return;
	dif_dyn_fini(&st->dyn);
	dif_xl_fini(&st->xl);
	free(st->var_off);
	free(st->var_null);
	free(st->globals);
	free(st->locals);
	free(st->scratch);
	free(st->zero);
	free(st->bistr);
	free(st->tupdata);
	free(st->keybuf);
	free(st->recbuf);
	free(st->tokbuf);
	free(st);
}

void dif_firing_begin(dif_state_t *st, const dif_hit_t *hit)
{
	st->hit = hit;
	st->bistr_valid = 0;
	dif_xl_firing(&st->xl);
	st->tok_valid = 0;
	st->scratch_used = 0;
	st->ndynref = 0;
	st->ntuple = 0;
	st->tupdata_used = 0;
	/* mix the hit into rand() so runs differ, cheaply */
	st->rand_state = st->rand_state * 6364136223846793005ull +
	    (hit ? hit->timestamp : 0) + 1442695040888963407ull;
	if (st->rand_state == 0)   /* xorshift's one fixed point */
		st->rand_state = 0x9e3779b97f4a7c15ull;
}

void dif_clause_begin(dif_state_t *st)
{
	st->ndynref = 0;
	st->rec_len = 0;
	st->rec_dropped = 0;
	st->scratch_used = 0;
	st->ntuple = 0;
	st->tupdata_used = 0;
}

const void *dif_records(const dif_state_t *st, size_t *len)
{
	if (st->rec_dropped) {
		*len = 0;
		return NULL;
	}
	*len = st->rec_len;
	return st->recbuf;
}

uint64_t dif_take_dynvar_drops(dif_state_t *st)
{
	uint64_t n = st->dyn.drops;
	st->dyn.drops = 0;
	return n;
}

uint64_t dif_take_rec_drops(dif_state_t *st)
{
	uint64_t n = st->rec_drops;
	st->rec_drops = 0;
	return n;
}

const char *dif_fault_name(int fault)
{
	switch (fault) {
	case DIF_FAULT_BADADDR:   return "invalid address";
	case DIF_FAULT_BADALIGN:  return "invalid alignment";
	case DIF_FAULT_ILLOP:     return "illegal operation";
	case DIF_FAULT_DIVZERO:   return "divide-by-zero";
	case DIF_FAULT_NOSCRATCH: return "out of scratch space";
	case DIF_FAULT_KPRIV:     return "invalid kernel access";
	case DIF_FAULT_UPRIV:     return "invalid user access";
	case DIF_FAULT_TUPOFLOW:  return "tuple stack overflow";
	case DIF_FAULT_BADSTACK:  return "bad stack";
	case DIF_FAULT_LIBRARY:   return "library-level fault";
	default:                  return "unknown fault";
	}
}

/* ---- shared helpers (emu_impl.h) ---- */

int dif_fail(dif_state_t *st, int fault, uint64_t addr)
{
	st->fault = fault;
	st->faddr = addr;
	return -1;
}

static int in_region(const dif_region_t *r, uint64_t addr, uint64_t len)
{
	/*
	 * addr < base wraps off far past any region's length, so a region
	 * that does not hold addr costs one compare: every load walks the
	 * region list.
	 */
	uint64_t off = addr - r->base;
	return off <= r->len && len <= r->len - off && r->len != 0;
}

int dif_canload(const dif_state_t *st, uint64_t addr, uint64_t len)
{
	if (addr == 0)
		return 0;
	for (int i = 0; i < DIF_RG_N; i++)
		if (in_region(&st->rg[i], addr, len))
			return 1;
	return 0;
}

/*
 * A store into the globals or locals storage must fall inside one
 * variable's own bytes, not the padding rounding it to 8 nor the next
 * variable: illumos dtrace_canstore_statvar checks each static
 * variable's exact size, so a[5] of int a[5] faults there.
 */
static int in_static_var(const dif_state_t *st, int scope_local,
    uint64_t addr, uint64_t len)
{
	uintptr_t base = scope_local ? (uintptr_t)st->locals :
	    (uintptr_t)st->globals;
	for (size_t i = 0; i < st->nvars; i++) {
		const dif_var_t *v = &st->vars[i];
		if (var_is_dynamic(v) ||
		    (v->scope == DIF_SCOPE_LOCAL) != scope_local)
			continue;
		dif_region_t r = { base + st->var_off[i], var_vsize(v), 1 };
		if (in_region(&r, addr, len))
			return 1;
	}
	return 0;
}

int dif_canstore(const dif_state_t *st, uint64_t addr, uint64_t len)
{
	if (addr == 0)
		return 0;
	for (int i = 0; i < DIF_RG_N; i++)
		if (st->rg[i].store && in_region(&st->rg[i], addr, len)) {
			if (i == DIF_RG_GLOBALS || i == DIF_RG_LOCALS)
				return in_static_var(st,
				    i == DIF_RG_LOCALS, addr, len);
			return 1;
		}
	for (int i = 0; i < st->ndynref; i++)
		if (addr >= st->dynref[i].base && len <= st->dynref[i].len &&
		    addr - st->dynref[i].base <= st->dynref[i].len - len)
			return 1;
	return 0;
}

const char *dif_strview(dif_state_t *st, uint64_t addr, size_t lim,
    int null_ok, size_t *lenp)
{
	*lenp = 0;
	if (addr == 0) {
		if (null_ok)
			return "";
		dif_fail(st, DIF_FAULT_BADADDR, 0);
		return NULL;
	}
	for (int i = 0; i < DIF_RG_N; i++) {
		const dif_region_t *r = &st->rg[i];
		if (!in_region(r, addr, 1))
			continue;
		size_t room = r->len - (size_t)(addr - r->base);
		if (room < lim)
			lim = room;
		const char *s = dif_addr(addr);
		const char *nul = memchr(s, 0, lim);
		*lenp = nul ? (size_t)(nul - s) : lim;
		return s;
	}
	dif_fail(st, DIF_FAULT_BADADDR, addr);
	return NULL;
}

uint8_t *dif_scratch_alloc(dif_state_t *st, uint64_t n)
{
	size_t room = st->lim.scratchsize - st->scratch_used;
	if (n > room) {
		dif_fail(st, DIF_FAULT_NOSCRATCH, 0);
		return NULL;
	}
	uint8_t *p = st->scratch + st->scratch_used;
	memset(p, 0, (size_t)n);
	uint64_t adv = ROUND8(n);
	st->scratch_used = adv > room ? st->lim.scratchsize
	    : st->scratch_used + (size_t)adv;
	return p;
}

int dif_scratch_str(dif_state_t *st, const char *s, size_t len, uint64_t *out)
{
	uint8_t *p = dif_scratch_alloc(st, (uint64_t)len + 1);
	if (p == NULL)
		return -1;
	memmove(p, s, len);
	p[len] = 0;
	*out = dif_ptr(p);
	return 0;
}

/* ---- variables ---- */

/* The var for id if it exists and has the scope the opcode needs. */
static const dif_var_t *var_get(dif_state_t *st, uint32_t id, int scope,
    int assoc)
{
	if (id < DIF_VAR_USER_BASE || id - DIF_VAR_USER_BASE >= st->nvars)
		return NULL;
	const dif_var_t *v = &st->vars[id - DIF_VAR_USER_BASE];
	if (v->scope != scope || !!(v->flags & DIF_VF_ASSOC) != assoc)
		return NULL;
	return v;
}

/* Copy a by-ref value from src into storage dst of size n. */
static int copy_byref(dif_state_t *st, const dif_var_t *v, uint8_t *dst,
    size_t n, uint64_t src)
{
	if (v->flags & DIF_VF_STRING) {
		size_t len;
		const char *s = dif_strview(st, src, n, 1, &len);
		if (s == NULL)
			return -1;
		memmove(dst, s, len);
		memset(dst + len, 0, n - len);
		return 0;
	}
	if (src == 0) {
		memset(dst, 0, n);
		return 0;
	}
	if (!dif_canload(st, src, n))
		return dif_fail(st, DIF_FAULT_BADADDR, src);
	memmove(dst, dif_addr(src), n);
	return 0;
}

/* Load/store a global or clause-local (static storage). */
static int static_load(dif_state_t *st, const dif_var_t *v, uint8_t *base,
    uint64_t *out)
{
	uint8_t *p = base + st->var_off[v - st->vars];
	if (st->var_null[v - st->vars])
		*out = 0;
	else if (v->flags & DIF_VF_BYREF)
		*out = dif_ptr(p);
	else
		memcpy(out, p, 8);
	return 0;
}

static int static_store(dif_state_t *st, const dif_var_t *v, uint8_t *base,
    uint64_t val)
{
	uint8_t *p = base + st->var_off[v - st->vars];
	if (v->flags & DIF_VF_STRING) {
		st->var_null[v - st->vars] = val == 0;
		if (val == 0)
			return 0;
	}
	if (v->flags & DIF_VF_BYREF)
		return copy_byref(st, v, p, var_vsize(v), val);
	memcpy(p, &val, 8);
	return 0;
}

/*
 * Serialise the tuple stack (and the tid for thread-locals) into keybuf:
 * integers as 8 bytes, by-ref values as a 4-byte length and their bytes,
 * so different tuples never share a key.
 */
static int build_key(dif_state_t *st, int use_tuple, int use_tid,
    size_t *klen)
{
	size_t n = 0;
	if (use_tuple) {
		for (unsigned i = 0; i < st->ntuple; i++) {
			const dif_tent_t *t = &st->tuple[i];
			if (!t->byref) {
				memcpy(st->keybuf + n, &t->v, 8);
				n += 8;
				continue;
			}
			if (t->v == 0)
				return dif_fail(st, DIF_FAULT_BADADDR, 0);
			memcpy(st->keybuf + n, &t->size, 4);
			memcpy(st->keybuf + n + 4, st->tupdata + t->off, t->size);
			n += 4 + t->size;
		}
	}
	if (use_tid) {
		int64_t tid = st->hit ? st->hit->tid : 0;
		memcpy(st->keybuf + n, &tid, 8);
		n += 8;
	}
	*klen = n;
	return 0;
}

static int dyn_load(dif_state_t *st, const dif_var_t *v, int use_tuple,
    uint64_t *out)
{
	size_t klen;
	if (build_key(st, use_tuple, v->scope == DIF_SCOPE_THREAD, &klen) != 0)
		return -1;
	uint8_t *p = dif_dyn_lookup(&st->dyn, v->id, st->keybuf, klen);
	/* a missing string element is NULL, as illumos's LDTS/LDGAA give */
	if ((v->flags & DIF_VF_STRING) && p == NULL)
		*out = 0;
	else if ((v->flags & DIF_VF_BYREF) && use_tuple)
		/* a missing struct element is 0, as DTrace's LDGAA gives:
		 * the compiler faults it in (cg_assoc_fault_in) */
	{
		*out = p ? dif_ptr(p) : 0;
		if (p != NULL) {
			/* past eight, the last slot is reused: clauses hold few */
			int i = st->ndynref < 8 ? st->ndynref++ : 7;
			st->dynref[i].base = *out;
			st->dynref[i].len = var_vsize(v);
		}
	}
	else if (v->flags & DIF_VF_BYREF)
		*out = dif_ptr(p ? p : st->zero);
	else if (p)
		memcpy(out, p, 8);
	else
		*out = 0;
	return 0;
}

static int dyn_store(dif_state_t *st, const dif_var_t *v, int use_tuple,
    uint64_t val)
{
	size_t klen;
	if (build_key(st, use_tuple, v->scope == DIF_SCOPE_THREAD, &klen) != 0)
		return -1;
	if (val == 0) {
		dif_dyn_delete(&st->dyn, v->id, st->keybuf, klen);
		return 0;
	}
	size_t n = var_vsize(v);
	if (v->flags & DIF_VF_BYREF) {
		/* check the source before creating the element */
		size_t len;
		if (v->flags & DIF_VF_STRING) {
			if (dif_strview(st, val, n, 1, &len) == NULL)
				return -1;
		} else if (!dif_canload(st, val, n)) {
			return dif_fail(st, DIF_FAULT_BADADDR, val);
		}
	}
	uint8_t *p = dif_dyn_store(&st->dyn, v->id, st->keybuf, klen, n);
	if (p == NULL)
		return 0;   /* dropped and counted */
	if (v->flags & DIF_VF_BYREF)
		return copy_byref(st, v, p, n, val);
	memcpy(p, &val, 8);
	return 0;
}

/* ---- built-in variables ---- */

static uint64_t bistr(dif_state_t *st, int which, const char *s)
{
	uint8_t *p = st->bistr + (size_t)which * st->lim.strsize;
	if (!(st->bistr_valid & (1u << which))) {
		size_t n = 0;
		if (s != NULL) {
			const char *nul = memchr(s, 0, st->lim.strsize);
			n = nul ? (size_t)(nul - s) : st->lim.strsize;
			memcpy(p, s, n);
		}
		memset(p + n, 0, st->lim.strsize - n);
		st->bistr_valid |= 1u << which;
	}
	return dif_ptr(p);
}

static int builtin_load(dif_state_t *st, const dif_hit_t *h, uint32_t id,
    uint64_t *out)
{
	static const dif_hit_t none;
	if (h == NULL)
		h = &none;
	if (id >= DIF_VAR_ARG0 && id <= DIF_VAR_ARG9) {
		*out = h->args[id - DIF_VAR_ARG0];
		return 0;
	}
	switch (id) {
	case DIF_VAR_TIMESTAMP:     *out = h->timestamp; break;
	case DIF_VAR_VTIMESTAMP:    *out = h->vtimestamp; break;
	case DIF_VAR_WALLTIMESTAMP: *out = (uint64_t)h->walltimestamp; break;
	case DIF_VAR_PID:           *out = (uint64_t)(int64_t)h->pid; break;
	case DIF_VAR_PPID:          *out = (uint64_t)(int64_t)h->ppid; break;
	case DIF_VAR_TID:           *out = (uint64_t)(int64_t)h->tid; break;
	case DIF_VAR_UID:           *out = h->uid; break;
	case DIF_VAR_GID:           *out = h->gid; break;
	case DIF_VAR_EXECNAME: *out = bistr(st, DIF_BS_EXECNAME, h->execname); break;
	case DIF_VAR_PROBEPROV: *out = bistr(st, DIF_BS_PROV, h->prov); break;
	case DIF_VAR_PROBEMOD:  *out = bistr(st, DIF_BS_MOD, h->mod); break;
	case DIF_VAR_PROBEFUNC: *out = bistr(st, DIF_BS_FUNC, h->func); break;
	case DIF_VAR_PROBENAME: *out = bistr(st, DIF_BS_NAME, h->name); break;
	case DIF_VAR_ID:            *out = h->probe_id; break;
	case DIF_VAR_EPID:          *out = h->epid; break;
	case DIF_VAR_CPU:           *out = (uint64_t)(int64_t)h->cpu; break;
	case DIF_VAR_ERRNO:         *out = (uint64_t)(int64_t)h->errno_val; break;
	case DIF_VAR_UCALLER:       *out = h->ucaller; break;
	case DIF_VAR_USTACKDEPTH:   *out = h->ustackdepth; break;
	case DIF_VAR_CURTHREAD:     *out = 0; break;
	case DIF_VAR_CALLER:
	case DIF_VAR_STACKDEPTH:
	case DIF_VAR_IPL:           *out = 0; break;
	case DIF_VAR_ZONENAME: *out = bistr(st, DIF_BS_ZONENAME, "global"); break;
	case DIF_VAR_CURCPU:
		*out = dif_xl_get(st, h, UDT_XL_CPUINFO, h->cpu);
		break;
	case DIF_VAR_CURPSINFO:
		*out = dif_xl_get(st, h, UDT_XL_PSINFO, h->pid);
		break;
	case DIF_VAR_CURLWPSINFO:
		*out = dif_xl_get(st, h, UDT_XL_LWPSINFO, h->tid);
		break;
	case DIF_VAR_CWD:
		*out = dif_xl_get(st, h, UDT_XL_CWD, h->pid);
		break;
	case DIF_VAR_ROOT:
		*out = dif_xl_get(st, h, UDT_XL_ROOT, h->pid);
		break;
	default:
		return dif_fail(st, DIF_FAULT_ILLOP, 0);
	}
	return 0;
}

static int builtin_array(dif_state_t *st, const dif_hit_t *h, uint32_t id,
    uint64_t idx, uint64_t *out)
{
	if (id == DIF_VAR_ARGS) {
		*out = (h != NULL && idx < 12) ? h->args[idx] : 0;
		return 0;
	}
	if (id == DIF_VAR_UREGS) {
		if (h == NULL || h->uregs == NULL || idx >= h->nuregs)
			return dif_fail(st, DIF_FAULT_ILLOP, 0);
		*out = h->uregs[idx];
		return 0;
	}
	/* ids are int: D converted the subscript, so compare as int */
	if (id == DIF_VAR_FDS) {
		*out = dif_xl_get(st, h, UDT_XL_FILEINFO, (int32_t)idx);
		return 0;
	}
	if (id == DIF_VAR_SIGINFO) {
		*out = dif_xl_get(st, h, UDT_XL_SIGINFO, (int32_t)idx);
		return 0;
	}
	if (id == DIF_VAR_PSINFO || id == DIF_VAR_LWPSINFO) {
		*out = dif_xl_get(st, h, id == DIF_VAR_PSINFO ? UDT_XL_PSINFO :
		    UDT_XL_LWPSINFO, (int32_t)idx);
		return 0;
	}
	return dif_fail(st, DIF_FAULT_ILLOP, 0);
}

/* ---- tuple stack ---- */

static int push_tuple(dif_state_t *st, uint64_t v, uint64_t size, int byref,
    int isstr)
{
	if (st->ntuple >= DIF_TUPLE_MAX)
		return dif_fail(st, DIF_FAULT_TUPOFLOW, 0);
	dif_tent_t *t = &st->tuple[st->ntuple];
	t->v = v;
	t->byref = (uint8_t)byref;
	t->isstr = (uint8_t)isstr;
	t->off = (uint32_t)st->tupdata_used;
	t->size = 0;
	if (!byref)
		t->psize = 8;
	else if (size == 0 && isstr)
		t->psize = (uint32_t)st->lim.strsize;
	else
		t->psize = size > UINT32_MAX ? UINT32_MAX : (uint32_t)size;
	if (byref && v != 0) {
		const void *src;
		size_t n;
		if (isstr) {
			size_t lim = st->lim.strsize;
			if (size != 0 && size < lim)
				lim = (size_t)size;
			src = dif_strview(st, v, lim, 0, &n);
			if (src == NULL)
				return -1;
		} else {
			if (!dif_canload(st, v, size))
				return dif_fail(st, DIF_FAULT_BADADDR, v);
			src = dif_addr(v);
			n = (size_t)size;
		}
		if (n > st->tupdata_cap - st->tupdata_used)
			return dif_fail(st, DIF_FAULT_TUPOFLOW, 0);
		memcpy(st->tupdata + st->tupdata_used, src, n);
		t->size = (uint32_t)n;
		st->tupdata_used += (size_t)ROUND8(n);
		if (st->tupdata_used > st->tupdata_cap)
			st->tupdata_used = st->tupdata_cap;
	}
	st->ntuple++;
	return 0;
}

/* ---- records ---- */

/*
 * Room for one record of len data bytes at the end of the clause's
 * buffer, header written and padding zeroed; NULL when the clause's data
 * is (now) dropped because it does not fit recbufsize.
 */
static uint8_t *rec_reserve(dif_state_t *st, uint32_t idx, size_t len)
{
	if (st->rec_dropped)
		return NULL;
	uint64_t total = sizeof(dif_rechdr_t) + ROUND8((uint64_t)len);
	if (total > st->lim.recbufsize - st->rec_len) {
		/* drop the whole clause's data, as a full buffer would */
		st->rec_dropped = 1;
		st->rec_drops++;
		return NULL;
	}
	uint8_t *p = st->recbuf + st->rec_len;
	dif_rechdr_t h = { idx, (uint32_t)len };
	memcpy(p, &h, sizeof(h));
	p += sizeof(h);
	if (len & 7)   /* only the last word can hold padding */
		memset(p + (len & ~(size_t)7), 0, 8);
	st->rec_len += (size_t)total;
	return p;
}

static int do_rec(dif_state_t *st, const difo_t *dp, uint32_t idx,
    uint64_t val, uint64_t maxlen)
{
	if (dp->rectab == NULL || idx >= dp->nrec)
		return dif_fail(st, DIF_FAULT_ILLOP, 0);
	const dif_rec_t *rc = &dp->rectab[idx];
	const char *src = NULL;
	size_t srclen = 0, len = rc->size;

	switch (rc->kind) {
	case DIF_REC_INT:
		if (len > 8)
			len = 8;
		break;
	case DIF_REC_STRING:
		if (len == 0)
			break;
		src = dif_strview(st, val, len, 0, &srclen);
		if (src == NULL)
			return -1;
		break;
	case DIF_REC_BYREF:
		if (maxlen < len)
			len = (size_t)maxlen;
		if (!dif_canload(st, val, len))
			return dif_fail(st, DIF_FAULT_BADADDR, val);
		src = dif_addr(val);
		srclen = len;
		break;
	default:
		return dif_fail(st, DIF_FAULT_ILLOP, 0);
	}
	uint8_t *p = rec_reserve(st, idx, len);
	if (p == NULL)
		return 0;
	if (rc->kind == DIF_REC_INT) {
		memcpy(p, &val, len);   /* the low len bytes: little endian */
	} else {
		/*
		 * a string's tail must be NULs: the consumer compares keys
		 * bytewise. A zero-sized record has no source at all (NULL).
		 */
		if (srclen > 0)
			memmove(p, src, srclen);
		memset(p + srclen, 0, len - srclen);
	}
	return 0;
}

/*
 * DIF_AGG: {value, weight, key} where the key is the tuple stack in push
 * order. The record's size is what the compiler computed from the key's
 * types; a tuple stack that disagrees would write past the record (or
 * leave part of it unwritten), so it is an illegal operation.
 */
static int do_agg(dif_state_t *st, const difo_t *dp, uint32_t idx,
    uint64_t val, uint64_t weight)
{
	if (dp->rectab == NULL || idx >= dp->nrec ||
	    dp->rectab[idx].kind != DIF_REC_AGG || dp->rectab[idx].size < 16)
		return dif_fail(st, DIF_FAULT_ILLOP, 0);
	size_t len = dp->rectab[idx].size;
	uint64_t need = 16;
	for (unsigned i = 0; i < st->ntuple; i++) {
		const dif_tent_t *t = &st->tuple[i];
		if (t->byref && t->v == 0)
			return dif_fail(st, DIF_FAULT_BADADDR, 0);
		need += t->psize;
	}
	if (need != len)
		return dif_fail(st, DIF_FAULT_ILLOP, 0);
	uint8_t *p = rec_reserve(st, idx, len);
	if (p == NULL)
		return 0;
	memcpy(p, &val, 8);
	memcpy(p + 8, &weight, 8);
	p += 16;
	for (unsigned i = 0; i < st->ntuple; i++) {
		const dif_tent_t *t = &st->tuple[i];
		if (!t->byref) {
			memcpy(p, &t->v, 8);
		} else {
			/* size <= psize: push_tuple copies at most what was pushed */
			size_t n = t->size < t->psize ? t->size : t->psize;
			memcpy(p, st->tupdata + t->off, n);
			memset(p + n, 0, t->psize - n);
		}
		p += t->psize;
	}
	return 0;
}

/* ---- the instruction loop ---- */

static uint64_t sra(uint64_t a, unsigned n)
{
	if (a >> 63)
		return ~(~a >> n);
	return a >> n;
}

static int scmp(dif_state_t *st, uint64_t a, uint64_t b, uint64_t *out)
{
	size_t la, lb;
	const char *sa = dif_strview(st, a, st->lim.strsize, 1, &la);
	if (sa == NULL)
		return -1;
	const char *sb = dif_strview(st, b, st->lim.strsize, 1, &lb);
	if (sb == NULL)
		return -1;
	int c = memcmp(sa, sb, la < lb ? la : lb);
	if (c == 0)
		c = (la > lb) - (la < lb);
	*out = c < 0 ? (uint64_t)-1 : c > 0 ? 1 : 0;
	return 0;
}

static int load(dif_state_t *st, uint64_t a, unsigned n, int sign,
    uint64_t *out)
{
	if (!dif_canload(st, a, n))
		return dif_fail(st, DIF_FAULT_BADADDR, a);
	if (a & (n - 1))
		return dif_fail(st, DIF_FAULT_BADALIGN, a);
	const void *p = dif_addr(a);
	switch (n) {
	case 1: { uint8_t x; memcpy(&x, p, 1);
		*out = sign ? (uint64_t)(int64_t)(int8_t)x : x; break; }
	case 2: { uint16_t x; memcpy(&x, p, 2);
		*out = sign ? (uint64_t)(int64_t)(int16_t)x : x; break; }
	case 4: { uint32_t x; memcpy(&x, p, 4);
		*out = sign ? (uint64_t)(int64_t)(int32_t)x : x; break; }
	default: memcpy(out, p, 8); break;
	}
	return 0;
}

static int store(dif_state_t *st, uint64_t a, unsigned n, uint64_t v)
{
	if (!dif_canstore(st, a, n))
		return dif_fail(st, DIF_FAULT_BADADDR, a);
	if (a & (n - 1))
		return dif_fail(st, DIF_FAULT_BADALIGN, a);
	void *p = dif_addr(a);
	switch (n) {
	case 1: { uint8_t x = (uint8_t)v; memcpy(p, &x, 1); break; }
	case 2: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); break; }
	case 4: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); break; }
	default: memcpy(p, &v, 8); break;
	}
	return 0;
}

int dif_exec(dif_state_t *st, const dif_hit_t *hit, const difo_t *dp,
    dif_result_t *res)
{
	/*
	 * Copied rather than `= { 0 }`: gcc zeroes a local array with
	 * `rep stos`, whose start-up cost was a sixth of a short body's run.
	 */
	static const uint64_t zero_regs[DIF_NREGS];
	uint64_t r[DIF_NREGS];
	memcpy(r, zero_regs, sizeof(r));
	/* locals: stores through st could alias dp as far as C knows */
	const dif_instr_t *text = dp->text;
	const uint32_t ntext = (uint32_t)dp->ntext;
	uint32_t pc = 0;
	const dif_var_t *v;

	if (hit != NULL)
		st->hit = hit;
	hit = st->hit;
	st->fault = 0;
	st->faddr = 0;
	st->ntuple = 0;
	st->tupdata_used = 0;
	st->rg[DIF_RG_STRTAB] = (dif_region_t){ (uintptr_t)dp->strtab,
	    dp->strtab ? dp->nstr : 0, 0 };
	res->fault = 0;
	res->addr = 0;
	res->pc = 0;
	res->rv = 0;

	while (pc < ntext) {
		const dif_instr_t *in = &text[pc];
		unsigned rd = in->rd & 15, r1 = in->r1 & 15, r2 = in->r2 & 15;
		uint64_t a = r[r1], b = r[r2], x = 0;
		int err = 0;

		switch (in->op) {
		case DIF_NOP: pc++; continue;
		case DIF_OR:  x = a | b; break;
		case DIF_XOR: x = a ^ b; break;
		case DIF_AND: x = a & b; break;
		case DIF_SLL: x = a << (b & 63); break;
		case DIF_SRL: x = a >> (b & 63); break;
		case DIF_SRA: x = sra(a, (unsigned)(b & 63)); break;
		case DIF_ADD: x = a + b; break;
		case DIF_SUB: x = a - b; break;
		case DIF_MUL: x = a * b; break;
		case DIF_SDIV:
		case DIF_SREM:
			if (b == 0) {
				err = dif_fail(st, DIF_FAULT_DIVZERO, 0);
				break;
			}
			if (a == (uint64_t)INT64_MIN && b == (uint64_t)-1)
				x = in->op == DIF_SDIV ? a : 0;
			else if (in->op == DIF_SDIV)
				x = (uint64_t)((int64_t)a / (int64_t)b);
			else
				x = (uint64_t)((int64_t)a % (int64_t)b);
			break;
		case DIF_UDIV:
		case DIF_UREM:
			if (b == 0) {
				err = dif_fail(st, DIF_FAULT_DIVZERO, 0);
				break;
			}
			x = in->op == DIF_UDIV ? a / b : a % b;
			break;
		case DIF_NOT:  x = ~a; break;
		case DIF_MOV:  x = a; break;
		case DIF_CEQ:  x = a == b; break;
		case DIF_CNE:  x = a != b; break;
		case DIF_CLT:  x = (int64_t)a < (int64_t)b; break;
		case DIF_CLTU: x = a < b; break;
		case DIF_CLE:  x = (int64_t)a <= (int64_t)b; break;
		case DIF_CLEU: x = a <= b; break;
		case DIF_SCMP: err = scmp(st, a, b, &x); break;

		case DIF_BA:
			pc = in->imm;
			continue;
		case DIF_BZ:
			pc = a == 0 ? in->imm : pc + 1;
			continue;
		case DIF_BNZ:
			pc = a != 0 ? in->imm : pc + 1;
			continue;
		case DIF_RET:
			res->rv = a;
			return 0;

		case DIF_SETX:
			if (dp->inttab == NULL || in->imm >= dp->nint)
				err = dif_fail(st, DIF_FAULT_ILLOP, 0);
			else
				x = dp->inttab[in->imm];
			break;
		case DIF_SETS:
			if (dp->strtab == NULL || in->imm >= dp->nstr)
				err = dif_fail(st, DIF_FAULT_ILLOP, 0);
			else
				x = dif_ptr(dp->strtab + in->imm);
			break;

		case DIF_LDSB: err = load(st, a, 1, 1, &x); break;
		case DIF_LDSH: err = load(st, a, 2, 1, &x); break;
		case DIF_LDSW: err = load(st, a, 4, 1, &x); break;
		case DIF_LDUB: err = load(st, a, 1, 0, &x); break;
		case DIF_LDUH: err = load(st, a, 2, 0, &x); break;
		case DIF_LDUW: err = load(st, a, 4, 0, &x); break;
		case DIF_LDX:  err = load(st, a, 8, 0, &x); break;
		case DIF_STB: err = store(st, r[rd], 1, a); goto noreg;
		case DIF_STH: err = store(st, r[rd], 2, a); goto noreg;
		case DIF_STW: err = store(st, r[rd], 4, a); goto noreg;
		case DIF_STX: err = store(st, r[rd], 8, a); goto noreg;

		case DIF_LDGS:
			if (in->imm < DIF_VAR_USER_BASE) {
				err = builtin_load(st, hit, in->imm, &x);
				break;
			}
			if ((v = var_get(st, in->imm, DIF_SCOPE_GLOBAL, 0)) == NULL)
				err = dif_fail(st, DIF_FAULT_ILLOP, 0);
			else
				err = static_load(st, v, st->globals, &x);
			break;
		case DIF_STGS:
			if ((v = var_get(st, in->imm, DIF_SCOPE_GLOBAL, 0)) == NULL)
				err = dif_fail(st, DIF_FAULT_ILLOP, 0);
			else
				err = static_store(st, v, st->globals, a);
			goto noreg;
		case DIF_LDLS:
			if ((v = var_get(st, in->imm, DIF_SCOPE_LOCAL, 0)) == NULL)
				err = dif_fail(st, DIF_FAULT_ILLOP, 0);
			else
				err = static_load(st, v, st->locals, &x);
			break;
		case DIF_STLS:
			if ((v = var_get(st, in->imm, DIF_SCOPE_LOCAL, 0)) == NULL)
				err = dif_fail(st, DIF_FAULT_ILLOP, 0);
			else
				err = static_store(st, v, st->locals, a);
			goto noreg;
		case DIF_LDTS:
		case DIF_LDGAA:
		case DIF_LDTAA: {
			int scope = in->op == DIF_LDGAA ? DIF_SCOPE_GLOBAL
			    : DIF_SCOPE_THREAD;
			int assoc = in->op != DIF_LDTS;
			if ((v = var_get(st, in->imm, scope, assoc)) == NULL)
				err = dif_fail(st, DIF_FAULT_ILLOP, 0);
			else
				err = dyn_load(st, v, assoc, &x);
			break;
		}
		case DIF_STTS:
		case DIF_STGAA:
		case DIF_STTAA: {
			int scope = in->op == DIF_STGAA ? DIF_SCOPE_GLOBAL
			    : DIF_SCOPE_THREAD;
			int assoc = in->op != DIF_STTS;
			if ((v = var_get(st, in->imm, scope, assoc)) == NULL)
				err = dif_fail(st, DIF_FAULT_ILLOP, 0);
			else
				err = dyn_store(st, v, assoc, a);
			goto noreg;
		}
		case DIF_LDGA:
			err = builtin_array(st, hit, in->imm, a, &x);
			break;

		case DIF_PUSHTV:
			err = push_tuple(st, a, 8, 0, 0);
			goto noreg;
		case DIF_PUSHTR:
			err = push_tuple(st, a, b, 1, in->imm == 1);
			goto noreg;
		case DIF_POPTS:
			if (st->ntuple > 0) {
				st->ntuple--;
				st->tupdata_used = st->tuple[st->ntuple].off;
			}
			goto noreg;
		case DIF_FLUSHTS:
			st->ntuple = 0;
			st->tupdata_used = 0;
			goto noreg;

		case DIF_CALL:
			err = dif_subr(st, hit, in->imm, &x);
			break;
		case DIF_ALLOCS: {
			uint8_t *p = dif_scratch_alloc(st, a);
			if (p == NULL)
				err = -1;
			else
				x = dif_ptr(p);
			break;
		}
		case DIF_COPYS:
			if (in->imm == 1) {
				/* a string: its text only (the source may be a
				 * short constant), NUL-padded to the size */
				size_t len;
				const char *src = dif_strview(st, a, (size_t)b,
				    0, &len);
				if (src == NULL)
					err = -1;
				else if (!dif_canstore(st, r[rd], b))
					err = dif_fail(st, DIF_FAULT_BADADDR,
					    r[rd]);
				else {
					memmove(dif_addr(r[rd]), src, len);
					memset((char *)dif_addr(r[rd]) + len, 0,
					    (size_t)b - len);
				}
				goto noreg;
			}
			if (!dif_canload(st, a, b))
				err = dif_fail(st, DIF_FAULT_BADADDR, a);
			else if (!dif_canstore(st, r[rd], b))
				err = dif_fail(st, DIF_FAULT_BADADDR, r[rd]);
			else
				memmove(dif_addr(r[rd]), dif_addr(a), (size_t)b);
			goto noreg;
		case DIF_REC:
			if (dp->rectab != NULL && in->imm < dp->nrec &&
			    dp->rectab[in->imm].spec != DIF_RSPEC_NONE &&
			    hit != NULL && hit->spec_check != NULL) {
				int how = hit->spec_check(hit->spec_arg, a,
				    dp->rectab[in->imm].spec);
				if (how > 0) {
					/* no buffer to speculate into: DTrace
					 * drops the rest of the clause, silently */
					st->rec_dropped = 1;
					return 0;
				}
				if (how < 0) {
					err = dif_fail(st, DIF_FAULT_ILLOP, 0);
					res->no_offset = 1;
					goto noreg;
				}
			}
			/* r2 names a register holding a byte count for BYREF */
			err = do_rec(st, dp, in->imm, a, in->r2 ? b : UINT64_MAX);
			goto noreg;
		case DIF_AGG:
			err = do_agg(st, dp, in->imm, a, b);
			goto noreg;
		default:
			err = dif_fail(st, DIF_FAULT_ILLOP, 0);
			break;
		}
		if (err)
			goto fault;
		r[rd] = x;
		r[0] = 0;
		pc++;
		continue;
noreg:
		if (err)
			goto fault;
		pc++;
		continue;
fault:
		res->fault = st->fault ? st->fault : DIF_FAULT_ILLOP;
		res->addr = st->faddr;
		res->pc = pc;
		return -1;
	}
	return 0;   /* a branch to ntext ends like RET %r0 */
}
