#!/bin/sh
# syscall-bench.sh — the per-call cost of the syscall provider on each
# backend beside strace -c, bpftrace (tracepoint:raw_syscalls:sys_enter)
# and perf trace, on one workload: bench/sysloop.c, getppid() calls in a
# loop timed from inside the target. Every tracer counts the calls with
# one aggregation (or its own summary): udtrace runs
# `syscall::getppid:entry { @ = count(); }`, which the uprobe and
# trampoline backends count in the kernel (README, "The syscall
# provider") and the ptrace backend takes as a stop at the call's entry
# and exit, as strace does.
#
# Usage: bench/syscall-bench.sh [N [NSLOW]]   (run after make)
#   N      calls for the in-kernel tracers and the untraced loop (200000)
#   NSLOW  calls for the tracers that stop the target per call: udtrace
#          ptrace, strace, perf trace (20000); the cost is per call, so
#          fewer calls keep the run short without favouring anyone
#   UDTRACE=...  binary to measure (default build/udtrace)
#   REPEAT=5     rounds; each round runs every tracer once (interleaved,
#                so a burst of load elsewhere hits all alike); the best
#                and the median round of each are shown
# Needs: cc; strace, bpftrace and perf for the comparisons (a missing one
# is said so on its line and left out of the ratios); root for perf
# events and bpftrace.
# Invariant: per-call cost = traced loop time / calls - untraced loop
# time / calls (the untraced rounds' median): no tracer's start-up or
# teardown is counted. Both the target's wall time and its own CPU time
# are shown: a ptrace stop costs the target little CPU and much waiting,
# an in-kernel count costs it CPU only.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-200000}
nslow=${2:-20000}
rep=${REPEAT:-5}
UDTRACE=${UDTRACE:-$top/build/udtrace}
[ -x "$UDTRACE" ] || { echo "syscall-bench: $UDTRACE missing: run make" >&2; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cc -O2 -o "$tmp/sysloop" "$top/bench/sysloop.c" || exit 1
prog='syscall::getppid:entry { @ = count(); }'
nr=$(printf '#include <sys/syscall.h>\nSYS_getppid\n' | cc -E -P - | tail -n 1)

# one run of tracer $1: appends "wall_ns cpu_ns calls counted" to $tmp/$1,
# or "- why"
run() {
	out="$tmp/out" err="$tmp/err"
	case $1 in
	ptrace|strace|perf) k=$nslow ;;
	*) k=$n ;;
	esac
	loop="$tmp/sysloop $k"
	case $1 in
	none)    $loop >"$out" 2>"$err" ;;
	ptrace|uprobe|trampoline)
	         "$UDTRACE" -q -x backend="$1" -c "$loop" -n "$prog" >"$out" 2>"$err" ;;
	strace)  strace -c -o "$tmp/strace.sum" $loop >"$out" 2>"$err" &&
	         awk '$NF == "getppid" { print "count", $4 }' "$tmp/strace.sum" >>"$out" ;;
	bpftrace) bpftrace -e 'tracepoint:raw_syscalls:sys_enter /pid == cpid && args->id == '"$nr"'/ { @ = count(); }' \
	             -c "$loop" >"$out" 2>"$err" ;;
	perf)    perf trace -s -e getppid -- $loop >"$out" 2>"$err" &&
	         awk '$1 == "getppid" { print "count", $2 }' "$err" >>"$out" ;;
	esac
	rc=$?
	w=$(sed -n 's/^calls [0-9]* cpu_ns \([0-9]*\) wall_ns \([0-9]*\)$/\2 \1/p' "$out")
	c=$(grep -v '^calls' "$out" | grep -Eo '[0-9]+' | tail -n 1)
	if [ $rc -ne 0 ] || [ -z "$w" ]; then
		echo "- $(head -n 1 "$err")" >>"$tmp/$1"
	else
		echo "$w $k ${c:-$k}" >>"$tmp/$1"
	fi
}

have() { command -v "$1" >/dev/null 2>&1; }
tracers="none ptrace uprobe trampoline"
for t in strace bpftrace perf; do
	if have $t; then tracers="$tracers $t"; else echo "- not installed" >"$tmp/$t"; fi
done
i=0
while [ $i -lt "$rep" ]; do
	for t in $tracers; do run $t; done
	i=$((i + 1))
done

# per-call ns of each round, sorted: "wall cpu" lines in $tmp/$1.pc
percall() {
	grep -v '^-' "$tmp/$1" 2>/dev/null |
	    awk -v bw="${2:-0}" -v bc="${3:-0}" '{ printf "%.1f %.1f %s\n", $1 / $3 - bw, $2 / $3 - bc, $4 }' |
	    sort -n >"$tmp/$1.pc"
}
# column $2 (1 wall, 2 cpu) of the best (b) or median (m) round
pick() {
	sort -n -k"$2" "$tmp/$1.pc" | awk -v c="$2" -v w="$3" '{ v[NR] = $c } END {
	    if (NR == 0) exit; print (w == "b") ? v[1] : v[int((NR + 1) / 2)] }'
}
percall none
base_w=$(pick none 1 m) base_c=$(pick none 2 m)
echo "syscall-bench: getppid() calls: $n (in-kernel tracers, untraced), $nslow (per-call stops); $rep rounds; load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-28s %19s %19s %10s\n' tracer "ns/call wall b/med" "ns/call cpu b/med" counted
for t in none ptrace uprobe trampoline strace bpftrace perf; do
	case $t in
	none) label="untraced (whole call)" ;;
	ptrace|uprobe|trampoline) label="udtrace -x backend=$t" ;;
	strace) label="strace -c" ;; bpftrace) label="bpftrace raw_syscalls" ;;
	perf) label="perf trace -s" ;;
	esac
	[ $t = none ] || percall $t "$base_w" "$base_c"
	if [ ! -s "$tmp/$t.pc" ]; then
		printf '%-28s %s\n' "$label" "not measured: $(head -n 1 "$tmp/$t" | cut -c3-)"
		continue
	fi
	for m in b m; do
		eval "w${m}_$t=$(pick $t 1 $m) c${m}_$t=$(pick $t 2 $m)"
	done
	eval "printf '%-28s %9s %9s %9s %9s %10s\n' \"\$label\" \$wb_$t \$wm_$t \$cb_$t \$cm_$t \"\$(awk '{ print \$3 }' \"\$tmp/$t.pc\" | sort -u | tr '\n' ' ')\""
done
ratio() { [ -n "${2:-}" ] && awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }' || echo "n/a"; }
both() {	# $1 $2: tracers; wall and cpu ratios of the medians (best)
	eval "a_w=\${wm_$1:-} b_w=\${wm_$2:-} a_c=\${cm_$1:-} b_c=\${cm_$2:-}"
	eval "a_wb=\${wb_$1:-} b_wb=\${wb_$2:-} a_cb=\${cb_$1:-} b_cb=\${cb_$2:-}"
	echo "wall $(ratio "$a_w" "$b_w") ($(ratio "$a_wb" "$b_wb")); cpu $(ratio "$a_c" "$b_c") ($(ratio "$a_cb" "$b_cb"))"
}
echo "overhead ratios per call, medians (best rounds), untraced loop subtracted:"
echo "  udtrace ptrace / strace -c:       $(both ptrace strace)"
echo "  udtrace uprobe / bpftrace:        $(both uprobe bpftrace)"
echo "  udtrace trampoline / bpftrace:    $(both trampoline bpftrace)"
echo "  udtrace uprobe / perf trace:      $(both uprobe perf)"
