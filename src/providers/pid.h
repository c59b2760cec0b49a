/*
 * pid.h — the pid provider as the consumer sees it: probes
 * pid<PID>:module:function:name made from src/pid/'s enumeration,
 * planted through the backend, fired from its hits.
 *
 * Owns: the glue between descriptions, probes, site records and hits.
 * Must not: decode code or read symbols (src/pid/, src/sym/ do), or
 * allocate while firing.
 * Invariant: a pid probe's id indexes pid_state.info[id - 1] (NULL for
 * probes of other providers); its sites are planted iff it has ECBs.
 */
#ifndef UDTRACE_CONSUMER_PROVIDER_PID_H
#define UDTRACE_CONSUMER_PROVIDER_PID_H

#include <stddef.h>
#include <stdint.h>
#include "backend/backend.h"
#include "consumer/program.h"
#include "dif/emu.h"

struct udt_handle;
struct udt_prog;
struct pid_state;

/* What enabled programs need a pid hit to gather (udt_handle.pneeds). */
#define UDT_NEED_STACKARGS 0x1   /* arg6..arg9, args[] */
#define UDT_NEED_UCALLER   0x2
#define UDT_NEED_USTACK    0x4   /* ustack(), jstack(), ustackdepth */
/*
 * copyin/copyinstr/copyinto: target memory must be read while the thread
 * waits at the probe (it may be freed or changed a moment later), so the
 * uprobe backend plants such sites as int3s (udt_site_t.sync).
 */
#define UDT_NEED_USERMEM   0x8
#define UDT_NEED_ARGS      0x10  /* arg0..arg9, args[]: registers, USDT specs */
#define UDT_NEED_UREGS     0x20  /* uregs[] */
/*
 * ppid, uid, gid, progenyof(): read from /proc as each hit is handled
 * (the thread waits at the probe on ptrace; on uprobes a traced process
 * is held in its exit until its hits are read), not once per process:
 * a process may setuid, setgid or be reparented after it was first seen.
 */
#define UDT_NEED_IDENT     0x40
/*
 * arg0..arg5 read by name (LDGS): which argument registers a pid site's
 * records must carry (pid_site_regs_skip). Any other way to the
 * arguments (args[], arg6.., uregs[], the stack) asks for every register.
 */
#define UDT_NEED_ARGN(n)   (0x100u << (n))
#define UDT_NEED_ARGNS     0x3f00u

/* The process id a pid provider description names (pid<digits>), else 0. */
int32_t pid_desc_pid(const d_pdesc_t *d);

/*
 * Before probe matching: if d names a pid provider, grab its process if
 * needed and create its probes. 0 (also when d is no pid description),
 * or -1 with h->prov_tag/h->prov_err set.
 */
int pid_provide(struct udt_handle *h, const d_pdesc_t *d);

/* After udt_enable: remember a pid description for exec and dlopen. */
int pid_note_enabling(struct udt_handle *h, struct udt_prog *p,
    const d_clause_prog_t *c, const d_pdesc_t *d);

/*
 * The (process, address) site records, shared with the USDT provider so
 * that one trap fires every probe at an address. NULL on ENOMEM.
 */
struct pidsite_tab;
struct pidsite_tab *pid_site_tab(struct udt_handle *h);
/*
 * Must a site's hits stop the thread (udt_site_t.sync)? Destructive
 * actions (-w) and reads of target memory (UDT_NEED_USERMEM) act at the
 * probe, as on ptrace.
 */
int pid_site_sync(const struct udt_handle *h);

/* Bytes of user stack a site's hits must carry (udt_site_t.stack). */
unsigned pid_stack_bytes(const struct udt_handle *h);

/* Registers a site's hits need not carry (udt_site_t.regs_skip). */
uint64_t pid_regs_skip(const struct udt_handle *h);

/* Bytes of user stack a USDT site's hits must carry (its arguments). */
unsigned usdt_stack_bytes(const struct udt_handle *h);

/*
 * A program enabled after others needs more of a hit (registers, stack)
 * than the sites already planted carry: plant those again with what all
 * programs now need, so one program's semantics never depend on another
 * enabled before it. 0, or -1 with h->prov_err set.
 */
int pid_replant(struct udt_handle *h);

/*
 * rec, planted, just got another probe (of another kind, or USDT): plant
 * it again if it now needs more than it carries. 0, or -1 with
 * h->prov_err set.
 */
int pid_site_refresh(struct udt_handle *h, pidsite_t *rec);

/* Set up what hits need (stack buffer): at udt_go. 0 or -1. */
int pid_prepare(struct udt_handle *h);

/* Backend callbacks. */
void pid_hit(void *arg, const udt_hit_t *uh);
/* cb.hits: n hits of a counted site (site.counted), in bulk. */
void pid_hits(void *arg, void *cookie, udt_proc_t *p, uint64_t n);
/* The backend's cb.kfold: firings it aggregated in the target (site.kagg). */
void pid_kfold(void *arg, void *cookie, udt_proc_t *p, unsigned clause,
    const uint64_t *keys, unsigned nkeys, uint64_t n, int64_t val);
void pid_exec(void *arg, udt_proc_t *p);
void pid_objects(void *arg, udt_proc_t *p);

/* What a DIFO needs from a pid hit (UDT_NEED_*). */
unsigned pid_difo_needs(const difo_t *dp);

void pid_state_free(struct udt_handle *h);

#endif /* UDTRACE_CONSUMER_PROVIDER_PID_H */
