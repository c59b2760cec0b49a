/*
 * uprobe_maps.c — the uprobe backend's watch for objects mapped after
 * tracing began (ops->watch_objects): one dummy perf event per CPU with
 * PERF_RECORD_MMAP2 records of executable file mappings, in a small ring
 * of its own that wakes the tracer at every record, each reported to the
 * consumer through cb.mapped, so a USDT glob can add file-wide uprobes
 * for a program started (exec) or a library dlopen'ed later.
 *
 * Owns: the watch events and their rings (not in the drained set: they
 * carry no hits and need no time order).
 * Must not: stop or slow the mapping process: the kernel writes the
 * record and the process runs on. The window between its mmap and our
 * uprobe is the reaction time (README, "Arming window"); a uprobe
 * registered on a file is installed at once in every mapping of it, so
 * code that runs after that window fires.
 * Invariant: cb.mapped is called outside a drain (from dispatch, before
 * the drain), so the consumer may add sites in it; udtrace's own
 * mappings are not reported; a lost record (ring overrun) loses that
 * object, counted nowhere.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <linux/perf_event.h>
#include "backend/uprobe_impl.h"

#define UP_MAPS_PAGES 8   /* data pages per CPU: ~200 records of long paths */

int up_watch_objects(udt_backend_t *be)
{
	up_backend_t *b = (up_backend_t *)be;
	struct perf_event_attr a;
	long pg = sysconf(_SC_PAGESIZE);
	int any = 0;

	if (b->maps)
		return 0;
	if (!(b->maps = calloc((size_t)b->ncpu, sizeof *b->maps))) {
		snprintf(b->err, sizeof b->err, "out of memory");
		return -1;
	}
	memset(&a, 0, sizeof a);
	a.size = sizeof a;
	a.type = PERF_TYPE_SOFTWARE;
	a.config = PERF_COUNT_SW_DUMMY;
	a.exclude_kernel = a.exclude_hv = 1;
	a.mmap = 1;          /* executable mappings only (no mmap_data) */
	a.mmap2 = 1;         /* with device and inode */
	a.watermark = 1;
	a.wakeup_watermark = 1;   /* every record wakes us: the window is ours */
	for (int c = 0; c < b->ncpu; c++) {
		up_ring_t *r = &b->maps[c];
		struct epoll_event ev;
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
		m = mmap(NULL, (size_t)pg * (UP_MAPS_PAGES + 1),
		    PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		if (m == MAP_FAILED) {
			close(fd);
			continue;
		}
		memset(&ev, 0, sizeof ev);
		ev.events = EPOLLIN;
		ev.data.ptr = r;     /* tid 0: dispatch leaves it in the set */
		if (epoll_ctl(b->epfd, EPOLL_CTL_ADD, fd, &ev) < 0) {
			munmap(m, (size_t)pg * (UP_MAPS_PAGES + 1));
			close(fd);
			continue;
		}
		r->fd = fd;
		r->base = m;
		r->data = (unsigned char *)m + pg;
		r->size = (uint64_t)pg * UP_MAPS_PAGES;
		any = 1;
	}
	if (!any) {
		snprintf(b->err, sizeof b->err, "cannot watch new mappings: %s",
		    strerror(errno));
		return -1;
	}
	return 0;
}

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

void up_maps_read(up_backend_t *b)
{
	pid_t self = getpid();
	/* a record is at most 64 KiB; paths at most PATH_MAX */
	static unsigned char rec[72 + 4096 + 8];

	if (!b->maps)
		return;
	for (int c = 0; c < b->ncpu; c++) {
		up_ring_t *r = &b->maps[c];
		struct perf_event_mmap_page *mp;
		uint64_t head;

		if (r->fd < 0)
			continue;
		mp = r->base;
		head = __atomic_load_n(&mp->data_head, __ATOMIC_ACQUIRE);
		while (r->tail < head) {
			struct perf_event_header hdr;
			uint32_t pid, maj, min, prot;
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
				memcpy(&maj, rec + 40, 4);
				memcpy(&min, rec + 44, 4);
				memcpy(&ino, rec + 48, 8);
				memcpy(&prot, rec + 64, 4);
				rec[hdr.size - 1] = '\0';
				if ((pid_t)pid != self && (prot & PROT_EXEC) &&
				    rec[72] == '/' && ino != 0 && b->base.cb.mapped)
					b->base.cb.mapped(b->base.cb.arg,
					    (pid_t)pid, (const char *)rec + 72,
					    makedev(maj, min), ino);
			}
			r->tail += hdr.size;
		}
		__atomic_store_n(&mp->data_tail, r->tail, __ATOMIC_RELEASE);
	}
}

void up_maps_fini(up_backend_t *b)
{
	long pg = sysconf(_SC_PAGESIZE);

	if (!b->maps)
		return;
	for (int c = 0; c < b->ncpu; c++)
		if (b->maps[c].fd >= 0) {
			epoll_ctl(b->epfd, EPOLL_CTL_DEL, b->maps[c].fd, NULL);
			munmap(b->maps[c].base, (size_t)pg * (UP_MAPS_PAGES + 1));
			close(b->maps[c].fd);
		}
	free(b->maps);
	b->maps = NULL;
}
