/*
 * procfs.h — the memory layout of DTrace's process-model structures as D
 * programs see them: psinfo_t and lwpsinfo_t (illumos <sys/procfs.h>,
 * what curpsinfo, curlwpsinfo and the proc provider's args[] point to)
 * and fileinfo_t (illumos io.d, what fds[] yields).
 *
 * Owns: the C mirror of those D types and the kinds of translated object
 * the emulator asks the consumer to fill (udt_xl_kind).
 * Must not: carry Linux-specific meaning; the consumer maps /proc onto
 * these fields (src/consumer/procinfo.c), the compiler declares the same
 * members to D (src/d/xltypes.c).
 * Invariant: every member's offset here equals the D type's (the unit
 * test test_xltypes checks each one), so a D load at a member's offset
 * reads what the consumer wrote there. LP64 only, as illumos lays them out.
 */
#ifndef UDTRACE_PROCFS_H
#define UDTRACE_PROCFS_H

#include <stdint.h>

#define UDT_PRFNSZ  16        /* pr_fname, pr_name */
#define UDT_PRARGSZ 80        /* pr_psargs */
#define UDT_PRCLSZ  8         /* pr_clname */
/*
 * Bytes of each string member of fileinfo_t. D declares them `string`;
 * they are fixed here so the layout does not move with strsize (a longer
 * path is cut at 255 bytes, as a string at strsize is).
 */
#define UDT_FI_STRSZ 256

typedef struct udt_timestruc {
	int64_t tv_sec;
	int64_t tv_nsec;
} udt_timestruc_t;

typedef struct udt_lwpsinfo {
	int32_t pr_flag;
	int32_t pr_lwpid;
	uint64_t pr_addr;
	uint64_t pr_wchan;
	char pr_stype;
	char pr_state;
	char pr_sname;
	char pr_nice;
	int16_t pr_syscall;
	char pr_oldpri;
	char pr_cpu;
	int32_t pr_pri;
	uint16_t pr_pctcpu;
	uint16_t pr_pad;
	udt_timestruc_t pr_start;
	udt_timestruc_t pr_time;
	char pr_clname[UDT_PRCLSZ];
	char pr_name[UDT_PRFNSZ];
	int32_t pr_onpro;
	int32_t pr_bindpro;
	int32_t pr_bindpset;
	int32_t pr_lgrp;
	int32_t pr_filler[4];
} udt_lwpsinfo_t;

typedef struct udt_psinfo {
	int32_t pr_flag;
	int32_t pr_nlwp;
	int32_t pr_pid;
	int32_t pr_ppid;
	int32_t pr_pgid;
	int32_t pr_sid;
	uint32_t pr_uid;
	uint32_t pr_euid;
	uint32_t pr_gid;
	uint32_t pr_egid;
	uint64_t pr_addr;
	uint64_t pr_size;
	uint64_t pr_rssize;
	uint64_t pr_pad1;
	uint64_t pr_ttydev;
	uint16_t pr_pctcpu;
	uint16_t pr_pctmem;
	udt_timestruc_t pr_start;
	udt_timestruc_t pr_time;
	udt_timestruc_t pr_ctime;
	char pr_fname[UDT_PRFNSZ];
	char pr_psargs[UDT_PRARGSZ];
	int32_t pr_wstat;
	int32_t pr_argc;
	uint64_t pr_argv;
	uint64_t pr_envp;
	char pr_dmodel;
	char pr_pad2[3];
	int32_t pr_taskid;
	int32_t pr_projid;
	int32_t pr_nzomb;
	int32_t pr_poolid;
	int32_t pr_zoneid;
	int32_t pr_contract;
	int32_t pr_filler[1];
	udt_lwpsinfo_t pr_lwp;
} udt_psinfo_t;

typedef struct udt_fileinfo {
	char fi_name[UDT_FI_STRSZ];
	char fi_dirname[UDT_FI_STRSZ];
	char fi_pathname[UDT_FI_STRSZ];
	int64_t fi_offset;
	char fi_fs[UDT_FI_STRSZ];
	char fi_mount[UDT_FI_STRSZ];
	int32_t fi_oflags;
} udt_fileinfo_t;

/* sched.d's processor_info_t and cpuinfo_t (what curcpu points to). */
#define UDT_PI_TYPELEN 16
#define UDT_PI_FPUTYPE 32
typedef struct udt_processor_info {
	int32_t pi_state;                       /* P_ONLINE, P_OFFLINE */
	char pi_processor_type[UDT_PI_TYPELEN];
	char pi_fputypes[UDT_PI_FPUTYPE];
	int32_t pi_clock;                       /* MHz */
} udt_processor_info_t;

typedef struct udt_cpuinfo {
	int32_t cpu_id;
	int32_t cpu_pset;
	int32_t cpu_chip;
	int32_t cpu_lgrp;
	udt_processor_info_t cpu_info;
} udt_cpuinfo_t;

#define UDT_P_OFFLINE 0x0001
#define UDT_P_ONLINE  0x0002

/*
 * The siginfo_t proc:::signal-handle's args[1] points to: the members
 * DTrace's scripts read (POSIX's), flat, with Linux's values; what a
 * backend cannot know is 0 (README, "The proc provider").
 */
typedef union udt_sigval {
	int32_t sival_int;
	uint64_t sival_ptr;
} udt_sigval_t;

typedef struct udt_siginfo {
	/* D's si_pid .. si_value: <signal.h> makes those names macros */
	int32_t si_signo;
	int32_t si_code;
	int32_t si_errno;
	int32_t pid;
	uint32_t uid;
	int32_t status;
	uint64_t addr;
	int64_t band;
	udt_sigval_t value;
} udt_siginfo_t;

/* What the emulator asks to have translated, and the id it names. */
enum udt_xl_kind {
	UDT_XL_PSINFO,        /* udt_psinfo_t of process id */
	UDT_XL_LWPSINFO,      /* udt_lwpsinfo_t of thread id */
	UDT_XL_FILEINFO,      /* udt_fileinfo_t of the hit's descriptor id */
	UDT_XL_CPUINFO,       /* udt_cpuinfo_t of CPU id */
	UDT_XL_CWD,           /* cwd of process id: a string of UDT_PATHSZ */
	UDT_XL_ROOT,          /* root of process id: a string of UDT_PATHSZ */
	UDT_XL_SIGINFO,       /* udt_siginfo_t of the firing's signal (id unused) */
	UDT_XL_NKINDS
};

/* The longest cwd / root text, NUL included (illumos's MAXPATHLEN). */
#define UDT_PATHSZ 1024

/* Values of the members DTrace names with constants (procfs.d). */
enum {
	UDT_SSLEEP = 1, UDT_SRUN = 2, UDT_SZOMB = 3, UDT_SSTOP = 4,
	UDT_SIDL = 5, UDT_SONPROC = 6, UDT_SWAIT = 7
};
#define UDT_PR_MODEL_ILP32 1
#define UDT_PR_MODEL_LP64  2
#define UDT_PR_STOPPED 0x1
#define UDT_PR_ISTOP   0x2
#define UDT_PR_ASLEEP  0x10

#endif /* UDTRACE_PROCFS_H */
