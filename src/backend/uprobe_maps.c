/*
 * uprobe_maps.c — the uprobe backend's watch for objects mapped after
 * tracing began (ops->watch_objects): one dummy perf event per CPU with
 * PERF_RECORD_MMAP2 records of executable file mappings, in a small ring
 * of its own that wakes at every record, read by a thread of its own
 * (blocked on the rings, so a record is seen as soon as the kernel
 * writes it, whatever the main loop is doing). The thread asks wants()
 * whether the file has probes to arm, holds the mapping thread when it
 * does (uprobe_hold.c), and queues the record; the main thread reports
 * it through cb.mapped (the consumer adds the file's uprobes) and then
 * the watch thread lets the held thread go.
 *
 * Owns: the watch events and their rings (not in the drained set: they
 * carry no hits), the watch thread, the queue of mappings between the
 * two threads and the threads held for them, and each held process's
 * parent, ids and name read while it is held (given to the trackers,
 * up_comm_ident, so its hits read after it is gone are its own).
 * Must not: call the consumer from the watch thread (only wants(),
 * which is thread-safe); keep a thread held once its record is reported
 * or udtrace ends; block the main thread on the watch thread for longer
 * than a queue operation.
 * Invariant: a queued record is freed by the watch thread only once the
 * main thread has reported it (done) and its thread is let go; the
 * queue's flags are read and written under mu, the holds only by the
 * watch thread. What remains of the arming window is in the README
 * ("Arming window"): from the mapping to the hold, and, for a thread
 * that cannot be held, to the uprobe's registration. A lost record (ring
 * overrun) loses that object, counted nowhere.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <linux/perf_event.h>
#include "backend/uprobe_impl.h"

#define UP_MAPS_PAGES 8   /* data pages per CPU: ~200 records of long paths */
/* while a thread is held, how often the watch thread looks for its stop or death */
#define UP_HOLD_POLL_MS 1
/*
 * A hold ends after this even if the main thread has not reported the
 * mapping (blocked writing output, say): registering takes 5-40 ms, or
 * ~100 ms behind another program's uprobe close. The program then runs
 * on and its probes fire once they are registered.
 */
#define UP_HOLD_MAX_NS 1000000000ull

typedef struct up_mrec {
	pid_t pid;
	uint64_t dev, ino;
	char *path;
	up_hold_t hold;       /* the watch thread's */
	uint64_t since;       /* CLOCK_MONOTONIC ns the hold began */
	int taken;            /* under mu: the main thread is reporting it */
	int done;             /* under mu: reported, the hold may end */
	/* its parent, ids and name, read while it was held (idknown) */
	int idknown;
	pid_t ppid;
	uint32_t uid, gid;
	char name[16];
	struct up_mrec *next;
} up_mrec_t;

struct up_watch {
	up_ring_t *rings;     /* ncpu */
	int ncpu;
	long pg;
	int (*wants)(void *arg, const char *path, uint64_t dev, uint64_t ino);
	void *warg;
	int tomain;           /* eventfd in the backend's epoll set: queued */
	int towatch;          /* eventfd: reported, or stop */
	up_ring_t mainring;   /* epoll data of tomain (tid 0: never dropped) */
	pthread_t thr;
	int started;
	pthread_mutex_t mu;
	up_mrec_t *head, **tailp;   /* in the kernel's order */
	int stop;                   /* under mu */
};

static void ring_bytes(const up_ring_t *r, uint64_t at, void *dst, size_t n)
{
	uint64_t o = at & (r->size - 1);
	size_t first = n;

	if (o + n > r->size)
		first = (size_t)(r->size - o);
	memcpy(dst, r->data + o, first);
	if (first < n)
		memcpy((unsigned char *)dst + first, r->data, n - first);
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void kick(int efd)
{
	uint64_t one = 1;

	(void)!write(efd, &one, sizeof one);
}

/* A small /proc file of pid into buf (NUL-terminated), or -1. */
static ssize_t proc_text(pid_t pid, const char *what, char *buf, size_t len)
{
	char path[64];
	ssize_t n;
	int fd;

	snprintf(path, sizeof path, "/proc/%d/%s", (int)pid, what);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	return n;
}

/* The first number after "\nkey:" in a status text, or -1. */
static long long status_num(const char *text, const char *key)
{
	char k[16];
	const char *at;

	snprintf(k, sizeof k, "\n%s:", key);
	if (!(at = strstr(text, k)))
		return -1;
	return strtoll(at + strlen(k), NULL, 10);
}

/*
 * The process's parent, uid, gid and name while it lives (held, or
 * racing on): the kernel keeps none of them for a process gone before
 * udtrace reads its hits, so these are what its hits show then.
 */
int up_proc_ids(pid_t pid, pid_t *ppid, uint32_t *uid, uint32_t *gid)
{
	char buf[2048];
	long long pp, u, g;

	if (proc_text(pid, "status", buf, sizeof buf) <= 0)
		return -1;
	pp = status_num(buf, "PPid");
	u = status_num(buf, "Uid");
	g = status_num(buf, "Gid");
	if (pp < 0 || u < 0 || g < 0)
		return -1;
	*ppid = (pid_t)pp;
	*uid = (uint32_t)u;
	*gid = (uint32_t)g;
	return 0;
}

static void read_ident(up_mrec_t *m)
{
	char buf[2048];

	if (up_proc_ids(m->pid, &m->ppid, &m->uid, &m->gid) != 0)
		return;
	if (proc_text(m->pid, "comm", buf, sizeof m->name) > 0) {
		buf[strcspn(buf, "\n")] = '\0';
		memcpy(m->name, buf, strlen(buf) + 1);
	}
	m->idknown = 1;
}

/* A mapping wants() asked for: hold its thread, queue it. 1 if queued. */
static int take(struct up_watch *w, pid_t pid, pid_t tid, const char *path,
    uint64_t dev, uint64_t ino)
{
	up_mrec_t *m;

	if (w->wants && !w->wants(w->warg, path, dev, ino))
		return 0;
	if (!(m = calloc(1, sizeof *m)) || !(m->path = strdup(path))) {
		free(m);
		return 0;
	}
	m->pid = pid;
	m->dev = dev;
	m->ino = ino;
	/* not held (another tracer's, not permitted): it races the arming */
	(void)up_hold_start(&m->hold, pid, tid);
	read_ident(m);
	m->since = now_ns();
	pthread_mutex_lock(&w->mu);
	*w->tailp = m;
	w->tailp = &m->next;
	pthread_mutex_unlock(&w->mu);
	return 1;
}

/* Every record the rings hold: the mappings wants() asks for, queued. */
static int read_rings(struct up_watch *w)
{
	pid_t self = getpid();
	/* a record is at most 64 KiB; paths at most PATH_MAX */
	static unsigned char rec[72 + 4096 + 8];
	int queued = 0;

	for (int c = 0; c < w->ncpu; c++) {
		up_ring_t *r = &w->rings[c];
		struct perf_event_mmap_page *mp;
		uint64_t head;

		if (r->fd < 0)
			continue;
		mp = r->base;
		head = __atomic_load_n(&mp->data_head, __ATOMIC_ACQUIRE);
		while (r->tail < head) {
			struct perf_event_header hdr;
			uint32_t pid, tid, maj, min, prot;
			uint64_t ino;

			ring_bytes(r, r->tail, &hdr, sizeof hdr);
			if (hdr.size < sizeof hdr || r->tail + hdr.size > head) {
				r->tail = head;
				break;
			}
			if (hdr.type == PERF_RECORD_MMAP2 && hdr.size > 72 &&
			    hdr.size <= sizeof rec &&
			    !(hdr.misc & PERF_RECORD_MISC_MMAP_BUILD_ID)) {
				ring_bytes(r, r->tail, rec, hdr.size);
				memcpy(&pid, rec + 8, 4);
				memcpy(&tid, rec + 12, 4);
				memcpy(&maj, rec + 40, 4);
				memcpy(&min, rec + 44, 4);
				memcpy(&ino, rec + 48, 8);
				memcpy(&prot, rec + 64, 4);
				rec[hdr.size - 1] = '\0';
				if ((pid_t)pid != self && (prot & PROT_EXEC) &&
				    rec[72] == '/' && ino != 0)
					queued |= take(w, (pid_t)pid, (pid_t)tid,
					    (const char *)rec + 72,
					    makedev(maj, min), ino);
			}
			r->tail += hdr.size;
		}
		__atomic_store_n(&mp->data_tail, r->tail, __ATOMIC_RELEASE);
	}
	return queued;
}

/*
 * The holds: each thread's stop or death taken as it comes, and the
 * reported ones let go (all of them, waiting for each, when stopping);
 * records reported and let go are freed. 1 if a thread is still held.
 */
static int tend(struct up_watch *w, int stopping)
{
	up_mrec_t **pp, *m;
	uint64_t now = now_ns();
	int any = 0;

	pthread_mutex_lock(&w->mu);
	for (pp = &w->head; (m = *pp) != NULL;) {
		int done = m->done, release = done || (stopping && !m->taken) ||
		    now - m->since > UP_HOLD_MAX_NS;

		/* no ptrace call waits long: the lock is kept (main only queues) */
		if (m->hold.held &&
		    !up_hold_poll(&m->hold, release, stopping && release))
			any = 1;
		if ((done || (stopping && !m->taken)) && !m->hold.held) {
			*pp = m->next;
			if (w->tailp == &m->next)
				w->tailp = pp;
			free(m->path);
			free(m);
			continue;
		}
		pp = &m->next;
	}
	pthread_mutex_unlock(&w->mu);
	return any;
}

/*
 * The watch thread runs SCHED_FIFO where permitted (root, CAP_SYS_NICE,
 * RLIMIT_RTPRIO): woken by a record, it preempts the CPU's ordinary
 * tasks at once instead of queueing behind them (0.5-17 ms at load 10 on
 * 2 CPUs, against 0.1-1 ms), and the kernel runs nothing of the mapping
 * process's code in between but what its system call has left. It never
 * spins: it sleeps in poll, and each record costs a cache lookup (a new
 * file: a few preads). Where refused, it runs as any thread.
 */
static void watch_sched(void)
{
	struct sched_param sp = { .sched_priority = 1 };

	(void)pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp);
}

static void *watch_main(void *arg)
{
	struct up_watch *w = arg;
	struct pollfd pfd[1 + UP_MAXCPU];
	struct stat sb;
	int n = 0, held = 0;

	watch_sched();
	/* the first question's one-time costs (page faults) before any record */
	if (w->wants && stat("/proc/self/exe", &sb) == 0)
		(void)w->wants(w->warg, "/proc/self/exe", (uint64_t)sb.st_dev,
		    (uint64_t)sb.st_ino);

	pfd[n++] = (struct pollfd){ .fd = w->towatch, .events = POLLIN };
	for (int c = 0; c < w->ncpu; c++)
		if (w->rings[c].fd >= 0)
			pfd[n++] = (struct pollfd){ .fd = w->rings[c].fd,
			    .events = POLLIN };
	for (;;) {
		uint64_t v;
		int stop;

		/* a held thread's stop or death is not on any fd: look often */
		if (poll(pfd, (nfds_t)n, held ? UP_HOLD_POLL_MS : -1) < 0 &&
		    errno != EINTR)
			break;
		if (pfd[0].revents & POLLIN)
			(void)!read(w->towatch, &v, sizeof v);
		if (read_rings(w))
			kick(w->tomain);
		pthread_mutex_lock(&w->mu);
		stop = w->stop;
		pthread_mutex_unlock(&w->mu);
		if (stop)
			break;
		held = tend(w, 0);
	}
	/* udtrace ends: nothing stays held, whatever was not armed */
	while (tend(w, 1))
		;
	return NULL;
}

int up_watch_objects(udt_backend_t *be,
    int (*wants)(void *arg, const char *path, uint64_t dev, uint64_t ino),
    void *arg)
{
	up_backend_t *b = (up_backend_t *)be;
	struct perf_event_attr a;
	struct up_watch *w;
	struct epoll_event ev;
	int any = 0;

	if (b->watch)
		return 0;
	/*
	 * The files found later get system-wide sites, whose hits take
	 * their execname from the COMM/FORK trackers: started now, a
	 * program's exec is known even when it is the one whose mapping
	 * brings the first such site (and is gone when its hits are read).
	 */
	up_track_comm(b);
	if (!(w = calloc(1, sizeof *w)) ||
	    !(w->rings = calloc((size_t)b->ncpu, sizeof *w->rings))) {
		free(w);
		snprintf(b->err, sizeof b->err, "out of memory");
		return -1;
	}
	w->ncpu = b->ncpu;
	w->pg = sysconf(_SC_PAGESIZE);
	w->wants = wants;
	w->warg = arg;
	w->tailp = &w->head;
	w->tomain = w->towatch = -1;
	{
		/* the watch thread is real-time: no inversion behind main */
		pthread_mutexattr_t ma;
		pthread_mutexattr_init(&ma);
		pthread_mutexattr_setprotocol(&ma, PTHREAD_PRIO_INHERIT);
		pthread_mutex_init(&w->mu, &ma);
		pthread_mutexattr_destroy(&ma);
	}
	b->watch = w;
	memset(&a, 0, sizeof a);
	a.size = sizeof a;
	a.type = PERF_TYPE_SOFTWARE;
	a.config = PERF_COUNT_SW_DUMMY;
	a.exclude_kernel = a.exclude_hv = 1;
	a.mmap = 1;          /* executable mappings only (no mmap_data) */
	a.mmap2 = 1;         /* with device and inode */
	a.watermark = 1;
	a.wakeup_watermark = 1;   /* every record wakes the watch thread */
	for (int c = 0; c < b->ncpu; c++) {
		up_ring_t *r = &w->rings[c];
		void *m;
		int fd;

		r->fd = -1;
		r->cpu = c;
		if (!b->online[c])
			continue;
		fd = (int)syscall(SYS_perf_event_open, &a, -1, c, -1,
		    PERF_FLAG_FD_CLOEXEC);
		if (fd < 0)
			continue;
		m = mmap(NULL, (size_t)w->pg * (UP_MAPS_PAGES + 1),
		    PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		if (m == MAP_FAILED) {
			close(fd);
			continue;
		}
		r->fd = fd;
		r->base = m;
		r->data = (unsigned char *)m + w->pg;
		r->size = (uint64_t)w->pg * UP_MAPS_PAGES;
		any = 1;
	}
	if (!any) {
		snprintf(b->err, sizeof b->err, "cannot watch new mappings: %s",
		    strerror(errno));
		goto fail;
	}
	w->tomain = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	w->towatch = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	memset(&ev, 0, sizeof ev);
	ev.events = EPOLLIN;
	ev.data.ptr = &w->mainring;    /* tid 0: dispatch leaves it in the set */
	if (w->tomain < 0 || w->towatch < 0 ||
	    epoll_ctl(b->epfd, EPOLL_CTL_ADD, w->tomain, &ev) < 0 ||
	    up_start_helper(&w->thr, watch_main, w) != 0) {
		snprintf(b->err, sizeof b->err, "cannot watch new mappings: %s",
		    strerror(errno));
		goto fail;
	}
	w->started = 1;
	return 0;
fail:
	up_maps_fini(b);
	return -1;
}

void up_maps_read(up_backend_t *b)
{
	struct up_watch *w = b->watch;
	up_mrec_t *m;
	uint64_t v;
	int any = 0;

	if (!w || !w->started)
		return;
	(void)!read(w->tomain, &v, sizeof v);
	/*
	 * One record at a time, the lock not held while the consumer adds
	 * the file's sites (tens of ms): the watch thread queues on.
	 */
	for (;;) {
		pthread_mutex_lock(&w->mu);
		for (m = w->head; m && m->taken; m = m->next)
			;
		if (m)
			m->taken = 1;
		pthread_mutex_unlock(&w->mu);
		if (!m)
			break;
		/* before its sites exist: its first hit may be read after it is gone */
		if (m->idknown)
			up_comm_ident(b, m->pid, m->ppid, m->uid, m->gid,
			    m->name);
		if (b->base.cb.mapped)
			b->base.cb.mapped(b->base.cb.arg, m->pid, m->path,
			    m->dev, m->ino);
		pthread_mutex_lock(&w->mu);
		m->done = 1;
		pthread_mutex_unlock(&w->mu);
		any = 1;
	}
	if (any)
		kick(w->towatch);
}

void up_maps_fini(up_backend_t *b)
{
	struct up_watch *w = b->watch;

	if (!w)
		return;
	if (w->started) {
		pthread_mutex_lock(&w->mu);
		w->stop = 1;
		pthread_mutex_unlock(&w->mu);
		kick(w->towatch);
		pthread_join(w->thr, NULL);
	}
	if (w->tomain >= 0) {
		epoll_ctl(b->epfd, EPOLL_CTL_DEL, w->tomain, NULL);
		close(w->tomain);
	}
	if (w->towatch >= 0)
		close(w->towatch);
	for (int c = 0; c < w->ncpu; c++)
		if (w->rings[c].fd >= 0) {
			munmap(w->rings[c].base,
			    (size_t)w->pg * (UP_MAPS_PAGES + 1));
			close(w->rings[c].fd);
		}
	/* what the thread left: nothing held, it let every one go */
	while (w->head) {
		up_mrec_t *m = w->head;
		w->head = m->next;
		free(m->path);
		free(m);
	}
	pthread_mutex_destroy(&w->mu);
	free(w->rings);
	free(w);
	b->watch = NULL;
}
