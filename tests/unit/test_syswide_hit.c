/*
 * test_syswide_hit.c — a hit from a system-wide site (decision 6: the
 * uprobe backend attached to a file, so the record has no traced process
 * and the hit no process handle) turned into a firing: pid and tid from
 * the sample, ppid/uid/execname from /proc, copyinstr through
 * process_vm_readv of the hit's pid, stack arguments and ucaller from the
 * sampled stack copy, and an unreadable address faulting (DTrace's error
 * record) instead of reading as zeros. The "target" is this process.
 * Must not: start or trace processes.
 */
#include "consumer/handle.h"
#include "pid/pid.h"
#include "unit.h"

#include <stdlib.h>
#include <unistd.h>

static const char text[] = "hello from the target";

int main(void)
{
	udt_handle_t *h = udt_open();
	char *buf = NULL, *ebuf = NULL;
	size_t len = 0, elen = 0;
	FILE *out = open_memstream(&buf, &len);
	FILE *err = open_memstream(&ebuf, &elen);
	CHECK(h != NULL && out != NULL && err != NULL);
	udt_set_output(h, out);
	udt_set_errfp(h, err);
	CHECK_EQ_INT(udt_setopt(h, "quiet", NULL), 0);
	udt_provider_t *pv = probe_add_provider(&h->reg, "fake9", NULL, NULL);
	udt_probe_t *pe = probe_create(&h->reg, pv, "m", "f", "entry");
	udt_prog_t *p = udt_compile(h, UDT_PROG_NAME,
	    "fake9:m:f:entry { printf(\"%d %d %d %d %s %x %d|%s|\\n\", "
	    "pid, tid, ppid, uid, execname, ucaller, arg6, copyinstr(arg0)); }",
	    NULL, 0, NULL, 0);
	CHECK(p != NULL);
	int n = 0;
	CHECK_EQ_INT(udt_enable(h, p, &n), 0);
	CHECK_EQ_INT(n, 1);
	CHECK_EQ_INT(udt_go(h), 0);

	/* no traced process behind the site: rec->t == NULL, uh.proc == NULL */
	pidsite_t se = { .t = NULL };
	pidsite_ent_t ee = { pe, PID_ENTRY, 0 };
	se.ents = &ee; se.nents = 1; se.site.cookie = &se;
	uint64_t stack[5] = { 0x401234, 60, 70, 80, 90 };
	udt_hit_t uh = { .cookie = &se, .proc = NULL, .pid = getpid(),
	    .tid = getpid() + 1, .time = 1, .stack = stack,
	    .stacklen = sizeof(stack) };
	uh.regs[R_RSP] = 0x7ff000000000ULL;    /* the copy stands for it */
	uh.regs[R_RDI] = (uint64_t)(uintptr_t)text;
	pid_hit(h, &uh);
	/* an address nobody maps: the clause faults, no line is printed */
	uh.regs[R_RDI] = 8;
	uh.time = 2;
	pid_hit(h, &uh);
	udt_stop(h);
	fflush(out);
	fflush(err);

	char want[256];
	snprintf(want, sizeof(want), "%d %d %d %d test_syswide_hi 401234 60|%s|\n",
	    (int)getpid(), (int)getpid() + 1, (int)getppid(), (int)getuid(),
	    text);
	CHECK_EQ_STR(buf, want);
	CHECK(ebuf != NULL && strstr(ebuf, "invalid address (0x8)") != NULL);
	if (ebuf != NULL && strstr(ebuf, "invalid address (0x8)") == NULL)
		fprintf(stderr, "stderr was: %s\n", ebuf);
	udt_close(h);
	fclose(out);
	fclose(err);
	free(buf);
	free(ebuf);
	return UNIT_END();
}
