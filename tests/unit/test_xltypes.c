/*
 * test_xltypes.c — the D declarations of psinfo_t, lwpsinfo_t and
 * fileinfo_t (src/d/xltypes.c) lay every member where the C mirror the
 * consumer fills (include/udtrace/procfs.h) has it: a mismatch would have
 * D read one field's bytes as another's.
 */
#include <stddef.h>
#include "unit.h"
#include "d/types.h"
#include "udtrace/procfs.h"

static d_types_t *ts;

static void check_member(const char *type, const char *member, size_t off,
    size_t size)
{
	d_type_t *t = d_typedef_lookup(ts, type);
	CHECK(t != NULL);
	if (t == NULL)
		return;
	d_tmember_t *m = d_member_lookup(d_resolve(t), member);
	if (m == NULL) {
		fprintf(stderr, "%s has no member %s\n", type, member);
		CHECK(m != NULL);
		return;
	}
	if (m->off != off || d_sizeof(m->type) != size)
		fprintf(stderr, "%s.%s: D at %zu (%zu bytes), C at %zu (%zu)\n",
		    type, member, m->off, d_sizeof(m->type), off, size);
	CHECK_EQ_INT(m->off, off);
	CHECK_EQ_INT(d_sizeof(m->type), size);
}

#define M(T, CT, f) check_member(T, #f, offsetof(CT, f), \
	sizeof(((CT *)0)->f))

int main(void)
{
	d_cc_t cc;
	d_cc_init(&cc);
	ts = d_types_create(&cc);

	M("lwpsinfo_t", udt_lwpsinfo_t, pr_flag);
	M("lwpsinfo_t", udt_lwpsinfo_t, pr_lwpid);
	M("lwpsinfo_t", udt_lwpsinfo_t, pr_addr);
	M("lwpsinfo_t", udt_lwpsinfo_t, pr_wchan);
	M("lwpsinfo_t", udt_lwpsinfo_t, pr_stype);
	M("lwpsinfo_t", udt_lwpsinfo_t, pr_state);
	M("lwpsinfo_t", udt_lwpsinfo_t, pr_sname);
	M("lwpsinfo_t", udt_lwpsinfo_t, pr_nice);
	M("lwpsinfo_t", udt_lwpsinfo_t, pr_syscall);
	M("lwpsinfo_t", udt_lwpsinfo_t, pr_oldpri);
	M("lwpsinfo_t", udt_lwpsinfo_t, pr_cpu);
	M("lwpsinfo_t", udt_lwpsinfo_t, pr_pri);
	M("lwpsinfo_t", udt_lwpsinfo_t, pr_pctcpu);
	M("lwpsinfo_t", udt_lwpsinfo_t, pr_pad);
	M("lwpsinfo_t", udt_lwpsinfo_t, pr_start);
	M("lwpsinfo_t", udt_lwpsinfo_t, pr_time);
	M("lwpsinfo_t", udt_lwpsinfo_t, pr_clname);
	M("lwpsinfo_t", udt_lwpsinfo_t, pr_name);
	M("lwpsinfo_t", udt_lwpsinfo_t, pr_onpro);
	M("lwpsinfo_t", udt_lwpsinfo_t, pr_bindpro);
	M("lwpsinfo_t", udt_lwpsinfo_t, pr_bindpset);
	M("lwpsinfo_t", udt_lwpsinfo_t, pr_lgrp);
	M("lwpsinfo_t", udt_lwpsinfo_t, pr_filler);
	CHECK_EQ_INT(d_sizeof(d_typedef_lookup(ts, "lwpsinfo_t")),
	    sizeof(udt_lwpsinfo_t));

	M("psinfo_t", udt_psinfo_t, pr_flag);
	M("psinfo_t", udt_psinfo_t, pr_nlwp);
	M("psinfo_t", udt_psinfo_t, pr_pid);
	M("psinfo_t", udt_psinfo_t, pr_ppid);
	M("psinfo_t", udt_psinfo_t, pr_pgid);
	M("psinfo_t", udt_psinfo_t, pr_sid);
	M("psinfo_t", udt_psinfo_t, pr_uid);
	M("psinfo_t", udt_psinfo_t, pr_euid);
	M("psinfo_t", udt_psinfo_t, pr_gid);
	M("psinfo_t", udt_psinfo_t, pr_egid);
	M("psinfo_t", udt_psinfo_t, pr_addr);
	M("psinfo_t", udt_psinfo_t, pr_size);
	M("psinfo_t", udt_psinfo_t, pr_rssize);
	M("psinfo_t", udt_psinfo_t, pr_pad1);
	M("psinfo_t", udt_psinfo_t, pr_ttydev);
	M("psinfo_t", udt_psinfo_t, pr_pctcpu);
	M("psinfo_t", udt_psinfo_t, pr_pctmem);
	M("psinfo_t", udt_psinfo_t, pr_start);
	M("psinfo_t", udt_psinfo_t, pr_time);
	M("psinfo_t", udt_psinfo_t, pr_ctime);
	M("psinfo_t", udt_psinfo_t, pr_fname);
	M("psinfo_t", udt_psinfo_t, pr_psargs);
	M("psinfo_t", udt_psinfo_t, pr_wstat);
	M("psinfo_t", udt_psinfo_t, pr_argc);
	M("psinfo_t", udt_psinfo_t, pr_argv);
	M("psinfo_t", udt_psinfo_t, pr_envp);
	M("psinfo_t", udt_psinfo_t, pr_dmodel);
	M("psinfo_t", udt_psinfo_t, pr_pad2);
	M("psinfo_t", udt_psinfo_t, pr_taskid);
	M("psinfo_t", udt_psinfo_t, pr_projid);
	M("psinfo_t", udt_psinfo_t, pr_nzomb);
	M("psinfo_t", udt_psinfo_t, pr_poolid);
	M("psinfo_t", udt_psinfo_t, pr_zoneid);
	M("psinfo_t", udt_psinfo_t, pr_contract);
	M("psinfo_t", udt_psinfo_t, pr_filler);
	M("psinfo_t", udt_psinfo_t, pr_lwp);
	CHECK_EQ_INT(d_sizeof(d_typedef_lookup(ts, "psinfo_t")),
	    sizeof(udt_psinfo_t));

	M("fileinfo_t", udt_fileinfo_t, fi_name);
	M("fileinfo_t", udt_fileinfo_t, fi_dirname);
	M("fileinfo_t", udt_fileinfo_t, fi_pathname);
	M("fileinfo_t", udt_fileinfo_t, fi_offset);
	M("fileinfo_t", udt_fileinfo_t, fi_fs);
	M("fileinfo_t", udt_fileinfo_t, fi_mount);
	M("fileinfo_t", udt_fileinfo_t, fi_oflags);
	CHECK_EQ_INT(d_sizeof(d_typedef_lookup(ts, "fileinfo_t")),
	    sizeof(udt_fileinfo_t));

	M("processor_info_t", udt_processor_info_t, pi_state);
	M("processor_info_t", udt_processor_info_t, pi_processor_type);
	M("processor_info_t", udt_processor_info_t, pi_fputypes);
	M("processor_info_t", udt_processor_info_t, pi_clock);
	M("cpuinfo_t", udt_cpuinfo_t, cpu_id);
	M("cpuinfo_t", udt_cpuinfo_t, cpu_pset);
	M("cpuinfo_t", udt_cpuinfo_t, cpu_chip);
	M("cpuinfo_t", udt_cpuinfo_t, cpu_lgrp);
	M("cpuinfo_t", udt_cpuinfo_t, cpu_info);
	CHECK_EQ_INT(d_sizeof(d_typedef_lookup(ts, "cpuinfo_t")),
	    sizeof(udt_cpuinfo_t));
	/* <signal.h> makes si_pid .. si_value macros: the C names differ */
	check_member("siginfo_t", "si_signo", offsetof(udt_siginfo_t, si_signo), 4);
	check_member("siginfo_t", "si_code", offsetof(udt_siginfo_t, si_code), 4);
	check_member("siginfo_t", "si_errno", offsetof(udt_siginfo_t, si_errno), 4);
	check_member("siginfo_t", "si_pid", offsetof(udt_siginfo_t, pid), 4);
	check_member("siginfo_t", "si_uid", offsetof(udt_siginfo_t, uid), 4);
	check_member("siginfo_t", "si_status", offsetof(udt_siginfo_t, status), 4);
	check_member("siginfo_t", "si_addr", offsetof(udt_siginfo_t, addr), 8);
	check_member("siginfo_t", "si_band", offsetof(udt_siginfo_t, band), 8);
	check_member("siginfo_t", "si_value", offsetof(udt_siginfo_t, value), 8);
	CHECK_EQ_INT(d_sizeof(d_typedef_lookup(ts, "siginfo_t")),
	    sizeof(udt_siginfo_t));
	d_cc_fini(&cc);
	return UNIT_END();
}
