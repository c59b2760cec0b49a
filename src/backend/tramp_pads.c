/*
 * tramp_pads.c — the places in an object's code that are entered other
 * than by a direct branch, for tramp_code.c's safety rules: exception
 * landing pads (the LSDA of every FDE in .eh_frame: its call-site
 * table in .gcc_except_table) and addresses the object's data holds
 * (R_X86_64_RELATIVE relocations: function pointers, vtables, jump
 * tables of position-independent code).
 *
 * Owns: reading .eh_frame, the LSDAs and .rela.dyn of a file, with
 * libelf, every read bounds-checked (the file may be anything).
 * Must not: guess: a table it cannot read is an error (-1), and the
 * caller then patches no site of that object whose 5 bytes hold more
 * than one instruction.
 * Invariant: addresses are the file's virtual addresses, appended to
 * the caller's vectors unsorted.
 */
#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "backend/tramp_impl.h"

/* A bounded reader over one section's bytes, which sit at vaddr base. */
typedef struct rd {
	const uint8_t *start, *p, *end;
	uint64_t base;
	int bad;
} rd_t;

static uint64_t rd_n(rd_t *r, int n)
{
	uint64_t v = 0;

	if (r->bad || r->end - r->p < n) {
		r->bad = 1;
		return 0;
	}
	for (int i = 0; i < n; i++)
		v |= (uint64_t)r->p[i] << (8 * i);
	r->p += n;
	return v;
}

static uint64_t uleb(rd_t *r)
{
	uint64_t v = 0;
	int sh = 0;

	while (!r->bad) {
		uint8_t c;
		if (r->p >= r->end || sh > 63) {
			r->bad = 1;
			break;
		}
		c = *r->p++;
		v |= (uint64_t)(c & 0x7f) << sh;
		sh += 7;
		if (!(c & 0x80))
			break;
	}
	return v;
}

static int64_t sleb(rd_t *r)
{
	uint64_t v = 0;
	int sh = 0;
	uint8_t c = 0;

	while (!r->bad) {
		if (r->p >= r->end || sh > 63) {
			r->bad = 1;
			return 0;
		}
		c = *r->p++;
		v |= (uint64_t)(c & 0x7f) << sh;
		sh += 7;
		if (!(c & 0x80))
			break;
	}
	if (sh < 64 && (c & 0x40))
		v |= ~0ull << sh;
	return (int64_t)v;
}

/*
 * A DW_EH_PE-encoded pointer. applied 0: the value alone (call-site
 * offsets, ranges); 1: pc-relative applied (absolute and pcrel only;
 * indirect pointers are read, not followed: only the personality is
 * one, and it is skipped).
 */
static uint64_t enc_ptr(rd_t *r, uint8_t enc, int applied)
{
	uint64_t at = r->base + (uint64_t)(r->p - r->start), v;

	if (enc == 0xff)
		return 0;
	switch (enc & 0x0f) {
	case 0x00: case 0x04: v = rd_n(r, 8); break;
	case 0x01: v = uleb(r); break;
	case 0x02: v = rd_n(r, 2); break;
	case 0x03: v = rd_n(r, 4); break;
	case 0x09: v = (uint64_t)sleb(r); break;
	case 0x0a: v = (uint64_t)(int64_t)(int16_t)rd_n(r, 2); break;
	case 0x0b: v = (uint64_t)(int64_t)(int32_t)rd_n(r, 4); break;
	case 0x0c: v = rd_n(r, 8); break;
	default: r->bad = 1; return 0;
	}
	if (!applied || (enc & 0x80))
		return v;
	switch (enc & 0x70) {
	case 0x00: return v;
	case 0x10: return v + at;
	default: r->bad = 1; return 0;
	}
}

typedef struct vec { uint64_t **v; size_t *n, *cap; } vec_t;

static int push(vec_t *x, uint64_t a)
{
	if (*x->n == *x->cap) {
		size_t nc = *x->cap ? *x->cap * 2 : 256;
		uint64_t *nv = realloc(*x->v, nc * sizeof *nv);
		if (!nv)
			return -1;
		*x->v = nv;
		*x->cap = nc;
	}
	(*x->v)[(*x->n)++] = a;
	return 0;
}

/* A reader at vaddr va, in the allocated section holding it. */
static int rd_at(Elf *e, uint64_t va, rd_t *r)
{
	Elf_Scn *s = NULL;
	GElf_Shdr sh;

	while ((s = elf_nextscn(e, s))) {
		Elf_Data *d;
		if (!gelf_getshdr(s, &sh) || !(sh.sh_flags & SHF_ALLOC) ||
		    sh.sh_type == SHT_NOBITS || va < sh.sh_addr ||
		    va >= sh.sh_addr + sh.sh_size)
			continue;
		if (!(d = elf_getdata(s, NULL)) || !d->d_buf ||
		    d->d_size < sh.sh_size)
			return -1;
		r->start = d->d_buf;
		r->end = r->start + sh.sh_size;
		r->base = sh.sh_addr;
		r->p = r->start + (va - sh.sh_addr);
		r->bad = 0;
		return 0;
	}
	return -1;
}

/* The landing pads of the LSDA at lsda (of the function at pc). */
static int lsda_pads(Elf *e, uint64_t lsda, uint64_t pc, vec_t *pads)
{
	rd_t r;
	uint8_t lpenc, ttenc, csenc;
	uint64_t lpstart = pc, cslen;
	const uint8_t *csend;

	if (rd_at(e, lsda, &r) < 0)
		return -1;
	lpenc = (uint8_t)rd_n(&r, 1);
	if (lpenc != 0xff)
		lpstart = enc_ptr(&r, lpenc, 1);
	ttenc = (uint8_t)rd_n(&r, 1);
	if (ttenc != 0xff)
		(void)uleb(&r);
	csenc = (uint8_t)rd_n(&r, 1);
	cslen = uleb(&r);
	if (r.bad || cslen > (uint64_t)(r.end - r.p))
		return -1;
	csend = r.p + cslen;
	while (r.p < csend && !r.bad) {
		uint64_t lp;
		(void)enc_ptr(&r, csenc & 0x0f, 0);   /* start */
		(void)enc_ptr(&r, csenc & 0x0f, 0);   /* length */
		lp = enc_ptr(&r, csenc & 0x0f, 0);
		(void)uleb(&r);                       /* action */
		if (!r.bad && lp && push(pads, lpstart + lp) < 0)
			return -1;
	}
	return r.bad ? -1 : 0;
}

/* A CIE's augmentation: the FDE pointer encoding and the LSDA's, if any. */
typedef struct cie { int z, has_l; uint8_t fenc, lenc; } cie_t;

static int read_cie(rd_t *r, cie_t *c)
{
	const char *aug;
	uint8_t ver;
	size_t al;

	memset(c, 0, sizeof *c);
	c->lenc = 0xff;
	ver = (uint8_t)rd_n(r, 1);
	aug = (const char *)r->p;
	al = strnlen(aug, (size_t)(r->end - r->p));
	if (r->bad || al == (size_t)(r->end - r->p))
		return -1;
	r->p += al + 1;
	if (strstr(aug, "eh"))
		return -1;   /* an old-style EH data pointer: not expected on x86-64 */
	(void)uleb(r);                 /* code alignment */
	(void)sleb(r);                 /* data alignment */
	if (ver == 1)
		(void)rd_n(r, 1);      /* return register */
	else
		(void)uleb(r);
	if (aug[0] != 'z')
		return r->bad ? -1 : 0;
	c->z = 1;
	(void)uleb(r);                 /* augmentation data length */
	for (const char *a = aug + 1; *a && !r->bad; a++)
		switch (*a) {
		case 'L': c->has_l = 1; c->lenc = (uint8_t)rd_n(r, 1); break;
		case 'R': c->fenc = (uint8_t)rd_n(r, 1); break;
		case 'P': {
			uint8_t pe = (uint8_t)rd_n(r, 1);
			(void)enc_ptr(r, pe, 1);
			break;
		}
		case 'S': case 'B': break;
		default: return -1;   /* unknown: its data cannot be skipped */
		}
	return r->bad ? -1 : 0;
}

static int eh_pads(Elf *e, Elf_Scn *scn, const GElf_Shdr *sh, vec_t *pads)
{
	Elf_Data *d = elf_getdata(scn, NULL);
	rd_t all;

	if (!d || !d->d_buf || d->d_size < sh->sh_size)
		return -1;
	all.start = all.p = d->d_buf;
	all.end = all.start + sh->sh_size;
	all.base = sh->sh_addr;
	all.bad = 0;
	while (all.p + 4 <= all.end) {
		const uint8_t *idp;
		uint64_t len = rd_n(&all, 4), id;
		rd_t r;
		if (len == 0)
			break;                 /* the terminator */
		if (len == 0xffffffffu)
			len = rd_n(&all, 8);
		if (all.bad || len > (uint64_t)(all.end - all.p))
			return -1;
		r = all;
		r.end = all.p + len;
		all.p += len;
		idp = r.p;
		id = rd_n(&r, 4);
		if (id == 0)
			continue;              /* a CIE: read with its FDEs */
		{
			rd_t cr = r;
			cie_t c;
			uint64_t clen, pc, lsda = 0;
			if (id > (uint64_t)(idp - all.start))
				return -1;
			cr.p = idp - id;
			clen = rd_n(&cr, 4);
			if (clen == 0xffffffffu || cr.bad ||
			    clen > (uint64_t)(all.end - cr.p))
				return -1;
			cr.end = cr.p + clen;
			if (rd_n(&cr, 4) != 0 || read_cie(&cr, &c) < 0)
				return -1;
			pc = enc_ptr(&r, c.fenc, 1);
			(void)enc_ptr(&r, c.fenc & 0x0f, 0);   /* its range */
			if (c.z) {
				uint64_t al = uleb(&r);
				const uint8_t *after = r.p + al;
				if (c.has_l && al)
					lsda = enc_ptr(&r, c.lenc, 1);
				if (r.bad || after > r.end)
					return -1;
			}
			if (r.bad)
				return -1;
			if (lsda && lsda_pads(e, lsda, pc, pads) < 0)
				return -1;
		}
	}
	return 0;
}

/* Addresses in executable sections the dynamic relocations put into data. */
static int rel_taken(Elf_Scn *scn, vec_t *taken)
{
	Elf_Data *d = elf_getdata(scn, NULL);
	GElf_Rela ra;
	GElf_Shdr sh;
	size_t n;

	if (!d || !gelf_getshdr(scn, &sh) || !sh.sh_entsize)
		return -1;
	n = sh.sh_size / sh.sh_entsize;
	for (size_t i = 0; i < n; i++) {
		if (!gelf_getrela(d, (int)i, &ra))
			return -1;
		if (GELF_R_TYPE(ra.r_info) == R_X86_64_RELATIVE &&
		    push(taken, (uint64_t)ra.r_addend) < 0)
			return -1;
	}
	return 0;
}

int tp_pads(const char *path, uint64_t **pads, size_t *npads, size_t *cpads,
    uint64_t **taken, size_t *ntaken, size_t *ctaken)
{
	vec_t vp = { pads, npads, cpads }, vt = { taken, ntaken, ctaken };
	int fd, rc = 0;
	Elf *e;
	Elf_Scn *s = NULL;
	size_t shstr;

	if (elf_version(EV_CURRENT) == EV_NONE ||
	    (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	if (!(e = elf_begin(fd, ELF_C_READ, NULL)) ||
	    elf_getshdrstrndx(e, &shstr) != 0) {
		if (e)
			elf_end(e);
		close(fd);
		return -1;
	}
	while (rc == 0 && (s = elf_nextscn(e, s))) {
		GElf_Shdr sh;
		const char *name;
		if (!gelf_getshdr(s, &sh) ||
		    !(name = elf_strptr(e, shstr, sh.sh_name)))
			continue;
		if (strcmp(name, ".eh_frame") == 0 && sh.sh_type == SHT_PROGBITS)
			rc = eh_pads(e, s, &sh, &vp);
		else if (sh.sh_type == SHT_RELA && (sh.sh_flags & SHF_ALLOC))
			rc = rel_taken(s, &vt);
	}
	elf_end(e);
	close(fd);
	return rc;
}
