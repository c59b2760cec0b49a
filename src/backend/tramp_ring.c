/*
 * tramp_ring.c — the trampoline backend's ring: a memfd made inside the
 * target (injected memfd_create, ftruncate, mmap MAP_SHARED, close) and
 * mapped by udtrace through /proc/PID/fd, which every trampoline of the
 * process writes records into; the drain that turns records into hits;
 * TSC time to CLOCK_MONOTONIC; the thread pointer -> tid table.
 *
 * Owns: the consumer's side of the ring protocol (tramp_code.c writes
 * the producer's): a record is read only once its seq equals its ticket
 * + 1, and tail (the header's, which producers compare their ticket
 * with) moves past a record only after its hit callback returned.
 * Must not: allocate while draining, or block on a record a thread has
 * reserved and not yet published (the drain stops there and comes back).
 * Invariant: records of one thread are in the ring in the order it ran
 * them; hits are delivered in ring order, each with the time its
 * trampoline read. A thread is named by its thread pointer (fs base,
 * read with rdfsbase in the trampoline), recorded for each thread while
 * it is stopped at its birth or at attach.
 */
#include <errno.h>
#include <sched.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include "backend/tramp_impl.h"

#ifndef MFD_CLOEXEC
#define MFD_CLOEXEC 1u
#endif

uint64_t tp_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static uint64_t rdtsc(void)
{
	return __builtin_ia32_rdtsc();
}

/* A (CLOCK_MONOTONIC, TSC) pair read as close together as we can. */
static void pair(uint64_t *ns, uint64_t *tsc)
{
	uint64_t best = UINT64_MAX;

	for (int i = 0; i < 3; i++) {
		uint64_t a = rdtsc(), n = tp_now(), c = rdtsc();
		if (c - a < best) {
			best = c - a;
			*ns = n;
			*tsc = a + (c - a) / 2;
		}
	}
}

void tp_clock_init(tp_backend_t *b)
{
	struct timespec d = { 0, 2000000 };

	pair(&b->ns0, &b->tsc0);
	nanosleep(&d, NULL);
	pair(&b->nsa, &b->tsca);
	b->rate = (double)(b->nsa - b->ns0) / (double)(b->tsca - b->tsc0);
}

/* The rate over the whole run, anchored at now: records are recent. */
static void clock_update(tp_backend_t *b)
{
	pair(&b->nsa, &b->tsca);
	if (b->tsca > b->tsc0 && b->nsa > b->ns0 + 1000000)
		b->rate = (double)(b->nsa - b->ns0) / (double)(b->tsca - b->tsc0);
}

static uint64_t tsc_ns(const tp_backend_t *b, uint64_t tsc)
{
	if (tsc >= b->tsca)
		return b->nsa + (uint64_t)((double)(tsc - b->tsca) * b->rate);
	return b->nsa - (uint64_t)((double)(b->tsca - tsc) * b->rate);
}

/* ---- CPUs ---- */

void tp_cpu_init(tp_backend_t *b)
{
	cpu_set_t old, one;
	int claimed[TP_MAXCPU] = { 0 }, ok = 1;

	for (int a = 0; a < 4096; a++)
		b->cpu_of_aux[a] = -1;
	for (int c = 0; c < TP_MAXCPU; c++)
		b->slot_of_cpu[c] = (int16_t)c;
	if (sched_getaffinity(0, sizeof old, &old) != 0)
		return;
	for (int c = 0; c < TP_MAXCPU && c < CPU_SETSIZE && ok; c++) {
		unsigned aux;
		if (!CPU_ISSET(c, &old))
			continue;
		CPU_ZERO(&one);
		CPU_SET(c, &one);
		/* the call returns on CPU c */
		if (sched_setaffinity(0, sizeof one, &one) != 0)
			break;
		(void)__builtin_ia32_rdtscp(&aux);
		if (sched_getcpu() != c || b->cpu_of_aux[aux & 0xfff] >= 0) {
			ok = 0;   /* moved, or two CPUs alike: keep aux as it is */
			break;
		}
		b->cpu_of_aux[aux & 0xfff] = (int16_t)c;
		b->slot_of_cpu[c] = (int16_t)(aux & (TP_MAXCPU - 1));
		claimed[aux & (TP_MAXCPU - 1)] = 1;
	}
	(void)sched_setaffinity(0, sizeof old, &old);
	if (!ok) {
		for (int a = 0; a < 4096; a++)
			b->cpu_of_aux[a] = -1;
		for (int c = 0; c < TP_MAXCPU; c++)
			b->slot_of_cpu[c] = (int16_t)c;
		return;
	}
	/* a slot a learned CPU counts in is that CPU's, not the CPU of its number */
	for (int c = 0; c < TP_MAXCPU; c++)
		if (b->slot_of_cpu[c] == c && claimed[c] &&
		    (c >= CPU_SETSIZE || !CPU_ISSET(c, &old)))
			b->slot_of_cpu[c] = -1;
}

/* The CPU of a record's aux. */
static int tp_cpu(const tp_backend_t *b, uint32_t aux)
{
	int c = b->cpu_of_aux[aux & 0xfff];

	return c >= 0 ? c : (int)(aux & 0xfff);
}

/* ---- threads ---- */

void tp_thr_set(tp_proc_t *tp, pid_t tid, uint64_t fs)
{
	for (size_t i = 0; i < tp->nthr; i++)
		if (tp->thr[i].fs == fs) {
			tp->thr[i].tid = tid;
			tp->thr[i].fs = fs;
			return;
		}
	if (tp->nthr == tp->capthr) {
		size_t nc = tp->capthr ? tp->capthr * 2 : 16;
		tp_thr_t *n = realloc(tp->thr, nc * sizeof *n);
		if (!n)
			return;
		tp->thr = n;
		tp->capthr = nc;
	}
	tp->thr[tp->nthr].tid = tid;
	tp->thr[tp->nthr++].fs = fs;
}

/*
 * The tid of thread pointer fs: the table; else glibc's own copy in its
 * thread descriptor (struct pthread's tid, 0x2d0 past the thread
 * pointer on x86-64) if that names a thread of the process; else the
 * process id.
 */
static pid_t thr_tid(tp_proc_t *tp, uint64_t fs)
{
	int32_t t;

	for (size_t i = 0; i < tp->nthr; i++)
		if (tp->thr[i].fs == fs)
			return tp->thr[i].tid;
	if (fs && proc_read(tp->p, fs + 0x2d0, &t, 4) == 0 && t > 0) {
		const pid_t *tids;
		size_t n = proc_threads(tp->p, &tids);
		for (size_t i = 0; i < n; i++)
			if (tids[i] == t) {
				tp_thr_set(tp, t, fs);
				return t;
			}
	}
	return tp->pid;
}

/* ---- the ring ---- */

static int inject(udt_proc_t *p, pid_t tid, long nr, uint64_t a0, uint64_t a1,
    uint64_t a2, uint64_t a3, uint64_t a4, uint64_t a5, uint64_t *ret)
{
	uint64_t args[6] = { a0, a1, a2, a3, a4, a5 };

	if (proc_syscall(p, tid, nr, args, ret) < 0)
		return -1;
	return *ret >= (uint64_t)-4095 ? -1 : 0;
}

/*
 * udtrace's view of the ring: the file's header and slots, then the slots
 * again right after them, so a record wrapping past the last slot reads
 * on contiguously.
 */
static void *map_twice(int fd, uint64_t hdr, uint64_t data)
{
	unsigned char *m = mmap(NULL, (size_t)(hdr + 2 * data), PROT_NONE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (m == MAP_FAILED)
		return NULL;
	if (mmap(m, (size_t)(hdr + data), PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_FIXED, fd, 0) == MAP_FAILED ||
	    mmap(m + hdr + data, (size_t)data, PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_FIXED, fd, (off_t)hdr) == MAP_FAILED) {
		munmap(m, (size_t)(hdr + 2 * data));
		return NULL;
	}
	return m;
}

int tp_ring_map(tp_backend_t *b, tp_proc_t *tp, pid_t tid)
{
	static const char name[] = "udtrace-trampoline";
	uint64_t data = b->ringsize, size = TP_HDR + data, fd, r, at, nameat = 0;
	char path[64];
	int lfd;
	void *m;

	if (tp->ring)
		return 0;
	if (tp->ring_failed)
		return -1;
	/* the name: in a code area of ours (its first bytes) */
	for (size_t i = 0; i < tp->nareas && !nameat; i++)
		if (tp->areas[i].used + sizeof name <= tp->areas[i].size) {
			nameat = tp->areas[i].base + tp->areas[i].used;
			tp->areas[i].used = (tp->areas[i].used + sizeof name + 15) & ~15ull;
		}
	if (!nameat || proc_write(tp->p, nameat, name, sizeof name) < 0)
		goto fail;
	if (inject(tp->p, tid, SYS_memfd_create, nameat, MFD_CLOEXEC, 0, 0, 0, 0,
	    &fd) < 0)
		goto fail;
	/* header and slots, then the slots again (the file's end is covered at once) */
	if (inject(tp->p, tid, SYS_ftruncate, fd, size, 0, 0, 0, 0, &r) < 0 ||
	    inject(tp->p, tid, SYS_mmap, 0, size + data, PROT_READ | PROT_WRITE,
	    MAP_SHARED, fd, 0, &at) < 0) {
		inject(tp->p, tid, SYS_close, fd, 0, 0, 0, 0, 0, &r);
		goto fail;
	}
	if (inject(tp->p, tid, SYS_mmap, at + size, data, PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_FIXED, fd, TP_HDR, &r) < 0 || r != at + size) {
		inject(tp->p, tid, SYS_close, fd, 0, 0, 0, 0, 0, &r);
		goto fail_unmap;
	}
	snprintf(path, sizeof path, "/proc/%d/fd/%d", (int)tp->pid, (int)fd);
	lfd = open(path, O_RDWR | O_CLOEXEC);
	inject(tp->p, tid, SYS_close, fd, 0, 0, 0, 0, 0, &r);
	if (lfd < 0)
		goto fail_unmap;
	m = map_twice(lfd, TP_HDR, data);
	close(lfd);
	if (!m)
		goto fail_unmap;
	tp->ring = m;
	tp->rsize = size + data;
	tp->nrec = data / TP_REC;
	tp->tring = at;
	tp->tail = 0;
	tp->kopen = 0;
	memset(tp->dseen, 0, sizeof tp->dseen);
	tp_stack_publish(tp);
	return 0;
fail_unmap:
	inject(tp->p, tid, SYS_munmap, at, size + data, 0, 0, 0, 0, &r);
fail:
	snprintf(b->err, sizeof b->err, "cannot map the trampoline ring into "
	    "pid %d", (int)tp->pid);
	tp->ring_failed = 1;
	return -1;
}

void tp_ring_unmap(tp_backend_t *b, tp_proc_t *tp)
{
	/* its drops not taken yet stay counted */
	for (int c = 0; tp->ring && c < TP_MAXCPU; c++) {
		uint64_t v = __atomic_load_n((uint64_t *)(tp->ring + TP_H_DROPS +
		    8 * c), __ATOMIC_RELAXED);
		b->drops[c] += v - tp->dseen[c];
		tp->dseen[c] = v;
	}
	if (tp->ring)
		munmap(tp->ring, (size_t)tp->rsize);
	tp->ring = NULL;
}

uint64_t tp_ring_drops(tp_backend_t *b, int want)
{
	uint64_t n = 0;
	int cpu;

	if (want < 0 || want >= TP_MAXCPU || (cpu = b->slot_of_cpu[want]) < 0)
		return 0;
	for (tp_proc_t *tp = b->procs; tp; tp = tp->next) {
		uint64_t v;
		if (!tp->ring)
			continue;
		v = __atomic_load_n((uint64_t *)(tp->ring + TP_H_DROPS + 8 * cpu),
		    __ATOMIC_RELAXED);
		n += v - tp->dseen[cpu];
		tp->dseen[cpu] = v;
	}
	n += b->drops[cpu];
	b->drops[cpu] = 0;
	return n;
}

/*
 * Deliver the records of tp's ring published so far, up to time until.
 * The hit is filled in place from each record: the fields every record
 * sets are set once per drain, and the registers a short record leaves
 * out are cleared only after a full record wrote them. The tid of the
 * last thread pointer seen is kept: a hot thread's records run in a row.
 */
static void drain_one(tp_backend_t *b, tp_proc_t *tp, uint64_t until)
{
	const udt_backend_cb_t *cb = &b->base.cb;
	udt_hit_t *h = &b->hit;
	uint64_t *tailp, lastfs = 0, tail = tp->tail, mask = tp->nrec - 1;
	unsigned char *slots;
	unsigned batch = 0;
	pid_t lasttid = 0;
	int full = 1;    /* h->regs may hold a full record's registers */

	if (!tp->ring)
		return;
	slots = tp->ring + TP_HDR;
	tailp = (uint64_t *)(tp->ring + TP_H_TAIL);
	if (__atomic_load_n((const uint64_t *)(tp->ring + TP_H_HEAD),
	    __ATOMIC_RELAXED) - tail > tp->nrec / 8)
		b->busy = 1;
	h->proc = tp->p;
	h->pid = tp->pid;
	h->comm = NULL;
	for (;;) {
		const unsigned char *rec = slots + ((tail & mask) << TP_RECSHIFT);
		uint64_t seq = __atomic_load_n((const uint64_t *)rec,
		    __ATOMIC_ACQUIRE), tsc, t, fs;
		uint32_t id, aux, slen, nsl;
		tp_point_t *pt;
		int shortrec;

		/*
		 * The records were written on another CPU: fetch a few lines
		 * ahead (the slots are mapped twice, so ahead of the last is
		 * mapped).
		 */
		__builtin_prefetch(rec + 8 * TP_REC);
		__builtin_prefetch(rec + 9 * TP_REC);

		if (seq != tail + 1) {
			uint64_t head = __atomic_load_n((const uint64_t *)
			    (tp->ring + TP_H_HEAD), __ATOMIC_ACQUIRE);
			/*
			 * Not published yet; once the process is gone, never
			 * (a thread killed inside its trampoline): skip it.
			 */
			if (!b->final || head <= tail)
				break;
			tail++;
			tp->tail = tail;
			__atomic_store_n(tailp, tail, __ATOMIC_RELEASE);
			continue;
		}
		memcpy(&id, rec + TP_R_ID, 4);
		shortrec = (id & TP_ID_SHORT) != 0;
		if (shortrec) {
			id &= ~TP_ID_SHORT;
			memcpy(&tsc, rec + TP_S_TSC, 8);
			slen = 0;
			nsl = 1;
		} else {
			memcpy(&tsc, rec + TP_R_TSC, 8);
			memcpy(&slen, rec + TP_R_SLEN, 4);
			memcpy(&nsl, rec + TP_R_NSL, 4);
		}
		t = tsc_ns(b, tsc);
		if (t >= until)
			break;
		pt = id < tp->npoints ? tp->byid[id] : NULL;
		/*
		 * The target can write its ring: a record whose sizes do not
		 * agree is taken as one slot and not delivered.
		 */
		if (!shortrec && (nsl < TP_FULL_NSL || nsl > tp->nrec ||
		    slen > TP_STACK_MAX ||
		    (uint64_t)TP_R_STACK + slen > (uint64_t)nsl * TP_REC)) {
			nsl = 1;
			pt = NULL;
		}
		if (pt && pt->live && cb->hit) {
			memcpy(&aux, rec + TP_R_AUX, 4);
			if (shortrec) {
				/* short: only its registers, the rest read 0 */
				uint64_t r[5];
				if (full) {
					memset(h->regs, 0, sizeof h->regs);
					h->regs[R_ORIG_RAX] = (uint64_t)-1;
					h->regs[R_CS] = 0x33;
					h->regs[R_SS] = 0x2b;
					full = 0;
				}
				memcpy(r, rec + TP_S_REGS, sizeof r);
				h->regs[R_FS_BASE] = r[0];
				h->regs[R_RDI] = r[1];
				h->regs[R_RSI] = r[2];
				h->regs[R_RDX] = r[3];
				h->regs[R_RAX] = r[4];
			} else {
				memcpy(h->regs, rec + TP_R_REGS, 8 * (R_FS_BASE + 1));
				if (pt->seal && h->regs[R_ORIG_RAX] > tp->kopen) {
					/*
					 * The hits folded before this one first,
					 * none after it (tramp_kagg.c)
					 */
					tp->kopen = h->regs[R_ORIG_RAX];
					tp_kagg_fold(b, tp, tp->kopen);
				}
				memset(h->regs + R_FS_BASE + 1, 0, sizeof h->regs -
				    8 * (R_FS_BASE + 1));
				h->regs[R_ORIG_RAX] = (uint64_t)-1;
				h->regs[R_CS] = 0x33;
				h->regs[R_SS] = 0x2b;
				full = 1;
			}
			h->regs[R_RIP] = pt->addr;
			fs = h->regs[R_FS_BASE];
			if (fs != lastfs || !lasttid) {
				lasttid = thr_tid(tp, fs);
				lastfs = fs;
			}
			h->tid = lasttid;
			h->cpu = tp_cpu(b, aux);
			h->time = t;
			/* the slots are mapped twice: the copy is contiguous */
			h->stack = slen ? rec + TP_R_STACK : NULL;
			h->stacklen = slen;
			for (size_t i = 0; i < pt->nsites; i++) {
				udt_site_t *s = pt->sites[i];
				if (!s)
					continue;
				h->cookie = s->cookie;
				cb->hit(cb->arg, h);
			}
		}
		tail += nsl;
		tp->tail = tail;
		/*
		 * Producers read tail on every reservation: give it back in
		 * batches, not per record (its line stays put meanwhile).
		 */
		if (++batch == 64) {
			batch = 0;
			__atomic_store_n(tailp, tail, __ATOMIC_RELEASE);
		}
	}
	__atomic_store_n(tailp, tp->tail, __ATOMIC_RELEASE);
}

/*
 * The counted points' hits since the last report, in bulk (after the
 * records drained with them: an aggregation does not mind the order).
 */
static void count_report(tp_backend_t *b, tp_proc_t *tp)
{
	const udt_backend_cb_t *cb = &b->base.cb;

	if (!tp->ring)
		return;
	for (size_t i = 0; i < tp->ncids; i++) {
		tp_point_t *pt = tp->cids[i] < tp->npoints ?
		    tp->byid[tp->cids[i]] : NULL;
		uint64_t v, n;
		if (!pt)
			continue;
		v = __atomic_load_n((const uint64_t *)(tp->ring + TP_H_CNT +
		    (size_t)pt->id * TP_CNT_ENT), __ATOMIC_RELAXED);
		n = v - pt->cseen;
		pt->cseen = v;
		if (!n || !pt->live || !cb->hits)
			continue;
		for (size_t k = 0; k < pt->nsites; k++)
			if (pt->sites[k])
				cb->hits(cb->arg, pt->sites[k]->cookie, tp->p, n);
	}
}

void tp_drain(tp_backend_t *b, tp_proc_t *tp, uint64_t until)
{
	if (b->draining)
		return;
	b->draining = 1;
	clock_update(b);
	if (until == UINT64_MAX || tp == NULL) {
		b->last_drain = b->nsa;
		b->busy = 0;
	}
	if (tp) {
		drain_one(b, tp, until);
		count_report(b, tp);
		tp_kagg_fold(b, tp, b->final ? UINT64_MAX : tp->kopen + 1);
	} else
		for (tp_proc_t *q = b->procs; q; q = q->next) {
			drain_one(b, q, until);
			count_report(b, q);
			tp_kagg_fold(b, q, b->final ? UINT64_MAX : q->kopen + 1);
		}
	b->draining = 0;
}
