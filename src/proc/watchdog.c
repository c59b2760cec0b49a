/*
 * watchdog.c — the patch-table mirror and the process that restores it
 * when udtrace dies without running any of its own exit paths (SIGKILL,
 * the OOM killer).
 *
 * Owns: one MAP_SHARED anonymous table, created before the fork so both
 * processes see it, and the watchdog process: forked twice (so it is no
 * child of udtrace, whose backend reaps every child with waitpid(-1)),
 * holding only the read end of a pipe whose write end only udtrace holds.
 * End of file on that pipe means udtrace is gone: when a tracer dies the
 * kernel detaches its tracees, so the watchdog can then PTRACE_SEIZE
 * them (retrying while the dead tracer's detach is still under way),
 * stop every thread, write the original bytes back through
 * /proc/PID/mem and detach.
 * Must not: allocate or block in the hooks (they run inside proc_patch
 * and proc_unpatch), hold any descriptor of udtrace's (the target's
 * output, a -o file, the pipe's write end), or react to the terminal's
 * SIGINT/SIGHUP (a normal exit of udtrace restores everything itself and
 * then the watchdog finds nothing to do).
 * Invariant: see watchdog.h. A process is checked to be the one its
 * entries name before it is seized (a pid reused since is left alone)
 * and again once every thread is stopped, before any byte is written
 * (it cannot change identity while we hold it). Scratch pages are left mapped: a thread
 * running a displaced instruction out of line there jumps back to the
 * original code by itself. A thread stopped in a breakpoint hit at the
 * moment udtrace died is resumed by the kernel with its SIGTRAP, and a
 * thread may reach an int3 before we have attached: both are the SIGTRAP
 * guard's (guard.c), which is why restoring here need not be instant.
 */
#include "proc/watchdog.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>

#define WD_CAP (1u << 20)            /* patched bytes mirrored (16 MiB, reserved lazily) */
/* WD_SEMA: a USDT semaphore we incremented (orig unused): decremented, not restored */
enum { WD_EMPTY, WD_LIVE, WD_GONE, WD_SEMA };

typedef struct wd_ent {
	uint64_t addr;
	uint64_t start;      /* the process's start time: with pid, who it is */
	int32_t pid;
	uint8_t orig;
	uint8_t state;
} wd_ent_t;

static wd_ent_t *mirror;
/*
 * One byte per page of the mirror, set when an entry on it is written:
 * the scans at the end read only those pages, since reading the others
 * would make the kernel allocate all of the mirror's shared memory.
 */
#define WD_PER (4096 / sizeof(wd_ent_t))
static unsigned char *touched;
static int wd_wfd = -1;

static size_t home(pid_t pid, uint64_t addr)
{
	uint64_t k = (addr ^ ((uint64_t)(uint32_t)pid << 40)) * 0x9E3779B97F4A7C15ull;
	return (size_t)(k >> 44) & (WD_CAP - 1);
}

static void note(pid_t pid, uint64_t start, uint64_t addr, uint8_t orig,
    uint8_t state)
{
	if (mirror == NULL)
		return;
	size_t i = home(pid, addr), tomb = WD_CAP;
	for (size_t n = 0; n < WD_CAP; n++, i = (i + 1) & (WD_CAP - 1)) {
		wd_ent_t *e = &mirror[i];
		if (e->state == WD_EMPTY)
			break;
		if (e->state == WD_GONE) {
			if (tomb == WD_CAP)
				tomb = i;
			continue;
		}
		if (e->pid == pid && e->start == start && e->addr == addr)
			return;      /* the first original stays */
	}
	if (tomb != WD_CAP)
		i = tomb;
	else if (mirror[i].state != WD_EMPTY)
		return;          /* full: this byte goes unguarded */
	mirror[i].addr = addr;
	mirror[i].start = start;
	mirror[i].pid = pid;
	mirror[i].orig = orig;
	mirror[i].state = state;
	touched[i / WD_PER] = 1;
}

void wd_note_patch(pid_t pid, uint64_t start, uint64_t addr, uint8_t orig)
{
	note(pid, start, addr, orig, WD_LIVE);
}

void wd_note_sema(pid_t pid, uint64_t start, uint64_t addr)
{
	note(pid, start, addr, 0, WD_SEMA);
}

uint64_t wd_proc_start(pid_t pid)
{
	char path[64], buf[1024], *s;
	ssize_t n;
	int fd, field = 3;

	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return 0;
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	/* the name (field 2) may hold spaces and parentheses: after its last ')' */
	if (!(s = strrchr(buf, ')')) || s[1] != ' ')
		return 0;
	for (s += 2; *s; s++)
		if (*s == ' ' && ++field == 22)
			return strtoull(s + 1, NULL, 10);
	return 0;
}

int wd_same_process(pid_t pid, uint64_t start)
{
	return pid > 0 && start != 0 && wd_proc_start(pid) == start;
}

/* The first entry index >= i on a page that was ever written, or WD_CAP. */
static size_t next_touched(size_t i)
{
	while (i < WD_CAP && !touched[i / WD_PER])
		i = (i / WD_PER + 1) * WD_PER;
	return i;
}

static void unnote(pid_t pid, uint64_t start, uint64_t addr, uint8_t state)
{
	if (mirror == NULL)
		return;
	size_t i = home(pid, addr);
	for (size_t n = 0; n < WD_CAP; n++, i = (i + 1) & (WD_CAP - 1)) {
		wd_ent_t *e = &mirror[i];
		if (e->state == WD_EMPTY)
			return;
		if (e->state == state && e->pid == pid && e->start == start &&
		    e->addr == addr) {
			e->state = WD_GONE;
			return;
		}
	}
}

void wd_note_unpatch(pid_t pid, uint64_t start, uint64_t addr)
{
	unnote(pid, start, addr, WD_LIVE);
}

void wd_note_unsema(pid_t pid, uint64_t start, uint64_t addr)
{
	unnote(pid, start, addr, WD_SEMA);
}

static int find_orig(pid_t pid, uint64_t start, uint64_t addr, uint8_t *orig)
{
	size_t i = home(pid, addr);
	for (size_t n = 0; n < WD_CAP; n++, i = (i + 1) & (WD_CAP - 1)) {
		wd_ent_t *e = &mirror[i];
		if (e->state == WD_EMPTY)
			return 0;
		if (e->state == WD_LIVE && e->pid == pid && e->start == start &&
		    e->addr == addr) {
			*orig = e->orig;
			return 1;
		}
	}
	return 0;
}

/* ---- the watchdog's side ---- */

#define WD_MAXTH 4096

typedef struct wd_th {
	pid_t tid;
	int sig;     /* signal to deliver at detach */
} wd_th_t;

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * Seize tid, waiting out the dead tracer's detach (EPERM meanwhile).
 * 1 attached, 0 gone or not attachable.
 */
static int seize(pid_t tid)
{
	double end = now() + 5.0;
	for (;;) {
		if (ptrace(PTRACE_SEIZE, tid, 0, 0) == 0)
			return 1;
		if (errno != EPERM || now() > end)
			return 0;
		usleep(200);
	}
}

static int known(const wd_th_t *th, size_t n, pid_t tid)
{
	for (size_t i = 0; i < n; i++)
		if (th[i].tid == tid)
			return 1;
	return 0;
}

/*
 * Attach and stop every thread of pid (re-listing until no new one
 * appears). *ours: pid is still the process that started at start, as
 * checked once all are seized; only then is a trap of ours rewound.
 */
static size_t stop_all(pid_t pid, uint64_t start, wd_th_t *th, int *ours)
{
	size_t n = 0;
	char path[64];
	for (int more = 1; more && n < WD_MAXTH;) {
		more = 0;
		snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
		DIR *d = opendir(path);
		if (d == NULL)
			break;
		struct dirent *de;
		while ((de = readdir(d)) != NULL && n < WD_MAXTH) {
			pid_t tid = (pid_t)atoi(de->d_name);
			if (tid <= 0 || known(th, n, tid))
				continue;
			if (!seize(tid))
				continue;
			ptrace(PTRACE_INTERRUPT, tid, 0, 0);
			th[n].tid = tid;
			th[n].sig = 0;
			n++;
			more = 1;
		}
		closedir(d);
	}
	/* held now: the pid cannot pass to another process until we let go */
	*ours = wd_same_process(pid, start);
	for (size_t i = 0; i < n; i++) {
		int st;
		if (waitpid(th[i].tid, &st, __WALL) < 0 || !WIFSTOPPED(st)) {
			th[i].tid = 0;    /* gone */
			continue;
		}
		int sig = WSTOPSIG(st);
		if ((st >> 16) != 0)
			continue;          /* our interrupt (or another event) stop */
		/*
		 * A signal-delivery stop: a SIGTRAP right after one of our
		 * int3s (hit while nobody traced) is rewound to the restored
		 * instruction and dropped; any other signal is passed on.
		 */
		if (sig == SIGTRAP && *ours) {
			struct user_regs_struct r;
			uint8_t o;
			if (ptrace(PTRACE_GETREGS, th[i].tid, 0, &r) == 0 &&
			    find_orig(pid, start, r.rip - 1, &o)) {
				r.rip -= 1;
				ptrace(PTRACE_SETREGS, th[i].tid, 0, &r);
				continue;
			}
		}
		th[i].sig = sig;
	}
	return n;
}

/*
 * Restore the entries of process (pid, start): 0 bytes when it is gone
 * or pid names another process now (which is then never seized).
 */
static long restore_proc(pid_t pid, uint64_t start)
{
	static wd_th_t th[WD_MAXTH];
	long done = 0;
	char path[64];
	int ours = 0;
	if (!wd_same_process(pid, start))
		return 0;
	size_t n = stop_all(pid, start, th, &ours);
	snprintf(path, sizeof(path), "/proc/%d/mem", (int)pid);
	int fd = n && ours ? open(path, O_RDWR | O_CLOEXEC) : -1;
	for (size_t i = next_touched(0); i < WD_CAP && fd >= 0; i = next_touched(i + 1)) {
		wd_ent_t *e = &mirror[i];
		uint16_t v;
		if ((e->state != WD_LIVE && e->state != WD_SEMA) || e->pid != pid ||
		    e->start != start)
			continue;
		if (e->state == WD_SEMA) {
			/* ours out of the count, others' increments kept */
			if (pread(fd, &v, 2, (off_t)e->addr) == 2 && v > 0) {
				v--;
				if (pwrite(fd, &v, 2, (off_t)e->addr) == 2)
					done++;
			}
		} else if (pwrite(fd, &e->orig, 1, (off_t)e->addr) == 1)
			done++;
		e->state = WD_GONE;
	}
	if (fd >= 0)
		close(fd);
	for (size_t i = 0; i < n; i++)
		if (th[i].tid > 0)
			ptrace(PTRACE_DETACH, th[i].tid, 0, (void *)(long)th[i].sig);
	return done;
}

long wd_restore_all(void)
{
	long done = 0;
	if (mirror == NULL)
		return 0;
	for (size_t i = next_touched(0); i < WD_CAP; i = next_touched(i + 1)) {
		if (mirror[i].state != WD_LIVE && mirror[i].state != WD_SEMA)
			continue;
		pid_t pid = mirror[i].pid;
		uint64_t start = mirror[i].start;
		long r = restore_proc(pid, start);
		/* Nothing restored (gone, or the pid is another's): drop its entries. */
		for (size_t j = i; r == 0 && j < WD_CAP; j = next_touched(j + 1))
			if ((mirror[j].state == WD_LIVE ||
			    mirror[j].state == WD_SEMA) && mirror[j].pid == pid &&
			    mirror[j].start == start)
				mirror[j].state = WD_GONE;
		done += r;
	}
	return done;
}

static _Noreturn void watchdog_main(int rfd)
{
	/* Keep nothing of udtrace's open: only the pipe, and /dev/null as stdio. */
	/* Two system calls rather than one per possible descriptor: this runs while udtrace starts. */
	if ((rfd > 0 && close_range(0, (unsigned)rfd - 1, 0) < 0) ||
	    close_range((unsigned)rfd + 1, ~0u, 0) < 0) {
		long maxfd = sysconf(_SC_OPEN_MAX);
		if (maxfd < 0 || maxfd > 65536)
			maxfd = 65536;
		for (int fd = 0; fd < maxfd; fd++)
			if (fd != rfd)
				close(fd);
	}
	int nul = open("/dev/null", O_RDWR);
	if (nul == 0) {
		dup2(0, 1);
		dup2(0, 2);
	}
	signal(SIGINT, SIG_IGN);
	signal(SIGTERM, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
	signal(SIGPIPE, SIG_IGN);
	signal(SIGCHLD, SIG_DFL);
	sigset_t all;
	sigemptyset(&all);
	sigprocmask(SIG_SETMASK, &all, NULL);
	prctl(PR_SET_NAME, "udtrace-wd", 0, 0, 0);

	char c;
	for (;;) {
		ssize_t r = read(rfd, &c, 1);
		if (r == 0 || (r < 0 && errno != EINTR))
			break;
	}
	wd_restore_all();
	_exit(0);
}

int wd_start(void)
{
	if (wd_wfd >= 0)
		return 0;
	size_t len = WD_CAP * sizeof(wd_ent_t) + WD_CAP / WD_PER;
	void *m = mmap(NULL, len, PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (m == MAP_FAILED)
		return -1;
	int fds[2];
	if (pipe2(fds, O_CLOEXEC) < 0) {
		munmap(m, len);
		return -1;
	}
	mirror = m;
	touched = (unsigned char *)m + WD_CAP * sizeof(wd_ent_t);
	pid_t c = fork();
	if (c == 0) {
		close(fds[1]);
		if (fork() == 0)
			watchdog_main(fds[0]);
		_exit(0);
	}
	close(fds[0]);
	if (c < 0) {
		close(fds[1]);
		mirror = NULL;
		touched = NULL;
		munmap(m, len);
		return -1;
	}
	int st;
	while (waitpid(c, &st, 0) < 0 && errno == EINTR)
		;
	wd_wfd = fds[1];
	return 0;
}
