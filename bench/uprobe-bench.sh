#!/bin/sh
# uprobe-bench.sh — the uprobe backend side by side with the kernel's own
# uprobe and with bpftrace, in one run: per-hit cost on the target, the
# consumer's sustained hit rate and drops, tracer peak RSS, and time from
# start to armed probes. The workload is N calls of work() in
# tests/targets/counter.c; every tracer counts them with one aggregation.
#
# Usage: bench/uprobe-bench.sh [N]   (N default 100000; run after make targets)
#   UDTRACE=...   binary to measure (default build/udtrace)
#   REPEAT=3      runs of each per-hit measurement; the fastest counts
#   RATE_N=...    calls for the hit-rate run (default 4 * N)
# Needs: perf (apt-get install linux-perf) for the raw uprobe; bpftrace
# (apt-get install bpftrace) for the comparison; GNU time (apt-get install
# time) for peak RSS. A missing tool, or one that cannot run here, is
# said so on its line and left out of the ratios; root for uprobes.
# Invariant: per-hit cost = (time with N calls - time with 0 calls) / N,
# so every tool's start-up, symbol loading and exit are left out; all
# runs use the same copy of the target, so every tracer probes one file.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-100000}
rn=${RATE_N:-$((n * 4))}
UDTRACE=${UDTRACE:-$top/build/udtrace}
TARGETS=${TARGETS:-$(dirname "$UDTRACE")/targets}
[ -x "$TARGETS/counter" ] || { echo "uprobe-bench: $TARGETS/counter missing: run make targets" >&2; exit 1; }
[ -x "$UDTRACE" ] || { echo "uprobe-bench: $UDTRACE missing: run make" >&2; exit 1; }
tmp=$(mktemp -d) || exit 1
# a private copy: perf probe names its event after the file, and no other
# tracer's leftovers can be on it
target=$tmp/ubcounter
cp "$TARGETS/counter" "$target"
pevent=
cleanup() {
	[ -n "$pevent" ] && perf probe -q -d "$pevent" >/dev/null 2>&1
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

now() { date +%s%N; }

# Least ns of $REPEAT runs of "$@" (output to $tmp/out, $tmp/err); a
# failing run prints FAIL instead.
run_ns() {
	best= r=0
	while [ $r -lt "${REPEAT:-3}" ]; do
		t0=$(now)
		"$@" >"$tmp/out" 2>"$tmp/err" || { echo FAIL; return 1; }
		t1=$(now)
		{ [ -z "$best" ] || [ $((t1 - t0)) -lt "$best" ]; } && best=$((t1 - t0))
		r=$((r + 1))
	done
	echo "$best"
}

per_hit() {	# $1 = ns with calls, $2 = ns without, $3 = calls -> µs
	awk -v a="$1" -v b="$2" -v c="$3" 'BEGIN { printf "%.3f", (a - b) / c / 1000 }'
}
ratio() {	# $1 / $2, or n/a
	awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'
}
peak_kb() {	# peak RSS (KiB) of "$@" through GNU time, or empty
	[ -x /usr/bin/time ] || return 0
	/usr/bin/time -v "$@" >/dev/null 2>"$tmp/time" || return 0
	sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' "$tmp/time"
}

d='pid$target:a.out:work:entry { @ = count(); }'
ud_ok=1
if "$UDTRACE" -x backend=uprobe -q -n 'BEGIN { exit(0); }' -c /bin/true 2>&1 |
    grep -q "backend not available"; then
	ud_ok=0
fi

echo "== per-hit cost on the target ($n calls of work(); fastest of ${REPEAT:-3})"
p0=$(run_ns "$target" 0); p=$(run_ns "$target" "$n")
echo "untraced:        $((p / 1000000)) ms"
upl=$(per_hit "$p" "$p0" "$n")

uraw=
if ! command -v perf >/dev/null 2>&1; then
	echo "raw uprobe:      perf not installed (apt-get install linux-perf)"
elif ! perf probe -x "$target" -a "ubwork$$=work" >"$tmp/pp" 2>&1; then
	echo "raw uprobe:      perf probe cannot add a uprobe here: $(grep -v '^$' "$tmp/pp" | tail -n 1)"
else
	pevent=probe_ubcounter:ubwork$$
	r0=$(run_ns perf stat -x, -e "$pevent" -- "$target" 0)
	r=$(run_ns perf stat -x, -e "$pevent" -- "$target" "$n")
	hits=$(sed -n "s/^\([0-9]*\),.*$pevent.*/\1/p" "$tmp/err")
	if [ "$r" = FAIL ] || [ "$r0" = FAIL ]; then
		echo "raw uprobe:      perf stat failed: $(tail -n 1 "$tmp/err")"
	else
		echo "raw uprobe:      $((r / 1000000)) ms, $hits hits counted (perf probe -x + perf stat -e $pevent)"
		uraw=$(per_hit "$r" "$r0" "$n")
	fi
fi

ubt=
if ! command -v bpftrace >/dev/null 2>&1; then
	echo "bpftrace:        not installed (apt-get install bpftrace)"
else
	bd="uprobe:$target:work { @ = count(); }"
	b0=$(run_ns bpftrace -e "$bd" -c "$target 0")
	b=$(run_ns bpftrace -e "$bd" -c "$target $n")
	if [ "$b" = FAIL ] || [ "$b0" = FAIL ]; then
		echo "bpftrace:        cannot run here: $(grep -v '^$' "$tmp/err" | tail -n 1)"
	else
		echo "bpftrace:        $((b / 1000000)) ms ($(grep '^@' "$tmp/out"))"
		ubt=$(per_hit "$b" "$b0" "$n")
	fi
fi

uud=
if [ $ud_ok = 0 ]; then
	echo "udtrace uprobe:  the uprobe backend is not in this build"
else
	u0=$(run_ns "$UDTRACE" -x backend=uprobe -q -n "$d" -c "$target 0")
	u=$(run_ns "$UDTRACE" -x backend=uprobe -q -n "$d" -c "$target $n")
	if [ "$u" = FAIL ] || [ "$u0" = FAIL ]; then
		echo "udtrace uprobe:  failed: $(tail -n 1 "$tmp/err")"
	else
		echo "udtrace uprobe:  $((u / 1000000)) ms (@: $(awk 'NF == 1 && $1 ~ /^[0-9]+$/ { print $1 }' "$tmp/out"))"
		uud=$(per_hit "$u" "$u0" "$n")
	fi
fi
upt=
t0=$(run_ns "$UDTRACE" -x backend=ptrace -q -n "$d" -c "$target 0")
t=$(run_ns "$UDTRACE" -x backend=ptrace -q -n "$d" -c "$target $n")
if [ "$t" != FAIL ] && [ "$t0" != FAIL ]; then
	echo "udtrace ptrace:  $((t / 1000000)) ms"
	upt=$(per_hit "$t" "$t0" "$n")
fi
echo "per hit (us): untraced $upl, raw uprobe ${uraw:-n/a}, bpftrace ${ubt:-n/a}, udtrace uprobe ${uud:-n/a}, udtrace ptrace ${upt:-n/a}"
if [ -n "$uud" ]; then
	[ -n "$uraw" ] && echo "udtrace / raw uprobe = $(ratio "$uud" "$uraw") (aim: <= 1.05)"
	[ -n "$ubt" ] && echo "udtrace / bpftrace   = $(ratio "$uud" "$ubt") (aim: <= 1.00)"
fi

echo "== consumer hit rate ($rn calls, one target thread)"
if [ $ud_ok = 1 ]; then
	t0=$(now)
	"$UDTRACE" -x backend=uprobe -q -n "$d" -c "$target $rn" >"$tmp/out" 2>"$tmp/err"
	t1=$(now)
	seen=$(awk 'NF == 1 && $1 ~ /^[0-9]+$/ { print $1 }' "$tmp/out")
	drops=$(sed -n 's/^udtrace: \([0-9]*\) drops* on CPU.*/\1/p' "$tmp/err" |
	    awk '{ s += $1 } END { print s + 0 }')
	echo "udtrace: ${seen:-0} hits counted, $drops dropped, $(awk -v h="${seen:-0}" -v t=$((t1 - t0)) 'BEGIN { printf "%.0f", h / (t / 1e9) }') hits/s sustained (wall, start-up included)"
fi
if [ -n "$uraw" ]; then
	echo "the kernel's own ceiling here: one uprobe hit costs ${uraw} us of target time, $(awk -v u="$uraw" 'BEGIN { if (u > 0) printf "%.0f", 1e6 / u; else print "n/a" }') hits/s per target thread"
fi
if [ -x "$(dirname "$UDTRACE")/bench/agg-bench" ]; then
	echo "consumer alone (agg-bench, 1000000 firings through the real ECB path): $("$(dirname "$UDTRACE")/bench/agg-bench" 1000000 1)"
fi

echo "== tracer peak RSS, one-probe aggregation ($n calls)"
if [ ! -x /usr/bin/time ]; then
	echo "GNU time not installed (apt-get install time)"
else
	[ $ud_ok = 1 ] && echo "udtrace uprobe: $(peak_kb "$UDTRACE" -x backend=uprobe -q -n "$d" -c "$target $n") KiB (aim: < 16384)"
	echo "udtrace ptrace: $(peak_kb "$UDTRACE" -x backend=ptrace -q -n "$d" -c "$target 1000") KiB (1000 calls)"
	command -v bpftrace >/dev/null 2>&1 &&
	    echo "bpftrace:       $(peak_kb bpftrace -e "uprobe:$target:work { @ = count(); }" -c "$target $n") KiB"
fi

echo "== start to armed probes, one-probe script (best of ${REPEAT:-3})"
arm() {	# ms from launch to BEGIN (fired once every probe is armed)
	best= r=0
	while [ $r -lt "${REPEAT:-3}" ]; do
		t0=$(now)
		w=$("$UDTRACE" "$@" -q -n "BEGIN { printf(\"%d\\n\", walltimestamp); exit(0); } $d" -c "$target 0" 2>/dev/null | head -n 1)
		[ -n "$w" ] || { echo "failed"; return; }
		ms=$(( (w - t0) / 1000 ))
		{ [ -z "$best" ] || [ "$ms" -lt "$best" ]; } && best=$ms
		r=$((r + 1))
	done
	awk -v us="$best" 'BEGIN { printf "%.1f ms", us / 1000 }'
}
[ $ud_ok = 1 ] && echo "udtrace uprobe: $(arm -x backend=uprobe) (aim: < 20 ms)"
echo "udtrace ptrace: $(arm -x backend=ptrace)"
