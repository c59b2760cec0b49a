#!/bin/sh
# ident-bench.sh — what reading uid (ppid, gid) costs udtrace per hit:
# udtrace's own CPU (user + system, GNU time, minus the target's) per
# hit of `{ @[uid] = count(); }` beside `{ @[tid] = count(); }` (the same
# records without the identity), on a pid probe (bench/hitloop.c's
# work()) and on a syscall probe (bench/sysloop.c's getppid()), on each
# backend. The difference of the two is the identity's cost per hit.
#
# Usage: bench/ident-bench.sh [N]  (N calls, default 200000; ptrace N/10)
#   UDTRACE=...   binary to measure (default build/udtrace)
#   BACKENDS=...  default "uprobe trampoline ptrace"
#   REPEAT=3      runs of each; the least CPU counts
# Invariant: the CPU compared is udtrace's alone: GNU time reports
# udtrace and the target it reaps, and the target's own CPU (printed by
# hitloop / sysloop over its loop) is subtracted; hits are the
# aggregation's total, so records dropped (trampoline) are not counted.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-200000}
UDTRACE=${UDTRACE:-$top/build/udtrace}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cc -O2 -pthread -o "$tmp/hitloop" "$top/bench/hitloop.c" || exit 1
cc -O2 -o "$tmp/sysloop" "$top/bench/sysloop.c" || exit 1

# $1 backend, $2 probe kind (pid|syscall), $3 key, $4 calls -> "ns/hit hits"
one() {
	case $2 in
	pid) d="pid\$target:a.out:work:entry { @[$3] = count(); }"
	     cmd="$tmp/hitloop $4" ;;
	syscall) d="syscall::getppid:entry /pid == \$target/ { @[$3] = count(); }"
	     cmd="$tmp/sysloop $4" ;;
	esac
	/usr/bin/time -f "cpu %U %S" -o "$tmp/time" "$UDTRACE" -x backend="$1" \
	    -q -n "$d" -c "$cmd" >"$tmp/out" 2>"$tmp/err" || {
		echo "ident-bench: failed: $1 $2 $3" >&2; cat "$tmp/err" >&2; return 1; }
	awk -v key="$3" '
	    FNR == NR && /^cpu / { ud = ($2 + $3) * 1e9; next }
	    /^calls / { for (i = 1; i < NF; i++) if ($i == "cpu" || $i == "cpu_ns") tc = $(i + 1); next }
	    NF == 2 && $2 ~ /^[0-9]+$/ { hits += $2 }
	    END { if (hits == 0) { print "nan 0"; exit }
	          printf "%.0f %d\n", (ud - tc) / hits, hits }' "$tmp/time" "$tmp/out"
}

best() {	# least ns/hit of REPEAT runs of one "$@"
	b= h=0 r=0
	while [ $r -lt "${REPEAT:-3}" ]; do
		set -- "$@"
		v=$(one "$@") || return 1
		ns=${v% *}
		if [ -z "$b" ] || awk -v a="$ns" -v c="$b" 'BEGIN { exit !(a < c) }'; then
			b=$ns h=${v#* }
		fi
		r=$((r + 1))
	done
	echo "$b $h"
}

for be in ${BACKENDS:-uprobe trampoline ptrace}; do
	k=$n
	[ "$be" = ptrace ] && k=$((n / 10))
	for kind in pid syscall; do
		t=$(best "$be" "$kind" tid "$k") || exit 1
		u=$(best "$be" "$kind" uid "$k") || exit 1
		echo "$be $kind: @[tid] ${t% *} ns/hit (${t#* } hits), @[uid] ${u% *} ns/hit (${u#* } hits), identity $(awk -v a="${u% *}" -v b="${t% *}" 'BEGIN { printf "%.0f", a - b }') ns/hit"
	done
done
