/*
 * profile_sample.c — profile-N sampling the traced processes (see
 * profile_sample.h).
 *
 * Owns: perf_event_open of PERF_COUNT_SW_CPU_CLOCK with period 1e9/N ns
 * on every thread of every -c/-p process, one event per (thread, CPU)
 * with inherit set so threads and children created later are sampled
 * too (the kernel refuses a ring buffer on an inherited per-thread event,
 * so events are per CPU); every event of one (probe, CPU) writes into
 * one ring buffer. Each sample carries tid, time (CLOCK_MONOTONIC, like
 * every other hit), cpu, the user registers and, when some program reads
 * ustack()/ucaller/ustackdepth, a copy of the user stack, which
 * sym_ustack_sample unwinds (CFI, then frame pointers) while the thread
 * runs on.
 * Must not: allocate or make system calls per sample beyond what a
 * program asks for (vtimestamp); stop the sampled threads.
 * Invariant: kernel samples are kept when permitted (exclude_kernel is
 * set only when the kernel refuses otherwise): their arg0 (the kernel
 * pc) is 0 like every sample's, and arg1 is the user pc the thread will
 * return to, so time spent in system calls counts against its caller.
 *
 * Without perf_event_open (perf_event_paranoid, seccomp, a kernel
 * without perf events), a probe stays on loop.c's timer, and each tick
 * asks the backend to sample instead (backend.h `sample`: the ptrace
 * backend interrupts every thread that is on a CPU, reads its registers,
 * and continues it), so profile-N still describes the target, at the
 * price of two context switches per sample and wall-clock instead of
 * CPU-clock periods. Only when the backend cannot (no `sample` op) does
 * profile-N fire in udtrace itself, with arg1 0, as without a target.
 * UDTRACE_PROFILE_PTRACE=1 in the environment skips perf events (tests).
 */
#include "consumer/procinfo.h"
#include "handle.h"
#include "profile_sample.h"
#include "sym/sym.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <asm/perf_regs.h>

#define PS_MAX_FRAMES   1024
#define PS_STACK_DUMP   8192       /* bytes of user stack per sample */
#define PS_PAGES_STACK  512        /* data pages per ring with stacks ... */
#define PS_PAGES_PLAIN  64         /* ... and without */
#define PS_MAX_RINGS    64         /* poll set size bound */

/* perf's user register numbering, in mask order, to udtrace's R_*. */
static const struct { int perf, reg; } regmap[] = {
	{ PERF_REG_X86_AX, R_RAX }, { PERF_REG_X86_BX, R_RBX },
	{ PERF_REG_X86_CX, R_RCX }, { PERF_REG_X86_DX, R_RDX },
	{ PERF_REG_X86_SI, R_RSI }, { PERF_REG_X86_DI, R_RDI },
	{ PERF_REG_X86_BP, R_RBP }, { PERF_REG_X86_SP, R_RSP },
	{ PERF_REG_X86_IP, R_RIP }, { PERF_REG_X86_FLAGS, R_RFL },
	{ PERF_REG_X86_CS, R_CS }, { PERF_REG_X86_SS, R_SS },
	{ PERF_REG_X86_R8, R_R8 }, { PERF_REG_X86_R9, R_R9 },
	{ PERF_REG_X86_R10, R_R10 }, { PERF_REG_X86_R11, R_R11 },
	{ PERF_REG_X86_R12, R_R12 }, { PERF_REG_X86_R13, R_R13 },
	{ PERF_REG_X86_R14, R_R14 }, { PERF_REG_X86_R15, R_R15 },
};
#define NREGMAP (sizeof(regmap) / sizeof(regmap[0]))

typedef struct ps_ring {
	int fd;                    /* the event the ring is mapped from */
	/*
	 * Every event writing here (ps->fds[first..first+count)) wakes a
	 * poll on any of them; the one polled is one whose thread lives
	 * (an exited thread's event reports POLLHUP for ever).
	 */
	size_t first, count, polled;
	unsigned char *base;       /* control page, then data */
	size_t maplen, datalen;    /* datalen: a power of two */
	udt_probe_t *probe;
} ps_ring_t;

typedef struct profile_sample {
	ps_ring_t rings[PS_MAX_RINGS]; size_t nrings;
	int *fds; size_t nfds, capfds;    /* every event, to close */
	udt_probe_t **owned; size_t nowned;
	udt_probe_t **intr; size_t nintr;  /* sampled by the backend, on loop.c's timer */
	udt_probe_t *cur;                 /* the probe of the backend sample under way */
	int need_stack;
	uint64_t regmask;
	unsigned char *rec;               /* one record, when it wraps the ring */
	uint64_t *pcs;                    /* PS_MAX_FRAMES */
	uint64_t regs[UDT_NREGS];
	dif_hit_t hit;
	uint64_t lost;                    /* samples the kernel dropped */
} profile_sample_t;

static long perf_open(struct perf_event_attr *a, pid_t pid, int cpu,
    int group)
{
	return syscall(SYS_perf_event_open, a, pid, cpu, group,
	    PERF_FLAG_FD_CLOEXEC);
}

static int add_fd(profile_sample_t *ps, int fd)
{
	if (ps->nfds == ps->capfds) {
		size_t n = ps->capfds ? ps->capfds * 2 : 16;
		int *nv = realloc(ps->fds, n * sizeof(*nv));
		if (nv == NULL)
			return -1;
		ps->fds = nv;
		ps->capfds = n;
	}
	ps->fds[ps->nfds++] = fd;
	return 0;
}

/* The tids of pid now (its threads are stopped at udt_go). */
static size_t thread_ids(pid_t pid, pid_t *tids, size_t max)
{
	char path[64];
	size_t n = 0;
	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	DIR *d = opendir(path);
	if (d == NULL) {
		tids[0] = pid;
		return 1;
	}
	struct dirent *e;
	while ((e = readdir(d)) != NULL && n < max) {
		long v = strtol(e->d_name, NULL, 10);
		if (v > 0)
			tids[n++] = (pid_t)v;
	}
	closedir(d);
	return n;
}

static void attr_init(profile_sample_t *ps, struct perf_event_attr *a,
    uint64_t period, int exclude_kernel)
{
	memset(a, 0, sizeof(*a));
	a->size = sizeof(*a);
	a->type = PERF_TYPE_SOFTWARE;
	a->config = PERF_COUNT_SW_CPU_CLOCK;
	a->sample_period = period;       /* cpu-clock counts nanoseconds */
	a->sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
	    PERF_SAMPLE_CPU | PERF_SAMPLE_REGS_USER;
	a->sample_regs_user = ps->regmask;
	if (ps->need_stack) {
		a->sample_type |= PERF_SAMPLE_STACK_USER;
		a->sample_stack_user = PS_STACK_DUMP;
	}
	a->inherit = 1;
	a->exclude_kernel = exclude_kernel ? 1 : 0;
	a->exclude_hv = 1;
	a->use_clockid = 1;
	a->clockid = CLOCK_MONOTONIC;
	/* wake the loop when a quarter of the ring is used */
	a->watermark = 1;
	a->wakeup_watermark = (uint32_t)((ps->need_stack ? PS_PAGES_STACK :
	    PS_PAGES_PLAIN) * (size_t)sysconf(_SC_PAGESIZE) / 4);
}

/*
 * The events of probe p on every thread of every -c/-p process, one ring
 * per CPU. 1 if sampled, 0 if perf_event_open is refused (timer instead),
 * -1 on ENOMEM.
 */
static int arm_probe(udt_handle_t *h, profile_sample_t *ps, udt_probe_t *p)
{
	long ncpu = sysconf(_SC_NPROCESSORS_CONF);
	int exclude_kernel = 0;
	size_t pages = ps->need_stack ? PS_PAGES_STACK : PS_PAGES_PLAIN;
	size_t first_ring = ps->nrings, first_fd = ps->nfds;
	pid_t tids[1024];
	int err;

	if (ncpu < 1)
		ncpu = 1;
	for (long cpu = 0; cpu < ncpu; cpu++) {
		int leader = -1;
		for (size_t i = 0; i < h->procs.n; i++) {
			udt_tproc_t *t = h->procs.v[i];
			if (!t->user || !t->alive)
				continue;
			size_t nt = thread_ids(t->pid, tids, 1024);
			for (size_t k = 0; k < nt; k++) {
				struct perf_event_attr a;
				attr_init(ps, &a, p->period_ns, exclude_kernel);
				long fd = perf_open(&a, tids[k], (int)cpu, -1);
				if (fd < 0 && (errno == EACCES || errno == EPERM) &&
				    !exclude_kernel) {
					exclude_kernel = 1;
					attr_init(ps, &a, p->period_ns, 1);
					fd = perf_open(&a, tids[k], (int)cpu, -1);
				}
				if (fd < 0) {
					if (errno == ENODEV || errno == ESRCH)
						continue;   /* offline CPU, gone thread */
					goto refused;
				}
				if (add_fd(ps, (int)fd) != 0) {
					close((int)fd);
					goto nomem;
				}
				if (leader >= 0) {
					if (ioctl((int)fd, PERF_EVENT_IOC_SET_OUTPUT,
					    leader) != 0)
						goto refused;
					ps->rings[ps->nrings - 1].count++;
					continue;
				}
				if (ps->nrings == PS_MAX_RINGS)
					goto refused;
				ps_ring_t *r = &ps->rings[ps->nrings];
				size_t pg = (size_t)sysconf(_SC_PAGESIZE);
				void *m = MAP_FAILED;
				/* locked-memory limits: try smaller rings */
				for (size_t np = pages; np >= 8 && m == MAP_FAILED;
				    np /= 2) {
					r->datalen = np * pg;
					r->maplen = r->datalen + pg;
					m = mmap(NULL, r->maplen, PROT_READ |
					    PROT_WRITE, MAP_SHARED, (int)fd, 0);
				}
				if (m == MAP_FAILED)
					goto refused;
				r->base = m;
				r->fd = (int)fd;
				r->first = ps->nfds - 1;
				r->count = 1;
				r->polled = 0;
				r->probe = p;
				ps->nrings++;
				leader = (int)fd;
			}
		}
	}
	if (ps->nrings == first_ring)
		goto refused;
	return 1;
refused:
nomem:
	err = errno;
	/* all or nothing for this probe: the timer takes it */
	while (ps->nrings > first_ring) {
		ps_ring_t *r = &ps->rings[--ps->nrings];
		munmap(r->base, r->maplen);
	}
	while (ps->nfds > first_fd)
		close(ps->fds[--ps->nfds]);
	return err == ENOMEM ? -1 : 0;
}

int profile_sample_arm(udt_handle_t *h)
{
	if (h->procs.nuser_live == 0 || h->psamp != NULL)
		return 0;
	size_t n = 0;
	for (size_t i = 0; i < h->reg.nprobes; i++) {
		udt_probe_t *p = h->reg.probes[i];
		if (p->period_ns && p->per_cpu && p->ecbs)
			n++;
	}
	if (n == 0)
		return 0;
	profile_sample_t *ps = calloc(1, sizeof(*ps));
	if (ps == NULL)
		return -1;
	ps->owned = calloc(n, sizeof(*ps->owned));
	ps->intr = calloc(n, sizeof(*ps->intr));
	ps->rec = malloc(65536);          /* a record's size is 16 bits */
	ps->need_stack = (h->pneeds & (UDT_NEED_USTACK | UDT_NEED_UCALLER)) != 0;
	if (ps->need_stack)
		ps->pcs = calloc(PS_MAX_FRAMES, sizeof(*ps->pcs));
	if (ps->owned == NULL || ps->intr == NULL || ps->rec == NULL ||
	    (ps->need_stack && ps->pcs == NULL))
		goto nomem;
	for (size_t i = 0; i < NREGMAP; i++)
		ps->regmask |= 1ULL << regmap[i].perf;
	h->psamp = ps;
	const char *force = getenv("UDTRACE_PROFILE_PTRACE");
	int noperf = force != NULL && strcmp(force, "1") == 0;
	udt_backend_t *be = h->procs.be;
	for (size_t i = 0; i < h->reg.nprobes; i++) {
		udt_probe_t *p = h->reg.probes[i];
		if (!(p->period_ns && p->per_cpu && p->ecbs))
			continue;
		int rc = noperf ? 0 : arm_probe(h, ps, p);
		if (rc < 0)
			return -1;     /* profile_sample_fini frees it */
		if (rc > 0)
			ps->owned[ps->nowned++] = p;
		else if (be != NULL && be->ops->sample != NULL)
			ps->intr[ps->nintr++] = p;
	}
	return 0;
nomem:
	free(ps->owned);
	free(ps->intr);
	free(ps->rec);
	free(ps->pcs);
	free(ps);
	return -1;
}

int profile_sample_owns(const udt_handle_t *h, const udt_probe_t *p)
{
	const profile_sample_t *ps = h->psamp;
	for (size_t i = 0; ps != NULL && i < ps->nowned; i++)
		if (ps->owned[i] == p)
			return 1;
	return 0;
}

size_t profile_sample_pollfds(const udt_handle_t *h, struct pollfd *pfd,
    size_t max)
{
	const profile_sample_t *ps = h->psamp;
	size_t n = 0;
	for (size_t i = 0; ps != NULL && i < ps->nrings && n < max; i++) {
		const ps_ring_t *r = &ps->rings[i];
		/* every thread writing here is gone: drained, never polled */
		pfd[n].fd = r->polled < r->count ? ps->fds[r->first + r->polled] :
		    -1;
		pfd[n].events = POLLIN;
		pfd[n].revents = 0;
		n++;
	}
	return n;
}

void profile_sample_polled(udt_handle_t *h, const struct pollfd *pfd,
    size_t n)
{
	profile_sample_t *ps = h->psamp;
	for (size_t i = 0; ps != NULL && i < ps->nrings && i < n; i++) {
		ps_ring_t *r = &ps->rings[i];
		if ((pfd[i].revents & (POLLHUP | POLLERR)) && r->polled < r->count)
			r->polled++;
	}
}

void profile_sample_fini(udt_handle_t *h)
{
	profile_sample_t *ps = h->psamp;
	if (ps == NULL)
		return;
	for (size_t i = 0; i < ps->nrings; i++)
		munmap(ps->rings[i].base, ps->rings[i].maplen);
	for (size_t i = 0; i < ps->nfds; i++)
		close(ps->fds[i]);
	free(ps->fds);
	free(ps->owned);
	free(ps->intr);
	free(ps->rec);
	free(ps->pcs);
	free(ps);
	h->psamp = NULL;
}

/* ---- the sample path: no allocation below ---- */

static int read_target(void *arg, uint64_t addr, void *buf, size_t len)
{
	return proc_read(arg, addr, buf, len);
}

static uint64_t thread_cputime(pid_t pid, pid_t tid)
{
	char path[64], buf[128];
	snprintf(path, sizeof(path), "/proc/%d/task/%d/schedstat", (int)pid,
	    (int)tid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	ssize_t n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	return strtoull(buf, NULL, 10);
}

static const unsigned char *take(const unsigned char **p,
    const unsigned char *end, size_t n)
{
	if ((size_t)(end - *p) < n)
		return NULL;
	const unsigned char *q = *p;
	*p += n;
	return q;
}

static uint64_t u64_at(const unsigned char *q)
{
	uint64_t v;
	memcpy(&v, q, 8);
	return v;
}

static void fire(udt_handle_t *h, profile_sample_t *ps, udt_probe_t *probe,
    int32_t pid, int32_t tid, int32_t cpu, uint64_t time, int n);

static void sample(udt_handle_t *h, profile_sample_t *ps, udt_probe_t *probe,
    const unsigned char *rec, size_t len)
{
	const unsigned char *p = rec + sizeof(struct perf_event_header);
	const unsigned char *end = rec + len, *q;
	uint32_t pid, tid, cpu;

	if ((q = take(&p, end, 8)) == NULL)        /* IP: kernel or user */
		return;
	if ((q = take(&p, end, 8)) == NULL)
		return;
	memcpy(&pid, q, 4);
	memcpy(&tid, q + 4, 4);
	if ((q = take(&p, end, 8)) == NULL)
		return;
	uint64_t time = u64_at(q);
	if ((q = take(&p, end, 8)) == NULL)
		return;
	memcpy(&cpu, q, 4);
	if ((q = take(&p, end, 8)) == NULL)
		return;
	if (u64_at(q) == PERF_SAMPLE_REGS_ABI_NONE)
		return;                 /* no user context: nothing to show */
	memset(ps->regs, 0, sizeof(ps->regs));
	for (size_t i = 0; i < NREGMAP; i++) {
		if ((q = take(&p, end, 8)) == NULL)
			return;
		ps->regs[regmap[i].reg] = u64_at(q);
	}
	const unsigned char *stk = NULL;
	uint64_t stklen = 0;
	if (ps->need_stack) {
		if ((q = take(&p, end, 8)) == NULL)
			return;
		uint64_t size = u64_at(q);
		if (size > 0) {
			if ((stk = take(&p, end, size)) == NULL ||
			    (q = take(&p, end, 8)) == NULL)
				return;
			stklen = u64_at(q);        /* dyn_size: bytes valid */
			if (stklen > size)
				stklen = size;
		}
	}

	int n = 0;
	if (ps->need_stack && ps->pcs != NULL) {
		n = sym_ustack_sample((pid_t)pid, ps->regs, stk,
		    stk ? (size_t)stklen : 0, ps->pcs, PS_MAX_FRAMES);
		if (n < 1) {
			ps->pcs[0] = ps->regs[R_RIP];
			n = 1;
		}
	}
	fire(h, ps, probe, (int32_t)pid, (int32_t)tid, (int32_t)cpu, time, n);
}

/* Fire probe for one sample: ps->regs, and n frames in ps->pcs. */
static void fire(udt_handle_t *h, profile_sample_t *ps, udt_probe_t *probe,
    int32_t pid, int32_t tid, int32_t cpu, uint64_t time, int n)
{
	/*
	 * A child forked by a target is sampled too (inherited events): it
	 * shows its parent's identity, but its memory is not the parent's.
	 */
	udt_tproc_t *t = procs_find(&h->procs, pid), *own = t;
	if (t == NULL && h->procs.n > 0)
		t = procs_find(&h->procs, h->procs.target);
	dif_hit_t *hit = &ps->hit;
	unsigned have = UDT_CLOCK_TS;
	memset(hit->args, 0, sizeof(hit->args));
	hit->args[0] = 0;                      /* the kernel pc: never ours */
	hit->args[1] = ps->regs[R_RIP];        /* the user pc */
	hit->pid = (int32_t)pid;
	hit->tid = (int32_t)tid;
	hit->ppid = t ? t->ppid : 0;
	hit->uid = t ? t->uid : 0;
	hit->gid = t ? t->gid : 0;
	hit->execname = t ? t->execname : "";
	hit->cpu = (int32_t)cpu;
	hit->errno_val = 0;
	hit->timestamp = time;
	if (h->clocks & UDT_CLOCK_VTS) {
		hit->vtimestamp = thread_cputime((pid_t)pid, (pid_t)tid);
		have |= UDT_CLOCK_VTS;
	}
	hit->uregs = ps->regs;
	hit->nuregs = UDT_NREGS;
	hit->read_mem = own ? read_target : NULL;
	hit->read_arg = own ? own->proc : NULL;
	hit->xlate = procinfo_xlate;
	hit->xlate_arg = hit;
	hit->ustack = NULL;
	hit->nustack = 0;
	hit->ustackdepth = 0;
	hit->ucaller = 0;
	if (n > 0) {
		hit->ustack = ps->pcs;
		hit->nustack = (size_t)n;
		hit->ustackdepth = (uint64_t)n;
		hit->ucaller = n > 1 ? ps->pcs[1] : 0;
	}
	h->fire_tproc = own;
	h->fire_tid = (int32_t)tid;
	ecb_fire_clk(h, probe, hit, have);
	h->fire_tproc = NULL;
	h->fire_tid = 0;
}

static void drain_ring(udt_handle_t *h, profile_sample_t *ps, ps_ring_t *r)
{
	struct perf_event_mmap_page *mp = (void *)r->base;
	const unsigned char *data = r->base + (r->maplen - r->datalen);
	uint64_t head = __atomic_load_n(&mp->data_head, __ATOMIC_ACQUIRE);
	uint64_t tail = mp->data_tail;
	uint64_t mask = r->datalen - 1;

	while (tail < head) {
		struct perf_event_header hdr;
		size_t off = (size_t)(tail & mask);
		const unsigned char *rec;
		if (off + sizeof(hdr) <= r->datalen) {
			memcpy(&hdr, data + off, sizeof(hdr));
		} else {
			size_t a = r->datalen - off;
			memcpy(&hdr, data + off, a);
			memcpy((char *)&hdr + a, data, sizeof(hdr) - a);
		}
		if (hdr.size < sizeof(hdr) || tail + hdr.size > head)
			break;
		if (off + hdr.size <= r->datalen) {
			rec = data + off;
		} else {
			size_t a = r->datalen - off;
			memcpy(ps->rec, data + off, a);
			memcpy(ps->rec + a, data, hdr.size - a);
			rec = ps->rec;
		}
		if (hdr.type == PERF_RECORD_SAMPLE)
			sample(h, ps, r->probe, rec, hdr.size);
		else if (hdr.type == PERF_RECORD_LOST && hdr.size >= 24)
			ps->lost += u64_at(rec + 16);
		tail += hdr.size;
	}
	__atomic_store_n(&mp->data_tail, tail, __ATOMIC_RELEASE);
}

void profile_sample_drain(udt_handle_t *h)
{
	profile_sample_t *ps = h->psamp;
	if (ps == NULL || !h->active)
		return;
	for (size_t i = 0; i < ps->nrings; i++)
		drain_ring(h, ps, &ps->rings[i]);
}

/* The backend's sample of one stopped thread (pt_sample). */
static void intr_hit(void *arg, const udt_hit_t *uh)
{
	udt_handle_t *h = arg;
	profile_sample_t *ps = h->psamp;
	int n = 0;
	memcpy(ps->regs, uh->regs, sizeof(ps->regs));
	if (ps->need_stack && ps->pcs != NULL) {
		/* stopped by ptrace: the unwinder reads the thread itself */
		n = sym_ustack(uh->proc, uh->tid, uh->regs, ps->pcs,
		    PS_MAX_FRAMES);
		if (n < 1) {
			ps->pcs[0] = uh->regs[R_RIP];
			n = 1;
		}
	}
	fire(h, ps, ps->cur, uh->pid, uh->tid, uh->cpu, uh->time, n);
}

int profile_sample_tick(udt_handle_t *h, udt_probe_t *p)
{
	profile_sample_t *ps = h->psamp;
	udt_backend_t *be = h->procs.be;
	size_t i;
	for (i = 0; ps != NULL && i < ps->nintr && ps->intr[i] != p; i++)
		;
	if (ps == NULL || i == ps->nintr)
		return 0;
	if (!h->active || be == NULL || be->ops->sample == NULL)
		return 1;
	ps->cur = p;
	(void)be->ops->sample(be, intr_hit, h);
	ps->cur = NULL;
	return 1;
}
