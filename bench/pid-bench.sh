#!/bin/sh
# pid-bench.sh — per-hit cost of a pid function-entry probe: N calls of
# work() in tests/targets/counter.c, untraced, under udtrace
# (pid$target:a.out:work:entry { @ = count(); }) and under `ltrace -x work`.
#
# Usage: bench/pid-bench.sh [N]   (N default 1000000; run after make targets)
#   UDTRACE=...    binary to measure (default build/udtrace)
#   UDTRACE_OPTS=  extra options, e.g. "-x backend=ptrace"
#   REPEAT=3       runs of each measurement; the fastest counts
#   LTRACE_N=...   calls under ltrace (default N/100: ltrace takes ~200 us a hit; the
#                  cost is per hit, so a smaller N compares fairly)
# Prints one line per run and, last, the per-hit costs and the ratio.
# Invariant: each tool's per-hit cost is (time with N calls - time with 0
# calls) / N, so start-up, symbol loading and exit are not counted as hits.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-1000000}
ln=${LTRACE_N:-$((n / 100))}
[ "$ln" -gt 0 ] || ln=1
UDTRACE=${UDTRACE:-$top/build/udtrace}
TARGETS=${TARGETS:-$(dirname "$UDTRACE")/targets}
UDTRACE_OPTS=${UDTRACE_OPTS:-}
target=$TARGETS/counter
[ -x "$target" ] || { echo "pid-bench: $target missing: run make targets" >&2; exit 1; }
[ -x "$UDTRACE" ] || { echo "pid-bench: $UDTRACE missing: run make" >&2; exit 1; }

now() { date +%s%N; }

# Least ns of $REPEAT runs of "$@" (default 3; output discarded); a
# failing run fails the bench.
run_ns() {
	best= r=0
	while [ $r -lt "${REPEAT:-3}" ]; do
		t0=$(now)
		"$@" >/dev/null 2>&1 || { echo "pid-bench: failed: $*" >&2; exit 1; }
		t1=$(now)
		[ -z "$best" ] || [ $((t1 - t0)) -lt "$best" ] && best=$((t1 - t0))
		r=$((r + 1))
	done
	echo "$best"
}

per_hit() {	# $1 = ns with calls, $2 = ns without, $3 = calls -> "µs" text
	awk -v a="$1" -v b="$2" -v c="$3" 'BEGIN { printf "%.3f", (a - b) / c / 1000 }'
}

d='pid$target:a.out:work:entry { @ = count(); }'

plain0=$(run_ns "$target" 0) || exit 1
plain=$(run_ns "$target" "$n") || exit 1
echo "untraced:  $n calls $((plain / 1000000)) ms"
ud0=$(run_ns "$UDTRACE" $UDTRACE_OPTS -q -n "$d" -c "$target 0") || exit 1
ud=$(run_ns "$UDTRACE" $UDTRACE_OPTS -q -n "$d" -c "$target $n") || exit 1
echo "udtrace:   $n calls $((ud / 1000000)) ms (0 calls: $((ud0 / 1000000)) ms)"
upl=$(per_hit "$plain" "$plain0" "$n")
uud=$(per_hit "$ud" "$ud0" "$n")
if command -v ltrace >/dev/null 2>&1; then
	lt0=$(run_ns ltrace -x work -o /dev/null "$target" 0) || exit 1
	lt=$(run_ns ltrace -x work -o /dev/null "$target" "$ln") || exit 1
	echo "ltrace:    $ln calls $((lt / 1000000)) ms (0 calls: $((lt0 / 1000000)) ms)"
	ult=$(per_hit "$lt" "$lt0" "$ln")
	ratio=$(awk -v a="$uud" -v b="$ult" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "n/a" }')
	echo "per hit: untraced ${upl} us, udtrace ${uud} us, ltrace -x ${ult} us; udtrace/ltrace = ${ratio}"
else
	echo "ltrace not installed (apt-get install ltrace) — compared with untraced only"
	echo "per hit: untraced ${upl} us, udtrace ${uud} us"
fi
