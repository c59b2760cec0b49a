/*
 * procinfo.c — DTrace's process translators, read from /proc: the
 * psinfo_t, lwpsinfo_t and fileinfo_t that curpsinfo, curlwpsinfo, fds[]
 * and the proc provider's args[] point to (layouts in udtrace/procfs.h),
 * and from /sys the cpuinfo_t curcpu points to.
 *
 * Owns: mapping Linux's /proc files onto illumos's fields, and the
 * dif_hit_t.xlate callback the emulator calls the first time a firing
 * names one of those objects (src/dif/xlate.c explains the slots).
 * Must not: allocate (it runs on the hit path: fixed buffers on the
 * stack, no stdio), or fail loudly: a field /proc cannot give stays 0 (a
 * process already gone still shows what the hit knew of it).
 * Invariant: what is filled describes the object at the hit: curlwpsinfo
 * is on a CPU (SONPROC, the hit's cpu) as in DTrace, where the probe runs
 * in the thread; every other thread shows its /proc state.
 *
 * Fields with no Linux counterpart keep DTrace's "none" values: pr_addr,
 * pr_wchan 0 (no kernel address is visible to user space), pr_contract
 * -1, pr_taskid/projid/poolid/zoneid 0, pr_bindpro/pr_bindpset -1; as
 * DTrace's translator, pr_lwp inside psinfo_t is left zero.
 */
#include "consumer/procinfo.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "dif/emu.h"
#include "udtrace/procfs.h"

/* Read a small /proc file whole into buf (NUL-terminated). Bytes, or -1. */
static ssize_t slurp(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	size_t n = 0;
	while (n + 1 < len) {
		ssize_t r = read(fd, buf + n, len - 1 - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	buf[n] = '\0';
	return (ssize_t)n;
}

/*
 * The fields of a stat line after "(comm)": f[k] is field k + 3 of
 * proc(5)'s numbering (f[0] the state). Returns how many, comm copied.
 */
#define STAT_NF 50
static int stat_fields(char *buf, const char **f, char *comm, size_t clen)
{
	char *lp = strchr(buf, '('), *rp = strrchr(buf, ')');
	if (lp == NULL || rp == NULL || rp < lp)
		return 0;
	if (comm != NULL) {
		size_t n = (size_t)(rp - lp - 1);
		if (n >= clen)
			n = clen - 1;
		memcpy(comm, lp + 1, n);
		comm[n] = '\0';
	}
	int nf = 0;
	char *s = rp + 1;
	while (nf < STAT_NF) {
		while (*s == ' ')
			s++;
		if (*s == '\0' || *s == '\n')
			break;
		f[nf++] = s;
		while (*s != ' ' && *s != '\0' && *s != '\n')
			s++;
		if (*s != '\0')
			*s++ = '\0';
	}
	return nf;
}

/* proc(5) field number k (1-based) of a parsed stat line, as a number. */
static long long statn(const char **f, int nf, int k)
{
	return k - 3 < nf && k >= 3 ? strtoll(f[k - 3], NULL, 10) : 0;
}

static long clk_tck(void)
{
	static long hz;
	if (hz == 0) {
		hz = sysconf(_SC_CLK_TCK);
		if (hz <= 0)
			hz = 100;
	}
	return hz;
}

/* The boot time (seconds since the epoch), from /proc/stat's btime. */
static long long boot_time(void)
{
	static long long bt = -1;
	if (bt < 0) {
		char buf[8192];
		bt = 0;
		if (slurp("/proc/stat", buf, sizeof(buf)) > 0) {
			const char *p = strstr(buf, "\nbtime ");
			if (p != NULL)
				bt = strtoll(p + 7, NULL, 10);
		}
	}
	return bt;
}

static void ticks_ts(long long ticks, udt_timestruc_t *ts)
{
	long hz = clk_tck();
	ts->tv_sec = ticks / hz;
	ts->tv_nsec = (ticks % hz) * (1000000000LL / hz);
}

/* A tick count since boot as a time since the epoch. */
static void since_boot_ts(long long ticks, udt_timestruc_t *ts)
{
	ticks_ts(ticks, ts);
	ts->tv_sec += boot_time();
}

/* The value after "Key:" in a status file, field i (0-based) of it. */
static long long status_field(const char *buf, const char *key, int i)
{
	size_t kl = strlen(key);
	for (const char *p = buf; p != NULL && *p; ) {
		if (strncmp(p, key, kl) == 0 && p[kl] == ':') {
			char *e;
			const char *s = p + kl + 1;
			long long v = 0;
			for (int k = 0; k <= i; k++) {
				v = strtoll(s, &e, 10);
				if (e == s)
					return 0;
				s = e;
			}
			return v;
		}
		p = strchr(p, '\n');
		if (p != NULL)
			p++;
	}
	return 0;
}

static void copy_str(char *dst, size_t len, const char *src)
{
	size_t n = strlen(src);
	if (n >= len)
		n = len - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* illumos's class names for Linux's scheduling policies. */
static const char *class_name(long long policy)
{
	switch (policy) {
	case 1: case 2: return "RT";        /* SCHED_FIFO, SCHED_RR */
	case 6: return "DL";                /* SCHED_DEADLINE */
	default: return "TS";               /* OTHER, BATCH, IDLE */
	}
}

static void lwp_state(char st, udt_lwpsinfo_t *l)
{
	switch (st) {
	case 'R': l->pr_state = UDT_SRUN; l->pr_sname = 'R'; break;
	case 'S':
		l->pr_state = UDT_SSLEEP; l->pr_sname = 'S';
		l->pr_flag |= UDT_PR_ASLEEP;
		break;
	case 'D': case 'I': case 'W': case 'P':
		l->pr_state = UDT_SSLEEP; l->pr_sname = 'S'; break;
	case 'T': case 't':
		l->pr_state = UDT_SSTOP; l->pr_sname = 'T';
		l->pr_flag |= UDT_PR_STOPPED | UDT_PR_ISTOP;
		break;
	case 'Z': case 'X': case 'x':
		l->pr_state = UDT_SZOMB; l->pr_sname = 'Z'; break;
	default: l->pr_sname = '?'; break;
	}
}

void procinfo_lwpsinfo(pid_t pid, pid_t tid, int oncpu, int cpu,
    udt_lwpsinfo_t *l)
{
	char path[96], buf[1024];
	const char *f[STAT_NF];
	l->pr_lwpid = tid;
	l->pr_bindpro = -1;
	l->pr_bindpset = -1;
	if (pid <= 0) {
		/* whose thread? /proc/TID/status names its process */
		char sb[2048];
		snprintf(path, sizeof(path), "/proc/%d/status", (int)tid);
		pid = slurp(path, sb, sizeof(sb)) > 0 ?
		    (pid_t)status_field(sb, "Tgid", 0) : tid;
	}
	snprintf(path, sizeof(path), "/proc/%d/task/%d/stat", (int)pid,
	    (int)tid);
	int nf = 0;
	if (slurp(path, buf, sizeof(buf)) > 0)
		nf = stat_fields(buf, f, l->pr_name, sizeof(l->pr_name));
	if (nf > 0) {
		lwp_state(f[0][0], l);
		l->pr_nice = (char)statn(f, nf, 19);
		/* the kernel's prio (stat shows it less 100), as Linux DTrace */
		l->pr_pri = (int32_t)(statn(f, nf, 18) + 100);
		since_boot_ts(statn(f, nf, 22), &l->pr_start);
		ticks_ts(statn(f, nf, 14) + statn(f, nf, 15), &l->pr_time);
		l->pr_onpro = (int32_t)statn(f, nf, 39);
		copy_str(l->pr_clname, sizeof(l->pr_clname),
		    class_name(statn(f, nf, 41)));
	}
	if (oncpu) {
		/* the probe runs in this thread: it is on a CPU, in no call */
		l->pr_state = UDT_SONPROC;
		l->pr_sname = 'O';
		l->pr_flag = 0;
		l->pr_onpro = cpu;
		return;
	}
	/* a thread stopped in a system call names it; "running" is none */
	snprintf(path, sizeof(path), "/proc/%d/task/%d/syscall", (int)pid,
	    (int)tid);
	if (nf > 0 && slurp(path, buf, 64) > 0 && isdigit((unsigned char)buf[0]))
		l->pr_syscall = (int16_t)atoi(buf);
}

/* pr_dmodel: the executable's ELF class. */
static char data_model(pid_t pid)
{
	char path[64];
	unsigned char e[5];
	snprintf(path, sizeof(path), "/proc/%d/exe", (int)pid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return UDT_PR_MODEL_LP64;
	ssize_t n = read(fd, e, sizeof(e));
	close(fd);
	if (n == 5 && memcmp(e, "\177ELF", 4) == 0 && e[4] == 1)
		return UDT_PR_MODEL_ILP32;
	return UDT_PR_MODEL_LP64;
}

/* pr_psargs (the first PRARGSZ-1 bytes, NULs as spaces) and pr_argc. */
static void cmdline(pid_t pid, udt_psinfo_t *ps)
{
	char path[64], buf[4096];
	snprintf(path, sizeof(path), "/proc/%d/cmdline", (int)pid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	size_t have = 0;
	int argc = 0;
	for (;;) {
		ssize_t r = read(fd, buf, sizeof(buf));
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		for (ssize_t i = 0; i < r; i++) {
			if (buf[i] == '\0')
				argc++;
			if (have < UDT_PRARGSZ - 1)
				ps->pr_psargs[have++] = buf[i] ? buf[i] : ' ';
		}
	}
	close(fd);
	while (have > 0 && ps->pr_psargs[have - 1] == ' ')
		have--;
	ps->pr_psargs[have] = '\0';
	ps->pr_argc = argc;
}

void procinfo_psinfo(pid_t pid, udt_psinfo_t *ps)
{
	char path[64], buf[1024], sb[4096];
	const char *f[STAT_NF];
	ps->pr_pid = pid;
	ps->pr_contract = -1;
	ps->pr_ttydev = (uint64_t)-1;
	ps->pr_dmodel = UDT_PR_MODEL_LP64;
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	int nf = 0;
	char comm[UDT_PRFNSZ];
	if (slurp(path, buf, sizeof(buf)) > 0)
		nf = stat_fields(buf, f, comm, sizeof(comm));
	if (nf == 0)
		return;
	copy_str(ps->pr_fname, sizeof(ps->pr_fname), comm);
	ps->pr_ppid = (int32_t)statn(f, nf, 4);
	ps->pr_pgid = (int32_t)statn(f, nf, 5);
	ps->pr_sid = (int32_t)statn(f, nf, 6);
	long long tty = statn(f, nf, 7);
	ps->pr_ttydev = tty != 0 ? (uint64_t)tty : (uint64_t)-1;
	ticks_ts(statn(f, nf, 14) + statn(f, nf, 15), &ps->pr_time);
	ticks_ts(statn(f, nf, 16) + statn(f, nf, 17), &ps->pr_ctime);
	ps->pr_nlwp = (int32_t)statn(f, nf, 20);
	since_boot_ts(statn(f, nf, 22), &ps->pr_start);
	ps->pr_size = (uint64_t)statn(f, nf, 23) / 1024;
	ps->pr_rssize = (uint64_t)statn(f, nf, 24) *
	    (uint64_t)sysconf(_SC_PAGESIZE) / 1024;
	char state = f[0][0];
	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	if (slurp(path, sb, sizeof(sb)) > 0) {
		ps->pr_uid = (uint32_t)status_field(sb, "Uid", 0);
		ps->pr_euid = (uint32_t)status_field(sb, "Uid", 1);
		ps->pr_gid = (uint32_t)status_field(sb, "Gid", 0);
		ps->pr_egid = (uint32_t)status_field(sb, "Gid", 1);
	}
	if (state == 'Z' || state == 'X')
		return;         /* no memory, no arguments */
	cmdline(pid, ps);
	/*
	 * The kernel's start_stack is where argc sits; argv and envp follow
	 * it (the vectors, as illumos's pr_argv and pr_envp).
	 */
	uint64_t ss = (uint64_t)statn(f, nf, 28);
	if (ss != 0) {
		ps->pr_argv = ss + 8;
		ps->pr_envp = ss + 8 + 8 * ((uint64_t)ps->pr_argc + 1);
	}
	ps->pr_dmodel = data_model(pid);
}

/* DTrace's basename()/dirname() of a clean path, into fi's members. */
static void split_path(udt_fileinfo_t *fi)
{
	const char *p = fi->fi_pathname;
	const char *slash = strrchr(p, '/');
	if (slash == NULL) {
		copy_str(fi->fi_name, sizeof(fi->fi_name), p);
		copy_str(fi->fi_dirname, sizeof(fi->fi_dirname), ".");
	} else if (slash == p) {
		copy_str(fi->fi_name, sizeof(fi->fi_name), p[1] ? p + 1 : "/");
		copy_str(fi->fi_dirname, sizeof(fi->fi_dirname), "/");
	} else {
		copy_str(fi->fi_name, sizeof(fi->fi_name), slash + 1);
		size_t n = (size_t)(slash - p);
		if (n >= sizeof(fi->fi_dirname))
			n = sizeof(fi->fi_dirname) - 1;
		memcpy(fi->fi_dirname, p, n);
		fi->fi_dirname[n] = '\0';
	}
}

/* mountinfo's octal escapes (\040 for a space) undone in place. */
static void unescape(char *s)
{
	char *d = s;
	while (*s) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' &&
		    s[2] >= '0' && s[2] <= '7' && s[3] >= '0' && s[3] <= '7') {
			*d++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 +
			    (s[3] - '0'));
			s += 4;
		} else {
			*d++ = *s++;
		}
	}
	*d = '\0';
}

/* One mountinfo line: if its id is mnt, its mount point and type. */
static int mount_line(char *line, long mnt, udt_fileinfo_t *fi)
{
	char *save, *tok = strtok_r(line, " ", &save);
	if (tok == NULL || strtol(tok, NULL, 10) != mnt)
		return 0;
	char *mp = NULL;
	for (int k = 2; k <= 5 && (tok = strtok_r(NULL, " ", &save)); k++)
		if (k == 5)
			mp = tok;
	while ((tok = strtok_r(NULL, " ", &save)) != NULL &&
	    strcmp(tok, "-") != 0)
		;
	char *type = tok ? strtok_r(NULL, " ", &save) : NULL;
	if (mp == NULL || type == NULL)
		return 0;
	unescape(mp);
	copy_str(fi->fi_mount, sizeof(fi->fi_mount), mp);
	copy_str(fi->fi_fs, sizeof(fi->fi_fs), type);
	return 1;
}

/* Find mount mnt of pid's namespace: streamed through a fixed buffer. */
static int find_mount(pid_t pid, long mnt, udt_fileinfo_t *fi)
{
	char path[64], buf[4096];
	snprintf(path, sizeof(path), "/proc/%d/mountinfo", (int)pid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	size_t have = 0;
	int found = 0;
	while (!found) {
		ssize_t r = read(fd, buf + have, sizeof(buf) - 1 - have);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		have += (size_t)r;
		buf[have] = '\0';
		char *s = buf, *nl;
		while (!found && (nl = strchr(s, '\n')) != NULL) {
			*nl = '\0';
			found = mount_line(s, mnt, fi);
			s = nl + 1;
		}
		have -= (size_t)(s - buf);
		memmove(buf, s, have);
		if (have == sizeof(buf) - 1)
			have = 0;       /* a line longer than the buffer: skip */
	}
	close(fd);
	return found;
}

void procinfo_fileinfo(pid_t pid, int fd, udt_fileinfo_t *fi)
{
	char path[96], buf[1024];
	ssize_t n = -1;
	if (fd >= 0) {
		snprintf(path, sizeof(path), "/proc/%d/fd/%d", (int)pid, fd);
		n = readlink(path, fi->fi_pathname, sizeof(fi->fi_pathname) - 1);
	}
	if (n < 0) {
		/* as DTrace's translator for a descriptor that is not open */
		static const char none[] = "<none>";
		copy_str(fi->fi_name, sizeof(fi->fi_name), none);
		copy_str(fi->fi_dirname, sizeof(fi->fi_dirname), none);
		copy_str(fi->fi_pathname, sizeof(fi->fi_pathname), none);
		copy_str(fi->fi_fs, sizeof(fi->fi_fs), none);
		copy_str(fi->fi_mount, sizeof(fi->fi_mount), none);
		return;
	}
	fi->fi_pathname[n] = '\0';
	split_path(fi);
	long mnt = -1;
	snprintf(path, sizeof(path), "/proc/%d/fdinfo/%d", (int)pid, fd);
	if (slurp(path, buf, sizeof(buf)) > 0) {
		const char *p;
		if ((p = strstr(buf, "pos:")) != NULL)
			fi->fi_offset = strtoll(p + 4, NULL, 10);
		if ((p = strstr(buf, "flags:")) != NULL)
			fi->fi_oflags = (int32_t)strtol(p + 6, NULL, 8);
		if ((p = strstr(buf, "mnt_id:")) != NULL)
			mnt = strtol(p + 7, NULL, 10);
	}
	if (mnt >= 0 && find_mount(pid, mnt, fi))
		return;
	/* kernel-internal mounts (pipes, sockets) are in no mountinfo */
	static const struct { const char *pfx, *fs; } pseudo[] = {
		{ "pipe:", "pipefs" }, { "socket:", "sockfs" },
		{ "anon_inode:", "anon_inodefs" },
	};
	const char *fs = "<unknown>";
	for (size_t i = 0; i < sizeof(pseudo) / sizeof(pseudo[0]); i++)
		if (strncmp(fi->fi_pathname, pseudo[i].pfx,
		    strlen(pseudo[i].pfx)) == 0)
			fs = pseudo[i].fs;
	copy_str(fi->fi_fs, sizeof(fi->fi_fs), fs);
	copy_str(fi->fi_mount, sizeof(fi->fi_mount), "<unknown>");
}

/* An integer from a one-line sysfs file, or dflt. */
static long sysfs_long(const char *path, long dflt)
{
	char buf[64];
	if (slurp(path, buf, sizeof(buf)) <= 0)
		return dflt;
	char *end;
	long v = strtol(buf, &end, 10);
	return end == buf ? dflt : v;
}

void procinfo_cpuinfo(int cpu, udt_cpuinfo_t *ci)
{
	char path[128];
	ci->cpu_id = cpu;
	ci->cpu_pset = -1;      /* PS_NONE: Linux has no processor sets */
	snprintf(path, sizeof(path),
	    "/sys/devices/system/cpu/cpu%d/topology/physical_package_id", cpu);
	ci->cpu_chip = (int32_t)sysfs_long(path, 0);
	/* the locality group is the NUMA node the CPU belongs to */
	ci->cpu_lgrp = 0;
	for (int node = 0; node < 64; node++) {
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/"
		    "node%d", cpu, node);
		if (access(path, F_OK) == 0) {
			ci->cpu_lgrp = node;
			break;
		}
	}
	/* cpu0 has no "online" file when it cannot be taken offline */
	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online",
	    cpu);
	ci->cpu_info.pi_state = sysfs_long(path, 1) ? UDT_P_ONLINE :
	    UDT_P_OFFLINE;
	/* what illumos reports for x86 processors (processor_info(2)) */
	copy_str(ci->cpu_info.pi_processor_type,
	    sizeof(ci->cpu_info.pi_processor_type), "i386");
	copy_str(ci->cpu_info.pi_fputypes, sizeof(ci->cpu_info.pi_fputypes),
	    "i387 compatible");
	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/cpufreq/"
	    "cpuinfo_max_freq", cpu);
	ci->cpu_info.pi_clock = (int32_t)(sysfs_long(path, 0) / 1000);
}

/*
 * cwd and root, read where procfs.d's inlines read u_cdir / u_rdir's
 * v_path: a path the kernel cannot name (the process is gone) is
 * "<unknown>", as those inlines give for a NULL v_path.
 */
static void proc_dir(pid_t pid, const char *which, char *buf, size_t len)
{
	char path[64];
	snprintf(path, sizeof(path), "/proc/%d/%s", (int)pid, which);
	ssize_t n = len > 0 ? readlink(path, buf, len - 1) : -1;
	if (n < 0)
		copy_str(buf, len, "<unknown>");
	else
		buf[n] = '\0';
}

void procinfo_xlate(void *arg, int kind, int64_t id, void *buf, size_t len)
{
	const dif_hit_t *h = arg;
	switch (kind) {
	case UDT_XL_PSINFO: {
		if (len < sizeof(udt_psinfo_t))
			return;
		udt_psinfo_t *ps = buf;
		if (h != NULL && id == h->pid) {
			/* what the hit knows stands if /proc has nothing */
			ps->pr_ppid = h->ppid;
			ps->pr_uid = ps->pr_euid = h->uid;
			ps->pr_gid = ps->pr_egid = h->gid;
			if (h->execname != NULL)
				copy_str(ps->pr_fname, sizeof(ps->pr_fname),
				    h->execname);
		}
		procinfo_psinfo((pid_t)id, ps);
		break;
	}
	case UDT_XL_LWPSINFO:
		if (len < sizeof(udt_lwpsinfo_t))
			return;
		if (h != NULL && id == h->tid)
			procinfo_lwpsinfo(h->pid, (pid_t)id, 1, h->cpu, buf);
		else
			procinfo_lwpsinfo(0, (pid_t)id, 0, 0, buf);
		break;
	case UDT_XL_FILEINFO:
		if (len < sizeof(udt_fileinfo_t) || h == NULL)
			return;
		procinfo_fileinfo(h->pid, (int)id, buf);
		break;
	case UDT_XL_CPUINFO:
		if (len < sizeof(udt_cpuinfo_t))
			return;
		procinfo_cpuinfo((int)id, buf);
		break;
	case UDT_XL_CWD:
	case UDT_XL_ROOT:
		proc_dir((pid_t)id, kind == UDT_XL_CWD ? "cwd" : "root", buf,
		    len);
		break;
	default:
		break;
	}
}
