/*
 * tracepoint.c — system call events for the uprobe backend: the kernel's
 * raw_syscalls:sys_enter and sys_exit tracepoints opened with
 * perf_event_open, one event per CPU (and per traced thread, with
 * `inherit`, so every thread and process it starts later is seen too;
 * or on every task system-wide), written into the CPU's ring beside the
 * uprobe samples and merged with them by time.
 *
 * Owns: finding (or, as root, mounting) tracefs, the tracepoint ids and
 * field offsets from their format files, the events and their kernel
 * filters (only the calls asked for; system-wide, not udtrace's own),
 * and turning a sample into the syscall callback.
 * Must not: plant anything in a process or stop a thread; allocate on
 * the drain path.
 * Invariants:
 *  - the events' ids are in the backend's id hash with the site
 *    &b->sys.site, so the drain hands their samples here;
 *  - a call udtrace injected into a target (proc_injected) is dropped,
 *    as is, system-wide, any call of udtrace itself;
 *  - set replaces set: every event is closed and opened again, so the
 *    kernel filter is always the set's.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sched.h>
#include <sys/syscall.h>
#include <linux/perf_event.h>
#include "backend/uprobe_impl.h"

static const char *const tracefs_dirs[] = {
	"/sys/kernel/tracing", "/sys/kernel/debug/tracing",
};

static int has_events(const char *dir)
{
	char path[256];
	struct stat st;

	snprintf(path, sizeof path, "%s/events/raw_syscalls/sys_enter/id", dir);
	return stat(path, &st) == 0;
}

int up_tracefs(up_backend_t *b, const char **dirp)
{
	for (size_t i = 0; i < sizeof tracefs_dirs / sizeof *tracefs_dirs; i++)
		if (has_events(tracefs_dirs[i])) {
			*dirp = tracefs_dirs[i];
			return 0;
		}
	if (geteuid() == 0 &&
	    mount("nodev", tracefs_dirs[0], "tracefs", 0, NULL) == 0 &&
	    has_events(tracefs_dirs[0])) {
		*dirp = tracefs_dirs[0];
		return 0;
	}
	snprintf(b->err, sizeof b->err, "no raw_syscalls tracepoints: tracefs "
	    "is not mounted (as root: mount -t tracefs nodev "
	    "/sys/kernel/tracing)%s", geteuid() == 0 ? " and mounting it "
	    "failed" : "");
	return -1;
}

/* The offset of field `name` in a tracepoint's format file, -1: none. */
static int field_off(const char *fmt, const char *decl)
{
	const char *s = strstr(fmt, decl), *o;

	if (!s || !(o = strstr(s, "offset:")))
		return -1;
	return atoi(o + 7);
}

static int read_tp(up_backend_t *b, const char *dir, const char *ev,
    long *id, char *fmt, size_t len)
{
	char path[256];
	int fd;
	ssize_t n;

	snprintf(path, sizeof path, "%s/events/%s%s/id", dir,
	    strchr(ev, '/') ? "" : "raw_syscalls/", ev);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0 ||
	    (n = read(fd, fmt, len - 1)) <= 0) {
		snprintf(b->err, sizeof b->err, "cannot read %.200s: %s", path,
		    strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	close(fd);
	fmt[n] = '\0';
	*id = strtol(fmt, NULL, 10);
	snprintf(path, sizeof path, "%s/events/%s%s/format", dir,
	    strchr(ev, '/') ? "" : "raw_syscalls/", ev);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0 ||
	    (n = read(fd, fmt, len - 1)) <= 0) {
		snprintf(b->err, sizeof b->err, "cannot read %.200s: %s", path,
		    strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	close(fd);
	fmt[n] = '\0';
	return 0;
}

/* The tracepoints' ids and layout, once. 0 or -1 + err. */
static int tp_init(up_backend_t *b)
{
	up_sys_t *y = &b->sys;
	const char *dir;
	char fmt[4096];

	if (y->ready)
		return 0;
	if (up_tracefs(b, &dir) < 0)
		return -1;
	if (read_tp(b, dir, "sys_enter", &y->enter_tp, fmt, sizeof fmt) < 0)
		return -1;
	y->off_id = field_off(fmt, "long id;");
	y->off_args = field_off(fmt, "long args[6];");
	if (read_tp(b, dir, "sys_exit", &y->exit_tp, fmt, sizeof fmt) < 0)
		return -1;
	y->off_ret = field_off(fmt, "long ret;");
	if (y->off_id < 0 || y->off_args < 0 || y->off_ret < 0 ||
	    field_off(fmt, "long id;") != y->off_id) {
		snprintf(b->err, sizeof b->err, "raw_syscalls tracepoints of "
		    "an unknown layout in %s", dir);
		return -1;
	}
	y->site.s = NULL;
	y->self = getpid();
	y->ready = 1;
	return 0;
}

/* signal_generate of a SIGCHLD saying CLD_DUMPED (x86-64 numbers) */
#define DUMPED_FILTER "sig == 17 && code == 3"

/* The process tracepoints' ids and layout, once. 0 or -1 + err. */
static int ptp_init(up_backend_t *b)
{
	static const char *const ev[5] = {
		"task/task_newtask", "sched/sched_process_exec",
		"sched/sched_process_exit", "signal/signal_deliver",
		"signal/signal_generate"
	};
	up_sys_t *y = &b->sys;
	const char *dir;
	char fmt[4096];

	if (y->ptp_ready)
		return 0;
	if (up_tracefs(b, &dir) < 0)
		return -1;
	for (int i = 0; i < 5; i++) {
		if (read_tp(b, dir, ev[i], &y->ptp_id[i], fmt, sizeof fmt) < 0)
			return -1;
		if (i == 0) {
			y->off_newpid = field_off(fmt, "pid_t pid;");
			y->off_flags = field_off(fmt, "clone_flags;");
		} else if (i == 1)
			/* optional: without it, exec fires with no path */
			y->off_execfn = field_off(fmt, "char[] filename;");
		else if (i == 2)
			y->off_dead = field_off(fmt, "bool group_dead;");
		else if (i == 3) {
			y->off_sig = field_off(fmt, "int sig;");
			y->off_handler = field_off(fmt, "sa_handler;");
			y->off_serrno = field_off(fmt, "int errno;");
			y->off_scode = field_off(fmt, "int code;");
		} else if (i == 4) {
			y->off_gsig = field_off(fmt, "int sig;");
			y->off_gpid = field_off(fmt, "pid_t pid;");
			y->off_gcode = field_off(fmt, "int code;");
			y->off_gres = field_off(fmt, "int result;");
			if (y->off_gres < 0)
				y->off_gpid = -1;
		}
	}
	if (y->off_gsig < 0 || y->off_gpid < 0 ||y->off_newpid < 0 || y->off_flags < 0 || y->off_dead < 0 ||
	    y->off_sig < 0 || y->off_handler < 0) {
		snprintf(b->err, sizeof b->err, "process tracepoints of an "
		    "unknown layout in %s (sched_process_exit needs "
		    "group_dead: Linux 6.x)", dir);
		return -1;
	}
	y->ptp_ready = 1;
	return 0;
}

/*
 * The kernel filter for the calls of w: runs of numbers, e.g.
 * "(id >= 0 && id <= 3) || id == 39"; "" when every call is in it or the
 * text would pass the kernel's page (then the drain filters).
 */
static void filter_of(const uint64_t *w, char *buf, size_t len)
{
	size_t n = 0;
	int all = 1;

	buf[0] = '\0';
	for (unsigned i = 0; i < UDT_SYS_MAX; ) {
		unsigned j;
		if (!udt_sysset_has(w, i)) {
			i++;
			continue;
		}
		for (j = i; j + 1 < UDT_SYS_MAX && udt_sysset_has(w, j + 1); j++)
			;
		int k = j == i ?
		    snprintf(buf + n, len - n, "%sid == %u", n ? " || " : "", i) :
		    snprintf(buf + n, len - n, "%s(id >= %u && id <= %u)",
		    n ? " || " : "", i, j);
		if (k < 0 || (size_t)k >= len - n) {
			buf[0] = '\0';
			return;
		}
		n += (size_t)k;
		i = j + 1;
	}
	for (unsigned i = 0; i < 470; i++)
		if (!udt_sysset_has(w, i))
			all = 0;
	if (all)
		buf[0] = '\0';
}

static void sys_close_all(up_backend_t *b)
{
	up_sys_t *y = &b->sys;

	for (size_t i = 0; i < y->nev; i++) {
		up_id_del(b, y->ev[i].id);
		close(y->ev[i].fd);
		b->nevents--;
	}
	y->nev = 0;
}

/* One tracepoint event: on task pid (-1: every task) of CPU cpu. */
static int sys_open(up_backend_t *b, long tp, const char *filter, pid_t pid,
    int cpu, int global)
{
	up_sys_t *y = &b->sys;
	struct perf_event_attr a;
	char full[4096];
	uint64_t id = 0;
	int rfd, fd;

	if ((rfd = up_ring_fd(b, cpu)) < 0)
		return -1;
	if (y->nev == y->capev) {
		size_t nc = y->capev ? y->capev * 2 : 16;
		up_ev_t *ne = realloc(y->ev, nc * sizeof *ne);
		if (!ne) {
			snprintf(b->err, sizeof b->err, "out of memory");
			return -1;
		}
		y->ev = ne;
		y->capev = nc;
	}
	memset(&a, 0, sizeof a);
	a.size = sizeof a;
	a.type = PERF_TYPE_TRACEPOINT;
	a.config = (uint64_t)tp;
	a.sample_period = 1;
	a.sample_type = PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP |
	    PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU |
	    PERF_SAMPLE_RAW;
	/* the thread's later threads and children: its descendants */
	a.inherit = !global;
	a.sample_id_all = 1;
	a.use_clockid = 1;
	a.clockid = CLOCK_MONOTONIC;
	fd = (int)syscall(SYS_perf_event_open, &a, pid, cpu, -1,
	    PERF_FLAG_FD_CLOEXEC);
	if (fd < 0) {
		int e = errno;
		if (e == ESRCH && pid > 0)
			return 0;    /* a thread that just exited */
		snprintf(b->err, sizeof b->err, "cannot open the %s "
		    "tracepoint%s: %s%s", tp == y->enter_tp || tp == y->exit_tp ?
		    "raw_syscalls" : "process", global ? " on every process" : "",
		    strerror(e), e == EACCES || e == EPERM ? " (system calls "
		    "of every process need CAP_PERFMON or perf_event_paranoid "
		    "-1; trace a process instead with -c or -p)" : "");
		return -1;
	}
	/* system-wide, our own calls would feed themselves */
	if (global)
		snprintf(full, sizeof full, "%s%s%scommon_pid != %d",
		    filter[0] ? "(" : "", filter, filter[0] ? ") && " : "",
		    (int)getpid());
	else
		snprintf(full, sizeof full, "%s", filter);
	if ((full[0] && ioctl(fd, PERF_EVENT_IOC_SET_FILTER, full) < 0 &&
	    errno != EINVAL) ||
	    ioctl(fd, PERF_EVENT_IOC_SET_OUTPUT, rfd) < 0 ||
	    ioctl(fd, PERF_EVENT_IOC_ID, &id) < 0 ||
	    up_id_add(b, id, &y->site) < 0) {
		snprintf(b->err, sizeof b->err, "cannot attach the raw_syscalls "
		    "tracepoint to its ring: %s", strerror(errno));
		close(fd);
		return -1;
	}
	y->ev[y->nev++] = (up_ev_t){ fd, pid, id };
	b->nevents++;
	return 0;
}

/*
 * The set's sync calls (udt_sysset_t.sync_*), in the watched processes
 * and their descendants, go to the inner ptrace backend, which reports
 * them from its syscall stops while the thread waits in the call; the
 * rest come from the tracepoints. System-wide nothing can stop every
 * process: all come from the tracepoints, late (README, syscall).
 * Returns the set left for the tracepoints in *tp. 0 or -1 + err.
 */
static int sync_split(up_backend_t *b, const udt_sysset_t *set, int global,
    udt_sysset_t *tp)
{
	udt_sysset_t in;
	int any = 0;

	*tp = *set;
	memset(&in, 0, sizeof in);
	if (!global)
		for (size_t i = 0; i < UDT_SYS_MAX / 64; i++) {
			in.entry[i] = set->entry[i] & set->sync_entry[i];
			in.ret[i] = set->ret[i] & set->sync_ret[i];
			tp->entry[i] &= ~in.entry[i];
			tp->ret[i] &= ~in.ret[i];
			any |= (in.entry[i] | in.ret[i]) != 0;
		}
	in.cpu = set->cpu;
	memset(tp->sync_entry, 0, sizeof tp->sync_entry);
	memset(tp->sync_ret, 0, sizeof tp->sync_ret);
	/* an empty set stops the inner backend's syscall stops too */
	if (!b->pt->ops->syscalls) {
		if (!any)
			return 0;
		snprintf(b->err, sizeof b->err, "the %s backend cannot stop "
		    "threads in system calls", b->pt->ops->name);
		return -1;
	}
	if (b->pt->ops->syscalls(b->pt, &in, 0) < 0) {
		snprintf(b->err, sizeof b->err, "%s", b->pt->ops->errmsg(b->pt));
		return -1;
	}
	return 0;
}

int up_syscalls(udt_backend_t *be, const udt_sysset_t *whole, int global)
{
	up_backend_t *b = (up_backend_t *)be;
	up_sys_t *y = &b->sys;
	char fent[2048], fret[2048];
	int any_e = 0, any_r = 0;
	udt_sysset_t tpset;
	const udt_sysset_t *set = &tpset;

	if (sync_split(b, whole, global, &tpset) < 0)
		return -1;
	for (size_t i = 0; i < UDT_SYS_MAX / 64; i++) {
		any_e |= set->entry[i] != 0;
		any_r |= set->ret[i] != 0;
	}
	sys_close_all(b);
	y->set = *set;
	y->global = global;
	if (!any_e && !any_r && !y->set.ptp)
		return 0;
	if ((any_e || any_r) && tp_init(b) < 0)
		return -1;
	if (y->set.ptp && ptp_init(b) < 0)
		return -1;
	y->site.s = NULL;
	y->self = getpid();
	/* descendants and other processes may be gone when drained */
	up_track_comm(b);
	filter_of(set->entry, fent, sizeof fent);
	filter_of(set->ret, fret, sizeof fret);
	/*
	 * exit: a core dump shows only in the SIGCHLD the parent is sent
	 * (signal_generate in the dying task, after its sched_process_exit):
	 * an event of its own, and the discard event leaves those out, so
	 * a sample comes once
	 */
	int dumped = (y->set.ptp & UDT_PTP_EXIT) && y->off_gcode >= 0;
	const char *gen_filter = dumped ?
	    "result == 1 && (sig != 17 || code != 3)" : "result == 1";
	for (int c = 0; c < b->ncpu; c++) {
		if (!b->online[c])
			continue;
		if (global) {
			if ((any_e && sys_open(b, y->enter_tp, fent, -1, c, 1) < 0) ||
			    (any_r && sys_open(b, y->exit_tp, fret, -1, c, 1) < 0))
				goto fail;
			/* signal_generate: only the signals dropped as ignored */
			for (int i = 0; i < 5; i++)
				if ((y->set.ptp & (1u << i)) &&
				    sys_open(b, y->ptp_id[i], i == 4 ?
				    gen_filter : "", -1, c, 1) < 0)
					goto fail;
			if (dumped && sys_open(b, y->ptp_id[4], DUMPED_FILTER, -1,
			    c, 1) < 0)
				goto fail;
			continue;
		}
		for (up_proc_t *up = b->procs; up; up = up->next) {
			const pid_t *tids;
			size_t n = proc_threads(up->p, &tids);
			for (size_t i = 0; i < n; i++) {
				if ((any_e && sys_open(b, y->enter_tp, fent, tids[i],
				    c, 0) < 0) ||
				    (any_r && sys_open(b, y->exit_tp, fret, tids[i],
				    c, 0) < 0))
					goto fail;
				/* inherited: the descendants' process events */
				for (int k = 0; k < 5; k++)
					if ((y->set.ptp & (1u << k)) &&
					    sys_open(b, y->ptp_id[k], k == 4 ?
					    gen_filter : "", tids[i], c, 0) < 0)
						goto fail;
				if (dumped && sys_open(b, y->ptp_id[4],
				    DUMPED_FILTER, tids[i], c, 0) < 0)
					goto fail;
			}
		}
	}
	return 0;
fail:
	sys_close_all(b);
	memset(&y->set, 0, sizeof y->set);
	return -1;
}

void up_sys_fini(up_backend_t *b)
{
	sys_close_all(b);
	free(b->sys.ev);
	b->sys.ev = NULL;
	b->sys.capev = 0;
}

/* ---- the drain path: no allocation below ---- */

/* A process tracepoint's sample (pt: pid, tid of the task it ran in). */
static void ptp_sample(up_backend_t *b, const uint32_t *pt, uint32_t cpu,
    const unsigned char *raw, uint32_t rawsize, uint16_t type)
{
	const udt_backend_cb_t *cb = &b->base.cb;
	up_sys_t *y = &b->sys;
	udt_hit_t *h = &b->hit;
	int ev = -1;
	int64_t a0 = 0, a1 = 0;
	const siginfo_t *sih = NULL;
	int dis = 0;             /* a dumped notice that is a discard too */
	int32_t dsig = 0, dto = 0;

	if (!cb->procev || !y->ptp_ready || (pid_t)pt[0] == y->self)
		return;
	/* a watched process's own events come from the inner ptrace */
	if (!y->global)
		for (const up_proc_t *up = b->procs; up; up = up->next)
			if (up->pid == (pid_t)pt[0])
				return;
	if (type == (uint16_t)y->ptp_id[0] &&
	    (size_t)y->off_flags + 8 <= rawsize) {
		int32_t np;
		uint64_t fl;
		memcpy(&np, raw + y->off_newpid, 4);
		memcpy(&fl, raw + y->off_flags, 8);
		ev = (fl & CLONE_THREAD) ? UDT_PEV_LWP : UDT_PEV_FORK;
		a0 = np;
	} else if (type == (uint16_t)y->ptp_id[1]) {
		uint32_t loc, off, len;
		const char *old = up_comm_take_old(b, (pid_t)pt[0]);
		ev = UDT_PEV_EXEC;
		a0 = (int64_t)(uintptr_t)old;
		/* the path exec was given: __data_loc is length << 16 | offset */
		if (y->off_execfn >= 0 &&
		    (size_t)y->off_execfn + 4 <= rawsize) {
			memcpy(&loc, raw + y->off_execfn, 4);
			off = loc & 0xffff;
			len = loc >> 16;
			if (len > sizeof y->execfn - 1)
				len = sizeof y->execfn - 1;
			if (len > 0 && (size_t)off + len <= rawsize) {
				memcpy(y->execfn, raw + off, len);
				y->execfn[len] = '\0';
				a1 = (int64_t)(uintptr_t)y->execfn;
			}
		}
	}
	else if (type == (uint16_t)y->ptp_id[2] &&
	    (size_t)y->off_dead + 1 <= rawsize) {
		ev = UDT_PEV_EXIT;
		a0 = raw[y->off_dead] != 0;
	} else if (type == (uint16_t)y->ptp_id[3] &&
	    (size_t)y->off_handler + 8 <= rawsize) {
		int32_t sig;
		uint64_t ha;
		memcpy(&sig, raw + y->off_sig, 4);
		memcpy(&ha, raw + y->off_handler, 8);
		ev = UDT_PEV_SIGACT;
		a0 = sig;
		a1 = (int64_t)ha;
		/* the rest of the siginfo stays in the kernel: 0 */
		memset(&y->si, 0, sizeof y->si);
		y->si.si_signo = sig;
		if (y->off_serrno >= 0 && (size_t)y->off_serrno + 4 <= rawsize)
			memcpy(&y->si.si_errno, raw + y->off_serrno, 4);
		if (y->off_scode >= 0 && (size_t)y->off_scode + 4 <= rawsize)
			memcpy(&y->si.si_code, raw + y->off_scode, 4);
		sih = &y->si;
	} else if (type == (uint16_t)y->ptp_id[4] &&
	    (size_t)y->off_gpid + 4 <= rawsize &&
	    (size_t)y->off_gsig + 4 <= rawsize) {
		int32_t sig, to, code = 0, res = 0;
		memcpy(&sig, raw + y->off_gsig, 4);
		memcpy(&to, raw + y->off_gpid, 4);
		if (y->off_gcode >= 0 && (size_t)y->off_gcode + 4 <= rawsize)
			memcpy(&code, raw + y->off_gcode, 4);
		if (y->off_gres >= 0 && (size_t)y->off_gres + 4 <= rawsize)
			memcpy(&res, raw + y->off_gres, 4);
		if (sig == SIGCHLD && code == CLD_DUMPED &&
		    (y->set.ptp & UDT_PTP_EXIT)) {
			/* the dumped notice; a discard too if it was one */
			ev = UDT_PEV_DUMPED;
			if (res == 1 && (y->set.ptp & UDT_PTP_DISCARD))
				dis = 1;
		} else {
			ev = UDT_PEV_SIGDISCARD;
		}
		a0 = ev == UDT_PEV_DUMPED ? 0 : sig;
		a1 = ev == UDT_PEV_DUMPED ? 0 : to;
		dsig = sig;
		dto = to;
	}
	if (ev < 0)
		return;
	memset(h->regs, 0, sizeof h->regs);
	h->proc = NULL;
	up_comm_fill(b, h, (pid_t)pt[0]);
	h->pid = (pid_t)pt[0];
	h->tid = (pid_t)pt[1];
	h->cpu = (int)cpu;
	h->stack = NULL;
	h->stacklen = 0;
	h->cookie = NULL;
	h->siginfo = sih;
	cb->procev(cb->arg, h, ev, a0, a1);
	h->siginfo = NULL;
	if (dis)
		cb->procev(cb->arg, h, UDT_PEV_SIGDISCARD, dsig, dto);
}

void up_sys_sample(up_backend_t *b, const unsigned char *rec, size_t size)
{
	const udt_backend_cb_t *cb = &b->base.cb;
	up_sys_t *y = &b->sys;
	udt_hit_t *h = &b->hit;
	const unsigned char *p = rec + sizeof(struct perf_event_header);
	const unsigned char *end = rec + size, *raw;
	uint32_t pt[2], cpu[2], rawsize;
	uint16_t type;
	int64_t nr;
	int ret;

	if (p + 44 > end)
		return;
	memcpy(pt, p + 16, 8);
	memcpy(&h->time, p + 24, 8);
	memcpy(cpu, p + 32, 8);
	memcpy(&rawsize, p + 40, 4);
	raw = p + 44;
	if (raw + rawsize > end || rawsize < 8)
		return;
	memcpy(&type, raw, 2);
	if (type != (uint16_t)y->enter_tp && type != (uint16_t)y->exit_tp) {
		ptp_sample(b, pt, cpu[0], raw, rawsize, type);
		return;
	}
	if (!cb->syscall)
		return;
	ret = type == (uint16_t)y->exit_tp;
	if ((size_t)(ret ? y->off_ret + 8 : y->off_args + 48) > rawsize ||
	    (size_t)y->off_id + 8 > rawsize)
		return;
	memcpy(&nr, raw + y->off_id, 8);
	if (nr < 0 || !udt_sysset_has(ret ? y->set.ret : y->set.entry,
	    (unsigned)nr))
		return;
	if (proc_injected((pid_t)pt[1], h->time))
		return;
	if (y->global && (pid_t)pt[0] == y->self)
		return;
	memset(h->regs, 0, sizeof h->regs);
	h->regs[R_ORIG_RAX] = (uint64_t)nr;
	if (ret)
		memcpy(&h->regs[R_RAX], raw + y->off_ret, 8);
	else {
		static const int slot[6] = {
			R_RDI, R_RSI, R_RDX, R_R10, R_R8, R_R9
		};
		for (int i = 0; i < 6; i++)
			memcpy(&h->regs[slot[i]], raw + y->off_args + 8 * i, 8);
	}
	h->proc = NULL;
	for (const up_proc_t *up = b->procs; up; up = up->next)
		if (up->pid == (pid_t)pt[0])
			h->proc = up->p;
	/* not a process we watch: what the trackers heard of it */
	if (h->proc) {
		h->comm = NULL;
		h->ppid = 0;
		h->idknown = 0;
	} else
		up_comm_fill(b, h, (pid_t)pt[0]);
	h->pid = (pid_t)pt[0];
	h->tid = (pid_t)pt[1];
	h->cpu = (int)cpu[0];
	h->stack = NULL;
	h->stacklen = 0;
	h->cookie = NULL;
	cb->syscall(cb->arg, h, (int)nr, ret);
}
