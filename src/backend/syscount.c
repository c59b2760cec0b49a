/*
 * syscount.c — system calls counted in the kernel for the uprobe backend
 * (and the trampoline backend over it): the per-call tracepoint
 * syscalls:sys_enter_NAME or sys_exit_NAME opened in counting mode (no
 * sample, no ring, no wakeup) on every traced thread with `inherit`, or
 * on every CPU system-wide, and read only when the consumer asks.
 *
 * Owns: the counters and their events. Must not: report calls one by one (tracepoint.c does), or count
 * a call the sampled path would not report: the scope is syscalls()'s
 * (the watched processes and their descendants, or every process but
 * udtrace), the kernel filter names the call's number (so a tracepoint
 * whose name meant another call would count nothing rather than the
 * wrong call) and, system-wide, leaves udtrace's own calls out.
 * Invariant: a counter's value is the sum of its events' counts, and an
 * event counts its task and every task started by it since it was
 * opened (with inherit_thread, only the threads of its process), live
 * or exited — the kernel folds a child's count into its parent event.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <linux/perf_event.h>
#include "backend/uprobe_impl.h"

/* The tracepoint's id and its number field ("__syscall_nr", older "nr"). */
static int tp_of(up_backend_t *b, const char *name, int ret, long *id,
    const char **field)
{
	const char *dir;
	char path[256], buf[2048];
	ssize_t n;
	int fd;

	if (up_tracefs(b, &dir) < 0)
		return -1;
	snprintf(path, sizeof path, "%s/events/syscalls/sys_%s_%s/format", dir,
	    ret ? "exit" : "enter", name);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	if (strstr(buf, "int __syscall_nr;"))
		*field = "__syscall_nr";
	else if (strstr(buf, "int nr;"))
		*field = "nr";
	else
		return -1;
	const char *s = strstr(buf, "\nID: ");
	if (!s || (*id = strtol(s + 5, NULL, 10)) <= 0)
		return -1;
	return 0;
}

/* One counting event of tracepoint tp on task pid (-1: all) of cpu. */
static int cnt_event(up_cnt_t *c, long tp, const char *filter, pid_t pid,
    int cpu, int inherit, int threads_only)
{
	struct perf_event_attr a;
	int fd;

	if (c->nfd == c->capfd) {
		size_t nc = c->capfd ? c->capfd * 2 : 4;
		int *nf = realloc(c->fd, nc * sizeof *nf);
		if (!nf)
			return -1;
		c->fd = nf;
		c->capfd = nc;
	}
	memset(&a, 0, sizeof a);
	a.size = sizeof a;
	a.type = PERF_TYPE_TRACEPOINT;
	a.config = (uint64_t)tp;
	/* no sample_period: the kernel only adds one to the count */
	a.inherit = (unsigned)inherit;
	a.inherit_thread = (unsigned)threads_only;
	fd = (int)syscall(SYS_perf_event_open, &a, pid, cpu, -1,
	    PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return errno == ESRCH && pid > 0 ? 0 : -1;  /* ESRCH: exited */
	if (ioctl(fd, PERF_EVENT_IOC_SET_FILTER, filter) < 0) {
		close(fd);
		return -1;
	}
	c->fd[c->nfd++] = fd;
	return 0;
}

static void cnt_close(up_cnt_t *c)
{
	for (size_t i = 0; i < c->nfd; i++)
		close(c->fd[i]);
	free(c->fd);
	memset(c, 0, sizeof *c);
}

int up_syscount_open(udt_backend_t *be, unsigned nr, int ret,
    const char *name, pid_t only, int global)
{
	up_backend_t *b = (up_backend_t *)be;
	up_sys_t *y = &b->sys;
	const char *field;
	char filter[128];
	long tp;

	if (nr >= UDT_SYS_MAX || !name || tp_of(b, name, ret, &tp, &field) < 0)
		return -1;
	if (global && only > 0)
		return -1;
	if (y->ncnt == y->capcnt) {
		size_t nc = y->capcnt ? y->capcnt * 2 : 16;
		up_cnt_t *n = realloc(y->cnt, nc * sizeof *n);
		if (!n)
			return -1;
		y->cnt = n;
		y->capcnt = nc;
	}
	up_cnt_t *c = &y->cnt[y->ncnt];
	memset(c, 0, sizeof *c);
	if (global) {
		/*
		 * Every task but udtrace: its helper threads end first, so
		 * the main thread is all of udtrace that makes calls.
		 */
		up_helpers_join(b);
		snprintf(filter, sizeof filter, "%s == %u && common_pid != %d",
		    field, nr, (int)getpid());
		for (int cpu = 0; cpu < b->ncpu; cpu++)
			if (b->online[cpu] &&
			    cnt_event(c, tp, filter, -1, cpu, 0, 0) < 0)
				goto fail;
	} else {
		int found = 0;
		snprintf(filter, sizeof filter, "%s == %u", field, nr);
		for (up_proc_t *up = b->procs; up; up = up->next) {
			if (only > 0 && up->pid != only)
				continue;
			const pid_t *tids;
			size_t n = proc_threads(up->p, &tids);
			found = 1;
			for (size_t i = 0; i < n; i++)
				if (cnt_event(c, tp, filter, tids[i], -1, 1,
				    only > 0) < 0)
					goto fail;
		}
		if (only > 0 && !found)
			goto fail;
	}
	return (int)y->ncnt++;
fail:
	cnt_close(c);
	return -1;
}

uint64_t up_syscount_read(udt_backend_t *be, int id)
{
	up_backend_t *b = (up_backend_t *)be;
	up_sys_t *y = &b->sys;
	uint64_t sum = 0, v;

	if (id < 0 || (size_t)id >= y->ncnt)
		return 0;
	up_cnt_t *c = &y->cnt[id];
	for (size_t i = 0; i < c->nfd; i++)
		if (read(c->fd[i], &v, sizeof v) == (ssize_t)sizeof v)
			sum += v;
	/* a count never goes back, whatever a failed read said */
	if (sum < c->last)
		sum = c->last;
	c->last = sum;
	return sum;
}

void up_syscount_close(udt_backend_t *be)
{
	up_backend_t *b = (up_backend_t *)be;
	up_sys_t *y = &b->sys;

	for (size_t i = 0; i < y->ncnt; i++)
		cnt_close(&y->cnt[i]);
	free(y->cnt);
	y->cnt = NULL;
	y->ncnt = y->capcnt = 0;
}
