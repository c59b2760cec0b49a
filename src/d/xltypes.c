/*
 * xltypes.c — the process-model part of DTrace's D library, as Linux
 * gives it: the types of procfs.d, io.d and sched.d (psinfo_t, lwpsinfo_t,
 * fileinfo_t, timestruc_t, cpuinfo_t), the siginfo_t of proc:::signal-handle,
 * the constants those scripts test fields
 * against (SSLEEP.., PR_MODEL_*, CLD_*, SI_*, O_*), and the errno.d and
 * signal.d names (EPERM.., SIGHUP..) with Linux's values.
 *
 * Owns: declaring those names to D at the start of every compile.
 * Must not: know how the values are obtained (src/consumer/procinfo.c
 * fills the structures) or lay the structures out differently from
 * include/udtrace/procfs.h: the emulator hands DIF the consumer's bytes.
 * Invariant: each member here has the offset of the same member of the C
 * mirror; test_xltypes checks every one.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include "types.h"
#include "udtrace/procfs.h"

typedef struct mdef {
	const char *name;
	const char *type;      /* a type name, "T[n]" for an array of n */
} mdef_t;

static d_type_t *member_type(d_types_t *ts, d_cc_t *cc, const char *spec,
    d_type_t *fistr)
{
	const char *br = strchr(spec, '[');
	if (strcmp(spec, "fistring") == 0)
		return fistr;
	if (br == NULL)
		return d_t_named(ts, spec);
	size_t n = (size_t)strtoul(br + 1, NULL, 10);
	char base[32];
	size_t bl = (size_t)(br - spec);
	if (bl >= sizeof(base))
		bl = sizeof(base) - 1;
	memcpy(base, spec, bl);
	base[bl] = '\0';
	(void)cc;
	return d_t_array(ts, d_t_named(ts, base), n);
}

static d_type_t *sou(d_types_t *ts, d_cc_t *cc, const char *tag,
    const mdef_t *m, size_t n, d_type_t *fistr)
{
	const char *names[64];
	d_type_t *types[64];
	for (size_t i = 0; i < n && i < 64; i++) {
		names[i] = m[i].name;
		types[i] = member_type(ts, cc, m[i].type, fistr);
	}
	return d_builtin_sou(ts, TK_STRUCT, tag, names, types, n);
}

#define N(a) (sizeof(a) / sizeof((a)[0]))

static void types(d_types_t *ts, d_cc_t *cc)
{
	static const mdef_t tsm[] = {
		{ "tv_sec", "time_t" }, { "tv_nsec", "long" },
	};
	d_type_t *tspec = sou(ts, cc, "timespec", tsm, N(tsm), NULL);
	d_typedef_add(ts, "timespec_t", tspec);
	d_typedef_add(ts, "timestruc_t", tspec);
	d_typedef_add(ts, "psetid_t", d_t_named(ts, "id_t"));
	d_typedef_add(ts, "poolid_t", d_t_named(ts, "id_t"));
	d_typedef_add(ts, "offset_t", d_t_named(ts, "long long"));
	d_typedef_add(ts, "chipid_t", d_t_named(ts, "id_t"));
	d_typedef_add(ts, "lgrp_id_t", d_t_named(ts, "id_t"));

	/* sched.d */
	static const mdef_t pim[] = {
		{ "pi_state", "int" }, { "pi_processor_type", "char[16]" },
		{ "pi_fputypes", "char[32]" }, { "pi_clock", "int" },
	};
	d_typedef_add(ts, "processor_info_t", sou(ts, cc, "processor_info",
	    pim, N(pim), NULL));
	static const mdef_t cim[] = {
		{ "cpu_id", "processorid_t" }, { "cpu_pset", "psetid_t" },
		{ "cpu_chip", "chipid_t" }, { "cpu_lgrp", "lgrp_id_t" },
		{ "cpu_info", "processor_info_t" },
	};
	d_typedef_add(ts, "cpuinfo_t", sou(ts, cc, "cpuinfo", cim, N(cim),
	    NULL));

	static const mdef_t lwp[] = {
		{ "pr_flag", "int" }, { "pr_lwpid", "id_t" },
		{ "pr_addr", "uintptr_t" }, { "pr_wchan", "uintptr_t" },
		{ "pr_stype", "char" }, { "pr_state", "char" },
		{ "pr_sname", "char" }, { "pr_nice", "char" },
		{ "pr_syscall", "short" }, { "pr_oldpri", "char" },
		{ "pr_cpu", "char" }, { "pr_pri", "int" },
		{ "pr_pctcpu", "ushort_t" }, { "pr_pad", "ushort_t" },
		{ "pr_start", "timestruc_t" }, { "pr_time", "timestruc_t" },
		{ "pr_clname", "char[8]" }, { "pr_name", "char[16]" },
		{ "pr_onpro", "processorid_t" },
		{ "pr_bindpro", "processorid_t" },
		{ "pr_bindpset", "psetid_t" }, { "pr_lgrp", "int" },
		{ "pr_filler", "int[4]" },
	};
	d_type_t *lt = sou(ts, cc, "lwpsinfo", lwp, N(lwp), NULL);
	d_typedef_add(ts, "lwpsinfo_t", lt);

	static const mdef_t ps[] = {
		{ "pr_flag", "int" }, { "pr_nlwp", "int" },
		{ "pr_pid", "pid_t" }, { "pr_ppid", "pid_t" },
		{ "pr_pgid", "pid_t" }, { "pr_sid", "pid_t" },
		{ "pr_uid", "uid_t" }, { "pr_euid", "uid_t" },
		{ "pr_gid", "gid_t" }, { "pr_egid", "gid_t" },
		{ "pr_addr", "uintptr_t" }, { "pr_size", "size_t" },
		{ "pr_rssize", "size_t" }, { "pr_pad1", "size_t" },
		{ "pr_ttydev", "dev_t" }, { "pr_pctcpu", "ushort_t" },
		{ "pr_pctmem", "ushort_t" }, { "pr_start", "timestruc_t" },
		{ "pr_time", "timestruc_t" }, { "pr_ctime", "timestruc_t" },
		{ "pr_fname", "char[16]" }, { "pr_psargs", "char[80]" },
		{ "pr_wstat", "int" }, { "pr_argc", "int" },
		{ "pr_argv", "uintptr_t" }, { "pr_envp", "uintptr_t" },
		{ "pr_dmodel", "char" }, { "pr_pad2", "char[3]" },
		{ "pr_taskid", "taskid_t" }, { "pr_projid", "projid_t" },
		{ "pr_nzomb", "int" }, { "pr_poolid", "poolid_t" },
		{ "pr_zoneid", "zoneid_t" }, { "pr_contract", "id_t" },
		{ "pr_filler", "int[1]" }, { "pr_lwp", "lwpsinfo_t" },
	};
	d_typedef_add(ts, "psinfo_t", sou(ts, cc, "psinfo", ps, N(ps), NULL));

	/* io.d declares these `string`; a fixed size keeps the layout */
	d_type_t *fistr = d_alloc(cc, sizeof(*fistr));
	*fistr = *d_t_string(ts);
	fistr->size = UDT_FI_STRSZ;
	static const mdef_t fi[] = {
		{ "fi_name", "fistring" }, { "fi_dirname", "fistring" },
		{ "fi_pathname", "fistring" }, { "fi_offset", "offset_t" },
		{ "fi_fs", "fistring" }, { "fi_mount", "fistring" },
		{ "fi_oflags", "int" },
	};
	d_typedef_add(ts, "fileinfo_t", sou(ts, cc, "fileinfo", fi, N(fi),
	    fistr));

	/* proc:::signal-handle's args[1]: POSIX's members, flat */
	const char *vn[] = { "sival_int", "sival_ptr" };
	d_type_t *vt[] = { d_t_named(ts, "int"),
	    d_t_ptr(ts, d_t_named(ts, "void")) };
	d_type_t *sv = d_builtin_sou(ts, TK_UNION, "sigval", vn, vt, 2);
	const char *sn[] = { "si_signo", "si_code", "si_errno", "si_pid",
	    "si_uid", "si_status", "si_addr", "si_band", "si_value" };
	d_type_t *st[] = { d_t_named(ts, "int"), d_t_named(ts, "int"),
	    d_t_named(ts, "int"), d_t_named(ts, "pid_t"),
	    d_t_named(ts, "uid_t"), d_t_named(ts, "int"),
	    d_t_named(ts, "caddr_t"), d_t_named(ts, "long"), sv };
	d_typedef_add(ts, "siginfo_t", d_builtin_sou(ts, TK_STRUCT, "siginfo",
	    sn, st, N(sn)));
}

typedef struct cdef { const char *name; int64_t v; } cdef_t;

static const cdef_t errnos[] = {
	{ "EPERM", EPERM }, { "ENOENT", ENOENT }, { "ESRCH", ESRCH },
	{ "EINTR", EINTR }, { "EIO", EIO }, { "ENXIO", ENXIO },
	{ "E2BIG", E2BIG }, { "ENOEXEC", ENOEXEC }, { "EBADF", EBADF },
	{ "ECHILD", ECHILD }, { "EAGAIN", EAGAIN }, { "ENOMEM", ENOMEM },
	{ "EACCES", EACCES }, { "EFAULT", EFAULT }, { "ENOTBLK", ENOTBLK },
	{ "EBUSY", EBUSY }, { "EEXIST", EEXIST }, { "EXDEV", EXDEV },
	{ "ENODEV", ENODEV }, { "ENOTDIR", ENOTDIR }, { "EISDIR", EISDIR },
	{ "EINVAL", EINVAL }, { "ENFILE", ENFILE }, { "EMFILE", EMFILE },
	{ "ENOTTY", ENOTTY }, { "ETXTBSY", ETXTBSY }, { "EFBIG", EFBIG },
	{ "ENOSPC", ENOSPC }, { "ESPIPE", ESPIPE }, { "EROFS", EROFS },
	{ "EMLINK", EMLINK }, { "EPIPE", EPIPE }, { "EDOM", EDOM },
	{ "ERANGE", ERANGE }, { "EDEADLK", EDEADLK },
	{ "ENAMETOOLONG", ENAMETOOLONG }, { "ENOLCK", ENOLCK },
	{ "ENOSYS", ENOSYS }, { "ENOTEMPTY", ENOTEMPTY }, { "ELOOP", ELOOP },
	{ "EWOULDBLOCK", EWOULDBLOCK }, { "ENOMSG", ENOMSG },
	{ "EIDRM", EIDRM }, { "ECHRNG", ECHRNG }, { "EL2NSYNC", EL2NSYNC },
	{ "EL3HLT", EL3HLT }, { "EL3RST", EL3RST }, { "ELNRNG", ELNRNG },
	{ "EUNATCH", EUNATCH }, { "ENOCSI", ENOCSI }, { "EL2HLT", EL2HLT },
	{ "EBADE", EBADE }, { "EBADR", EBADR }, { "EXFULL", EXFULL },
	{ "ENOANO", ENOANO }, { "EBADRQC", EBADRQC }, { "EBADSLT", EBADSLT },
	{ "EDEADLOCK", EDEADLOCK }, { "EBFONT", EBFONT },
	{ "ENOSTR", ENOSTR }, { "ENODATA", ENODATA }, { "ETIME", ETIME },
	{ "ENOSR", ENOSR }, { "ENONET", ENONET }, { "ENOPKG", ENOPKG },
	{ "EREMOTE", EREMOTE }, { "ENOLINK", ENOLINK }, { "EADV", EADV },
	{ "ESRMNT", ESRMNT }, { "ECOMM", ECOMM }, { "EPROTO", EPROTO },
	{ "EMULTIHOP", EMULTIHOP }, { "EDOTDOT", EDOTDOT },
	{ "EBADMSG", EBADMSG }, { "EOVERFLOW", EOVERFLOW },
	{ "ENOTUNIQ", ENOTUNIQ }, { "EBADFD", EBADFD },
	{ "EREMCHG", EREMCHG }, { "ELIBACC", ELIBACC },
	{ "ELIBBAD", ELIBBAD }, { "ELIBSCN", ELIBSCN },
	{ "ELIBMAX", ELIBMAX }, { "ELIBEXEC", ELIBEXEC },
	{ "EILSEQ", EILSEQ }, { "ERESTART", ERESTART },
	{ "ESTRPIPE", ESTRPIPE }, { "EUSERS", EUSERS },
	{ "ENOTSOCK", ENOTSOCK }, { "EDESTADDRREQ", EDESTADDRREQ },
	{ "EMSGSIZE", EMSGSIZE }, { "EPROTOTYPE", EPROTOTYPE },
	{ "ENOPROTOOPT", ENOPROTOOPT },
	{ "EPROTONOSUPPORT", EPROTONOSUPPORT },
	{ "ESOCKTNOSUPPORT", ESOCKTNOSUPPORT }, { "EOPNOTSUPP", EOPNOTSUPP },
	{ "ENOTSUP", ENOTSUP }, { "EPFNOSUPPORT", EPFNOSUPPORT },
	{ "EAFNOSUPPORT", EAFNOSUPPORT }, { "EADDRINUSE", EADDRINUSE },
	{ "EADDRNOTAVAIL", EADDRNOTAVAIL }, { "ENETDOWN", ENETDOWN },
	{ "ENETUNREACH", ENETUNREACH }, { "ENETRESET", ENETRESET },
	{ "ECONNABORTED", ECONNABORTED }, { "ECONNRESET", ECONNRESET },
	{ "ENOBUFS", ENOBUFS }, { "EISCONN", EISCONN },
	{ "ENOTCONN", ENOTCONN }, { "ESHUTDOWN", ESHUTDOWN },
	{ "ETOOMANYREFS", ETOOMANYREFS }, { "ETIMEDOUT", ETIMEDOUT },
	{ "ECONNREFUSED", ECONNREFUSED }, { "EHOSTDOWN", EHOSTDOWN },
	{ "EHOSTUNREACH", EHOSTUNREACH }, { "EALREADY", EALREADY },
	{ "EINPROGRESS", EINPROGRESS }, { "ESTALE", ESTALE },
	{ "EUCLEAN", EUCLEAN }, { "ENOTNAM", ENOTNAM },
	{ "ENAVAIL", ENAVAIL }, { "EISNAM", EISNAM },
	{ "EREMOTEIO", EREMOTEIO }, { "EDQUOT", EDQUOT },
	{ "ENOMEDIUM", ENOMEDIUM }, { "EMEDIUMTYPE", EMEDIUMTYPE },
	{ "ECANCELED", ECANCELED }, { "ENOKEY", ENOKEY },
	{ "EKEYEXPIRED", EKEYEXPIRED }, { "EKEYREVOKED", EKEYREVOKED },
	{ "EKEYREJECTED", EKEYREJECTED }, { "EOWNERDEAD", EOWNERDEAD },
	{ "ENOTRECOVERABLE", ENOTRECOVERABLE }, { "ERFKILL", ERFKILL },
	{ "EHWPOISON", EHWPOISON },
};

static const cdef_t signals[] = {
	{ "SIGHUP", SIGHUP }, { "SIGINT", SIGINT }, { "SIGQUIT", SIGQUIT },
	{ "SIGILL", SIGILL }, { "SIGTRAP", SIGTRAP }, { "SIGABRT", SIGABRT },
	{ "SIGIOT", SIGIOT }, { "SIGBUS", SIGBUS }, { "SIGFPE", SIGFPE },
	{ "SIGKILL", SIGKILL }, { "SIGUSR1", SIGUSR1 },
	{ "SIGSEGV", SIGSEGV }, { "SIGUSR2", SIGUSR2 },
	{ "SIGPIPE", SIGPIPE }, { "SIGALRM", SIGALRM },
	{ "SIGTERM", SIGTERM }, { "SIGSTKFLT", SIGSTKFLT },
	{ "SIGCHLD", SIGCHLD }, { "SIGCLD", SIGCLD }, { "SIGCONT", SIGCONT },
	{ "SIGSTOP", SIGSTOP }, { "SIGTSTP", SIGTSTP },
	{ "SIGTTIN", SIGTTIN }, { "SIGTTOU", SIGTTOU }, { "SIGURG", SIGURG },
	{ "SIGXCPU", SIGXCPU }, { "SIGXFSZ", SIGXFSZ },
	{ "SIGVTALRM", SIGVTALRM }, { "SIGPROF", SIGPROF },
	{ "SIGWINCH", SIGWINCH }, { "SIGIO", SIGIO }, { "SIGPOLL", SIGPOLL },
	{ "SIGPWR", SIGPWR }, { "SIGSYS", SIGSYS },
};

static const cdef_t procfs[] = {
	{ "PR_STOPPED", 0x1 }, { "PR_ISTOP", 0x2 }, { "PR_DSTOP", 0x4 },
	{ "PR_STEP", 0x8 }, { "PR_ASLEEP", 0x10 }, { "PR_PCINVAL", 0x20 },
	{ "PR_ASLWP", 0x40 }, { "PR_AGENT", 0x80 }, { "PR_DETACH", 0x100 },
	{ "PR_DAEMON", 0x200 }, { "PR_IDLE", 0x400 }, { "PR_ISSYS", 0x1000 },
	{ "PR_VFORKP", 0x2000 }, { "PR_ORPHAN", 0x4000 },
	{ "PR_NOSIGCHLD", 0x8000 }, { "PR_WAITPID", 0x10000 },
	{ "PR_FORK", 0x100000 }, { "PR_RLC", 0x200000 },
	{ "PR_KLC", 0x400000 }, { "PR_ASYNC", 0x800000 },
	{ "PR_MSACCT", 0x1000000 }, { "PR_BPTADJ", 0x2000000 },
	{ "PR_PTRACE", 0x4000000 }, { "PR_MSFORK", 0x8000000 },
	{ "SI_USER", SI_USER }, { "SI_KERNEL", SI_KERNEL },
	{ "SI_QUEUE", SI_QUEUE }, { "SI_TIMER", SI_TIMER },
	{ "SI_MESGQ", SI_MESGQ }, { "SI_ASYNCIO", SI_ASYNCIO },
	{ "SI_SIGIO", SI_SIGIO }, { "SI_TKILL", SI_TKILL },
	{ "ILL_ILLOPC", ILL_ILLOPC }, { "ILL_ILLOPN", ILL_ILLOPN },
	{ "ILL_ILLADR", ILL_ILLADR }, { "ILL_ILLTRP", ILL_ILLTRP },
	{ "ILL_PRVOPC", ILL_PRVOPC }, { "ILL_PRVREG", ILL_PRVREG },
	{ "ILL_COPROC", ILL_COPROC }, { "ILL_BADSTK", ILL_BADSTK },
	{ "FPE_INTDIV", FPE_INTDIV }, { "FPE_INTOVF", FPE_INTOVF },
	{ "FPE_FLTDIV", FPE_FLTDIV }, { "FPE_FLTOVF", FPE_FLTOVF },
	{ "FPE_FLTUND", FPE_FLTUND }, { "FPE_FLTRES", FPE_FLTRES },
	{ "FPE_FLTINV", FPE_FLTINV }, { "FPE_FLTSUB", FPE_FLTSUB },
	{ "SEGV_MAPERR", SEGV_MAPERR }, { "SEGV_ACCERR", SEGV_ACCERR },
	{ "BUS_ADRALN", BUS_ADRALN }, { "BUS_ADRERR", BUS_ADRERR },
	{ "BUS_OBJERR", BUS_OBJERR }, { "TRAP_BRKPT", TRAP_BRKPT },
	{ "TRAP_TRACE", TRAP_TRACE }, { "CLD_EXITED", CLD_EXITED },
	{ "CLD_KILLED", CLD_KILLED }, { "CLD_DUMPED", CLD_DUMPED },
	{ "CLD_TRAPPED", CLD_TRAPPED }, { "CLD_STOPPED", CLD_STOPPED },
	{ "CLD_CONTINUED", CLD_CONTINUED }, { "POLL_IN", POLL_IN },
	{ "POLL_OUT", POLL_OUT }, { "POLL_MSG", POLL_MSG },
	{ "POLL_ERR", POLL_ERR }, { "POLL_PRI", POLL_PRI },
	{ "POLL_HUP", POLL_HUP },
	{ "O_RDONLY", O_RDONLY }, { "O_WRONLY", O_WRONLY },
	{ "O_RDWR", O_RDWR }, { "O_ACCMODE", O_ACCMODE },
	{ "O_APPEND", O_APPEND }, { "O_CREAT", O_CREAT },
	{ "O_DSYNC", O_DSYNC }, { "O_EXCL", O_EXCL },
	{ "O_LARGEFILE", O_LARGEFILE }, { "O_NOCTTY", O_NOCTTY },
	{ "O_NONBLOCK", O_NONBLOCK }, { "O_NDELAY", O_NDELAY },
	{ "O_RSYNC", O_RSYNC }, { "O_SYNC", O_SYNC }, { "O_TRUNC", O_TRUNC },
	{ "O_CLOEXEC", O_CLOEXEC }, { "O_DIRECTORY", O_DIRECTORY },
	{ "O_NOFOLLOW", O_NOFOLLOW }, { "O_DIRECT", O_DIRECT },
	{ "O_NOATIME", O_NOATIME }, { "O_PATH", O_PATH },
	{ "O_TMPFILE", O_TMPFILE },
};

/* procfs.d's `inline char` constants */
static const cdef_t chars[] = {
	{ "SSLEEP", UDT_SSLEEP }, { "SRUN", UDT_SRUN }, { "SZOMB", UDT_SZOMB },
	{ "SSTOP", UDT_SSTOP }, { "SIDL", UDT_SIDL },
	{ "SONPROC", UDT_SONPROC }, { "SWAIT", UDT_SWAIT },
	{ "PR_MODEL_ILP32", UDT_PR_MODEL_ILP32 },
	{ "PR_MODEL_LP64", UDT_PR_MODEL_LP64 },
	{ "SOBJ_NONE", 0 }, { "SOBJ_MUTEX", 1 }, { "SOBJ_RWLOCK", 2 },
	{ "SOBJ_CV", 3 }, { "SOBJ_SEMA", 4 }, { "SOBJ_USER", 5 },
	{ "SOBJ_USER_PI", 6 }, { "SOBJ_SHUTTLE", 7 },
};

static void consts(d_types_t *ts, const cdef_t *c, size_t n, d_type_t *t)
{
	for (size_t i = 0; i < n; i++)
		d_enumconst_add(ts, c[i].name, c[i].v, t);
}

void d_xl_declare(d_types_t *ts, d_cc_t *cc)
{
	types(ts, cc);
	d_type_t *ti = d_t_named(ts, "int");
	consts(ts, errnos, N(errnos), ti);
	consts(ts, signals, N(signals), ti);
	consts(ts, procfs, N(procfs), ti);
	consts(ts, chars, N(chars), d_t_named(ts, "char"));
}
