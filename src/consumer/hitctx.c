/*
 * hitctx.c — a backend hit's memory, stack and process identity for the
 * providers' hit paths (see hitctx.h).
 *
 * Owns: the copy-first read, the choice of unwinder, and a small table of
 * identities of untraced processes. Must not: allocate or open FILE
 * streams per hit: /proc is read with open/read into stack buffers; only
 * a process seen for the first time costs the symbolizer's maps read.
 * Invariant: the identity table is used only from the consumer's thread
 * (hits are dispatched one at a time).
 */
#include "hitctx.h"
#include "sym/sym.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

static int read_pid(pid_t pid, uint64_t addr, void *buf, size_t len)
{
	struct iovec local = { buf, len }, remote = { (void *)(uintptr_t)addr, len };
	if (pid <= 0)
		return -1;
	return process_vm_readv(pid, &local, 1, &remote, 1, 0) == (ssize_t)len ?
	    0 : -1;
}

static int read_live(const udt_hit_t *uh, uint64_t addr, void *buf,
    size_t len)
{
	if (len == 0)
		return 0;
	if (uh->proc != NULL)
		return proc_read(uh->proc, addr, buf, len);
	return read_pid(uh->pid, addr, buf, len);
}

int hitctx_read(void *arg, uint64_t addr, void *buf, size_t len)
{
	const udt_hit_t *uh = arg;
	uint64_t sp = uh->regs[R_RSP];

	if (addr + len < addr)
		return -1;
	if (uh->stack != NULL && uh->stacklen > 0 && addr < sp + uh->stacklen &&
	    addr + len > sp) {
		/* the part inside the copy from it, what sticks out live */
		uint64_t lo = addr > sp ? addr : sp;
		uint64_t hi = addr + len < sp + uh->stacklen ? addr + len :
		    sp + uh->stacklen;
		if (lo > addr && read_live(uh, addr, buf, lo - addr) != 0)
			return -1;
		memcpy((char *)buf + (lo - addr),
		    (const char *)uh->stack + (lo - sp), hi - lo);
		if (hi < addr + len && read_live(uh, hi, (char *)buf +
		    (hi - addr), addr + len - hi) != 0)
			return -1;
		return 0;
	}
	return read_live(uh, addr, buf, len);
}

int hitctx_stack_words(const udt_hit_t *uh, uint64_t off, uint64_t *w,
    size_t n)
{
	return hitctx_read((void *)uh, uh->regs[R_RSP] + off, w, 8 * n);
}

int hitctx_stopped(const udt_backend_t *be)
{
	return be != NULL && be->ops != NULL && be->ops->name != NULL &&
	    strcmp(be->ops->name, "ptrace") == 0;
}

int hitctx_ustack(const udt_hit_t *uh, int stopped, uint64_t *pcs, int max)
{
	pid_t pid = uh->pid ? uh->pid : uh->proc != NULL ? proc_pid(uh->proc) : 0;
	if (stopped && uh->proc != NULL && uh->stack == NULL)
		return sym_ustack(uh->proc, uh->tid ? uh->tid : pid, uh->regs,
		    pcs, max);
	return sym_ustack_sample(pid, uh->regs, uh->stack,
	    uh->stack != NULL ? uh->stacklen : 0, pcs, max);
}

#define NIDENT 64
#define IDENT_TTL 250000000ULL      /* ns */

static hitctx_ident_t idents[NIDENT];

/* A small /proc file into buf (NUL-terminated). Bytes read, or -1. */
static ssize_t slurp(pid_t pid, const char *what, char *buf, size_t len)
{
	char path[64];
	snprintf(path, sizeof(path), "/proc/%d/%s", (int)pid, what);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ssize_t n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	return n;
}

/* The first number after "key:" in a /proc status text, or -1. */
static long long status_field(const char *text, const char *key)
{
	size_t kl = strlen(key);
	for (const char *l = text; l != NULL && *l; ) {
		if (strncmp(l, key, kl) == 0 && l[kl] == ':')
			return strtoll(l + kl + 1, NULL, 10);
		l = strchr(l, '\n');
		if (l != NULL)
			l++;
	}
	return -1;
}

static void ident_read(hitctx_ident_t *id, pid_t pid)
{
	char buf[2048];
	long long v;
	if (id->pid != pid)
		memset(id, 0, sizeof(*id));
	id->pid = pid;
	if (slurp(pid, "status", buf, sizeof(buf)) > 0) {
		if ((v = status_field(buf, "PPid")) >= 0)
			id->ppid = (int32_t)v;
		if ((v = status_field(buf, "Uid")) >= 0)
			id->uid = (uint32_t)v;
		if ((v = status_field(buf, "Gid")) >= 0)
			id->gid = (uint32_t)v;
		id->known = 1;
	}
	if (slurp(pid, "comm", buf, sizeof(id->execname)) > 0) {
		buf[strcspn(buf, "\n")] = '\0';
		memcpy(id->execname, buf, strlen(buf) + 1);
	}
}

static uint64_t mono_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

const hitctx_ident_t *hitctx_ident(pid_t pid, uint64_t now, int fresh)
{
	hitctx_ident_t *id = &idents[(uint32_t)pid % NIDENT];
	int stale;

	if (id->pid != pid || id->readat == 0)
		stale = 1;
	else if (fresh)
		/* as procs_ident_at: a read after the hit, or a recent one */
		stale = now > id->readat &&
		    now - id->readat > HITCTX_IDENT_FRESH_NS;
	else
		stale = now - id->stamp > IDENT_TTL || now < id->stamp;
	if (stale) {
		if (id->pid != pid) {
			/*
			 * A process new to us: have the symbolizer read its maps
			 * now, so its stacks still resolve when they are printed
			 * after it exited (once per process: a /proc read).
			 */
			char mod[8], func[8];
			uint64_t off;
			(void)sym_lookup_pid(pid, 0, mod, sizeof(mod), func,
			    sizeof(func), &off);
		}
		uint64_t t = mono_ns();   /* before the read: see procs_ident_at */
		ident_read(id, pid);
		id->readat = t;
		id->stamp = now;
	}
	return id;
}

void hitctx_ident_forget(pid_t pid)
{
	hitctx_ident_t *id = &idents[(uint32_t)pid % NIDENT];
	if (id->pid == pid)
		id->readat = 0;
}
