/*
 * proc.c — the proc provider: DTrace's process lifecycle probes, fired
 * from the process events the backends see of the processes udtrace
 * traces (-c, -p): fork, thread creation and exit, exec, exit, and the
 * delivery of signals; without -c/-p, of every process, and with them,
 * on the perf backends, of the traced processes' descendants, from the
 * kernel tracepoints the backend opens for udt_sysset_t.ptp (hits with
 * no readable memory, named as the backend's trackers heard last).
 *
 * Where each probe fires, as in DTrace: create and lwp-create in the
 * creating thread (args[0] the child's psinfo_t * / the new thread's
 * lwpsinfo_t *), then start and lwp-start in the new process / thread
 * before its first instruction; exec once the exec has succeeded, with
 * the old identity (execname, pid) and args[0] the path exec was given
 * (the new stack's AT_EXECFN: the old image is gone by the time a tracer
 * hears of it; system-wide, the exec tracepoint's filename, served from
 * udtrace's copy, and the name the trackers knew before the exec), then
 * exec-success in the new image before it runs; lwp-exit in the ending
 * thread; exit when the process has ended (system-wide, one ended by a
 * signal waits a little for the notice that it dumped core)
 * (args[0]: CLD_EXITED, CLD_KILLED or CLD_DUMPED — the process is gone,
 * so curpsinfo shows what udtrace knew of it: pid, parent, ids, name);
 * signal-handle in the thread about to run the signal's handler
 * (args[0] the signal, args[1] its siginfo_t * from what the event
 * carried, served by proc_xlate, args[2] the handler where known), signal-discard in the thread of a signal it
 * ignores (args[] the lwpsinfo_t *, psinfo_t * and signal, as DTrace).
 *
 * Owns: the probes, turning a backend event into a firing, the args[]
 * table the compiler types args[] from. Must not: plant, stop or resume
 * anything (the backends report events of stopped threads), or allocate
 * on an event.
 * Invariant: a probe fires only with ECBs; an event of a probe with none
 * costs a pointer test.
 */
#include "providers/proc.h"

#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/wait.h>
#include <time.h>
#include <fcntl.h>
#include <unistd.h>
#include "consumer/handle.h"
#include "consumer/ecb.h"
#include "consumer/hitctx.h"
#include "consumer/procinfo.h"
#include "consumer/probes.h"

enum {
	P_CREATE, P_START, P_LWP_CREATE, P_LWP_START, P_LWP_EXIT,
	P_EXEC, P_EXEC_SUCCESS, P_EXIT, P_SIGNAL_HANDLE, P_SIGNAL_DISCARD,
	P_EXEC_FAILURE, P_SIGNAL_SEND, P_SIGNAL_CLEAR, P_LWP_EXIT_PROC, P_N
};

/*
 * Each probe's module and function are those of the illumos kernel
 * function its DTRACE_PROC* site is in (genunix: uts/common/os,
 * uts/common/syscall; unix: the intel lwp_rtt_initial / lwp_rtt entry
 * code), so descriptions written for DTrace (proc::proc_exit:exit,
 * proc:genunix::) match. lwp-exit has two sites, as there: lwp_exit for a
 * thread that ends, proc_exit for the last one, which fires it just
 * before exit; one event fires one of them.
 */
static const struct pdef {
	const char *name;
	const char *mod, *func;
	int nargs;
	const char *types[3];
	int xl[3];
} pdefs[P_N] = {
	[P_CREATE] = { "create", "genunix", "cfork", 1, { "psinfo_t *" }, { PROC_XL_PSINFO } },
	[P_START] = { "start", "unix", "lwp_rtt_initial", 0, { NULL }, { 0 } },
	[P_LWP_CREATE] = { "lwp-create", "genunix", "lwp_create", 2, { "lwpsinfo_t *", "psinfo_t *" },
	    { PROC_XL_LWPSINFO, PROC_XL_PSINFO } },
	[P_LWP_START] = { "lwp-start", "unix", "lwp_rtt", 0, { NULL }, { 0 } },
	[P_LWP_EXIT] = { "lwp-exit", "genunix", "lwp_exit", 0, { NULL }, { 0 } },
	[P_EXEC] = { "exec", "genunix", "exec_common", 1, { "string" }, { PROC_XL_USTR } },
	[P_EXEC_SUCCESS] = { "exec-success", "genunix", "exec_common", 0, { NULL }, { 0 } },
	[P_EXIT] = { "exit", "genunix", "proc_exit", 1, { "int" }, { 0 } },
	[P_SIGNAL_HANDLE] = { "signal-handle", "genunix", "psig", 3,
	    { "int", "siginfo_t *", "void (*)(void)" },
	    { 0, PROC_XL_SIGINFO, 0 } },
	[P_SIGNAL_DISCARD] = { "signal-discard", "genunix", "sigtoproc", 3,
	    { "lwpsinfo_t *", "psinfo_t *", "int" },
	    { PROC_XL_LWPSINFO, PROC_XL_PSINFO, 0 } },
	[P_EXEC_FAILURE] = { "exec-failure", "genunix", "exec_common", 1, { "int" }, { 0 } },
	[P_SIGNAL_SEND] = { "signal-send", "genunix", "sigtoproc", 3,
	    { "lwpsinfo_t *", "psinfo_t *", "int" },
	    { PROC_XL_LWPSINFO, PROC_XL_PSINFO, 0 } },
	[P_SIGNAL_CLEAR] = { "signal-clear", "genunix", "sigtimedwait", 1, { "int" }, { 0 } },
	[P_LWP_EXIT_PROC] = { "lwp-exit", "genunix", "proc_exit", 0, { NULL }, { 0 } },
};

/*
 * The system calls behind the probes the process events cannot give:
 * exec-failure is a failed execve's return, signal-send a kill-like
 * call's entry, signal-clear a signal taken by sigtimedwait (x86-64).
 */
enum {
	NR_KILL = 62, NR_RT_SIGTIMEDWAIT = 128, NR_RT_SIGQUEUEINFO = 129,
	NR_EXECVE = 59, NR_TKILL = 200, NR_TGKILL = 234,
	NR_RT_TGSIGQUEUEINFO = 297, NR_EXECVEAT = 322,
	NR_EXIT = 60, NR_EXIT_GROUP = 231
};

/* system-wide: the processes last seen calling exit or exit_group */
#define PROC_NEXITING 64

/*
 * System-wide, a process ended by a signal: its exit waits (at most
 * PROC_KILLED_WAIT_NS, PROC_NKILLED at once) for the notice that it
 * dumped core, which the kernel gives after the exit event.
 */
#define PROC_NKILLED 16
#define PROC_KILLED_WAIT_NS 20000000ull

struct proc_killed {
	pid_t pid, tid;           /* pid 0: a free slot */
	int cpu;
	uint64_t time;
	char comm[16];            /* the trackers' name for it then */
};

struct proc_state {
	int made;                 /* the probes exist */
	unsigned enabled;         /* bit per probe with ECBs */
	udt_probe_t *probe[P_N];  /* NULL before */
	char comm[32];            /* a new image's name (exec-success) */
	/* ring: who called exit_group (tid 0) or exit (that thread) */
	struct { pid_t pid, tid; } exiting[PROC_NEXITING];
	/*
	 * system-wide: the name the backend's tracker heard last (in event
	 * order: an exec's new name), as the process may be gone from /proc
	 */
	const char *tpcomm;
	/*
	 * exec from a kernel tracepoint: the path, served to the firing's
	 * reads at PROC_PATH_ADDR (the process's memory is another image's
	 * by now, or gone), zero-padded so a read of any length stops at
	 * its NUL
	 */
	char path[4096];
	int path_set;
	/* signal-handle: its args[1], served to the firing's siginfo_t slot */
	udt_siginfo_t si;
	struct proc_killed killed[PROC_NKILLED];
	unsigned nexiting;
	dif_hit_t hit;
};

int proc_argtypes(const char *name, const char **types, int *xl, int max)
{
	for (int i = 0; i < P_N; i++) {
		if (strcmp(pdefs[i].name, name) != 0)
			continue;
		for (int k = 0; k < pdefs[i].nargs && k < max; k++) {
			types[k] = pdefs[i].types[k];
			xl[k] = pdefs[i].xl[k];
		}
		return pdefs[i].nargs;
	}
	return -1;
}

/* Could d name one of our probes (whether they exist yet or not)? */
static int names_proc(const d_pdesc_t *d)
{
	if (d->prov[0] != '\0' && !probe_glob(d->prov, "proc"))
		return 0;
	for (int i = 0; i < P_N; i++)
		if ((d->mod[0] == '\0' || probe_glob(d->mod, pdefs[i].mod)) &&
		    (d->func[0] == '\0' || probe_glob(d->func, pdefs[i].func)) &&
		    (d->name[0] == '\0' || probe_glob(d->name, pdefs[i].name)))
			return 1;
	return 0;
}

int proc_provide(udt_handle_t *h, const d_pdesc_t *d)
{
	/*
	 * With no -c or -p the probes see every process through the kernel's
	 * tracepoints; a backend without them says so when they are enabled.
	 */
	(void)h;
	(void)d;
	return 0;
}

/*
 * The probes exist from the start, right after the profile provider's
 * (as DTrace's providers' probes exist before any listing): so -l lists
 * them, and every probe keeps one id however it is named or listed.
 */
static int proc_make(probe_reg_t *r, udt_provider_t *pv, const d_pdesc_t *d)
{
	udt_handle_t *h = pv->arg;
	struct proc_state *ps = h->procst;
	if (ps == NULL || ps->made || !names_proc(d))
		return 0;
	for (int i = 0; i < P_N; i++)
		if ((ps->probe[i] = probe_create(r, pv, pdefs[i].mod,
		    pdefs[i].func, pdefs[i].name)) == NULL)
			return -1;
	ps->made = 1;
	return 0;
}

static int probe_index(const struct proc_state *ps, const udt_probe_t *p)
{
	for (int i = 0; i < P_N; i++)
		if (ps->probe[i] == p)
			return i;
	return -1;
}

static int proc_enable(udt_provider_t *pv, udt_probe_t *p)
{
	udt_handle_t *h = pv->arg;
	int k = probe_index(h->procst, p);
	if (k >= 0)
		h->procst->enabled |= 1u << k;
	return 0;
}

static void proc_disable(udt_provider_t *pv, udt_probe_t *p)
{
	udt_handle_t *h = pv->arg;
	int k = probe_index(h->procst, p);
	if (k >= 0)
		h->procst->enabled &= ~(1u << k);
}

static void set_bit(uint64_t *w, unsigned nr)
{
	w[nr / 64] |= 1ull << (nr % 64);
}

void proc_sysset(udt_handle_t *h, udt_sysset_t *set)
{
	struct proc_state *ps = h->procst;
	if (ps == NULL)
		return;
	if (ps->enabled & (1u << P_EXEC_FAILURE)) {
		set_bit(set->ret, NR_EXECVE);
		set_bit(set->ret, NR_EXECVEAT);
	}
	if (ps->enabled & (1u << P_SIGNAL_SEND)) {
		set_bit(set->entry, NR_KILL);
		set_bit(set->entry, NR_TKILL);
		set_bit(set->entry, NR_TGKILL);
		set_bit(set->entry, NR_RT_SIGQUEUEINFO);
		set_bit(set->entry, NR_RT_TGSIGQUEUEINFO);
	}
	if (ps->enabled & (1u << P_SIGNAL_CLEAR))
		set_bit(set->ret, NR_RT_SIGTIMEDWAIT);
	/*
	 * The rest come from the kernel's process tracepoints: system-wide,
	 * or, with -c/-p, inherited by the descendants (the perf backends;
	 * ptrace ignores them, and must not stop at exit calls for them).
	 */
	int wide = h->procs.nuser == 0;
	if (!wide && (h->procs.be == NULL ||
	    strcmp(h->procs.be->ops->name, "ptrace") == 0))
		return;
	unsigned e = ps->enabled;
	if (e & ((1u << P_CREATE) | (1u << P_START) | (1u << P_LWP_CREATE) |
	    (1u << P_LWP_START)))
		set->ptp |= UDT_PTP_NEWTASK;
	if (e & ((1u << P_EXEC) | (1u << P_EXEC_SUCCESS)))
		set->ptp |= UDT_PTP_EXEC;
	if (e & ((1u << P_EXIT) | (1u << P_LWP_EXIT) | (1u << P_LWP_EXIT_PROC)))
		set->ptp |= UDT_PTP_EXIT;
	if (e & (1u << P_EXIT)) {
		/* the exit reason: a process that called exit ended normally */
		set_bit(set->entry, NR_EXIT);
		set_bit(set->entry, NR_EXIT_GROUP);
	}
	if (e & ((1u << P_SIGNAL_HANDLE) | (1u << P_SIGNAL_DISCARD)))
		set->ptp |= UDT_PTP_DELIVER;
	if (e & (1u << P_SIGNAL_DISCARD))
		set->ptp |= UDT_PTP_DISCARD;
}

/* provider, module, function, name, args: illumos stab_attr of sdt_providers[] "proc" in uts/common/dtrace/sdt_subr.c */
static const d_pattr_t proc_attr = {
	{ D_STAB_EVOLVING, D_STAB_EVOLVING, D_CLASS_ISA },
	{ D_STAB_PRIVATE, D_STAB_PRIVATE, D_CLASS_UNKNOWN },
	{ D_STAB_PRIVATE, D_STAB_PRIVATE, D_CLASS_UNKNOWN },
	{ D_STAB_EVOLVING, D_STAB_EVOLVING, D_CLASS_ISA },
	{ D_STAB_EVOLVING, D_STAB_EVOLVING, D_CLASS_ISA },
};

static const udt_provider_ops_t proc_ops = {
	proc_make, proc_enable, proc_disable, NULL, &proc_attr
};

int provider_proc_register(udt_handle_t *h)
{
	struct proc_state *ps = calloc(1, sizeof(*ps));
	if (ps == NULL)
		return -1;
	h->procst = ps;
	udt_provider_t *pv = probe_add_provider(&h->reg, "proc", &proc_ops, h);
	d_pdesc_t all;
	memset(&all, 0, sizeof(all));
	if (pv == NULL || proc_make(&h->reg, pv, &all) != 0)
		return -1;
	return 0;
}

void provider_proc_fini(udt_handle_t *h)
{
	free(h->procst);
	h->procst = NULL;
}

/*
 * The firing's translated objects: signal-handle's siginfo from what the
 * event carried, the rest as every probe has them.
 */
static void proc_xlate(void *arg, int kind, int64_t id, void *buf,
    size_t len)
{
	struct proc_state *ps = arg;
	if (kind == UDT_XL_SIGINFO) {
		if (len >= sizeof(ps->si))
			memcpy(buf, &ps->si, sizeof(ps->si));
		return;
	}
	procinfo_xlate(&ps->hit, kind, id, buf, len);
}

/*
 * siginfo_t -> what args[1] shows: the members the signal and its code
 * give a meaning to (the kernel's union overlaps the rest), others 0.
 */
static void si_fill(udt_siginfo_t *o, int sig, const siginfo_t *si)
{
	memset(o, 0, sizeof(*o));
	o->si_signo = sig;
	if (si == NULL)
		return;
	o->si_code = si->si_code;
	o->si_errno = si->si_errno;
	switch (si->si_code) {
	case SI_USER: case SI_TKILL:
		o->pid = si->si_pid;
		o->uid = si->si_uid;
		return;
	case SI_QUEUE: case SI_MESGQ:
		o->pid = si->si_pid;
		o->uid = si->si_uid;
		o->value.sival_ptr = (uint64_t)(uintptr_t)si->si_value.sival_ptr;
		return;
	case SI_TIMER:
		o->value.sival_ptr = (uint64_t)(uintptr_t)si->si_value.sival_ptr;
		return;
	default:
		break;
	}
	if (si->si_code <= 0)
		return;
	/* sent by the kernel: what the signal's code is about */
	switch (sig) {
	case SIGCHLD:
		o->pid = si->si_pid;
		o->uid = si->si_uid;
		o->status = si->si_status;
		break;
	case SIGSEGV: case SIGBUS: case SIGILL: case SIGFPE: case SIGTRAP:
		o->addr = (uint64_t)(uintptr_t)si->si_addr;
		break;
	case SIGPOLL:
		o->band = si->si_band;
		break;
	default:
		break;
	}
}

/* Fire probe k in the context of pid/tid (at time, on cpu), with args. */
/* where a tracepoint exec's path reads from: no user address can be */
#define PROC_PATH_ADDR 0xffffffffff000000ull

static int path_read(void *arg, uint64_t addr, void *buf, size_t len)
{
	const struct proc_state *ps = arg;

	if (addr < PROC_PATH_ADDR || len > sizeof(ps->path) ||
	    addr - PROC_PATH_ADDR > sizeof(ps->path) - len)
		return -1;
	memcpy(buf, ps->path + (addr - PROC_PATH_ADDR), len);
	return 0;
}

static void fire(udt_handle_t *h, int k, pid_t pid, pid_t tid, int cpu,
    uint64_t time, const udt_hit_t *mem, int64_t a0, int64_t a1, int64_t a2)
{
	struct proc_state *ps = h->procst;
	if (ps == NULL || ps->probe[k] == NULL || ps->probe[k]->ecbs == NULL ||
	    h->exiting)
		return;
	dif_hit_t *hit = &ps->hit;
	memset(hit->args, 0, sizeof(hit->args));
	hit->args[0] = (uint64_t)a0;
	hit->args[1] = (uint64_t)a1;
	hit->args[2] = (uint64_t)a2;
	hit->pid = pid;
	hit->tid = tid;
	udt_tproc_t *t = procs_find(&h->procs, pid);
	int ident = (h->pneeds & UDT_NEED_IDENT) != 0;
	if (t != NULL) {
		if (ident)
			procs_ident_at(t, time);
		hit->ppid = t->ppid;
		hit->uid = t->uid;
		hit->gid = t->gid;
		hit->execname = t->execname;
	} else {
		/* a child udtrace does not trace itself */
		const hitctx_ident_t *id = hitctx_ident(pid, time, ident);
		hit->ppid = id->ppid;
		hit->uid = id->uid;
		hit->gid = id->gid;
		hit->execname = id->execname;
		if (ps->tpcomm != NULL && ps->tpcomm[0] != '\0')
			hit->execname = ps->tpcomm;
		else if (k == P_EXEC_SUCCESS) {
			/* the cache may hold the name from before the exec */
			char path[64];
			snprintf(path, sizeof(path), "/proc/%d/comm", (int)pid);
			int fd = open(path, O_RDONLY | O_CLOEXEC);
			ssize_t n = fd >= 0 ? read(fd, ps->comm,
			    sizeof(ps->comm) - 1) : -1;
			if (fd >= 0)
				close(fd);
			if (n > 0) {
				ps->comm[n] = '\0';
				ps->comm[strcspn(ps->comm, "\n")] = '\0';
				hit->execname = ps->comm;
			}
		}
	}
	hit->cpu = cpu;
	hit->errno_val = 0;
	hit->timestamp = time;
	hit->ucaller = 0;
	hit->ustackdepth = 0;
	hit->ustack = NULL;
	hit->nustack = 0;
	hit->uregs = NULL;
	hit->nuregs = 0;
	/* the stopped thread's memory, where the event has one */
	hit->read_mem = mem != NULL ? hitctx_read : NULL;
	hit->read_arg = (void *)mem;
	if (ps->path_set) {
		hit->read_mem = path_read;
		hit->read_arg = ps;
	}
	hit->xlate = proc_xlate;
	hit->xlate_arg = ps;
	h->fire_tproc = t;
	h->fire_tid = tid;
	ecb_fire_clk(h, ps->probe[k], hit, UDT_CLOCK_TS);
	h->fire_tproc = NULL;
}

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* The bit of sig in a /proc status mask line ("SigCgt:\t0000...0a00"). */
static int sigmask_has(const char *buf, const char *key, int sig)
{
	const char *p = strstr(buf, key);
	if (p == NULL)
		return 0;
	unsigned long long m = strtoull(p + strlen(key), NULL, 16);
	return sig >= 1 && sig <= 64 && ((m >> (sig - 1)) & 1);
}

/* Signals whose default action is to do nothing (signal(7)). */
static int default_ignored(int sig)
{
	return sig == SIGCHLD || sig == SIGURG || sig == SIGWINCH;
}

static void on_signal(udt_handle_t *h, const udt_hit_t *uh, int sig)
{
	struct proc_state *ps = h->procst;
	if (ps == NULL || !ps->made ||
	    (ps->probe[P_SIGNAL_HANDLE]->ecbs == NULL &&
	    ps->probe[P_SIGNAL_DISCARD]->ecbs == NULL))
		return;
	/* the disposition now, while the thread waits for the signal */
	char path[64], buf[2048];
	snprintf(path, sizeof(path), "/proc/%d/task/%d/status", (int)uh->pid,
	    (int)uh->tid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	ssize_t n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return;
	buf[n] = '\0';
	if (sigmask_has(buf, "SigCgt:", sig)) {
		/*
		 * args[2], the handler, is 0: a tracer's signal-delivery stop
		 * comes before the kernel looks up the action, and nothing
		 * gives a tracer the handler's address (README)
		 */
		si_fill(&ps->si, sig, uh->siginfo);
		fire(h, P_SIGNAL_HANDLE, uh->pid, uh->tid, uh->cpu, uh->time,
		    uh, sig, 1, 0);
	}
	else if (sigmask_has(buf, "SigIgn:", sig) || default_ignored(sig))
		fire(h, P_SIGNAL_DISCARD, uh->pid, uh->tid, uh->cpu, uh->time,
		    uh, uh->tid, uh->pid, sig);
}

/* AT_EXECFN of pid's auxiliary vector, or 0. */
static uint64_t execfn(pid_t pid)
{
	char path[64];
	uint64_t av[64];
	snprintf(path, sizeof(path), "/proc/%d/auxv", (int)pid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	ssize_t n = read(fd, av, sizeof(av));
	close(fd);
	for (ssize_t i = 0; i + 1 < n / 8; i += 2) {
		if (av[i] == AT_EXECFN)
			return av[i + 1];
		if (av[i] == AT_NULL)
			break;
	}
	return 0;
}

/*
 * System-wide exit's reason: the tracepoint carries none, so a process
 * seen calling exit or exit_group ended normally (CLD_EXITED), any other
 * was ended by a signal (CLD_KILLED, or CLD_DUMPED once the backend's
 * UDT_PEV_DUMPED says so: killed_wait).
 */
static int exit_reason(struct proc_state *ps, pid_t pid, pid_t tid)
{
	int why = 2;
	for (unsigned i = 0; ps != NULL && i < PROC_NEXITING; i++)
		if (ps->exiting[i].pid == pid) {
			/* exit_group, or exit by the thread that was last */
			if (ps->exiting[i].tid == 0 || ps->exiting[i].tid == tid)
				why = 1;
			ps->exiting[i].pid = 0;
		}
	return why;
}

/* Fire the waiting exit in slot i with reason why, and free the slot. */
static void killed_fire(udt_handle_t *h, int i, int why)
{
	struct proc_state *ps = h->procst;
	struct proc_killed k = ps->killed[i];
	const char *tpcomm = ps->tpcomm;

	ps->killed[i].pid = 0;
	ps->tpcomm = k.comm[0] != '\0' ? k.comm : NULL;
	fire(h, P_EXIT, k.pid, k.tid, k.cpu, k.time, NULL, why, 0, 0);
	ps->tpcomm = tpcomm;
}

/* uh's process was ended by a signal: its exit waits for a dumped notice */
static void killed_wait(udt_handle_t *h, const udt_hit_t *uh)
{
	struct proc_state *ps = h->procst;
	int free_i = -1, old = 0;

	if (ps == NULL || !ps->made || ps->probe[P_EXIT]->ecbs == NULL)
		return;
	for (int i = 0; i < PROC_NKILLED; i++) {
		if (ps->killed[i].pid == 0 && free_i < 0)
			free_i = i;
		if (ps->killed[i].time < ps->killed[old].time)
			old = i;
	}
	if (free_i < 0) {
		killed_fire(h, old, CLD_KILLED);   /* the oldest waits no more */
		free_i = old;
	}
	struct proc_killed *k = &ps->killed[free_i];
	k->pid = uh->pid;
	k->tid = uh->tid;
	k->cpu = uh->cpu;
	k->time = uh->time;
	snprintf(k->comm, sizeof(k->comm), "%s",
	    ps->tpcomm != NULL ? ps->tpcomm : "");
}

void proc_flush(udt_handle_t *h, int all)
{
	struct proc_state *ps = h->procst;
	if (ps == NULL)
		return;
	uint64_t now = now_ns();
	for (int i = 0; i < PROC_NKILLED; i++)
		if (ps->killed[i].pid != 0 && (all || now <
		    ps->killed[i].time || now - ps->killed[i].time >
		    PROC_KILLED_WAIT_NS))
			killed_fire(h, i, CLD_KILLED);
}

static pid_t tgid_of(pid_t tid);
static void proc_event(udt_handle_t *h, const udt_hit_t *uh, int ev,
    int64_t a0, int64_t a1);

void proc_procev(void *arg, const udt_hit_t *uh, int ev, int64_t a0,
    int64_t a1)
{
	udt_handle_t *h = arg;
	if (h->procst != NULL)
		h->procst->tpcomm = uh->proc == NULL ? uh->comm : NULL;
	proc_event(h, uh, ev, a0, a1);
	if (h->procst != NULL)
		h->procst->tpcomm = NULL;
}

static void proc_event(udt_handle_t *h, const udt_hit_t *uh, int ev,
    int64_t a0, int64_t a1)
{
	switch (ev) {
	case UDT_PEV_FORK:
		fire(h, P_CREATE, uh->pid, uh->tid, uh->cpu, uh->time, uh,
		    a0, 0, 0);
		/*
		 * System-wide the child may have exec'd by now: it starts
		 * with its parent's name, whatever /proc says later.
		 */
		if (uh->proc == NULL && h->procst != NULL &&
		    h->procst->tpcomm == NULL) {
			struct proc_state *ps = h->procst;
			snprintf(ps->comm, sizeof(ps->comm), "%s",
			    hitctx_ident(uh->pid, uh->time, 0)->execname);
			ps->tpcomm = ps->comm;
		}
		/* the child, before its first instruction */
		fire(h, P_START, (pid_t)a0, (pid_t)a0, uh->cpu, now_ns(), NULL,
		    0, 0, 0);
		break;
	case UDT_PEV_LWP:
		fire(h, P_LWP_CREATE, uh->pid, uh->tid, uh->cpu, uh->time,
		    uh, a0, uh->pid, 0);
		/* the new thread shares the memory of uh's */
		fire(h, P_LWP_START, uh->pid, (pid_t)a0, uh->cpu, now_ns(),
		    uh, 0, 0, 0);
		break;
	case UDT_PEV_EXEC_PRE:
		if (h->procst == NULL || !h->procst->made ||
		    h->procst->probe[P_EXEC]->ecbs == NULL)
			break;
		/*
		 * The path as exec was given it: the kernel leaves it at the
		 * new stack's AT_EXECFN, readable while the thread is held.
		 */
		fire(h, P_EXEC, uh->pid, uh->tid, uh->cpu, uh->time, uh,
		    (int64_t)execfn(uh->pid), 0, 0);
		break;
	case UDT_PEV_EXEC:
		/*
		 * From a kernel tracepoint, which comes once the exec has
		 * succeeded: exec first, with the path the event carries
		 */
		if (uh->proc == NULL && a1 != 0 && h->procst != NULL &&
		    h->procst->made && h->procst->probe[P_EXEC]->ecbs != NULL) {
			struct proc_state *ps = h->procst;
			memset(ps->path, 0, sizeof(ps->path));
			snprintf(ps->path, sizeof(ps->path), "%s",
			    (const char *)(uintptr_t)a1);
			ps->path_set = 1;
			/* the old identity, as DTrace's exec has it */
			const char *tpcomm = ps->tpcomm;
			if (a0 != 0)
				ps->tpcomm = (const char *)(uintptr_t)a0;
			fire(h, P_EXEC, uh->pid, uh->tid, uh->cpu, uh->time,
			    NULL, (int64_t)PROC_PATH_ADDR, 0, 0);
			ps->tpcomm = tpcomm;
			ps->path_set = 0;
		}
		/* an exec of a set-id file changes the ids: read them again */
		if (uh->proc == NULL)
			hitctx_ident_forget(uh->pid);
		fire(h, P_EXEC_SUCCESS, uh->pid, uh->tid, uh->cpu, uh->time,
		    uh, 0, 0, 0);
		break;
	case UDT_PEV_SIGNAL:
		on_signal(h, uh, (int)a0);
		break;
	case UDT_PEV_EXIT:
		if (!a0) {
			fire(h, P_LWP_EXIT, uh->pid, uh->tid, uh->cpu, uh->time,
			    NULL, 0, 0, 0);
			break;
		}
		/* the last thread: DTrace's proc_exit fires lwp-exit, then exit */
		fire(h, P_LWP_EXIT_PROC, uh->pid, uh->tid, uh->cpu, uh->time,
		    NULL, 0, 0, 0);
		{
			int why = exit_reason(h->procst, uh->pid, uh->tid);
			if (why == CLD_KILLED && uh->proc == NULL)
				killed_wait(h, uh);
			else
				fire(h, P_EXIT, uh->pid, uh->tid, uh->cpu,
				    uh->time, NULL, why, 0, 0);
		}
		break;
	case UDT_PEV_DUMPED:
		for (int i = 0; h->procst != NULL && i < PROC_NKILLED; i++)
			if (h->procst->killed[i].pid == uh->pid)
				killed_fire(h, i, CLD_DUMPED);
		break;
	case UDT_PEV_SIGACT:
		/* the action the kernel is taking: a handler, ignore, default */
		if (a1 > 1) {
			si_fill(&h->procst->si, (int)a0, uh->siginfo);
			fire(h, P_SIGNAL_HANDLE, uh->pid, uh->tid, uh->cpu,
			    uh->time, NULL, a0, 1, a1);
		}
		else if (a1 == 1 || default_ignored((int)a0))
			fire(h, P_SIGNAL_DISCARD, uh->pid, uh->tid, uh->cpu,
			    uh->time, NULL, uh->tid, uh->pid, a0);
		break;
	case UDT_PEV_SIGDISCARD:
		/* in the sender, as DTrace's sigtoproc: args[] the target */
		if (a0 > 0 && a1 > 0)
			fire(h, P_SIGNAL_DISCARD, uh->pid, uh->tid, uh->cpu,
			    uh->time, NULL, a1, tgid_of((pid_t)a1), a0);
		break;
	default:
		break;
	}
}

/* The process thread tid belongs to (its Tgid), or tid. */
static pid_t tgid_of(pid_t tid)
{
	char path[64], buf[1024];
	snprintf(path, sizeof(path), "/proc/%d/status", (int)tid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return tid;
	ssize_t n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return tid;
	buf[n] = '\0';
	const char *p = strstr(buf, "\nTgid:");
	return p != NULL ? (pid_t)strtol(p + 6, NULL, 10) : tid;
}

/* signal-send: sender uh asked for sig to go to thread tid of pid. */
static void send(udt_handle_t *h, const udt_hit_t *uh, pid_t pid, pid_t tid,
    int64_t sig)
{
	/* signal 0 sends nothing; a group (pid <= 0) names no one process */
	if (sig <= 0 || sig > 64 || pid <= 0 || tid <= 0)
		return;
	fire(h, P_SIGNAL_SEND, uh->pid, uh->tid, uh->cpu, uh->time, uh, tid,
	    pid, sig);
}

/*
 * The syscall provider's events, also ours (syscall.c hands each one
 * here first): h->regs holds the arguments at entry, the result at return.
 */
void proc_on_syscall(udt_handle_t *h, const udt_hit_t *uh, int nr, int ret)
{
	struct proc_state *ps = h->procst;
	if (ps == NULL || ps->enabled == 0)
		return;
	const uint64_t *r = uh->regs;
	int64_t rv = (int64_t)r[R_RAX];
	if (!ret && (nr == NR_EXIT || nr == NR_EXIT_GROUP)) {
		unsigned k = ps->nexiting++ % PROC_NEXITING;
		ps->exiting[k].pid = uh->pid;
		ps->exiting[k].tid = nr == NR_EXIT ? uh->tid : 0;
		return;
	}
	if (ret) {
		if ((nr == NR_EXECVE || nr == NR_EXECVEAT) && rv < 0 &&
		    rv >= -4095)
			fire(h, P_EXEC_FAILURE, uh->pid, uh->tid, uh->cpu,
			    uh->time, uh, -rv, 0, 0);
		else if (nr == NR_RT_SIGTIMEDWAIT && rv > 0)
			fire(h, P_SIGNAL_CLEAR, uh->pid, uh->tid, uh->cpu,
			    uh->time, uh, rv, 0, 0);
		return;
	}
	if (!(ps->enabled & (1u << P_SIGNAL_SEND)))
		return;
	switch (nr) {
	case NR_KILL:                   /* (pid, sig) */
		send(h, uh, (pid_t)r[R_RDI], (pid_t)r[R_RDI],
		    (int64_t)(int32_t)r[R_RSI]);
		break;
	case NR_RT_SIGQUEUEINFO:        /* (tgid, sig, info) */
		send(h, uh, (pid_t)r[R_RDI], (pid_t)r[R_RDI],
		    (int64_t)(int32_t)r[R_RSI]);
		break;
	case NR_TKILL:                  /* (tid, sig) */
		send(h, uh, tgid_of((pid_t)r[R_RDI]), (pid_t)r[R_RDI],
		    (int64_t)(int32_t)r[R_RSI]);
		break;
	case NR_TGKILL:                 /* (tgid, tid, sig) */
	case NR_RT_TGSIGQUEUEINFO:      /* (tgid, tid, sig, info) */
		send(h, uh, (pid_t)r[R_RDI], (pid_t)r[R_RSI],
		    (int64_t)(int32_t)r[R_RDX]);
		break;
	default:
		break;
	}
}

void proc_thread(void *arg, udt_proc_t *p, pid_t tid, int born)
{
	udt_handle_t *h = arg;
	if (born)
		return;
	int cpu = sched_getcpu();
	fire(h, P_LWP_EXIT, proc_pid(p), tid, cpu < 0 ? 0 : cpu, now_ns(),
	    NULL, 0, 0, 0);
}

void proc_exited(udt_handle_t *h, pid_t pid, int status)
{
	/* procfs.d's CLD_* reason codes */
	int why = WIFSIGNALED(status) ? (WCOREDUMP(status) ? 3 : 2) : 1;
	int cpu = sched_getcpu();
	fire(h, P_LWP_EXIT_PROC, pid, pid, cpu < 0 ? 0 : cpu, now_ns(), NULL,
	    0, 0, 0);
	fire(h, P_EXIT, pid, pid, cpu < 0 ? 0 : cpu, now_ns(), NULL, why, 0, 0);
}
