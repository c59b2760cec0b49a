/*
 * uprobe_ring.c — the uprobe backend's ring buffers: one per traced
 * thread and one per CPU, each owned by a dummy software event that the
 * uprobe events of that thread (or, system-wide, of that CPU) are
 * redirected into; reading them, merging their samples across rings in
 * timestamp order, turning each sample into a udt_hit_t, and counting
 * PERF_RECORD_LOST as drops of the CPU it names.
 *
 * Owns: the mmap'd rings, the event-id -> site hash, the parse of the
 * sample layout that uprobe.c's perf_event_attr asks for (IDENTIFIER, IP,
 * TID, TIME, CPU, REGS_USER, and STACK_USER when the site wants a stack),
 * and the process-name table fed by the COMM/FORK records of the
 * trackers (sample_id TID|TIME: the record's time is its last 8 bytes);
 * those records take their place in the time merge like samples, so a
 * hit gets the name its process had at that moment; a parent the records
 * never named (it ran before udtrace) is named from /proc at its first
 * FORK record, once.
 * Must not: open or close uprobe events (uprobe.c does), allocate while
 * draining (a record that wraps the ring end is copied into the
 * backend's preallocated scratch).
 * Invariant: a ring's data_tail only moves past a record after the hit
 * callback for it has returned, so the hit's register and stack pointers
 * stay valid during the callback.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <linux/perf_event.h>
#include "backend/uprobe_impl.h"

/* ---- id -> site ---- */

static size_t id_slot(uint64_t id, size_t cap)
{
	id *= 0x9e3779b97f4a7c15ull;
	return (size_t)(id >> 17) & (cap - 1);
}

up_site_t *up_id_find(const up_backend_t *b, uint64_t id)
{
	if (b->capids == 0)
		return NULL;
	for (size_t i = id_slot(id, b->capids);; i = (i + 1) & (b->capids - 1)) {
		if (b->ids[i].id == id)
			return b->ids[i].site;
		if (b->ids[i].id == 0)
			return NULL;
	}
}

static void id_put(up_idslot_t *v, size_t cap, uint64_t id, up_site_t *s)
{
	size_t i = id_slot(id, cap);
	while (v[i].id != 0 && v[i].id != id)
		i = (i + 1) & (cap - 1);
	v[i].id = id;
	v[i].site = s;
}

int up_id_add(up_backend_t *b, uint64_t id, up_site_t *s)
{
	if ((b->nids + 1) * 2 > b->capids) {
		size_t cap = b->capids ? b->capids * 2 : 256;
		up_idslot_t *v = calloc(cap, sizeof *v);
		if (!v)
			return -1;
		for (size_t i = 0; i < b->capids; i++)
			if (b->ids[i].id != 0 && b->ids[i].site != NULL)
				id_put(v, cap, b->ids[i].id, b->ids[i].site);
		free(b->ids);
		b->ids = v;
		b->capids = cap;
	}
	id_put(b->ids, b->capids, id, s);
	b->nids++;
	return 0;
}

/* Deletion keeps the slot as a tombstone (site NULL): probes stay intact. */
void up_id_del(up_backend_t *b, uint64_t id)
{
	if (b->capids == 0)
		return;
	for (size_t i = id_slot(id, b->capids);; i = (i + 1) & (b->capids - 1)) {
		if (b->ids[i].id == id) {
			b->ids[i].site = NULL;
			return;
		}
		if (b->ids[i].id == 0)
			return;
	}
}

/* ---- rings ---- */

int up_ring_open(up_backend_t *b, up_ring_t *r, int fd, uint64_t size)
{
	long pg = sysconf(_SC_PAGESIZE);
	void *m = MAP_FAILED;
	struct epoll_event ev;

	if (b->nact == b->capact) {
		size_t nc = b->capact ? b->capact * 2 : 16;
		up_ring_t **na = realloc(b->act, nc * sizeof *na);
		if (!na) {
			snprintf(b->err, sizeof b->err, "out of memory");
			return -1;
		}
		b->act = na;
		b->capact = nc;
	}

	/* locked-memory limits (non-root) may refuse big rings: halve */
	while (size >= (uint64_t)pg) {
		m = mmap(NULL, (size_t)(size + (uint64_t)pg),
		    PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		if (m != MAP_FAILED || (errno != EPERM && errno != ENOMEM))
			break;
		size /= 2;
	}
	if (m == MAP_FAILED) {
		if (r->tid)
			snprintf(b->err, sizeof b->err, "cannot map the ring "
			    "buffer of thread %d: %s", (int)r->tid,
			    strerror(errno));
		else
			snprintf(b->err, sizeof b->err, "cannot map the ring "
			    "buffer of CPU %d: %s", r->cpu, strerror(errno));
		return -1;
	}
	memset(&ev, 0, sizeof ev);
	ev.events = EPOLLIN;
	ev.data.ptr = r;
	if (epoll_ctl(b->epfd, EPOLL_CTL_ADD, fd, &ev) < 0) {
		snprintf(b->err, sizeof b->err, "epoll: %s", strerror(errno));
		munmap(m, (size_t)(size + (uint64_t)pg));
		return -1;
	}
	r->fd = fd;
	r->base = m;
	r->data = (unsigned char *)m + pg;
	r->size = size;
	r->tail = ((struct perf_event_mmap_page *)m)->data_tail;
	r->has_rec = 0;
	b->act[b->nact++] = r;
	return 0;
}

void up_ring_close(up_backend_t *b, up_ring_t *r)
{
	if (r->commfd >= 0) {
		close(r->commfd);
		r->commfd = -1;
	}
	if (r->base) {
		munmap(r->base, (size_t)(r->size + (uint64_t)sysconf(_SC_PAGESIZE)));
		r->base = NULL;
		for (size_t i = 0; i < b->nact; i++)
			if (b->act[i] == r) {
				b->act[i] = b->act[--b->nact];
				break;
			}
	}
	if (r->fd >= 0) {
		epoll_ctl(b->epfd, EPOLL_CTL_DEL, r->fd, NULL);
		close(r->fd);
		r->fd = -1;
	}
}

/* Bytes at ring offset off (wrapping). */
static void ring_copy(const up_ring_t *r, uint64_t off, void *dst, size_t len)
{
	uint64_t o = off & (r->size - 1);
	size_t first = len;

	if (o + len > r->size)
		first = (size_t)(r->size - o);
	memcpy(dst, r->data + o, first);
	if (first < len)
		memcpy((char *)dst + first, r->data, len - first);
}

static void ring_advance(up_ring_t *r, uint64_t bytes)
{
	struct perf_event_mmap_page *mp = r->base;

	r->tail += bytes;
	__atomic_store_n(&mp->data_tail, r->tail, __ATOMIC_RELEASE);
}

/*
 * Look at the record at r->tail: a sample, or a tracker's COMM/FORK
 * record, is held for the merge (its time read), a lost record counted
 * (as drops of the CPU it names), anything else skipped. 1 if a record
 * is held, 0 if the ring is empty up to the snapshot head.
 */
static int ring_peek(up_backend_t *b, up_ring_t *r)
{
	struct perf_event_header hdr;

	while (r->tail < r->head) {
		ring_copy(r, r->tail, &hdr, sizeof hdr);
		if (hdr.size < sizeof hdr || r->tail + hdr.size > r->head) {
			r->tail = r->head;   /* torn: cannot happen; resync */
			ring_advance(r, 0);
			return 0;
		}
		if (hdr.type == PERF_RECORD_SAMPLE && hdr.size >= 40) {
			/* hdr, identifier, ip, pid/tid, time */
			ring_copy(r, r->tail + 32, &r->rec_time, 8);
			r->has_rec = 1;
			return 1;
		}
		if ((hdr.type == PERF_RECORD_COMM ||
		    hdr.type == PERF_RECORD_FORK) && hdr.size >= 32) {
			/* the tracker's sample_id (tid, time) ends the record */
			ring_copy(r, r->tail + hdr.size - 8, &r->rec_time, 8);
			r->has_rec = 1;
			return 1;
		}
		if (hdr.type == PERF_RECORD_LOST && hdr.size >= 24) {
			uint64_t lost;
			uint32_t cpu = (uint32_t)r->cpu;
			ring_copy(r, r->tail + 16, &lost, 8);
			/*
			 * A thread's ring: the uprobe event that lost them wrote
			 * its sample_id (tid, time, cpu, identifier) after it.
			 */
			if (r->tid) {
				cpu = 0;
				if (hdr.size >= 56)
					ring_copy(r, r->tail + hdr.size - 16,
					    &cpu, 4);
			}
			if (cpu < UP_MAXCPU)
				b->rings[cpu].lost += lost;
		}
		ring_advance(r, hdr.size);
	}
	return 0;
}

/* perf register order -> R_* (regs.h), for the sampled registers. */
const int up_perf2r[UP_NREGS] = {
	R_RAX, R_RBX, R_RCX, R_RDX, R_RSI, R_RDI, R_RBP, R_RSP, R_RIP,
	R_RFL, R_CS, R_SS,
	R_R8, R_R9, R_R10, R_R11, R_R12, R_R13, R_R14, R_R15,
};

/* ---- process names (system-wide sites) ---- */

static up_comm_t *comm_slot(up_backend_t *b, pid_t pid)
{
	return &b->comm[(uint32_t)pid % UP_NCOMM];
}

const char *up_comm_find(up_backend_t *b, pid_t pid)
{
	up_comm_t *c = comm_slot(b, pid);

	return c->pid == pid && pid > 0 && c->name[0] ? c->name : NULL;
}

const char *up_comm_take_old(up_backend_t *b, pid_t pid)
{
	up_comm_t *c = comm_slot(b, pid);

	if (c->pid != pid || pid <= 0)
		return NULL;
	if (c->execd) {
		c->execd = 0;
		return c->old[0] ? c->old : NULL;
	}
	return c->name[0] ? c->name : NULL;
}

pid_t up_comm_ppid(up_backend_t *b, pid_t pid)
{
	up_comm_t *c = comm_slot(b, pid);

	return c->pid == pid && pid > 0 ? c->ppid : 0;
}

void up_comm_fill(up_backend_t *b, udt_hit_t *h, pid_t pid)
{
	up_comm_t *c = comm_slot(b, pid);
	int mine = c->pid == pid && pid > 0;

	h->comm = mine && c->name[0] ? c->name : NULL;
	h->ppid = mine ? c->ppid : 0;
	h->idknown = mine && c->idknown;
	h->uid = h->idknown ? c->uid : 0;
	h->gid = h->idknown ? c->gid : 0;
}

void up_comm_ident(up_backend_t *b, pid_t pid, pid_t ppid, uint32_t uid,
    uint32_t gid, const char *name)
{
	up_comm_t *c = comm_slot(b, pid);

	if (pid <= 0)
		return;
	if (c->pid != pid) {
		c->name[0] = '\0';
		c->execd = 0;
	}
	c->pid = pid;
	c->ppid = ppid;
	c->idknown = 1;
	c->uid = uid;
	c->gid = gid;
	/* a COMM record not yet drained names it the same way */
	if (name != NULL && name[0])
		snprintf(c->name, sizeof c->name, "%s", name);
}

/*
 * pid's name from /proc (a process the records have not named: it ran
 * before udtrace), in a static buffer; NULL if it is gone. No allocation.
 */
static const char *comm_read(pid_t pid)
{
	static char name[16];
	char path[40];
	int fd;
	ssize_t n;

	snprintf(path, sizeof path, "/proc/%d/comm", (int)pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return NULL;
	n = read(fd, name, sizeof name - 1);
	close(fd);
	if (n <= 0)
		return NULL;
	name[n] = '\0';
	name[strcspn(name, "\n")] = '\0';
	return name[0] ? name : NULL;
}

/*
 * A COMM record (pid, tid, name): /proc/PID/comm is the group leader's
 * name, so a thread renaming itself changes nothing; an exec makes the
 * exec'ing thread the leader before the kernel reports it. A FORK record
 * (pid, ppid, tid, ptid, time) of a new process (tid == pid) starts it
 * with its parent's name, as fork does.
 */
static void comm_record(up_backend_t *b, const struct perf_event_header *hdr,
    const unsigned char *rec)
{
	uint32_t v[4];
	up_comm_t *c;
	const char *pn;

	memcpy(v, rec + sizeof *hdr, 16);
	if (hdr->type == PERF_RECORD_COMM) {
		/* hdr, pid, tid, the name (8-byte padded), sample_id */
		const char *name = (const char *)rec + sizeof *hdr + 8;
		size_t room, n;
		if (v[0] != v[1] || hdr->size < sizeof *hdr + 8 + 8 + 16)
			return;
		room = hdr->size - sizeof *hdr - 8 - 16;
		n = strnlen(name, room < 15 ? room : 15);
		c = comm_slot(b, (pid_t)v[0]);
		if (c->pid != (pid_t)v[0]) {
			c->ppid = 0;
			c->name[0] = '\0';
			c->execd = 0;
			c->idknown = 0;
		}
		if (hdr->misc & PERF_RECORD_MISC_COMM_EXEC) {
			/* the exec tracepoint's exec fires with the old name */
			memcpy(c->old, c->name, sizeof c->old);
			c->execd = 1;
		}
		c->pid = (pid_t)v[0];
		memcpy(c->name, name, n);
		c->name[n] = '\0';
		return;
	}
	/* FORK: v = pid, ppid, tid, ptid */
	if (v[0] != v[2] || v[0] == v[1])
		return;
	pn = up_comm_find(b, (pid_t)v[1]);
	if (pn == NULL && (pn = comm_read((pid_t)v[1])) != NULL) {
		/* a parent running before udtrace: named once, from /proc */
		c = comm_slot(b, (pid_t)v[1]);
		c->pid = (pid_t)v[1];
		c->ppid = 0;
		c->execd = 0;
		c->idknown = 0;
		snprintf(c->name, sizeof c->name, "%s", pn);
		pn = c->name;
	}
	{
		/* the parent's ids, as fork gives them (slots may be one) */
		const up_comm_t *pc = comm_slot(b, (pid_t)v[1]);
		int known = pc->pid == (pid_t)v[1] && pc->idknown;
		uint32_t uid = pc->uid, gid = pc->gid;
		pid_t pp;

		c = comm_slot(b, (pid_t)v[0]);
		/*
		 * Already read from /proc (the watch held it after this fork,
		 * at its exec, before this record was drained): that stays.
		 */
		if (c->pid == (pid_t)v[0] && c->idknown)
			return;
		/*
		 * A parent the watch never held (it ran before udtrace):
		 * the child's ids as they are now, else its parent's, so a
		 * child gone before its hits are read is not shown as root.
		 */
		if (!known && (up_proc_ids((pid_t)v[0], &pp, &uid, &gid) == 0 ||
		    up_proc_ids((pid_t)v[1], &pp, &uid, &gid) == 0))
			known = 1;
		/* a parent never announced: its child's name is not known */
		char name[16] = "";
		if (pn)
			memcpy(name, pn, sizeof name);   /* slots may be one */
		c->pid = (pid_t)v[0];
		c->ppid = (pid_t)v[1];
		memcpy(c->name, name, sizeof name);
		c->execd = 0;
		c->idknown = known;
		c->uid = uid;
		c->gid = gid;
	}
}

/* Deliver the held record of r: parse, filter, call the hit callback. */
static void ring_deliver(up_backend_t *b, up_ring_t *r)
{
	const udt_backend_cb_t *cb = &b->base.cb;
	struct perf_event_header hdr;
	const unsigned char *rec, *p, *end;
	uint64_t id, abi, o;
	udt_hit_t *h = &b->hit;
	up_site_t *s;
	uint32_t pt[2], cpu[2];

	ring_copy(r, r->tail, &hdr, sizeof hdr);
	o = r->tail & (r->size - 1);
	if (o + hdr.size <= r->size)
		rec = r->data + o;
	else {
		/* a record is at most 64 KiB (u16 size): scratch holds it */
		ring_copy(r, r->tail, b->scratch, hdr.size);
		rec = b->scratch;
	}
	if (hdr.type != PERF_RECORD_SAMPLE) {
		comm_record(b, &hdr, rec);
		goto done;
	}
	p = rec + sizeof hdr;
	end = rec + hdr.size;
	memcpy(&id, p, 8);
	if ((s = up_id_find(b, id)) == &b->sys.site) {
		up_sys_sample(b, rec, hdr.size);
		goto done;
	}
	if (!s || !cb->hit)
		goto done;
	memcpy(pt, p + 16, 8);
	/* pid$target: the target and its threads, not its fork children */
	if (s->up && (pid_t)pt[0] != s->up->pid)
		goto done;
	/*
	 * A file's site leaves the processes we watch to their own sites
	 * (which may be int3s that act at the probe): one hit each, never two.
	 */
	if (!s->up)
		for (const up_proc_t *up = b->procs; up; up = up->next)
			if (up->pid == (pid_t)pt[0])
				goto done;
	memset(h->regs, 0, sizeof h->regs);
	memcpy(&h->time, p + 24, 8);
	memcpy(cpu, p + 32, 8);
	p += 40;
	if (s->npreg) {
		if (p + 8 > end)
			goto done;
		memcpy(&abi, p, 8);
		p += 8;
		if (abi != 0) {
			if (p + 8 * (unsigned)s->npreg > end)
				goto done;
			for (int i = 0; i < s->npreg; i++)
				memcpy(&h->regs[s->preg[i]], p + 8 * i, 8);
			p += 8 * (unsigned)s->npreg;
		}
	}
	/* what an int3 trap shows: no system call in progress */
	h->regs[R_ORIG_RAX] = (uint64_t)-1;
	memcpy(&h->regs[R_RIP], rec + sizeof hdr + 8, 8);
	h->stack = NULL;
	h->stacklen = 0;
	if (s->stack && p + 8 <= end) {
		uint64_t size, dyn = 0;
		memcpy(&size, p, 8);
		p += 8;
		if (size && p + size + 8 <= end) {
			memcpy(&dyn, p + size, 8);
			h->stack = p;
			h->stacklen = (size_t)(dyn < size ? dyn : size);
		}
	}
	h->cookie = s->s->cookie;
	h->proc = s->up ? s->up->p : NULL;
	/* a process we do not trace may be gone before /proc says who it was */
	if (s->up) {
		h->comm = NULL;
		h->ppid = 0;
		h->idknown = 0;
	} else
		up_comm_fill(b, h, (pid_t)pt[0]);
	h->pid = (pid_t)pt[0];
	h->tid = (pid_t)pt[1];
	h->cpu = (int)cpu[0];
	cb->hit(cb->arg, h);
done:
	r->has_rec = 0;
	ring_advance(r, hdr.size);
}

void up_drain(up_backend_t *b)
{
	int any;

	struct timespec ts;

	if (b->draining)
		return;
	b->draining = 1;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	b->last_drain = (uint64_t)ts.tv_sec * 1000000000ull +
	    (uint64_t)ts.tv_nsec;
	for (size_t i = 0; i < b->nact; i++) {
		up_ring_t *r = b->act[i];
		r->head = __atomic_load_n(
		    &((struct perf_event_mmap_page *)r->base)->data_head,
		    __ATOMIC_ACQUIRE);
		r->has_rec = 0;
	}
	do {
		up_ring_t *best = NULL;
		any = 0;
		for (size_t i = 0; i < b->nact; i++) {
			up_ring_t *r = b->act[i];
			if (!r->has_rec && !ring_peek(b, r))
				continue;
			any = 1;
			if (!best || r->rec_time < best->rec_time)
				best = r;
		}
		if (best)
			ring_deliver(b, best);
	} while (any);
	b->draining = 0;
}
