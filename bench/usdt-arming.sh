#!/usr/bin/env bash
# usdt-arming.sh — the arming window of a USDT provider glob: how long
# after a process starts (its execve) its probes are live, for a program
# whose file no process mapped when udtrace started (the new-object watch
# must see the mapping and attach the file's uprobes) and for one whose
# file was already mapped (the kernel installs the uprobes as it maps
# the file: no window). Prints, per case, the time from execve to the
# first hit (min, median, max over RUNS runs, microseconds) and, as the
# baseline, the time from execve to main.
#
# The target fires its probe every ~50 us from main on, with arg0 = ns
# since the launcher's execve, for 1 s; udtrace keeps min(arg0). Uprobe
# backend only: ptrace never sees a program started later (a fork child
# of a traced process is armed before its first instruction), and the
# trampoline backend's file-wide sites are its inner uprobe backend's.
# UDTRACE picks the binary (default build/udtrace), RUNS the count
# (default 10). Needs gcc and uprobe permission.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
udtrace=${UDTRACE:-$top/build/udtrace}
runs=${RUNS:-10}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prov=arm$(echo $$ | tr 0-9 a-j)
cat >"$tmp/spin.c" <<C
#include <sys/sdt.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static long long now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}
int main(int argc, char **argv)
{
	long long t0 = argc > 1 ? atoll(argv[1]) : now(), t, first = now() - t0;
	while ((t = now()) - t0 < 1000000000LL) {
		STAP_PROBE1($prov, spin, t - t0);
		while (now() - t < 50000)
			;
	}
	printf("%lld\n", first);
	return 0;
}
C
cat >"$tmp/launch.c" <<'C'
#include <stdio.h>
#include <time.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	struct timespec ts;
	char t0[32];
	(void)argc;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	snprintf(t0, sizeof t0, "%lld", ts.tv_sec * 1000000000LL + ts.tv_nsec);
	execl(argv[1], argv[1], t0, (char *)NULL);
	return 127;
}
C
gcc -O2 -o "$tmp/launch" "$tmp/launch.c"

stats() {	# microseconds, one per line -> "min median max"
	sort -n | awk '{ v[NR] = $1 } END { printf "%d %d %d", v[1] / 1000, v[int((NR + 1) / 2)] / 1000, v[NR] / 1000 }'
}

one() {	# $1 = the file to run; prints ns from execve to the first hit, or "never"
	rm -f "$tmp/trace"
	"$udtrace" -q -Z -x backend=uprobe -o "$tmp/trace" 2>/dev/null -n 'BEGIN { printf("ready\n"); } '"$prov"'*:::spin { @ = min(arg0); } END { printa("first %@d\n", @); }' &
	local upid=$! i=0
	until grep -q ready "$tmp/trace" 2>/dev/null || [ $i -ge 500 ]; do sleep 0.02; i=$((i + 1)); done
	"$tmp/launch" "$1" >>"$tmp/main"
	kill -INT "$upid"
	wait "$upid"
	sed -n 's/^first //p' "$tmp/trace" | grep . || echo never
}

: >"$tmp/main"
for ((r = 0; r < runs; r++)); do
	# a copy no process has mapped: the watch must find it
	cp "$tmp/spin.c" "$tmp/s$r.c"
	gcc -O2 -o "$tmp/new$r" "$tmp/s$r.c"
	one "$tmp/new$r" >>"$tmp/new"
done
echo "execve to main (no tracing of it): $(stats <"$tmp/main") us (min median max)"
if grep -q never "$tmp/new"; then
	echo "new file: $(grep -c never "$tmp/new") of $runs runs saw no hit in 1 s"
fi
echo "new file (mapped after udtrace started), execve to first live hit: $(grep -v never "$tmp/new" | stats) us (min median max)"
# the same file mapped (read-only is enough for the start-up scan) by a
# process running when udtrace starts: its uprobes exist before the exec
gcc -O2 -o "$tmp/old" "$tmp/spin.c"
python3 -c 'import mmap, sys, time
f = open(sys.argv[1], "rb")
m = mmap.mmap(f.fileno(), 0, prot=mmap.PROT_READ)
time.sleep(3600)' "$tmp/old" &
holder=$!
trap 'kill $holder 2>/dev/null; rm -rf "$tmp"' EXIT
sleep 0.5
for ((r = 0; r < runs; r++)); do
	one "$tmp/old" >>"$tmp/old.t"
done
echo "known file (mapped when udtrace started), execve to first live hit: $(grep -v never "$tmp/old.t" | stats) us (min median max)"
