/*
 * test_pidglue.c — the pid provider's consumer side without a process:
 * site records, description parsing, what DIFOs ask hits to gather, and
 * a synthetic backend hit turned into a firing (SysV arguments, stack
 * arguments from the hit's stack copy, ucaller, return probe arguments).
 * Must not: start or trace processes (tests/d/pid/ does that).
 */
#include "consumer/handle.h"
#include "pid/pid.h"
#include "unit.h"

#include <stdlib.h>

static void test_sites(void)
{
	pidsite_tab_t tab = { 0 };
	udt_tproc_t a, b;
	for (uint64_t i = 0; i < 1000; i++)
		CHECK(pidsite_get(&tab, i % 2 ? &a : &b, 0x1000 + i) != NULL);
	CHECK_EQ_INT(tab.n, 1000);
	pidsite_t *s = pidsite_find(&tab, &a, 0x1001);
	CHECK(s != NULL && s->site.cookie == s && s->t == &a);
	CHECK(pidsite_find(&tab, &b, 0x1001) == NULL);
	CHECK(pidsite_get(&tab, &a, 0x1001) == s);
	udt_probe_t p1, p2;
	CHECK_EQ_INT(pidsite_add(s, &p1, PID_ENTRY, 0), 0);
	CHECK_EQ_INT(pidsite_add(s, &p2, PID_OFFSET, 0), 0);
	CHECK_EQ_INT(pidsite_add(s, &p1, PID_ENTRY, 0), 0);
	CHECK_EQ_INT(s->nents, 2);
	pidsite_drop_proc(&tab, &a);
	CHECK_EQ_INT(tab.n, 500);
	CHECK(pidsite_find(&tab, &a, 0x1001) == NULL);
	CHECK(pidsite_find(&tab, &b, 0x1002) != NULL);
	pidsite_fini(&tab);
}

static void test_desc(void)
{
	d_pdesc_t d = { .prov = "pid42" };
	CHECK_EQ_INT(pid_desc_pid(&d), 42);
	strcpy(d.prov, "pid*");
	CHECK_EQ_INT(pid_desc_pid(&d), 0);
	strcpy(d.prov, "pid");
	CHECK_EQ_INT(pid_desc_pid(&d), 0);
	strcpy(d.prov, "pid12a");
	CHECK_EQ_INT(pid_desc_pid(&d), 0);
	strcpy(d.prov, "pid99999999999");
	CHECK_EQ_INT(pid_desc_pid(&d), 0);
}

static void test_needs(void)
{
	dif_instr_t t1[] = { { .op = DIF_LDGS, .imm = DIF_VAR_ARG0 + 7 } };
	dif_instr_t t2[] = { { .op = DIF_LDGS, .imm = DIF_VAR_UCALLER },
		{ .op = DIF_CALL, .imm = DIF_SUBR_USTACK } };
	dif_instr_t t3[] = { { .op = DIF_LDGS, .imm = DIF_VAR_ARG0 + 5 } };
	difo_t d1 = { .text = t1, .ntext = 1 }, d2 = { .text = t2, .ntext = 2 };
	dif_instr_t t4[] = { { .op = DIF_LDGA, .imm = DIF_VAR_UREGS },
		{ .op = DIF_LDGA, .imm = DIF_VAR_ARGS } };
	difo_t d3 = { .text = t3, .ntext = 1 }, d4 = { .text = t4, .ntext = 2 };
	CHECK_EQ_INT(pid_difo_needs(&d1), UDT_NEED_STACKARGS | UDT_NEED_ARGS);
	CHECK_EQ_INT(pid_difo_needs(&d2), UDT_NEED_UCALLER | UDT_NEED_USTACK);
	/* register arguments: the registers (which: ARGN), no stack */
	CHECK_EQ_INT(pid_difo_needs(&d3), UDT_NEED_ARGS | UDT_NEED_ARGN(5));
	CHECK_EQ_INT(pid_difo_needs(&d4), UDT_NEED_UREGS | UDT_NEED_ARGS |
	    UDT_NEED_STACKARGS);
	CHECK_EQ_INT(pid_difo_needs(NULL), 0);
}

static void test_hit(void)
{
	udt_handle_t *h = udt_open();
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	CHECK(h != NULL && out != NULL);
	udt_set_output(h, out);
	CHECK_EQ_INT(udt_setopt(h, "quiet", NULL), 0);
	udt_provider_t *pv = probe_add_provider(&h->reg, "fake7", NULL, NULL);
	udt_probe_t *pe = probe_create(&h->reg, pv, "m", "f", "entry");
	udt_probe_t *pr = probe_create(&h->reg, pv, "m", "f", "return");
	udt_prog_t *p = udt_compile(h, UDT_PROG_NAME,
	    "fake7:m:f:entry { printf(\"%d %d %d %d %x %s %d\\n\", arg0, arg5, "
	    "arg6, arg9, ucaller, execname, pid); }"
	    "fake7:m:f:return { printf(\"%x %d\\n\", arg0, arg1); }",
	    NULL, 0, NULL, 0);
	CHECK(p != NULL);
	int n = 0;
	CHECK_EQ_INT(udt_enable(h, p, &n), 0);
	CHECK_EQ_INT(n, 2);
	CHECK_EQ_INT(udt_go(h), 0);

	udt_tproc_t t = { .pid = 7, .ppid = 1, .execname = "prog", .alive = 1 };
	pidsite_t se = { .t = &t }, sr = { .t = &t };
	pidsite_ent_t ee = { pe, PID_ENTRY, 0 }, er = { pr, PID_RETURN, 0x1c };
	se.ents = &ee; se.nents = 1; se.site.cookie = &se;
	sr.ents = &er; sr.nents = 1; sr.site.cookie = &sr;
	uint64_t stack[5] = { 0x401234, 60, 70, 80, 90 };
	udt_hit_t uh = { .cookie = &se, .pid = 7, .tid = 8, .time = 1,
	    .stack = stack, .stacklen = sizeof(stack) };
	uh.regs[R_RDI] = 10;
	uh.regs[R_R9] = 15;
	uh.regs[R_RAX] = 99;
	pid_hit(h, &uh);
	uh.cookie = &sr;
	pid_hit(h, &uh);
	udt_stop(h);
	fflush(out);
	CHECK_EQ_STR(buf, "10 15 60 90 401234 prog 7\n1c 99\n");
	udt_close(h);
	fclose(out);
	free(buf);
}

int main(void)
{
	test_sites();
	test_desc();
	test_needs();
	test_hit();
	return UNIT_END();
}
