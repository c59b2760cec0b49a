#!/bin/sh
# uprobe-bench.sh — the uprobe backend side by side with the kernel's own
# uprobe and with bpftrace, in one run: per-hit cost on the target, the
# consumer's hit rate and drops (end to end with a multi-threaded target,
# and alone on synthetic rings), tracer peak RSS, and time from start to
# armed probes. The workload is bench/hitloop.c: THREADS threads calling
# work() N times each, timing only those calls; every tracer counts them
# with one aggregation.
#
# Usage: bench/uprobe-bench.sh [N]   (N default 50000; run after make and
#   make bench, which builds build/bench/drain-bench)
#   UDTRACE=...   binary to measure (default build/udtrace)
#   REPEAT=5      rounds; each round runs every tracer once (interleaved,
#                 so a burst of load elsewhere hits all alike); the
#                 fastest round of each counts, the median is shown too
#   THREADS=2     target threads for the hit-rate run, RATE_N calls each
#                 (default 4 * N)
# Needs: cc, perf (apt-get install linux-perf) for the raw uprobe; bpftrace
# (apt-get install bpftrace) for the comparison; GNU time (apt-get install
# time) for peak RSS and tracer CPU; strace for the start-up breakdown. A
# missing tool, or one that cannot run here, is said so on its line and
# left out of the ratios; root for uprobes.
# Invariant: per-hit cost = (target time with N traced calls - untraced) /
# N, where the target times only its calls (bench/hitloop.c): no tracer's
# start-up, symbol loading or teardown (closing a kernel uprobe waits for
# RCU grace periods, ~80 ms each here) is counted. Two clocks: the
# target's CPU time (what each trap costs it; not inflated when other work
# on this machine takes the CPU away) and its wall time. Ratios use the
# CPU time, and are printed for the wall time too.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-50000}
rep=${REPEAT:-5}
nt=${THREADS:-2}
rn=${RATE_N:-$((n * 4))}
UDTRACE=${UDTRACE:-$top/build/udtrace}
DRAIN=${DRAIN:-$(dirname "$UDTRACE")/bench/drain-bench}
[ -x "$UDTRACE" ] || { echo "uprobe-bench: $UDTRACE missing: run make" >&2; exit 1; }
tmp=$(mktemp -d) || exit 1
# a private copy: perf probe names its event after the file, and no other
# tracer's leftovers can be on it
target=$tmp/ubloop
${CC:-cc} -std=c11 -O2 -g -pthread -o "$target" "$top/bench/hitloop.c" ||
    { echo "uprobe-bench: cannot build bench/hitloop.c" >&2; exit 1; }
pevent=
cleanup() {
	[ -n "$pevent" ] && perf probe -q -d "$pevent" >/dev/null 2>&1
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

d='pid$target:a.out:work:entry { @ = count(); }'
ud_ok=1
if "$UDTRACE" -x backend=uprobe -q -n 'BEGIN { exit(0); }' -c /bin/true 2>&1 |
    grep -q "backend not available"; then
	ud_ok=0
fi
uraw_ok=0
if ! command -v perf >/dev/null 2>&1; then
	echo "raw uprobe: perf not installed (apt-get install linux-perf)"
elif ! perf probe -x "$target" -a "ubwork$$=work" >"$tmp/pp" 2>&1; then
	echo "raw uprobe: perf probe cannot add a uprobe here: $(grep -v '^$' "$tmp/pp" | tail -n 1)"
else
	pevent=probe_ubloop:ubwork$$
	uraw_ok=1
fi
bt_ok=0
if ! command -v bpftrace >/dev/null 2>&1; then
	echo "bpftrace: not installed (apt-get install bpftrace)"
elif bpftrace -e "uprobe:$target:work { @ = count(); }" -c "$target 10" \
    >"$tmp/bt" 2>&1; then
	bt_ok=1
else
	echo "bpftrace: cannot run here: $(grep -v '^$' "$tmp/bt" | tail -n 1)"
fi

# One run of tool $1 with $2 calls: appends "tool cpu_ns wall_ns" to
# $tmp/res (nothing if the run failed or the target's line is missing).
one() {
	case $1 in
	untraced) "$target" "$2" ;;
	raw) perf stat -x, -e "$pevent" -- "$target" "$2" ;;
	bpftrace) bpftrace -e "uprobe:$target:work { @ = count(); }" -c "$target $2" ;;
	uprobe|ptrace) "$UDTRACE" -x backend=$1 -q -n "$d" -c "$target $2" ;;
	esac >"$tmp/out" 2>"$tmp/err" || return 0
	sed -n "s/^calls [0-9]* ns \([0-9]*\) cpu \([0-9]*\)$/$1 \2 \1/p" \
	    "$tmp/out" >>"$tmp/res"
}
# Per-hit µs of tool $1 with $2 calls: "cpu_min wall_min cpu_median" from
# $tmp/res, less the untraced run's fastest.
per_hit() {
	awk -v t="$1" -v c="$2" '
	$1 == "untraced" { if (u == "" || $2 < u) u = $2; if (uw == "" || $3 < uw) uw = $3 }
	$1 == t { cpu[++k] = $2; if (m == "" || $2 < m) m = $2; if (w == "" || $3 < w) w = $3 }
	END {
		if (k == 0) { print "n/a n/a n/a"; exit }
		for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++)
			if (cpu[j] < cpu[i]) { x = cpu[i]; cpu[i] = cpu[j]; cpu[j] = x }
		med = cpu[int((k + 1) / 2)]
		printf "%.2f %.2f %.2f\n", (m - u) / c / 1000, (w - uw) / c / 1000,
		    (med - u) / c / 1000
	}' "$tmp/res"
}
ratio() {	# $1 / $2, or n/a
	awk -v a="$1" -v b="$2" 'BEGIN { if (a != "n/a" && b != "n/a" && b > 0) printf "%.2f", a / b; else print "n/a" }'
}

echo "== per-hit cost on the target ($n calls of work(); $rep rounds, fastest and median)"
: >"$tmp/res"
ptn=$((n / 5))   # ptrace costs ~5x a uprobe: fewer calls, same per-hit figure
r=0
while [ $r -lt "$rep" ]; do
	one untraced "$n"
	[ $uraw_ok = 1 ] && one raw "$n"
	[ $bt_ok = 1 ] && one bpftrace "$n"
	[ $ud_ok = 1 ] && { one uprobe "$n"; cp "$tmp/out" "$tmp/ud.out"; }
	r=$((r + 1))
done
# ptrace's per-hit cost against its own untraced baseline at ptn calls
mv "$tmp/res" "$tmp/res.main"
r=0
: >"$tmp/res"
while [ $r -lt "$rep" ]; do
	one untraced "$ptn"
	one ptrace "$ptn"
	r=$((r + 1))
done
mv "$tmp/res" "$tmp/res.pt"
mv "$tmp/res.main" "$tmp/res"
set -- $(per_hit raw "$n"); raw_c=$1 raw_w=$2 raw_m=$3
set -- $(per_hit bpftrace "$n"); bt_c=$1 bt_w=$2 bt_m=$3
set -- $(per_hit uprobe "$n"); ud_c=$1 ud_w=$2 ud_m=$3
cp "$tmp/res.pt" "$tmp/res"
set -- $(per_hit ptrace "$ptn"); pt_c=$1 pt_w=$2 pt_m=$3
printf '%-28s %10s %10s %12s\n' "per hit (us)" "CPU, best" "wall, best" "CPU, median"
printf '%-28s %10s %10s %12s\n' "raw uprobe (perf stat)" "$raw_c" "$raw_w" "$raw_m"
printf '%-28s %10s %10s %12s\n' "bpftrace" "$bt_c" "$bt_w" "$bt_m"
printf '%-28s %10s %10s %12s\n' "udtrace uprobe" "$ud_c" "$ud_w" "$ud_m"
printf '%-28s %10s %10s %12s\n' "udtrace ptrace ($ptn calls)" "$pt_c" "$pt_w" "$pt_m"
echo "(a ptrace target waits stopped for the tracer, which its CPU time does not show: compare ptrace by wall)"
[ $ud_ok = 1 ] && echo "udtrace counted: $(awk 'NF == 1 && $1 ~ /^[0-9]+$/ { print $1 }' "$tmp/ud.out") of $n"
echo "udtrace / raw uprobe = $(ratio "$ud_c" "$raw_c") CPU, $(ratio "$ud_w" "$raw_w") wall (aim: <= 1.05)"
echo "udtrace / bpftrace   = $(ratio "$ud_c" "$bt_c") CPU, $(ratio "$ud_w" "$bt_w") wall (aim: <= 1.00)"

echo "== consumer hit rate"
if [ $ud_ok = 1 ]; then
	# udtrace's own CPU: perf stat --no-inherit counts its task alone
	# (GNU time would add the target's, a child of udtrace)
	tv=
	[ $uraw_ok = 1 ] && tv="perf stat --no-inherit -x, -e task-clock -o $tmp/time --"
	$tv "$UDTRACE" -x backend=uprobe -q -n "$d" -c "$target 0 $nt" >/dev/null 2>&1
	c0=$(sed -n 's/^\([0-9.]*\),msec,task-clock.*/\1/p' "$tmp/time" 2>/dev/null)
	$tv "$UDTRACE" -x backend=uprobe -q -n "$d" -c "$target $rn $nt" >"$tmp/out" 2>"$tmp/err"
	c1=$(sed -n 's/^\([0-9.]*\),msec,task-clock.*/\1/p' "$tmp/time" 2>/dev/null)
	seen=$(awk 'NF == 1 && $1 ~ /^[0-9]+$/ { print $1 }' "$tmp/out")
	drops=$(sed -n 's/^udtrace: \([0-9]*\) drops* on CPU.*/\1/p' "$tmp/err" |
	    awk '{ s += $1 } END { print s + 0 }')
	wall=$(sed -n 's/^calls [0-9]* ns \([0-9]*\) .*/\1/p' "$tmp/out")
	echo "end to end, $nt target threads x $rn calls: ${seen:-0} of $((nt * rn)) hits counted, $drops dropped, $(awk -v h="${seen:-0}" -v t="${wall:-0}" 'BEGIN { if (t > 0) printf "%.0f", h / (t / 1e9); else print "n/a" }') hits/s produced by the target"
	[ -n "${c0:-}" ] && [ -n "${c1:-}" ] &&
	    echo "  udtrace's own CPU for them (perf stat task-clock, less a 0-call run): $(awk -v a="$c1" -v b="$c0" -v h="${seen:-0}" 'BEGIN { d = (a - b) / 1000; if (d > 0 && h > 0) printf "%.3f s, %.2f us a hit: %.0f hits/s per CPU at this rate (a batch per wakeup; the drain alone is below)", d, d / h * 1e6, h / d; else print "n/a" }')"
	if [ -n "$raw_c" ] && [ "$raw_c" != n/a ]; then
		echo "  the kernel's ceiling: one uprobe trap costs a target thread ${raw_c} us, so $nt threads on this machine's $(nproc) CPUs produce at most ~$(awk -v u="$raw_c" -v t="$nt" -v c="$(nproc)" 'BEGIN { if (u > 0) printf "%.0f", (t < c ? t : c) * 1e6 / u; else print "n/a" }') hits/s, with nothing left for the consumer"
	fi
fi
if [ -x "$DRAIN" ]; then
	echo "consumer alone, one CPU (drain-bench: synthetic rings of 2 CPUs -> merge -> parse -> pid_hit -> ECB -> aggregation):"
	"$DRAIN" 4000000 | sed 's/^/  /'
	"$DRAIN" 4000000 regs | sed 's/^/  /'
else
	echo "consumer alone: $DRAIN missing (make bench builds it)"
fi

echo "== tracer peak RSS, one-probe aggregation ($n calls)"
peak_kb() {	# peak RSS (KiB) of "$@" through GNU time, or empty
	/usr/bin/time -v "$@" >/dev/null 2>"$tmp/time" || return 0
	sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' "$tmp/time"
}
if [ ! -x /usr/bin/time ]; then
	echo "GNU time not installed (apt-get install time)"
else
	[ $ud_ok = 1 ] && echo "udtrace uprobe: $(peak_kb "$UDTRACE" -x backend=uprobe -q -n "$d" -c "$target $n") KiB (aim: < 16384)"
	echo "udtrace ptrace: $(peak_kb "$UDTRACE" -x backend=ptrace -q -n "$d" -c "$target 1000") KiB (1000 calls)"
	[ $bt_ok = 1 ] &&
	    echo "bpftrace:       $(peak_kb bpftrace -e "uprobe:$target:work { @ = count(); }" -c "$target $n") KiB"
fi

echo "== start to armed probes, one-probe script ($rep runs: fastest, median)"
arm() {	# ms from launch to BEGIN (fired once every probe is armed)
	r=0
	: >"$tmp/arm"
	while [ $r -lt "$rep" ]; do
		t0=$(date +%s%N)
		w=$("$UDTRACE" "$@" -q -n "BEGIN { printf(\"%d\\n\", walltimestamp); exit(0); } $d" -c "$target 0" 2>/dev/null | head -n 1)
		[ -n "$w" ] || { echo "failed"; return; }
		echo $(( (w - t0) / 1000 )) >>"$tmp/arm"
		r=$((r + 1))
	done
	sort -n "$tmp/arm" | awk '{ v[NR] = $1 } END { printf "%.1f ms, median %.1f ms", v[1] / 1000, v[int((NR + 1) / 2)] / 1000 }'
}
[ $ud_ok = 1 ] && echo "udtrace uprobe: $(arm -x backend=uprobe) (aim: < 20 ms)"
echo "udtrace ptrace: $(arm -x backend=ptrace)"
t0=$(date +%s%N); /bin/true; t1=$(date +%s%N)
echo "launching /bin/true the same way: $(awk -v d=$((t1 - t0)) 'BEGIN { printf "%.1f ms", d / 1e6 }')"
if [ $ud_ok = 1 ] && command -v strace >/dev/null 2>&1; then
	# the kernel's part: the first uprobe waits for an RCU grace period
	# (rcu_sync_enter in uprobe registration); later ones do not
	strace -T -e trace=perf_event_open -o "$tmp/st" "$UDTRACE" -x backend=uprobe \
	    -q -n "$d" -c "$target 0" >/dev/null 2>&1
	echo "uprobe perf_event_open calls (strace -T, one run): $(grep 'sample_period=1' "$tmp/st" | sed -n 's/.*<\([0-9.]*\)>$/\1/p' | awk '{ printf "%s%.1f ms", (NR > 1 ? ", " : ""), $1 * 1000 }')"
fi
