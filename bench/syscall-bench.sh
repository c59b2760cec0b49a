#!/bin/sh
# syscall-bench.sh — the per-call cost of the syscall provider on each
# backend beside strace -c, bpftrace (tracepoint:raw_syscalls:sys_enter)
# and perf trace, on one workload: bench/sysloop.c, N getppid() calls
# timed from inside the target. Every tracer counts the calls with one
# aggregation (or its own summary).
#
# Usage: bench/syscall-bench.sh [N]   (N default 50000; run after make)
#   UDTRACE=...  binary to measure (default build/udtrace)
#   REPEAT=3     rounds; each round runs every tracer once (interleaved,
#                so a burst of load elsewhere hits all alike); the fastest
#                round of each counts
# Needs: cc; strace, bpftrace and perf for the comparisons (a missing one
# is said so on its line and left out of the ratios); root for perf
# events and bpftrace.
# Invariant: per-call cost = (target's loop wall time traced - untraced)
# / N: no tracer's start-up or teardown is counted. The target's own CPU
# time is shown too (a ptrace stop costs the target little CPU and much
# waiting; a tracepoint sample costs it CPU).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-50000}
rep=${REPEAT:-3}
UDTRACE=${UDTRACE:-$top/build/udtrace}
[ -x "$UDTRACE" ] || { echo "syscall-bench: $UDTRACE missing: run make" >&2; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cc -O2 -o "$tmp/sysloop" "$top/bench/sysloop.c" || exit 1
loop="$tmp/sysloop $n"
prog='syscall::getppid:entry { @ = count(); }'

# one run of tracer $1: appends "wall cpu count" to $tmp/$1, or "-" + why
run() {
	out="$tmp/out" err="$tmp/err"
	case $1 in
	none)    $loop >"$out" 2>"$err" ;;
	ptrace|uprobe)
	         "$UDTRACE" -q -x backend="$1" -c "$loop" -n "$prog" >"$out" 2>"$err" ;;
	strace)  strace -c -o "$tmp/strace.sum" $loop >"$out" 2>"$err" &&
	         awk '$NF == "getppid" { print "count", $4 }' "$tmp/strace.sum" >>"$out" ;;
	bpftrace) bpftrace -e 'tracepoint:raw_syscalls:sys_enter /pid == cpid && args->id == '"$(printf '#include <sys/syscall.h>\nSYS_getppid\n' | cc -E -P - | tail -n 1)"'/ { @ = count(); }' \
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
		echo "$w ${c:-$n}" >>"$tmp/$1"
	fi
}

have() { command -v "$1" >/dev/null 2>&1; }
tracers="none ptrace uprobe"
for t in strace bpftrace perf; do
	if have $t; then tracers="$tracers $t"; else echo "- not installed" >"$tmp/$t"; fi
done
i=0
while [ $i -lt "$rep" ]; do
	for t in $tracers; do run $t; done
	i=$((i + 1))
done

# the fastest round of a tracer: "wall cpu count", or "- why"
best() { grep -v '^-' "$tmp/$1" 2>/dev/null | sort -n | head -n 1 | grep . || head -n 1 "$tmp/$1"; }
set -- $(best none)
base_w=$1 base_c=$2
echo "syscall-bench: $n getppid() calls, fastest of $rep rounds; load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-26s %12s %12s %10s\n' tracer "ns/call wall" "ns/call cpu" counted
for t in none ptrace uprobe strace bpftrace perf; do
	set -- $(best $t)
	case $t in
	none) label="untraced" ;; ptrace|uprobe) label="udtrace -x backend=$t" ;;
	strace) label="strace -c" ;; bpftrace) label="bpftrace raw_syscalls" ;;
	perf) label="perf trace -s" ;;
	esac
	if [ "$1" = - ]; then shift; printf '%-26s %s\n' "$label" "not measured: $*"; continue; fi
	ow=$(( ($1 - base_w) / n )) oc=$(( ($2 - base_c) / n ))
	[ $t = none ] && { ow=$(( $1 / n )); oc=$(( $2 / n )); }
	eval "ow_$t=$ow oc_$t=$oc"
	printf '%-26s %12d %12d %10s\n' "$label" "$ow" "$oc" "$3"
done
ratio() { [ -n "${2:-}" ] && [ "${2:-0}" -gt 0 ] && awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }' || echo "n/a"; }
echo "overhead ratios per call, untraced loop subtracted (wall; target CPU):"
echo "  udtrace ptrace / strace -c:    $(ratio "${ow_ptrace:-}" "${ow_strace:-}"); $(ratio "${oc_ptrace:-}" "${oc_strace:-}")"
echo "  udtrace uprobe / bpftrace:     $(ratio "${ow_uprobe:-}" "${ow_bpftrace:-}"); $(ratio "${oc_uprobe:-}" "${oc_bpftrace:-}")"
echo "  udtrace uprobe / perf trace:   $(ratio "${ow_uprobe:-}" "${ow_perf:-}"); $(ratio "${oc_uprobe:-}" "${oc_perf:-}")"
