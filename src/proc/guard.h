/*
 * guard.h — the layout shared by the SIGTRAP guard's installer
 * (guard.c), its machine code (guard_stub.c) and the unit test that runs
 * that code in-process (tests/unit/test_guard.c).
 *
 * Owns: the table layout and the stub's symbols. Must not: grow anything
 * the stub does not read; guard_stub.c hard-codes these offsets, so a
 * change here is a change there.
 * Invariant: the table starts with GUARD_HDR bytes of header (the
 * program's kernel sigaction at GUARD_OLD, a scratch one at GUARD_NEW),
 * then at most GUARD_CAP 16-byte entries; the first entry whose addr is
 * 0 ends it.
 */
#ifndef UDTRACE_PROC_GUARD_H
#define UDTRACE_PROC_GUARD_H

#include <stdint.h>

#define GUARD_CAP     (1u << 20)          /* entries; the stub scans at most this many */
#define GUARD_HDR     128
#define GUARD_OLD     16                  /* the program's kernel sigaction */
#define GUARD_NEW     48                  /* ours, and scratch for queries */
#define GUARD_TABSZ   ((uint64_t)GUARD_HDR + (uint64_t)GUARD_CAP * 16)

enum { G_DEAD, G_BYTE, G_AREA };

/*
 * si_code of a SIGTRAP whose stop udtrace had taken when it died: the
 * ptrace backend sets it (PTRACE_SETSIGINFO, si_addr = the int3's
 * address) before it moves a stopped thread anywhere but into a slot, so
 * the handler can tell a thread still standing after that int3 (pc =
 * si_addr + 1: rewind it) from one already moved (resume it as moved).
 */
#define GUARD_SI_TAKEN 0x7564

/* The kernel's struct sigaction on x86-64 (what rt_sigaction reads and writes). */
typedef struct guard_ksigaction {
	uint64_t handler, flags, restorer, mask;
} guard_ksigaction_t;

typedef struct guard_ent {
	uint64_t addr;
	uint32_t size;        /* G_AREA: its length */
	uint8_t orig, kind;   /* G_BYTE: the program's byte */
	uint16_t zero;
} guard_ent_t;

/* The stub: copy [start, end) anywhere; the table's address goes in table_slot. */
extern const unsigned char udt_guard_stub_start[], udt_guard_stub_end[];
extern const unsigned char udt_guard_restorer[], udt_guard_table_slot[];

#endif /* UDTRACE_PROC_GUARD_H */
