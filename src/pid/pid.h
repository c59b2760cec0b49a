/*
 * pid.h — the pid provider: which probes pid<PID>:module:function:name
 * describes in a process, and where each one fires.
 *
 * Owns: D-REFERENCE §9.1's matching rules (module basename, full path,
 * basename up to a '.', a.out; function globs and `-`; names entry,
 * return, hex offsets, globs matching every instruction) and the probe
 * sites (entry: the function's first byte; return: every ret and tail
 * jump out of it; offset: an instruction boundary).
 * Must not: plant anything or know the consumer's registry: it reports
 * probes to a callback.
 * Invariant: every site reported is an instruction boundary of the
 * function, found by decoding the object file, never target memory.
 */
#ifndef UDTRACE_PID_PID_H
#define UDTRACE_PID_PID_H

#include <stddef.h>
#include <stdint.h>
#include "proc/proc.h"

enum pid_kind { PID_ENTRY, PID_RETURN, PID_OFFSET };

typedef struct pid_site {
	uint64_t addr;      /* process address */
	uint64_t foff;      /* file offset (for uprobes) */
	uint64_t insn_off;  /* offset of the instruction in the function (return: arg0) */
} pid_site_t;

typedef struct pid_probe {
	const char *mod;    /* module basename as listed (libc.so.6, myprog) */
	const char *func;   /* function name */
	char name[32];      /* "entry", "return" or hex offset ("1c") */
	int kind;           /* enum pid_kind */
	const char *path;   /* object file path */
	uint64_t func_addr; /* process address of the function */
	uint64_t func_size;
	const pid_site_t *sites; size_t nsites;
} pid_probe_t;

/*
 * Call cb for every probe of process p matching the module, function and
 * name fields of a description (globs, "" = any). Returns the number of
 * probes reported, or -1 with tag/err set (D_PROC_OFF "offset 0x40
 * outside of function 'main'", D_PROC_ALIGN "offset 0x3 is not aligned
 * on an instruction", D_PROC_NAME "'foo' is an invalid probe name",
 * D_PROC_LIB for an unreadable object). cb returning non-zero stops.
 */
int pid_enumerate(udt_proc_t *p, const char *mod, const char *func,
    const char *name, int (*cb)(void *arg, const pid_probe_t *pp),
    void *arg, char *tag, size_t taglen, char *err, size_t errlen);

#endif /* UDTRACE_PID_PID_H */
