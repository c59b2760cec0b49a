/*
 * test_usdt_glue.c — the USDT provider's glue: which processes a
 * description's provider field names (<name><pid>, globs), provider and
 * module matching, and semaphores: incremented once per (process,
 * address), decremented exactly once by proc_release and by proc_kill.
 *
 * Must not: depend on programs outside this test (the semaphore lives in
 * a forked child of the test itself, at the same address as here).
 */
#include "unit.h"
#include "providers/usdt.h"
#include "proc/proc.h"

#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile unsigned short test_sema;

static void test_desc_kind(void)
{
	int32_t pid = -1;
	CHECK_EQ_INT(usdt_desc_kind("php1234", &pid), USDT_DESC_PID);
	CHECK_EQ_INT(pid, 1234);
	CHECK_EQ_INT(usdt_desc_kind("postgresql7", &pid), USDT_DESC_PID);
	CHECK_EQ_INT(pid, 7);
	/* provider names may hold digits: only the trailing ones are the pid */
	CHECK_EQ_INT(usdt_desc_kind("h2o42", &pid), USDT_DESC_PID);
	CHECK_EQ_INT(pid, 42);
	CHECK_EQ_INT(usdt_desc_kind("php*", NULL), USDT_DESC_GLOB);
	CHECK_EQ_INT(usdt_desc_kind("mysql?1*", NULL), USDT_DESC_GLOB);
	CHECK_EQ_INT(usdt_desc_kind("php[0-9]*", NULL), USDT_DESC_GLOB);
	/* no literal name first: never a system scan */
	CHECK_EQ_INT(usdt_desc_kind("*", NULL), USDT_DESC_NONE);
	CHECK_EQ_INT(usdt_desc_kind("*php", NULL), USDT_DESC_NONE);
	CHECK_EQ_INT(usdt_desc_kind("", NULL), USDT_DESC_NONE);
	/* a bare name: that provider in every process (DTrace keeps it) */
	CHECK_EQ_INT(usdt_desc_kind("php", NULL), USDT_DESC_NAME);
	CHECK_EQ_INT(usdt_desc_kind("postgresql", NULL), USDT_DESC_NAME);
	/* only a pid, the pid provider, pid 0, too large, DTrace's own */
	CHECK_EQ_INT(usdt_desc_kind("1234", NULL), USDT_DESC_NONE);
	CHECK_EQ_INT(usdt_desc_kind("pid1234", NULL), USDT_DESC_NONE);
	CHECK_EQ_INT(usdt_desc_kind("php0", NULL), USDT_DESC_NONE);
	CHECK_EQ_INT(usdt_desc_kind("php99999999999", NULL), USDT_DESC_NONE);
	CHECK_EQ_INT(usdt_desc_kind("dtrace", NULL), USDT_DESC_NONE);
	CHECK_EQ_INT(usdt_desc_kind("profile", NULL), USDT_DESC_NONE);
}

static void test_prov_match(void)
{
	CHECK(usdt_prov_match("php1234", "php", 1234));
	CHECK(!usdt_prov_match("php1234", "php", 123));
	CHECK(!usdt_prov_match("php123", "php", 1234));
	CHECK(usdt_prov_match("php*", "php", 99));
	CHECK(!usdt_prov_match("php*", "python", 99));
	CHECK(usdt_prov_match("p*", "python", 99));
	CHECK(usdt_prov_match("postgresql*", "postgresql", 5));
	CHECK(usdt_prov_match("mysql1?", "mysql", 12));
	CHECK(usdt_prov_match("mysql", "mysql", 12));
	CHECK(!usdt_prov_match("mysql", "mysqlish", 12));
	CHECK(!usdt_prov_match("mysql", "mysq", 12));
	CHECK(!usdt_prov_match("mysql1?", "mysql", 123));
	CHECK(usdt_prov_match("", "any", 1));
}

static void test_mod_match(void)
{
	const char *path = "/usr/lib/x86_64-linux-gnu/libpython3.11.so.1.0";
	const char *base = "libpython3.11.so.1.0";
	CHECK(usdt_mod_match("", base, path, 0));
	CHECK(usdt_mod_match(base, base, path, 0));
	CHECK(usdt_mod_match(path, base, path, 0));
	CHECK(usdt_mod_match("libpython3", base, path, 0));
	CHECK(usdt_mod_match("libpython*", base, path, 0));
	CHECK(!usdt_mod_match("libpython", base, path, 0));
	CHECK(!usdt_mod_match("a.out", base, path, 0));
	CHECK(usdt_mod_match("a.out", "php8.2", "/usr/bin/php8.2", 1));
	CHECK(usdt_mod_match("php8", "php8.2", "/usr/bin/php8.2", 1));
	CHECK(!usdt_mod_match("php", "php8.2", "/usr/bin/php8.2", 1));
	CHECK(!usdt_mod_match("php8.2.so", "php8.2", "/usr/bin/php8.2", 1));
}

/* The child's view of test_sema (same address: a fork of this process). */
static int child_sema(pid_t pid, unsigned short *v)
{
	struct iovec l = { v, sizeof(*v) };
	struct iovec r = { (void *)&test_sema, sizeof(*v) };
	return process_vm_readv(pid, &l, 1, &r, 1, 0) == sizeof(*v) ? 0 : -1;
}

static pid_t spawn(void)
{
	pid_t pid = fork();
	if (pid == 0) {
		for (;;)
			pause();
	}
	struct timespec ts = { 0, 20000000 };
	nanosleep(&ts, NULL);
	return pid;
}

static void test_sema_release(void)
{
	char err[256] = "";
	unsigned short v = 99;
	test_sema = 3;           /* as if another tracer held it at 3 */
	pid_t pid = spawn();
	test_sema = 0;
	udt_proc_t *p = proc_grab(pid, err, sizeof(err));
	CHECK(p != NULL);
	if (p == NULL) {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		return;
	}
	uint64_t addr = (uint64_t)(uintptr_t)&test_sema;
	CHECK_EQ_INT(proc_sema_inc(p, addr), 0);
	CHECK_EQ_INT(proc_sema_inc(p, addr), 0);     /* once per address */
	CHECK_EQ_INT((int)proc_sema_count(p), 1);
	CHECK_EQ_INT(child_sema(pid, &v), 0);
	CHECK_EQ_INT(v, 4);
	CHECK_EQ_INT(proc_sema_inc(p, 0), 0);        /* no semaphore */
	CHECK_EQ_INT((int)proc_sema_count(p), 1);
	proc_release(p);
	CHECK_EQ_INT(child_sema(pid, &v), 0);
	CHECK_EQ_INT(v, 3);                            /* back, not zeroed */
	/* grabbed again and released twice over: still decremented once */
	p = proc_grab(pid, err, sizeof(err));
	CHECK(p != NULL);
	if (p != NULL) {
		CHECK_EQ_INT(proc_sema_inc(p, addr), 0);
		CHECK_EQ_INT(child_sema(pid, &v), 0);
		CHECK_EQ_INT(v, 4);
		proc_release(p);
	}
	CHECK_EQ_INT(child_sema(pid, &v), 0);
	CHECK_EQ_INT(v, 3);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

static void test_sema_bad_address(void)
{
	char err[256] = "";
	pid_t pid = spawn();
	udt_proc_t *p = proc_grab(pid, err, sizeof(err));
	CHECK(p != NULL);
	if (p != NULL) {
		CHECK_EQ_INT(proc_sema_inc(p, 8), -1);   /* unmapped page */
		CHECK_EQ_INT((int)proc_sema_count(p), 0);
		proc_release(p);
	}
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

int main(void)
{
	test_desc_kind();
	test_prov_match();
	test_mod_match();
	test_sema_release();
	test_sema_bad_address();
	return UNIT_END();
}
