/*
 * mem.c — reading and writing target memory.
 *
 * Owns: process_vm_readv reads with a /proc/PID/mem fallback, string
 * reads, and unrecorded writes through /proc/PID/mem (a tracer may write
 * read-only text there).
 * Must not: write anything that has to be restored: that is proc_patch's.
 * Invariant: proc_read shows the program's own bytes — where udtrace has
 * patched, the recorded originals — so copyin() of code never sees our
 * breakpoints; proc_read_raw shows memory as it is.
 */
#include "proc/proc_impl.h"

#include <errno.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

int proc_read_raw(udt_proc_t *p, uint64_t addr, void *buf, size_t len)
{
	if (len == 0)
		return 0;
	struct iovec local = { buf, len }, remote = { (void *)(uintptr_t)addr, len };
	ssize_t n = process_vm_readv(p->pid, &local, 1, &remote, 1, 0);
	if (n == (ssize_t)len)
		return 0;
	/* A page the process cannot read itself may still be readable to its tracer. */
	if (p->memfd < 0 && proc_open_mem(p) < 0)
		return -1;
	size_t got = 0;
	while (got < len) {
		ssize_t r = pread(p->memfd, (char *)buf + got, len - got,
		    (off_t)(addr + got));
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		got += (size_t)r;
	}
	return 0;
}

int proc_read(udt_proc_t *p, uint64_t addr, void *buf, size_t len)
{
	if (proc_read_raw(p, addr, buf, len) < 0)
		return -1;
	if (p->pcount == 0 || len == 0 || addr > p->pmax ||
	    addr + len - 1 < p->pmin)
		return 0;
	uint8_t *b = buf;
	for (size_t i = 0; i < len; i++) {
		uint8_t o;
		if (proc_patch_find(p, addr + i, &o))
			b[i] = o;
	}
	return 0;
}

ssize_t proc_read_str(udt_proc_t *p, uint64_t addr, char *buf, size_t len)
{
	if (len == 0)
		return -1;
	size_t got = 0, max = len - 1;
	while (got < max) {
		/* Never read past a page end we do not need: the next may be unmapped. */
		uint64_t a = addr + got;
		size_t chunk = 4096 - (size_t)(a & 4095);
		if (chunk > max - got)
			chunk = max - got;
		if (proc_read(p, a, buf + got, chunk) < 0)
			return -1;
		char *nul = memchr(buf + got, '\0', chunk);
		if (nul)
			return nul - buf;
		got += chunk;
	}
	buf[max] = '\0';
	return (ssize_t)max;
}

int proc_write(udt_proc_t *p, uint64_t addr, const void *buf, size_t len)
{
	if (p->memfd < 0 && proc_open_mem(p) < 0)
		return -1;
	size_t done = 0;
	while (done < len) {
		ssize_t r = pwrite(p->memfd, (const char *)buf + done,
		    len - done, (off_t)(addr + done));
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		done += (size_t)r;
	}
	return 0;
}
