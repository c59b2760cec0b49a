/*
 * sym.h — symbols and stacks: ELF function symbols of an object (libelf,
 * .symtab or .dynsym, separate debuginfo when present), where an object
 * sits in a process, address -> module`symbol+off, and user stack
 * unwinding.
 *
 * Owns: the ELF and DWARF readers (libelf, libdw) and libunwind-ptrace.
 * Must not: write to processes or decide what a probe is.
 * Invariant: an object is read once per path+inode and cached until
 * sym_cache_flush; lookups never allocate after the object is loaded.
 */
#ifndef UDTRACE_SYM_SYM_H
#define UDTRACE_SYM_SYM_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include "proc/proc.h"

/* A function symbol (sized STT_FUNC / STT_GNU_IFUNC), in file virtual addresses. */
typedef struct udt_sym {
	const char *name;
	uint64_t addr;    /* st_value */
	uint64_t size;
	int global;       /* STB_GLOBAL/WEAK */
} udt_sym_t;

typedef struct udt_elf udt_elf_t;

/*
 * The object at path (cached). NULL with err ("failed to open x: ..." /
 * "x is not an ELF file") on failure.
 */
udt_elf_t *sym_elf(const char *path, char *err, size_t errlen);
const char *sym_elf_path(const udt_elf_t *e);
int sym_elf_is_pie(const udt_elf_t *e);     /* ET_DYN */

/*
 * Function symbols sorted by address, one per address (a global name is
 * preferred over a local, then an unversioned one with the fewest
 * leading underscores — malloc, not __libc_malloc — then the first in
 * the table).
 */
size_t sym_funcs(udt_elf_t *e, const udt_sym_t **syms);
/* The function containing file vaddr, or NULL. */
const udt_sym_t *sym_func_at(udt_elf_t *e, uint64_t vaddr);

/* File offset of file vaddr (through PT_LOAD), or -1. */
int64_t sym_vaddr_to_off(udt_elf_t *e, uint64_t vaddr);
/* Bytes of the file at file vaddr (len bytes), or NULL past the end of a segment. */
const uint8_t *sym_code(udt_elf_t *e, uint64_t vaddr, size_t len);

/*
 * Load bias of the object mapped from path in the process whose maps are
 * given: process address = file vaddr + bias. 0 or -1 (not mapped).
 */
int sym_bias(udt_elf_t *e, const udt_map_t *maps, size_t nmaps,
    uint64_t *bias);

/*
 * Address -> symbol in process p: module basename, symbol name (may be
 * empty), offset from the symbol (or from the module start when no
 * symbol). 0, or -1 if addr is in no mapped object.
 */
int sym_lookup(udt_proc_t *p, uint64_t addr, char *mod, size_t modlen,
    char *func, size_t funclen, uint64_t *off);

/*
 * The same for any pid, without a udt_proc_t: reads /proc/PID/maps
 * itself (cached; re-read only when addr is in no known mapping, so a
 * process that has exited still resolves). Its signature is the
 * consumer's udt_symbolize hook (symfmt.h): udt_symbolize = sym_lookup_pid.
 */
int sym_lookup_pid(pid_t pid, uint64_t addr, char *mod, size_t modlen,
    char *func, size_t funclen, uint64_t *off);

/*
 * Unwind the user stack of stopped thread tid of p, starting at regs
 * (R_* order): pcs[0] = regs[R_RIP], then return addresses; at most max.
 * Returns the number of frames. tid must be in a ptrace stop of the
 * calling thread (libunwind-ptrace reads through it); p may be NULL, and
 * then the frame-pointer fallback reads through ptrace too.
 */
int sym_ustack(udt_proc_t *p, pid_t tid, const uint64_t *regs,
    uint64_t *pcs, int max);

/*
 * Unwind a sampled user stack (a kernel uprobe's hit: no stopped thread):
 * regs (R_* order) and a copy of stacklen bytes of the stack from
 * regs[R_RSP], taken at the hit. Words inside the copy come from it, all
 * else (and the objects' CFI) from pid through process_vm_readv and the
 * mapped files. pcs[0] = regs[R_RIP], then return addresses; at most max.
 * Returns the number of frames. stack may be NULL (stacklen 0).
 */
int sym_ustack_sample(pid_t pid, const uint64_t *regs, const void *stack,
    size_t stacklen, uint64_t *pcs, int max);

/*
 * The DWARF of the object at path (its own .debug_info, else its
 * separate debuginfo), cached; NULL when it has none. For D's types.
 */
struct Dwarf;
struct Dwarf *sym_dwarf(const char *path);

/* Forget cached objects (after an exec, for example). */
void sym_cache_flush(void);

#endif /* UDTRACE_SYM_SYM_H */
