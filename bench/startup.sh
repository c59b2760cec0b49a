#!/usr/bin/env bash
# startup.sh — how long udtrace takes from exec to the end of a BEGIN-only
# program: the fixed cost every one-liner pays (compile, enable, BEGIN,
# exit, teardown). Prints the mean in milliseconds.
#
# Uses hyperfine when installed (it also reports the spread); otherwise
# times RUNS runs with date +%s%N. UDTRACE picks the binary (default
# build/udtrace), RUNS the count (default 100).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
udtrace=${UDTRACE:-$top/build/udtrace}
runs=${RUNS:-100}
prog='BEGIN { exit(0); }'

if ! "$udtrace" -q -n "$prog" >/dev/null; then
	echo "startup.sh: $udtrace -q -n '$prog' failed" >&2
	exit 1
fi

if command -v hyperfine >/dev/null 2>&1; then
	hyperfine --warmup 5 --runs "$runs" -N \
	    --export-json /tmp/udtrace-startup.$$.json \
	    "$udtrace -q -n '$prog'" >&2
	mean=$(python3 -c 'import json,sys; print("%.2f" % (json.load(open(sys.argv[1]))["results"][0]["mean"] * 1000))' \
	    /tmp/udtrace-startup.$$.json)
	rm -f /tmp/udtrace-startup.$$.json
else
	start=$(date +%s%N)
	for ((i = 0; i < runs; i++)); do
		"$udtrace" -q -n "$prog" >/dev/null
	done
	end=$(date +%s%N)
	mean=$(awk -v t=$((end - start)) -v n="$runs" 'BEGIN { printf "%.2f", t / n / 1e6 }')
fi
echo "udtrace startup (BEGIN { exit(0); }), mean of $runs runs: $mean ms"
