#!/bin/sh
# sigkill-hot.sh — how many hot targets survive a SIGKILL of udtrace: a
# `counter` loop (20 million work() calls) is attached with -p, traced
# for 300 ms, then udtrace is killed with SIGKILL; the target survives if
# it goes on to print its exact sum and exit 0.
#
# Usage: bench/sigkill-hot.sh [BACKEND [RUNS]]  (default ptrace, 20);
# needs `make all targets` (UDTRACE and TARGETS override the binary and
# the targets' folder; tests/d/hostile/sigkill-hot.sh runs it so). Prints "BACKEND: K of RUNS hot counters
# survived a SIGKILL of udtrace" and, per death, the run's status.
# Must not: leave anything running (every target is waited for).
# Why a shell that execs the counter: the counter must not start its
# loop before udtrace is attached, so -p grabs the shell waiting on a
# fifo, and -Z lets the probe resolve in the exec'd counter.
top=$(cd "$(dirname "$0")/.." && pwd)
U=${UDTRACE:-$top/build/udtrace}
T=${TARGETS:-$top/build/targets}
b=${1:-ptrace} runs=${2:-20} ok=0 n=20000000
want="sum $((n * (n - 1)))"
for run in $(seq 1 "$runs"); do
	tmp=$(mktemp -d) || exit 1
	mkfifo "$tmp/in"
	( read -r x <"$tmp/in"; exec "$T/counter" $n ) >"$tmp/out" 2>&1 &
	cpid=$!
	"$U" -x backend="$b" -Z -q -p $cpid -o "$tmp/trace" -n 'BEGIN { printf("ready\n"); } pid$target:a.out:work:entry { @ = count(); }' 2>"$tmp/err" &
	upid=$!
	i=0
	until grep -q ready "$tmp/trace" 2>/dev/null || [ $i -ge 200 ]; do
		sleep 0.02; i=$((i + 1))
	done
	echo >"$tmp/in"
	sleep 0.3
	kill -9 $upid
	wait $upid 2>/dev/null
	wait $cpid
	st=$?
	if [ $st = 0 ] && [ "$(cat "$tmp/out")" = "$want" ]; then
		ok=$((ok + 1))
	else
		echo "run $run: target status $st $(cat "$tmp/out")"
	fi
	rm -rf "$tmp"
done
echo "$b: $ok of $runs hot counters survived a SIGKILL of udtrace"
