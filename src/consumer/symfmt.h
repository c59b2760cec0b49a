/*
 * symfmt.h — the text of user addresses and stacks (usym, uaddr, umod,
 * ufunc, ustack, printf %a %A %k) as DTrace prints them (D-REFERENCE
 * §4.1, §4.2).
 *
 * Owns: the address-to-text layouts and the symbolizer hook. Must not:
 * look symbols up itself; process control (a later part) installs
 * udt_symbolize, and until then every address prints unresolved.
 * Invariant: whatever the hook answers, the text is one of
 * module`sym+0xoff, module`sym, module`0xpc or 0xpc.
 */
#ifndef UDTRACE_CONSUMER_SYMFMT_H
#define UDTRACE_CONSUMER_SYMFMT_H

#include <stdio.h>
#include <stddef.h>
#include <stdint.h>
#include "options.h"

/*
 * Resolve pc in process pid. Returns -1 when nothing is known about pc.
 * Otherwise returns 0 and fills mod (basename of the mapped object, ""
 * if unknown) and sym (symbol name, "" if pc is in no symbol) and *off
 * (pc minus the symbol's address). NULL: no symbolizer.
 */
extern int (*udt_symbolize)(int pid, uint64_t pc, char *mod, size_t modlen,
    char *sym, size_t symlen, uint64_t *off);

/*
 * $target's pid (0: none), in which %A resolves a plain integer as
 * pfprint_uaddr does; procs.c sets it with the first -c/-p process.
 */
extern int udt_symfmt_target;

enum symfmt_kind { SYMFMT_UADDR, SYMFMT_USYM, SYMFMT_UMOD };

/*
 * The text of one address: uaddr (with +0xoff), usym/ufunc (symbol
 * only), umod (module only). opts may be NULL; opts->noresolve skips the
 * symbolizer. Returns buf.
 */
char *symfmt_addr(char *buf, size_t len, int kind, int pid, uint64_t pc,
    const udt_opts_t *opts);

/*
 * A ustack record ({uint64 pid, pcs...}, len bytes): "\n", then per frame
 * `indent` blanks, the frame text padded to |width| (width < 0: left
 * aligned, 0: none), "\n"; stops at the first zero pc. Prints nothing
 * when the record holds no frame slot.
 */
void symfmt_ustack(FILE *fp, const void *data, size_t len, int indent,
    int width, const udt_opts_t *opts);

#endif /* UDTRACE_CONSUMER_SYMFMT_H */
