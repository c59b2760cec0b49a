/*
 * usdt.h — the USDT provider as the consumer sees it: probes
 * <provider><PID>:module:function:name made from the .note.stapsdt notes
 * of the objects a process maps (src/usdt/), planted through the backend
 * in the pid provider's site records, fired from its hits.
 *
 * Owns: which processes a description names (a pid, or with a glob every
 * process whose objects carry a matching provider), the probes, their
 * sites and argument specs, semaphores, and the descriptions kept for
 * exec and dlopen.
 * Must not: parse notes or specs (src/usdt/), read symbols (src/sym/),
 * or allocate while firing.
 * Invariant: a USDT probe's id indexes usdt_state.info[id - 1]; its
 * sites sit in the pid provider's (process, address) records with kind
 * PIDSITE_USDT and insn_off = the site's index in the probe, so one trap
 * fires pid and USDT probes alike.
 */
#ifndef UDTRACE_CONSUMER_PROVIDER_USDT_H
#define UDTRACE_CONSUMER_PROVIDER_USDT_H

#include <stddef.h>
#include <stdint.h>
#include "backend/backend.h"
#include "consumer/program.h"
#include "dif/emu.h"
#include "providers/site.h"

struct udt_handle;
struct udt_prog;
struct usdt_state;

/* pidsite_ent_t.kind of a USDT probe (beside enum pid_kind). */
#define PIDSITE_USDT 16

/* What a description's provider field asks for. */
enum usdt_desc_kind {
	USDT_DESC_NONE,   /* no USDT provider: empty, no pid part, pid<N>... */
	USDT_DESC_PID,    /* <name><digits>: that one process */
	USDT_DESC_GLOB,   /* a glob: every process with a matching provider */
	USDT_DESC_NAME    /* a bare name (mysql): that provider in every
	                     process, as DTrace keeps such an enabling */
};

/*
 * Classify d->prov; for USDT_DESC_PID the process id goes to *pid. A
 * glob names processes only when a literal part precedes its first glob
 * character (php*, mysql?1*), so `*` or `:::BEGIN` never scan the system.
 */
int usdt_desc_kind(const char *prov, int32_t *pid);

/* Does the provider field pat name note provider prov in process pid? */
int usdt_prov_match(const char *pat, const char *prov, int32_t pid);

/*
 * Does the module field pat name the object (basename, full path, the
 * basename up to its first '.', a.out for the executable, or a glob over
 * the basename)? The pid provider's rules.
 */
int usdt_mod_match(const char *pat, const char *base, const char *path,
    int is_exe);

/*
 * Before probe matching: if d names USDT probes, find (and grab) their
 * processes and create the probes. 0 (also when d is no USDT
 * description), or -1 with h->prov_tag/h->prov_err set.
 */
int usdt_provide(struct udt_handle *h, const d_pdesc_t *d);

/* After udt_enable: remember a USDT description for exec and dlopen. */
int usdt_note_enabling(struct udt_handle *h, struct udt_prog *p,
    const d_clause_prog_t *c, const d_pdesc_t *d);

/* Backend events, after the pid provider's. */
void usdt_exec(struct udt_handle *h, udt_proc_t *p);
void usdt_objects(struct udt_handle *h, udt_proc_t *p);

/*
 * Must a fork child of a traced process be traced too? Yes when a
 * retained enabling (a provider glob or bare name) names processes and
 * the file-wide sites do not cover the child already: on ptrace always;
 * on uprobes when some site had to be an int3 (copyin, destructive
 * actions, arguments the sample does not hold), or when the programs
 * read ppid, uid or gid (UDT_NEED_IDENT), which only a traced process,
 * its exit held until its hits are read, keeps until they are.
 */
int usdt_follows_forks(struct udt_handle *h);

/*
 * A process mapped an executable file (the backend's cb.mapped, after
 * usdt_note_enabling turned its watch on, for the files usdt_watch
 * wants: a provider a retained enabling names, not armed yet): a
 * provider glob's file-wide sites in that file, so programs started and
 * libraries dlopen'ed after tracing began fire too. The mapping thread
 * is held, where it can be, until this returns; the file is then marked
 * armed, and later mappings of it are not reported.
 */
void usdt_mapped(struct udt_handle *h, pid_t pid, const char *path,
    uint64_t dev, uint64_t ino);

/* A followed fork child t: its probes, ECBs and sites, as for a dlopen. */
void usdt_forked(struct udt_handle *h, struct udt_tproc *t);

/*
 * The hit path (pid_hit, for an entry of kind PIDSITE_USDT): arg0..
 * from the site's argument specs. Allocates nothing.
 */
void usdt_hit_args(struct udt_handle *h, const pidsite_ent_t *e,
    const udt_hit_t *uh, dif_hit_t *hit);

void usdt_state_free(struct udt_handle *h);

/*
 * For the compiler: the width and signedness of each argument of the
 * USDT probes d names (their stapsdt specs), when every matched probe
 * agrees; -1 otherwise (args[] then stay int64_t).
 */
int usdt_argtypes(struct udt_handle *h, const d_pdesc_t *d, int *size, int *sgn,
    int max);

#endif /* UDTRACE_CONSUMER_PROVIDER_USDT_H */
