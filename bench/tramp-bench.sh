#!/bin/sh
# tramp-bench.sh — what a pid probe hit costs the target on the trampoline
# backend, beside bpftrace's uprobe and udtrace's uprobe backend, in one
# run: `pid$target:a.out:work:entry { @ = count(); }` on bench/hitloop.c
# (one thread calling a noinline work() in a loop, timing only the loop),
# and on the trampoline also with arg0 (`@ = sum(arg0)`), a return probe,
# ustack() (a record with a stack copy), keys from the hit (`@[arg0 & 7] =
# count()` and `= sum(arg0)`) and a key that also reads the thread
# (`@[arg0 & 7, tid & 0] = count()`: a record per hit, which the consumer
# must keep up with). `@ = count()` alone is counted in the target, and
# clauses that only aggregate integer functions of the arguments are
# aggregated in the target (a table in the ring's memory): no record.
# With SPINS, the keyed clauses again at slower call rates (hitloop's
# SPIN: an empty loop of that many turns between calls), to find the rate
# of one thread at which the consumer stops dropping records.
#
# Usage: bench/tramp-bench.sh [N [NSLOW]]  (N calls for the trampoline runs,
#   default 5000000; NSLOW for the trap-per-hit tracers, default 50000)
#   UDTRACE=...  binary to measure (default build/udtrace)
#   REPEAT=3     rounds; each round runs every tracer once, interleaved;
#                the fastest round counts
#   SPINS="0 100 200 400"  the rate sweep's SPIN values (default: none);
#   NRATE=1000000  calls per sweep run
# Needs: cc; bpftrace (apt-get install bpftrace) for the comparison, root.
# Invariant: per-hit cost = (target CPU time with N traced calls -
# untraced, same N) / N, from the target's own clock (hitloop prints its
# loop's process CPU time), so no tracer's start-up or teardown counts.
# On the trampoline, hits the consumer cannot keep up with are dropped
# (counted and reported) and the target never waits: the lines give
# hits counted and dropped too, and for the keyed run the records the
# consumer took per second of its own CPU (user + system, /usr/bin/time,
# minus the target's loop CPU: the target is udtrace's child, and a
# reaped child's time counts in its parent's).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-5000000}
ns=${2:-50000}
rep=${REPEAT:-3}
UDTRACE=${UDTRACE:-$top/build/udtrace}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
target=$tmp/tbloop
${CC:-cc} -std=c11 -O2 -g -pthread -o "$target" "$top/bench/hitloop.c" ||
    { echo "tramp-bench: cannot build bench/hitloop.c" >&2; exit 1; }
bt_ok=0
if command -v bpftrace >/dev/null 2>&1 &&
    bpftrace -e "uprobe:$target:work { @ = count(); }" -c "$target 10" \
    >"$tmp/bt" 2>&1; then
	bt_ok=1
else
	echo "bpftrace: not available here (apt-get install bpftrace; root)"
fi

e='pid$target:a.out:work:entry'
# one TOOL CALLS: appends "TOOL CALLS cpu_ns" to $tmp/res
one() {
	case $1 in
	untraced) "$target" "$2" ;;
	bpftrace) bpftrace -e "uprobe:$target:work { @ = count(); }" -c "$target $2" ;;
	uprobe) "$UDTRACE" -x backend=uprobe -q -n "$e { @ = count(); }" -c "$target $2" ;;
	tramp) "$UDTRACE" -x backend=trampoline -q -n "$e { @ = count(); }" -c "$target $2" ;;
	tramp-arg0) "$UDTRACE" -x backend=trampoline -q -n "$e { @ = sum(arg0); }" -c "$target $2" ;;
	tramp-return) "$UDTRACE" -x backend=trampoline -q -n 'pid$target:a.out:work:return { @ = count(); }' -c "$target $2" ;;
	tramp-ustack) "$UDTRACE" -x backend=trampoline -q -n "$e { @[ustack(2)] = count(); }" -c "$target $2" ;;
	tramp-keyed) "$UDTRACE" -x backend=trampoline -q -n "$e { @[arg0 & 7] = count(); }" -c "$target $2 1 ${3:-0}" ;;
	tramp-keyedsum) "$UDTRACE" -x backend=trampoline -q -n "$e { @[arg0 & 7] = sum(arg0); }" -c "$target $2 1 ${3:-0}" ;;
	tramp-rec) /usr/bin/time -f "consumer-cpu %U %S" -o "$tmp/time" "$UDTRACE" -x backend=trampoline -q -n "$e { @[arg0 & 7, tid & 0] = count(); }" -c "$target $2 1 ${3:-0}" ;;
	esac >"$tmp/out" 2>"$tmp/err" || return 0
	sed -n "s/^calls [0-9]* ns [0-9]* cpu \([0-9]*\)$/$1 $2 \1/p" "$tmp/out" >>"$tmp/res"
	case $1 in tramp|tramp-arg0|tramp-return|tramp-ustack|tramp-keyed|tramp-keyedsum|tramp-rec)
		# hits the consumer took (the aggregation's values), and dropped
		c=$(awk '$NF ~ /^[0-9]+$/ && !/^calls/ { s += $NF } END { printf "%.0f\n", s }' "$tmp/out")
		[ "$1" = tramp-arg0 ] && c=$(awk 'NF == 1 && $1 ~ /^[0-9]+$/ { print $1 }' "$tmp/out" | tail -n 1)
		d=$(sed -n 's/^udtrace: \([0-9]*\) drops\{0,1\} on CPU.*/\1/p' "$tmp/err" | awk '{ s += $1 } END { print s + 0 }')
		# a sum: all of 0..CALLS-1, or what it lacks
		case $1 in tramp-arg0|tramp-keyedsum)
			c=$(awk -v c="$c" -v n="$2" 'BEGIN { w = n * (n - 1) / 2; if (c == w) print "(the whole sum)"; else printf "(sum short by %.0f)\n", w - c }') ;;
		esac
		extra=
		if [ "$1" = tramp-rec ] && [ -s "$tmp/time" ]; then
			tc=$(sed -n 's/^calls [0-9]* ns [0-9]* cpu \([0-9]*\)$/\1/p' "$tmp/out")
			extra=$(awk -v c="$c" -v tc="${tc:-0}" '/^consumer-cpu/ { t = $2 + $3 - tc / 1e9; if (t > 0) printf ", %.2f M records/s of udtrace CPU (%.2f s)", c / t / 1e6, t }' "$tmp/time")
		fi
		echo "$1 took $c dropped $d of $2$extra" >>"$tmp/drops"
	esac
}
# per-hit ns of TOOL at CALLS: fastest traced - fastest untraced at the same CALLS
per_hit() {
	awk -v t="$1" -v c="$2" '
	$1 == "untraced" && $2 == c { if (u == "" || $3 < u) u = $3 }
	$1 == t && $2 == c { if (m == "" || $3 < m) m = $3 }
	END { if (m == "" || u == "") print "n/a"; else printf "%.1f\n", (m - u) / c }' "$tmp/res"
}
ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { if (a != "n/a" && b != "n/a" && a > 0) printf "1/%.0f", b / a; else print "n/a" }'
}

: >"$tmp/res"
: >"$tmp/drops"
r=0
while [ $r -lt "$rep" ]; do
	one untraced "$n"
	one untraced "$ns"
	one tramp "$n"
	one tramp-arg0 "$n"
	one tramp-return "$n"
	one tramp-ustack "$n"
	one tramp-keyed "$n"
	one tramp-keyedsum "$n"
	one tramp-rec "$n"
	one uprobe "$ns"
	[ $bt_ok = 1 ] && one bpftrace "$ns"
	r=$((r + 1))
done
tr=$(per_hit tramp "$n")
ta=$(per_hit tramp-arg0 "$n")
tt=$(per_hit tramp-return "$n")
tu=$(per_hit tramp-ustack "$n")
tk=$(per_hit tramp-keyed "$n")
tks=$(per_hit tramp-keyedsum "$n")
trc=$(per_hit tramp-rec "$n")
up=$(per_hit uprobe "$ns")
bt=$(per_hit bpftrace "$ns")
echo "== per-hit cost on the target, ns of its CPU (best of $rep; $n calls, $ns for trap-per-hit tracers)"
printf '%-44s %10s %14s\n' "tracer" "ns/hit" "vs bpftrace"
printf '%-44s %10s %14s\n' "bpftrace uprobe, @ = count()" "$bt" "1"
printf '%-44s %10s %14s\n' "udtrace uprobe backend, @ = count()" "$up" "$(ratio "$up" "$bt")"
printf '%-44s %10s %14s\n' "udtrace trampoline, @ = count() (counted)" "$tr" "$(ratio "$tr" "$bt")"
printf '%-44s %10s %14s\n' "udtrace trampoline, @ = sum(arg0)" "$ta" "$(ratio "$ta" "$bt")"
printf '%-44s %10s %14s\n' "udtrace trampoline, work:return" "$tt" "$(ratio "$tt" "$bt")"
printf '%-44s %10s %14s\n' "udtrace trampoline, ustack() (stack copy)" "$tu" "$(ratio "$tu" "$bt")"
printf '%-44s %10s %14s\n' "udtrace trampoline, @[arg0 & 7] = count()" "$tk" "$(ratio "$tk" "$bt")"
printf '%-44s %10s %14s\n' "udtrace trampoline, @[arg0 & 7] = sum(arg0)" "$tks" "$(ratio "$tks" "$bt")"
printf '%-44s %10s %14s\n' "udtrace trampoline, @[arg0&7, tid&0] (records)" "$trc" "$(ratio "$trc" "$bt")"
echo "== the trampoline's hits taken / dropped (taken + dropped = calls; a sum says whether it is whole)"
cat "$tmp/drops"
[ -n "${SPINS:-}" ] || exit 0
nr=${NRATE:-1000000}
echo "== keyed clauses at slower call rates ($nr calls; rate = calls per second of the thread's own CPU)"
for sp in $SPINS; do
	for t in tramp-keyed tramp-keyedsum tramp-rec; do
		: >"$tmp/res"
		: >"$tmp/drops"
		one $t "$nr" "$sp"
		r=$(awk '{ if ($3 > 0) printf "%.1f M calls/s (%.0f ns a call)", $2 / $3 * 1e3, $3 / $2 }' "$tmp/res")
		echo "SPIN $sp $t: $r; $(sed "s/^$t //" "$tmp/drops")"
	done
done
