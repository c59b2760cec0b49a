/*
 * procinfo.h — DTrace's psinfo_t, lwpsinfo_t and fileinfo_t filled from
 * /proc (procinfo.c), for curpsinfo, curlwpsinfo, fds[] and proc args[].
 *
 * Owns: the dif_hit_t.xlate callback and the three readers behind it.
 * Must not: allocate; the caller zeroes the structure first.
 * Invariant: a field /proc cannot give is left as the caller set it.
 */
#ifndef UDTRACE_CONSUMER_PROCINFO_H
#define UDTRACE_CONSUMER_PROCINFO_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include "udtrace/procfs.h"

/* dif_hit_t.xlate: arg is the firing's const dif_hit_t *. */
void procinfo_xlate(void *arg, int kind, int64_t id, void *buf, size_t len);

void procinfo_psinfo(pid_t pid, udt_psinfo_t *ps);
/* pid <= 0: find it. oncpu: the thread the probe runs in (on cpu). */
void procinfo_lwpsinfo(pid_t pid, pid_t tid, int oncpu, int cpu,
    udt_lwpsinfo_t *l);
/* fd of pid; a descriptor not open reads as DTrace's "<none>". */
void procinfo_fileinfo(pid_t pid, int fd, udt_fileinfo_t *fi);
/* sched.d's cpuinfo_t of a CPU, from /sys/devices/system/cpu. */
void procinfo_cpuinfo(int cpu, udt_cpuinfo_t *ci);

#endif /* UDTRACE_CONSUMER_PROCINFO_H */
