/*
 * maps.c — what /proc tells about a target's address space: the memory
 * map, the executable's path, the auxiliary vector.
 *
 * Owns: parsing /proc/PID/maps and /proc/PID/auxv.
 * Must not: cache across calls (objects come and go with dlopen); the
 * caller decides when to re-read.
 * Invariant: the array and its path strings live in p and stay valid
 * until the next proc_maps or proc_release; a path the kernel marks
 * " (deleted)" is given without the mark, so an object replaced on disk
 * (an upgrade under a running service) still matches by name.
 */
#include "proc/proc_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sysmacros.h>
#include <unistd.h>

static const char deleted[] = " (deleted)";

/* Read a whole /proc file into p->mapbuf (NUL-terminated). Length or -1. */
static ssize_t slurp(udt_proc_t *p, const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	size_t len = 0;
	for (;;) {
		if (len + 4096 + 1 > p->mapbufcap) {
			size_t ncap = p->mapbufcap ? p->mapbufcap * 2 : 65536;
			char *nb = realloc(p->mapbuf, ncap);
			if (!nb) {
				close(fd);
				return -1;
			}
			p->mapbuf = nb;
			p->mapbufcap = ncap;
		}
		ssize_t r = read(fd, p->mapbuf + len, p->mapbufcap - len - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			close(fd);
			return -1;
		}
		if (r == 0)
			break;
		len += (size_t)r;
	}
	close(fd);
	p->mapbuf[len] = '\0';
	return (ssize_t)len;
}

static int parse_line(char *line, udt_map_t *m)
{
	char *s = line, *e;
	m->start = strtoull(s, &e, 16);
	if (*e != '-')
		return -1;
	m->end = strtoull(e + 1, &e, 16);
	if (*e != ' ')
		return -1;
	s = e + 1;
	if (strlen(s) < 5)
		return -1;
	m->prot = (s[0] == 'r' ? PROT_READ : 0) | (s[1] == 'w' ? PROT_WRITE : 0) |
	    (s[2] == 'x' ? PROT_EXEC : 0);
	s += 4;
	while (*s == ' ')
		s++;
	m->off = strtoull(s, &e, 16);
	unsigned long maj = strtoul(e, &e, 16);
	if (*e != ':')
		return -1;
	unsigned long min = strtoul(e + 1, &e, 16);
	m->dev = makedev(maj, min);
	m->ino = strtoull(e, &e, 10);
	while (*e == ' ')
		e++;
	size_t pl = strlen(e);
	if (pl >= sizeof(deleted) - 1 &&
	    strcmp(e + pl - (sizeof(deleted) - 1), deleted) == 0)
		e[pl - (sizeof(deleted) - 1)] = '\0';
	m->path = e;
	return 0;
}

int proc_maps(udt_proc_t *p, const udt_map_t **maps, size_t *n)
{
	char path[64];
	snprintf(path, sizeof(path), "/proc/%d/maps", (int)p->pid);
	p->nmaps = 0;
	if (slurp(p, path) < 0) {
		*maps = p->maps;
		*n = 0;
		return -1;
	}
	char *line = p->mapbuf;
	while (*line) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		if (p->nmaps == p->capmaps) {
			size_t ncap = p->capmaps ? p->capmaps * 2 : 64;
			udt_map_t *nm = realloc(p->maps, ncap * sizeof(*nm));
			if (!nm)
				return -1;
			p->maps = nm;
			p->capmaps = ncap;
		}
		if (parse_line(line, &p->maps[p->nmaps]) == 0)
			p->nmaps++;
		if (!nl)
			break;
		line = nl + 1;
	}
	*maps = p->maps;
	*n = p->nmaps;
	return 0;
}

void proc_read_exe(udt_proc_t *p)
{
	char link[64];
	snprintf(link, sizeof(link), "/proc/%d/exe", (int)p->pid);
	ssize_t n = readlink(link, p->exe, sizeof(p->exe) - 1);
	if (n < 0)
		n = 0;
	p->exe[n] = '\0';
	size_t dl = sizeof(deleted) - 1;
	if ((size_t)n >= dl && strcmp(p->exe + n - dl, deleted) == 0)
		p->exe[n - dl] = '\0';
}

const char *proc_exe(udt_proc_t *p)
{
	if (!p->exe[0])
		proc_read_exe(p);
	return p->exe;
}

int proc_auxv(pid_t pid, uint64_t type, uint64_t *val)
{
	char path[64];
	snprintf(path, sizeof(path), "/proc/%d/auxv", (int)pid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	uint64_t v[2];
	int rc = -1;
	while (read(fd, v, sizeof(v)) == (ssize_t)sizeof(v) && v[0] != 0) {
		if (v[0] == type) {
			*val = v[1];
			rc = 0;
			break;
		}
	}
	close(fd);
	return rc;
}
