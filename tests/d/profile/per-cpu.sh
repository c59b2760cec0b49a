# proves: without -c/-p profile-N fires on every online CPU at rate N (as DTrace's does), with cpu the CPU it fired on: over about a second every CPU fires profile-10ms, and together about 100 times per CPU (at least 60 per CPU on average: a busy virtual CPU loses ticks to the host, 39 of 100 seen under load), not 100 shared among them as the tracer's own timer gives; where perf refuses CPU-wide sampling (-v says so) that timer is all there is, and the test is skipped
out="${TMPDIR:-/tmp}/per-cpu.$$"
"$UDTRACE" -v -q -n 'profile-10ms { @[cpu] = count(); } tick-1s { exit(0); }' > "$out" 2> "$out.err"
st=$?
if grep -q 'perf sampling refused' "$out.err"; then
	echo "skip: $(grep 'perf sampling refused' "$out.err" | head -n 1)"
	rm -f "$out" "$out.err"
	exit 77
fi
echo "status $st"
awk -v ncpu="$(getconf _NPROCESSORS_ONLN)" '
NF == 2 && $1 ~ /^[0-9]+$/ && $2 ~ /^[0-9]+$/ {
	rows++; total += $2; if ($2 >= 1 && $2 <= 300) good++; else print "cpu " $1 ": " $2 }
END { print (rows == ncpu && good == ncpu && total >= 60 * ncpu) ? "every CPU fired, about 100 times each" : "rows " rows ", in range " good ", total " total ", cpus " ncpu }' "$out"
rm -f "$out" "$out.err"
