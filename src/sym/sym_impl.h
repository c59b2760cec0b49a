/*
 * sym_impl.h — what the files of src/sym/ share and nobody else sees.
 *
 * Owns: the split of sym_cache_flush across the caches of each file.
 * Must not: be included outside src/sym/.
 */
#ifndef UDTRACE_SYM_SYM_IMPL_H
#define UDTRACE_SYM_SYM_IMPL_H

#include <stdint.h>
#include "sym/sym.h"

/* Is e the file with this device and inode (as /proc/PID/maps says)? */
int sym_elf_same_file(const udt_elf_t *e, uint64_t dev, uint64_t ino);

void sym_elf_flush(void);      /* elf.c: every object */
void sym_lookup_flush(void);   /* lookup.c: every process's maps */
void sym_unwind_flush(void);   /* unwind.c: every libunwind address space */
void sym_unwind_sample_flush(void); /* unwind_sample.c: every Dwfl */

/*
 * elf.c: the ELF handles of an object — the file itself and its separate
 * debuginfo (NULL when there is none), for the DWARF reader.
 */
#include <libelf.h>
void sym_elf_handles(udt_elf_t *e, Elf **obj, Elf **debug);
/* dwarf.c: end every cached Dwarf handle (before the objects go). */
void sym_dwarf_flush(void);

#endif /* UDTRACE_SYM_SYM_IMPL_H */
