#!/usr/bin/env bash
# usdt-arming.sh — the arming window of a USDT provider glob on uprobes
# (on the trampoline backend, the default, such a process's sites are
# uprobes too: trampolines go only into the processes udtrace traces):
# whether probes a program fires at once are counted when its file was
# first mapped after udtrace started (the new-object watch must see the
# mapping, hold the thread and register the file's uprobes), what that
# costs the program, and the window that remains where it cannot be held.
#
# Every run executes a fresh copy of its program (a new inode: the first
# mapping of that file), under one udtrace per case:
#   main      dynamic program firing as main's first statement (and in a
#             constructor, before main): runs counted / RUNS; its execve
#             to main, traced (the hold included) and untraced
#   start     static program without libc firing at its first instruction
#             (_start): runs counted / RUNS, the hardest case
#   dlopen    a new library dlopen'ed by a new program, firing in its
#             constructor and in the first call after dlopen
#   strace    the main program under strace -f (another tracer: cannot be
#             held), firing every 50 us from main: the window, main to
#             the first live hit
#   known     the same under a file a process mapped when udtrace started
# LOAD=N adds N busy loops for the run (the load average is printed);
# RUNS (20) the runs per case; UDTRACE the binary (build/udtrace);
# BACKEND (udtrace's default: trampoline) its -x backend; KEEP=1
# keeps the work directory (traces, per-run times). Needs
# gcc, static libc, strace (else that case is skipped) and uprobe
# permission (root).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
udtrace=${UDTRACE:-$top/build/udtrace}
runs=${RUNS:-20}
backend=${BACKEND:-}
load=${LOAD:-0}
tmp=$(mktemp -d)
pids=
trap 'kill $pids 2>/dev/null; if [ -n "${KEEP:-}" ]; then echo "kept $tmp"; else rm -rf "$tmp"; fi' EXIT
prov=arm$(echo $$ | tr 0-9 a-j)
for ((i = 0; i < load; i++)); do
	timeout 3600 sh -c 'while :; do :; done' &
	pids="$pids $!"
done

cat >"$tmp/main.c" <<C
#include <sys/sdt.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
static long long now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}
__attribute__((constructor)) static void ctor(void)
{
	STAP_PROBE(${prov}m, ctor);
}
int main(int argc, char **argv)
{
	STAP_PROBE(${prov}m, first);
	long long t0 = atoll(argv[1]), m = now() - t0, t;
	if (argc > 2 && argv[2][0] == 's') {
		/* every 50 us for 100 ms, arg0 = ns since the execve */
		while ((t = now()) - t0 < m + 100000000LL) {
			STAP_PROBE1(${prov}m, spin, t - t0);
			while (now() - t < 50000)
				;
		}
	} else if (argc > 2) {
		void *h = dlopen(argv[2], RTLD_NOW);
		void (*f)(void) = h ? (void (*)(void))dlsym(h, "plug") : NULL;
		if (f)
			f();
	}
	if (argc > 2 && argv[2][0] == 's')
		printf("%d ", (int)getpid());
	printf("%lld\n", m);
	return 0;
}
C
cat >"$tmp/start.c" <<C
#include <sys/sdt.h>
void _start(void)
{
	STAP_PROBE(${prov}s, start);
	__asm__ volatile("mov \$60, %eax\n\txor %edi, %edi\n\tsyscall");
	for (;;)
		;
}
C
cat >"$tmp/plug.c" <<C
#include <sys/sdt.h>
__attribute__((constructor)) static void plug_ctor(void)
{
	STAP_PROBE(${prov}l, libctor);
}
void plug(void)
{
	STAP_PROBE(${prov}l, libcall);
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
	clock_gettime(CLOCK_MONOTONIC, &ts);
	snprintf(t0, sizeof t0, "%lld", ts.tv_sec * 1000000000LL + ts.tv_nsec);
	execl(argv[1], argv[1], t0, argc > 2 ? argv[2] : (char *)NULL,
	    (char *)NULL);
	return 127;
}
C
gcc -O2 -o "$tmp/main" "$tmp/main.c" -ldl
gcc -O2 -static -nostdlib -o "$tmp/start" "$tmp/start.c"
gcc -O2 -shared -fPIC -o "$tmp/plug.so" "$tmp/plug.c"
gcc -O2 -o "$tmp/launch" "$tmp/launch.c"

stats() {	# ns, one per line -> "min median max" in us
	sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) { printf "-"; exit }
	    printf "%d / %d / %d", v[1] / 1000, v[int((NR + 1) / 2)] / 1000, v[NR] / 1000 }'
}

# udtrace with program $1 in the background until stop_ud; its output in $tmp/trace
start_ud() {
	rm -f "$tmp/trace"
	"$udtrace" -q -Z ${backend:+-x backend=$backend} -o "$tmp/trace" -n "BEGIN { printf(\"ready\\n\"); } $1" 2>"$tmp/err" &
	upid=$!
	local i=0
	until grep -q ready "$tmp/trace" 2>/dev/null || [ $i -ge 1500 ]; do sleep 0.02; i=$((i + 1)); done
}
stop_ud() {
	kill -INT "$upid"
	wait "$upid" || true
}
# runs of the case with all of its $1 probes counted once
counted() {
	awk -v n="$1" 'NF == 3 && $3 == 1 { c[$1]++ } END { k = 0; for (x in c) if (c[x] == n) k++; print k }' "$tmp/trace"
}

echo "load: $load busy loops added; $(cut -d' ' -f1-3 /proc/loadavg) (1/5/15 min) at start; $runs runs a case"

# untraced baseline: execve to main of a fresh copy
: >"$tmp/base"
for ((r = 0; r < runs; r++)); do
	cp "$tmp/main" "$tmp/u$r"
	"$tmp/launch" "$tmp/u$r" >>"$tmp/base"
done
echo "untraced, execve to main: $(stats <"$tmp/base") us (min / median / max)"

start_ud "${prov}m*:::ctor, ${prov}m*:::first { @[execname, probename] = count(); }"
: >"$tmp/tmain"
for ((r = 0; r < runs; r++)); do
	cp "$tmp/main" "$tmp/m$r"
	"$tmp/launch" "$tmp/m$r" >>"$tmp/tmain"
done
stop_ud
echo "main: constructor and main's first statement counted in $(counted 2) of $runs new programs;" \
    "execve to main (the hold included): $(stats <"$tmp/tmain") us"

start_ud "${prov}s*:::start { @[execname, probename] = count(); }"
for ((r = 0; r < runs; r++)); do
	cp "$tmp/start" "$tmp/s$r"
	"$tmp/s$r"
done
stop_ud
echo "start: first instruction of a static program counted in $(counted 1) of $runs"

start_ud "${prov}l*:::lib* { @[execname, probename] = count(); }"
for ((r = 0; r < runs; r++)); do
	cp "$tmp/main" "$tmp/d$r"
	cp "$tmp/plug.so" "$tmp/lib$r.so"
	"$tmp/launch" "$tmp/d$r" "$tmp/lib$r.so" >/dev/null
done
stop_ud
echo "dlopen: a new library's constructor and first call counted in $(counted 2) of $runs"

# the window where no hold is possible: first live hit - main, per run
window() {	# $1: file of "pid main_ns" lines; ns from main to the first live hit
	awk 'NR == FNR { m[$1] = $2; next } NF == 2 && ($1 in m) { print $2 - m[$1] }' "$1" "$tmp/trace"
}
if command -v strace >/dev/null; then
	start_ud "${prov}m*:::spin { @[pid] = min(arg0); }"
	: >"$tmp/smain"
	for ((r = 0; r < runs; r++)); do
		cp "$tmp/main" "$tmp/t$r"
		strace -f -o /dev/null "$tmp/launch" "$tmp/t$r" spin >>"$tmp/smain"
	done
	stop_ud
	echo "strace: held by another tracer, main to the first live hit: $(window "$tmp/smain" | stats) us" \
	    "($(window "$tmp/smain" | awk '$1 < 50000 { n++ } END { print n + 0 }') of $runs from main's first firing)"
else
	echo "strace: not installed, case skipped"
fi

# a file a process maps when udtrace starts: armed at every mapping
cp "$tmp/main" "$tmp/k"
python3 -c 'import mmap, sys, time
f = open(sys.argv[1], "rb")
m = mmap.mmap(f.fileno(), 0, prot=mmap.PROT_READ | mmap.PROT_EXEC)
time.sleep(3600)' "$tmp/k" &
pids="$pids $!"
sleep 0.5
start_ud "${prov}m*:::spin { @[pid] = min(arg0); }"
: >"$tmp/kmain"
for ((r = 0; r < runs; r++)); do
	"$tmp/launch" "$tmp/k" spin >>"$tmp/kmain"
done
stop_ud
echo "known: main to the first live hit: $(window "$tmp/kmain" | stats) us"
echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
