/*
 * rtld.c — where the dynamic linker announces object-list changes: the
 * r_brk of its r_debug, found through the executable's DT_DEBUG, so the
 * backend can break there and report dlopen/dlclose.
 *
 * Owns: reading the executable's program headers and dynamic section in
 * target memory.
 * Must not: plant anything (the backend does).
 * Invariant: DT_DEBUG is filled in by ld.so before the executable's entry
 * point, so from preinit on the answer comes from memory; before that
 * (evaltime=exec) ld.so's exported _dl_debug_state is the same function.
 */
#include "proc/proc_impl.h"
#include "sym/sym.h"

#include <elf.h>
#include <link.h>
#include <stddef.h>
#include <string.h>

static uint64_t from_dt_debug(udt_proc_t *p)
{
	uint64_t phdr, phnum;
	if (proc_auxv(p->pid, AT_PHDR, &phdr) < 0 ||
	    proc_auxv(p->pid, AT_PHNUM, &phnum) < 0 || phnum == 0 || phnum > 256)
		return 0;
	Elf64_Phdr ph[256];
	if (proc_read_raw(p, phdr, ph, phnum * sizeof(ph[0])) < 0)
		return 0;
	uint64_t bias = 0, dyn = 0, dynsz = 0;
	int havebias = 0;
	for (uint64_t i = 0; i < phnum; i++) {
		if (ph[i].p_type == PT_PHDR) {
			bias = phdr - ph[i].p_vaddr;
			havebias = 1;
		} else if (ph[i].p_type == PT_DYNAMIC) {
			dyn = ph[i].p_vaddr;
			dynsz = ph[i].p_memsz;
		}
	}
	if (!dyn || !havebias)
		return 0;
	for (uint64_t off = 0; off + sizeof(Elf64_Dyn) <= dynsz;
	    off += sizeof(Elf64_Dyn)) {
		Elf64_Dyn d;
		if (proc_read_raw(p, bias + dyn + off, &d, sizeof(d)) < 0 ||
		    d.d_tag == DT_NULL)
			return 0;
		if (d.d_tag != DT_DEBUG)
			continue;
		if (!d.d_un.d_ptr)
			return 0;
		uint64_t brk;
		if (proc_read_raw(p, d.d_un.d_ptr + offsetof(struct r_debug, r_brk),
		    &brk, sizeof(brk)) < 0)
			return 0;
		return brk;
	}
	return 0;
}

/* ld.so's _dl_debug_state, by symbol: the interpreter is mapped at AT_BASE. */
static uint64_t from_symbol(udt_proc_t *p)
{
	uint64_t base;
	if (proc_auxv(p->pid, AT_BASE, &base) < 0 || base == 0)
		return 0;
	const udt_map_t *m;
	size_t n;
	if (proc_maps(p, &m, &n) < 0)
		return 0;
	const char *path = NULL;
	for (size_t i = 0; i < n; i++)
		if (m[i].start == base && m[i].path[0] == '/') {
			path = m[i].path;
			break;
		}
	if (!path)
		return 0;
	char err[256];
	udt_elf_t *e = sym_elf(path, err, sizeof(err));
	if (!e)
		return 0;
	uint64_t bias;
	if (sym_bias(e, m, n, &bias) < 0)
		return 0;
	const udt_sym_t *s;
	size_t ns = sym_funcs(e, &s);
	for (size_t i = 0; i < ns; i++)
		if (strcmp(s[i].name, "_dl_debug_state") == 0)
			return s[i].addr + bias;
	return 0;
}

uint64_t proc_rtld_brk(udt_proc_t *p)
{
	uint64_t a = from_dt_debug(p);
	return a ? a : from_symbol(p);
}
