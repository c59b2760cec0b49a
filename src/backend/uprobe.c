/*
 * uprobe.c — the uprobe backend: every site is a kernel uprobe opened
 * with perf_event_open on the uprobe PMU (config1 = path, config2 = file
 * offset, ref_ctr_offset = the USDT semaphore, which the kernel counts),
 * one event per traced thread, written into that thread's ring (a
 * system-wide site: one per CPU, into the CPU's ring; uprobe_ring.c); a
 * hit costs the target one trap and no stop.
 *
 * Owns: the events of every site, and the design choice for process
 * lifecycle: processes stay ptrace-attached to an inner ptrace backend
 * that plants no site. It already follows clone/fork/vfork/exec/exit and
 * signals, keeps -c children stopped until udt_go, and stops the target
 * at the dynamic linker's r_brk, so dlopen'ed objects get their sites
 * before the program can call into them — a perf PERF_RECORD_MMAP2 watch
 * would see a new object only after the target ran on. The inner backend
 * also holds each thread in its exit stop (cb.exiting) while the rings
 * are drained, so hits taken just before exit still read live memory.
 * Must not: plant int3s itself, or stop a thread per hit.
 * Invariants:
 *  - pid$target sites follow exactly the target and its threads: the
 *    events are opened on each known thread, and on each new one while
 *    the inner backend holds it at birth; a thread's ring goes after its
 *    death, once drained; samples of other tgids are dropped (ptrace
 *    gives fork children no hits);
 *  - system-wide sites (site->proc NULL) are opened with pid -1 on every
 *    CPU and fire in every process mapping the file, started later too;
 *    with the first of them a COMM/FORK tracker per CPU writes process
 *    names into the same rings, so hits keep their execname after the
 *    process is gone;
 *  - a sample carries only the registers the site's regs_skip leaves
 *    (none for `@ = count()`), and a stack copy only if site->stack;
 *  - closing an event fd removes its uprobe and semaphore count (the
 *    kernel's clean-up); an exec or exit of a process closes its events
 *    before the consumer hears of it, and destroy closes every one before
 *    the inner backend lets the processes go.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <linux/perf_event.h>
#include "backend/uprobe_impl.h"

#define UP_PMU_TYPE "/sys/bus/event_source/devices/uprobe/type"
#define UP_REFCTR_SHIFT 32   /* format/ref_ctr_offset: config:32-63 */
#define CAP_PERFMON_ 38
#define CAP_SYS_ADMIN_ 21

static up_backend_t *B(udt_backend_t *b) { return (up_backend_t *)b; }

static int perf_open(struct perf_event_attr *a, pid_t pid, int cpu)
{
	return (int)syscall(SYS_perf_event_open, a, pid, cpu, -1,
	    PERF_FLAG_FD_CLOEXEC);
}

static int read_int(const char *path, long *v)
{
	char buf[64];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	*v = strtol(buf, NULL, 10);
	return 0;
}

/* A software dummy event of user space only: it counts nothing, it owns rings and side records. */
static void dummy_attr(struct perf_event_attr *a)
{
	memset(a, 0, sizeof *a);
	a->size = sizeof *a;
	a->type = PERF_TYPE_SOFTWARE;
	a->config = PERF_COUNT_SW_DUMMY;
	a->exclude_kernel = a->exclude_hv = 1;
}

/* The effective capability set (/proc/self/status CapEff). */
static uint64_t cap_eff(void)
{
	char line[256];
	uint64_t v = 0;
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		return 0;
	while (fgets(line, sizeof line, f))
		if (strncmp(line, "CapEff:", 7) == 0) {
			v = strtoull(line + 7, NULL, 16);
			break;
		}
	fclose(f);
	return v;
}

int backend_uprobe_permitted(char *why, size_t len)
{
	long type, paranoid = 2;
	uint64_t caps = cap_eff();
	struct perf_event_attr a;
	int fd;

	if (read_int(UP_PMU_TYPE, &type) < 0) {
		snprintf(why, len, "no uprobe PMU in "
		    "/sys/bus/event_source/devices");
		return 0;
	}
	(void)read_int("/proc/sys/kernel/perf_event_paranoid", &paranoid);
	if (paranoid > -1 && !(caps & (1ull << CAP_PERFMON_)) &&
	    !(caps & (1ull << CAP_SYS_ADMIN_))) {
		snprintf(why, len, "no CAP_PERFMON and perf_event_paranoid "
		    "is %ld", paranoid);
		return 0;
	}
	/* a container may still filter the system call itself */
	dummy_attr(&a);
	a.disabled = 1;
	if ((fd = perf_open(&a, 0, -1)) < 0) {
		snprintf(why, len, "perf_event_open: %s", strerror(errno));
		return 0;
	}
	close(fd);
	return 1;
}

/* ---- start-up: the kernel's first grace period, off the clock ---- */

/*
 * The first uprobe registered after a quiet spell waits for an RCU grace
 * period (rcu_sync_enter on uprobes' dup_mmap semaphore: ~4-12 ms here);
 * the next ones, within about another grace period, do not. So as soon
 * as the backend exists a helper thread registers a uprobe nothing can
 * hit (offset 0 of an empty memfd no process maps), and that wait runs
 * while the target execs and its symbols load instead of in front of the
 * first real site. Closing it costs what closing any uprobe costs (tens
 * of ms of grace periods, holding the kernel's event_mutex, which every
 * uprobe open needs): another helper does it once the traced processes
 * have run for UP_WARM_HOLD_NS (a program starts its threads early, and
 * each new thread's events would wait, the thread held, behind that
 * close), or destroy does, last, after the processes are let go.
 */
#define UP_WARM_HOLD_NS 500000000ull
static void *warm_open(void *arg)
{
	up_backend_t *b = arg;
	struct perf_event_attr a;
	char path[64];

	snprintf(path, sizeof path, "/proc/self/fd/%d", b->warm_memfd);
	memset(&a, 0, sizeof a);
	a.size = sizeof a;
	a.type = (uint32_t)b->pmu;
	a.config1 = (uint64_t)(uintptr_t)path;
	a.config2 = 0;
	a.disabled = 1;
	a.exclude_kernel = a.exclude_hv = 1;
	b->warmfd = perf_open(&a, 0, -1);   /* this thread: it never runs there */
	return NULL;
}

static void *warm_close(void *arg)
{
	close((int)(intptr_t)arg);
	return NULL;
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* A helper thread that takes no signal: they stay the main thread's. */
int up_start_helper(pthread_t *t, void *(*fn)(void *), void *arg)
{
	sigset_t all, old;
	int rc;

	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	rc = pthread_create(t, NULL, fn, arg);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return rc;
}

static void warm_start(up_backend_t *b)
{
	b->warmfd = -1;
	b->warm_memfd = memfd_create("udtrace-warm", MFD_CLOEXEC);
	if (b->warm_memfd < 0)
		return;
	if (ftruncate(b->warm_memfd, sysconf(_SC_PAGESIZE)) == 0 &&
	    up_start_helper(&b->warm, warm_open, b) == 0)
		b->warming = 1;
	else {
		close(b->warm_memfd);
		b->warm_memfd = -1;
	}
}

/* Let the warm-up uprobe go (in the background); wait: until it is gone. */
static void warm_retire(up_backend_t *b, int wait)
{
	if (b->warming) {
		pthread_join(b->warm, NULL);
		b->warming = 0;
		close(b->warm_memfd);
		b->warm_memfd = -1;
		if (b->warmfd >= 0 && up_start_helper(&b->closer, warm_close,
		    (void *)(intptr_t)b->warmfd) == 0)
			b->closing = 1;
		else if (b->warmfd >= 0)
			close(b->warmfd);
		b->warmfd = -1;
	}
	if (wait && b->closing) {
		pthread_join(b->closer, NULL);
		b->closing = 0;
	}
}

void up_helpers_join(up_backend_t *b)
{
	warm_retire(b, 1);
}

/* ---- events ---- */

static void attr_of(const up_backend_t *b, const up_site_t *us,
    uint32_t stack, int wake, struct perf_event_attr *a)
{
	const udt_site_t *s = us->s;

	memset(a, 0, sizeof *a);
	a->size = sizeof *a;
	a->type = (uint32_t)b->pmu;
	a->config = s->refctr_off << UP_REFCTR_SHIFT;
	a->config1 = (uint64_t)(uintptr_t)s->path;
	a->config2 = s->off;
	a->sample_period = 1;
	a->sample_type = PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP |
	    PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU;
	/* only the registers the programs read: each is copied per trap */
	if (us->pmask) {
		a->sample_type |= PERF_SAMPLE_REGS_USER;
		a->sample_regs_user = us->pmask;
	}
	if (stack) {
		a->sample_type |= PERF_SAMPLE_STACK_USER;
		a->sample_stack_user = stack;
	}
	/*
	 * No per-sample wakeup: the ring (its owner's watermark, an eighth
	 * of the ring) wakes us, and the loop's deadline (up_deadline) bounds the
	 * delay of hits below it. A wakeup per hit tripled the hit's cost.
	 * A system-wide site still wakes per hit: its hits name processes
	 * we do not trace, whose ppid, uid and gid are read from /proc, and
	 * a short-lived one would be gone 10 ms later (execname no longer
	 * depends on it: the COMM trackers, track_comm, keep names).
	 */
	a->wakeup_events = wake ? 1 : 0;
	a->sample_id_all = 1;
	a->exclude_kernel = 1;
	a->exclude_hv = 1;
	a->use_clockid = 1;
	a->clockid = CLOCK_MONOTONIC;   /* hits carry CLOCK_MONOTONIC ns */
}

/* The dummy event owning a ring: of thread tid (cpu -1) or CPU cpu. */
static int ring_owner(up_backend_t *b, pid_t tid, int cpu, uint64_t size)
{
	struct perf_event_attr a;

	dummy_attr(&a);
	a.sample_id_all = 1;
	a.use_clockid = 1;
	a.clockid = CLOCK_MONOTONIC;
	/*
	 * The ring wakes us once an eighth of it is written: batches big
	 * enough to spare the target a wakeup per hit, with seven eighths
	 * left for the hits that come while the consumer is scheduled in
	 * (busy targets on both CPUs delay it).
	 */
	a.watermark = 1;
	a.wakeup_watermark = (uint32_t)(size / 8);
	(void)b;
	return perf_open(&a, tid, cpu);
}

/* cpu's ring, made on first use (system-wide sites, trackers, syscalls). */
int up_ring_fd(up_backend_t *b, int cpu)
{
	int fd;

	if (b->rings[cpu].fd >= 0)
		return b->rings[cpu].fd;
	if ((fd = ring_owner(b, -1, cpu, b->ringsize)) < 0) {
		snprintf(b->err, sizeof b->err, "cannot open the ring of CPU "
		    "%d: %s", cpu, strerror(errno));
		return -1;
	}
	b->rings[cpu].cpu = cpu;
	if (up_ring_open(b, &b->rings[cpu], fd, b->ringsize) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/*
 * Thread tid's ring, made on first use: its events are opened on the
 * thread alone (cpu -1), one per site rather than one per site and CPU,
 * so a trap runs one uprobe consumer, not one per CPU (each also costs an
 * RCU-bound close at the end). A thread's ring gets bufsize / CPUs, like
 * a CPU's, halved while the threads' rings together would pass twice
 * bufsize (many threads), down to 64 KiB. -2: the thread is gone.
 */
static int thread_ring_fd(up_backend_t *b, up_proc_t *up, pid_t tid)
{
	size_t nthr = 0;
	uint64_t size = b->ringsize;
	up_ring_t *r;
	int fd;

	for (size_t i = 0; i < b->nact; i++) {
		if (b->act[i]->tid == tid)
			return b->act[i]->fd;
		if (b->act[i]->tid)
			nthr++;
	}
	while (size > (64u << 10) &&
	    (nthr + 1) * size > 2 * (uint64_t)b->ncpu * b->ringsize)
		size /= 2;
	if (!(r = calloc(1, sizeof *r))) {
		snprintf(b->err, sizeof b->err, "out of memory");
		return -1;
	}
	r->fd = r->commfd = -1;
	r->cpu = -1;
	r->tid = tid;
	r->up = up;
	if ((fd = ring_owner(b, tid, -1, size)) < 0) {
		int e = errno;
		free(r);
		if (e == ESRCH)
			return -2;
		snprintf(b->err, sizeof b->err, "cannot open the ring of "
		    "thread %d: %s", (int)tid, strerror(e));
		return -1;
	}
	if (up_ring_open(b, r, fd, size) < 0) {
		close(fd);
		free(r);
		return -1;
	}
	return fd;
}

/* Close the rings of thread tid (0: of every thread of up). */
static void thread_rings_drop(up_backend_t *b, up_proc_t *up, pid_t tid)
{
	for (size_t i = b->nact; i-- > 0; ) {
		up_ring_t *r = b->act[i];
		if (!r->tid || (tid ? r->tid != tid : r->up != up))
			continue;
		up_ring_close(b, r);   /* takes it out of act: i stays valid */
		free(r);
	}
}

/*
 * System-wide sites fire in processes we never traced, which may exit
 * before the consumer runs their hits (it wakes per batch): a dummy event
 * per CPU, writing into that CPU's ring, reports every exec and rename
 * (PERF_RECORD_COMM) and fork (PERF_RECORD_FORK, for a child that fires
 * without exec'ing), so a hit's execname is the one its process had then.
 * Best effort: a CPU without a tracker leaves its processes to /proc.
 */
void up_track_comm(up_backend_t *b)
{
	struct perf_event_attr a;

	if (b->tracking)
		return;
	b->tracking = 1;
	dummy_attr(&a);
	a.comm = 1;
	a.comm_exec = 1;
	a.task = 1;
	a.sample_id_all = 1;
	a.sample_type = PERF_SAMPLE_TID | PERF_SAMPLE_TIME;  /* time last */
	a.use_clockid = 1;
	a.clockid = CLOCK_MONOTONIC;     /* the samples' clock: one merge */
	for (int c = 0; c < b->ncpu; c++) {
		int rfd, fd;
		if (!b->online[c] || (rfd = up_ring_fd(b, c)) < 0)
			continue;
		if ((fd = perf_open(&a, -1, c)) < 0)
			continue;
		if (ioctl(fd, PERF_EVENT_IOC_SET_OUTPUT, rfd) < 0) {
			close(fd);
			continue;
		}
		b->rings[c].commfd = fd;
	}
}

/* Close the site's events of thread tid (0: all of them). */
static void site_close(up_backend_t *b, up_site_t *us, pid_t tid)
{
	size_t i, n = 0;

	for (i = 0; i < us->nev; i++) {
		if (tid && us->ev[i].tid != tid) {
			us->ev[n++] = us->ev[i];
			continue;
		}
		up_id_del(b, us->ev[i].id);
		close(us->ev[i].fd);
		b->nevents--;
	}
	us->nev = n;
	if (!tid) {
		free(us->ev);
		us->ev = NULL;
		us->capev = 0;
	}
}

/*
 * One event of the site: on thread pid (cpu -1) into the thread's ring,
 * or (system-wide, pid -1) on CPU cpu into the CPU's ring.
 */
static int open_one(up_backend_t *b, up_site_t *us, pid_t pid, int cpu)
{
	struct perf_event_attr a;
	udt_site_t *s = us->s;
	int rfd = us->up ? thread_ring_fd(b, us->up, pid) : up_ring_fd(b, cpu), fd;
	uint64_t id = 0;

	if (rfd == -2)
		return 0;    /* a thread that just exited */
	if (rfd < 0)
		return -1;
	if (us->nev == us->capev) {
		size_t nc = us->capev ? us->capev * 2 : 4;
		up_ev_t *ne = realloc(us->ev, nc * sizeof *ne);
		if (!ne) {
			snprintf(b->err, sizeof b->err, "out of memory");
			return -1;
		}
		us->ev = ne;
		us->capev = nc;
	}
	/*
	 * No `inherit`: an inherited uprobe event would read its path from
	 * the forking target's memory. Threads get their own events, opened
	 * while the inner backend holds them at birth (in_thread).
	 */
	attr_of(b, us, us->stack, us->up == NULL, &a);
	if ((fd = perf_open(&a, pid, cpu)) < 0) {
		int e = errno;
		if (e == ESRCH && pid > 0)
			return 0;    /* a thread that just exited */
		snprintf(b->err, sizeof b->err, "cannot place a uprobe at "
		    "%s+0x%llx: %s", s->path ? s->path : "?",
		    (unsigned long long)s->off, strerror(e));
		return -1;
	}
	if (ioctl(fd, PERF_EVENT_IOC_SET_OUTPUT, rfd) < 0 ||
	    ioctl(fd, PERF_EVENT_IOC_ID, &id) < 0 ||
	    up_id_add(b, id, us) < 0) {
		snprintf(b->err, sizeof b->err, "cannot attach the uprobe at "
		    "%s+0x%llx to its ring: %s", s->path ? s->path : "?",
		    (unsigned long long)s->off, strerror(errno));
		close(fd);
		return -1;
	}
	us->ev[us->nev++] = (up_ev_t){ fd, pid, id };
	b->nevents++;
	return 0;
}

static up_proc_t *up_find(up_backend_t *b, const udt_proc_t *p)
{
	for (up_proc_t *up = b->procs; up; up = up->next)
		if (up->p == p)
			return up;
	return NULL;
}

/*
 * A descendant the inner backend keeps only for its sync system calls
 * (tracepoint.c, sync_split), never added through our ops: its process
 * events, thread births and deaths and exit come from the process
 * tracepoints, as every other descendant's do; the inner backend's are
 * not passed on, or the consumer would see them twice.
 */
static int foreign(up_backend_t *b, const udt_proc_t *p)
{
	return p != NULL && p != b->adding && up_find(b, p) == NULL;
}

static int cpu_online(int cpu)
{
	char path[96];
	long v;

	if (cpu == 0)
		return 1;
	snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/online",
	    cpu);
	return read_int(path, &v) < 0 || v != 0;
}

/* Close and forget every site of up (exec, exit): their records go too. */
static void proc_sites_drop(up_backend_t *b, up_proc_t *up)
{
	up_site_t *us, *nx;

	for (us = up->sites; us; us = nx) {
		nx = us->next;
		site_close(b, us, 0);
		us->s->bpriv = NULL;
		free(us);
	}
	up->sites = NULL;
	thread_rings_drop(b, up, 0);
}

/* ---- the inner ptrace backend's callbacks ---- */

/* A sync site's int3 (the thread is stopped): the consumer's hit. */
static void in_hit(void *arg, const udt_hit_t *h)
{
	up_backend_t *b = arg;

	/* the uprobe hits it took before this one come first */
	up_drain(b);
	if (b->base.cb.hit)
		b->base.cb.hit(b->base.cb.arg, h);
}

/* A new thread gets every site's events before its first instruction. */
static void in_thread(void *arg, udt_proc_t *p, pid_t tid, int born)
{
	up_backend_t *b = arg;
	up_proc_t *up = up_find(b, p);

	if (!up)
		return;
	/* a gone thread's events close: their samples still queued first */
	if (!born)
		up_drain(b);
	for (up_site_t *us = up->sites; us; us = us->next) {
		if (!born)
			site_close(b, us, tid);
		else
			(void)open_one(b, us, tid, -1);  /* b->err says why */
	}
	if (!born)
		thread_rings_drop(b, up, tid);
	if (b->base.cb.thread)
		b->base.cb.thread(b->base.cb.arg, p, tid, born);
}

/*
 * A call of the set's sync part, its thread stopped in it (tracepoint.c
 * hands those calls to the inner backend): the samples taken before it
 * come first.
 */
static void in_syscall(void *arg, const udt_hit_t *h, int nr, int ret)
{
	up_backend_t *b = arg;

	up_drain(b);
	if (b->base.cb.syscall)
		b->base.cb.syscall(b->base.cb.arg, h, nr, ret);
}

/* Process events: the uprobe hits taken before them come first. */
static void in_procev(void *arg, const udt_hit_t *h, int ev, int64_t a0,
    int64_t a1)
{
	up_backend_t *b = arg;

	if (foreign(b, h->proc))
		return;
	up_drain(b);
	if (b->base.cb.procev)
		b->base.cb.procev(b->base.cb.arg, h, ev, a0, a1);
}

static void in_exiting(void *arg, udt_proc_t *p)
{
	up_backend_t *b = arg;

	up_drain(b);
	if (b->base.cb.exiting)
		b->base.cb.exiting(b->base.cb.arg, p);
}

static void in_exited(void *arg, udt_proc_t *p, int status)
{
	up_backend_t *b = arg;
	up_proc_t *up = up_find(b, p), **pp;

	if (foreign(b, p))
		return;
	up_drain(b);
	if (up) {
		proc_sites_drop(b, up);
		for (pp = &b->procs; *pp; pp = &(*pp)->next)
			if (*pp == up) {
				*pp = up->next;
				break;
			}
		free(up);
	}
	if (b->base.cb.exited)
		b->base.cb.exited(b->base.cb.arg, p, status);
}

static void in_exec(void *arg, udt_proc_t *p)
{
	up_backend_t *b = arg;
	up_proc_t *up = up_find(b, p);

	if (foreign(b, p))
		return;
	up_drain(b);
	if (up)
		proc_sites_drop(b, up);
	if (b->base.cb.exec)
		b->base.cb.exec(b->base.cb.arg, p);
}

static void in_objects(void *arg, udt_proc_t *p)
{
	up_backend_t *b = arg;

	if (foreign(b, p))
		return;
	if (b->base.cb.objects)
		b->base.cb.objects(b->base.cb.arg, p);
}

/*
 * A watched process forked: the consumer decides whether the child is
 * traced (it then adds it, and its sites, through our ops).
 */
static int in_forked(void *arg, udt_proc_t *p, udt_proc_t *c)
{
	up_backend_t *b = arg;

	if (!b->base.cb.forked)
		return 0;
	return b->base.cb.forked(b->base.cb.arg, p, c);
}

/* ---- ops ---- */

static int up_add_proc(udt_backend_t *be, udt_proc_t *p)
{
	up_backend_t *b = B(be);
	up_proc_t *up;

	if (up_find(b, p))
		return 0;
	if (!(up = calloc(1, sizeof *up))) {
		snprintf(b->err, sizeof b->err, "out of memory");
		return -1;
	}
	b->adding = p;
	if (b->pt->ops->add_proc(b->pt, p) < 0) {
		b->adding = NULL;
		snprintf(b->err, sizeof b->err, "%s", b->pt->ops->errmsg(b->pt));
		free(up);
		return -1;
	}
	b->adding = NULL;
	up->p = p;
	up->pid = proc_pid(p);
	up->next = b->procs;
	b->procs = up;
	return 0;
}

static int up_add_site(udt_backend_t *be, udt_site_t *s)
{
	up_backend_t *b = B(be);
	up_proc_t *up = NULL;
	up_site_t *us;
	const pid_t *tids = NULL;
	size_t ntid = 1, i;
	pid_t all = -1;

	if (s->proc && !(up = up_find(b, s->proc))) {
		snprintf(b->err, sizeof b->err, "process not watched");
		return -1;
	}
	if (s->sync && up) {
		/* the probe must act while the thread waits: an int3 */
		if (b->pt->ops->add_site(b->pt, s) < 0) {
			snprintf(b->err, sizeof b->err, "%s",
			    b->pt->ops->errmsg(b->pt));
			return -1;
		}
		return 0;
	}
	if (!s->path || !s->path[0]) {
		snprintf(b->err, sizeof b->err, "no object file for the site "
		    "at 0x%llx", (unsigned long long)s->addr);
		return -1;
	}
	if (up)
		ntid = proc_threads(s->proc, &tids);
	else
		tids = &all;
	if (!(us = calloc(1, sizeof *us))) {
		snprintf(b->err, sizeof b->err, "out of memory");
		return -1;
	}
	if (!up)
		up_track_comm(b);
	us->s = s;
	us->up = up;
	us->stack = (s->stack + 7) & ~7u;
	if (us->stack > 65528)
		us->stack = 65528;
	/* R_RIP is the sample's IP: never copied twice */
	for (int i = 0; i < UP_NREGS; i++)
		if (up_perf2r[i] != R_RIP &&
		    !(s->regs_skip & (1ull << up_perf2r[i]))) {
			us->pmask |= 1ull << UP_PERFBIT(i);
			us->preg[us->npreg++] = (unsigned char)up_perf2r[i];
		}
	for (i = 0; i < ntid; i++)
		for (int c = 0; c < (up ? 1 : b->ncpu); c++) {
			if (up ? open_one(b, us, tids[i], -1) < 0 :
			    b->online[c] && open_one(b, us, -1, c) < 0) {
				site_close(b, us, 0);
				free(us);
				return -1;
			}
		}
	if (up) {
		us->next = up->sites;
		up->sites = us;
	} else {
		us->next = b->global;
		b->global = us;
	}
	s->bpriv = us;
	return 0;
}

static int up_remove_site(udt_backend_t *be, udt_site_t *s)
{
	up_backend_t *b = B(be);
	up_site_t *us = s->bpriv, **pp;

	if (s->sync && s->proc)
		return b->pt->ops->remove_site(b->pt, s);
	if (!us)
		return 0;
	for (pp = us->up ? &us->up->sites : &b->global; *pp; pp = &(*pp)->next)
		if (*pp == us) {
			*pp = us->next;
			break;
		}
	site_close(b, us, 0);
	free(us);
	s->bpriv = NULL;
	return 0;
}

static int up_resume(udt_backend_t *be)
{
	up_backend_t *b = B(be);

	/* the first sites are armed: the warm-up goes a little later */
	if (!b->resumed_at)
		b->resumed_at = now_ns();
	if (b->pt->ops->resume(b->pt) < 0) {
		snprintf(b->err, sizeof b->err, "%s", b->pt->ops->errmsg(b->pt));
		return -1;
	}
	return 0;
}

static int up_fd(udt_backend_t *be)
{
	return B(be)->epfd;
}

static int up_dispatch(udt_backend_t *be)
{
	up_backend_t *b = B(be);
	struct epoll_event ev[64];

	int n;

	/*
	 * Polling the perf fds resets their readiness: no busy loop. Except
	 * a thread's ring once the thread has exited: its hang-up stays, and
	 * the leader of a process whose other threads live on (or hold its
	 * exit report back) would spin the loop. Out of the epoll set with
	 * it; its samples are still drained, the ring closed with the thread.
	 */
	do {
		n = epoll_wait(b->epfd, ev, 64, 0);
		for (int i = 0; i < n; i++) {
			up_ring_t *r = ev[i].data.ptr;
			if ((ev[i].events & EPOLLHUP) && ev[i].data.u32 != UINT32_MAX &&
			    r->tid != 0 && r->fd >= 0)
				epoll_ctl(b->epfd, EPOLL_CTL_DEL, r->fd, NULL);
		}
	} while (n == 64);
	/* objects mapped since: their file-wide sites before anything else */
	up_maps_read(b);
	up_drain(b);
	if (b->warming && b->resumed_at &&
	    now_ns() - b->resumed_at > UP_WARM_HOLD_NS)
		warm_retire(b, 0);
	/* exit and exec drain again first, through the callbacks */
	return b->pt->ops->dispatch(b->pt);
}

static int up_nprocs(udt_backend_t *be)
{
	up_backend_t *b = B(be);

	return b->pt->ops->nprocs(b->pt);
}

static void up_destroy(udt_backend_t *be)
{
	up_backend_t *b = B(be);
	up_site_t *us, *nx;
	up_proc_t *up;

	/* every uprobe goes first: nothing traps once the processes run on */
	for (up = b->procs; up; up = up->next)
		proc_sites_drop(b, up);
	for (us = b->global; us; us = nx) {
		nx = us->next;
		site_close(b, us, 0);
		us->s->bpriv = NULL;
		free(us);
	}
	up_sys_fini(b);
	up_syscount_close(&b->base);
	up_maps_fini(b);
	while ((up = b->procs)) {
		b->procs = up->next;
		free(up);
	}
	for (int c = 0; c < b->ncpu; c++)
		up_ring_close(b, &b->rings[c]);
	b->pt->ops->destroy(b->pt);
	/* the processes are let go: now the warm-up's close may take its time */
	warm_retire(b, 1);
	close(b->epfd);
	free(b->act);
	free(b->ids);
	free(b);
}

static const char *up_errmsg(udt_backend_t *be)
{
	return B(be)->err;
}

static uint64_t up_take_drops(udt_backend_t *be, int cpu)
{
	up_backend_t *b = B(be);
	uint64_t n;

	if (cpu < 0 || cpu >= b->ncpu)
		return 0;
	n = b->rings[cpu].lost;
	b->rings[cpu].lost = 0;
	return n;
}

/* profile-N without perf: the inner backend holds the threads. */
static int up_sample(udt_backend_t *be,
    void (*fn)(void *arg, const udt_hit_t *h), void *arg)
{
	up_backend_t *b = B(be);

	return b->pt->ops->sample ? b->pt->ops->sample(b->pt, fn, arg) : -1;
}

/* While uprobe events exist, drain at least every UP_POLL_NS. */
static uint64_t up_deadline(udt_backend_t *be)
{
	up_backend_t *b = B(be);

	return b->nevents ? b->last_drain + UP_POLL_NS : 0;
}

/* A wrapping backend's hold goes to the inner backend, which owns the threads. */
static pid_t up_hold(udt_backend_t *be, udt_proc_t *p, int on)
{
	up_backend_t *b = B(be);

	return b->pt->ops->hold ? b->pt->ops->hold(b->pt, p, on) : -1;
}

static const udt_backend_ops_t up_ops = {
	.name = "uprobe",
	.add_proc = up_add_proc,
	.add_site = up_add_site,
	.remove_site = up_remove_site,
	.resume = up_resume,
	.fd = up_fd,
	.dispatch = up_dispatch,
	.nprocs = up_nprocs,
	.destroy = up_destroy,
	.errmsg = up_errmsg,
	.take_drops = up_take_drops,
	.sample = up_sample,
	.deadline = up_deadline,
	.hold = up_hold,
	.syscalls = up_syscalls,
	.watch_objects = up_watch_objects,
	.syscount_open = up_syscount_open,
	.syscount_read = up_syscount_read,
	.syscount_close = up_syscount_close,
};

udt_backend_t *backend_uprobe_create(const udt_backend_cb_t *cb,
    size_t ringsize, char *err, size_t errlen)
{
	up_backend_t *b;
	udt_backend_cb_t in = { .hit = in_hit, .exited = in_exited,
	    .exec = in_exec, .objects = in_objects, .exiting = in_exiting,
	    .thread = in_thread, .procev = in_procev,
	    .forked = in_forked, .syscall = in_syscall };
	struct epoll_event ev;
	struct rlimit rl;
	long type, ncpu, pg = sysconf(_SC_PAGESIZE);
	uint64_t rs = 1;

	if (!backend_uprobe_permitted(err, errlen))
		return NULL;
	if (read_int(UP_PMU_TYPE, &type) < 0) {
		snprintf(err, errlen, "cannot read " UP_PMU_TYPE);
		return NULL;
	}
	if (!(b = calloc(1, sizeof *b))) {
		snprintf(err, errlen, "%s", strerror(ENOMEM));
		return NULL;
	}
	ncpu = sysconf(_SC_NPROCESSORS_CONF);
	if (ncpu < 1)
		ncpu = 1;
	if (ncpu > UP_MAXCPU)
		ncpu = UP_MAXCPU;
	b->ncpu = (int)ncpu;
	for (int c = 0; c < b->ncpu; c++)
		b->online[c] = cpu_online(c);
	b->pmu = (int)type;
	if (!ringsize)
		ringsize = 1 << 20;
	while (rs * 2 <= ringsize)
		rs *= 2;
	b->ringsize = rs < (uint64_t)pg ? (uint64_t)pg : rs;
	for (int c = 0; c < UP_MAXCPU; c++)
		b->rings[c].fd = b->rings[c].commfd = -1;
	/* an event per (site, thread, CPU): let the fd table grow */
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		(void)setrlimit(RLIMIT_NOFILE, &rl);
	}
	in.arg = b;
	if ((b->epfd = epoll_create1(EPOLL_CLOEXEC)) < 0 ||
	    !(b->pt = backend_ptrace_create(&in))) {
		snprintf(err, errlen, "%s", strerror(errno ? errno : ENOMEM));
		if (b->epfd >= 0)
			close(b->epfd);
		free(b);
		return NULL;
	}
	memset(&ev, 0, sizeof ev);
	ev.events = EPOLLIN;
	ev.data.u32 = UINT32_MAX;
	if (epoll_ctl(b->epfd, EPOLL_CTL_ADD, b->pt->ops->fd(b->pt), &ev) < 0) {
		snprintf(err, errlen, "epoll: %s", strerror(errno));
		b->pt->ops->destroy(b->pt);
		close(b->epfd);
		free(b);
		return NULL;
	}
	b->base.ops = &up_ops;
	if (cb)
		b->base.cb = *cb;
	warm_start(b);
	return &b->base;
}
