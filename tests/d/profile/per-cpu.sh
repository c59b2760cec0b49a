# proves: without -c/-p profile-N fires on every online CPU at rate N (as DTrace's does), with cpu the CPU it fired on: over about a second each CPU has roughly 100 firings of profile-10ms (70 to 300 allowed), not 100 shared among them
"$UDTRACE" -q -n 'profile-10ms { @[cpu] = count(); } tick-1s { exit(0); }' > "${TMPDIR:-/tmp}/per-cpu.$$"
echo "status $?"
awk -v ncpu="$(getconf _NPROCESSORS_ONLN)" '
NF == 2 { rows++; if ($2 >= 70 && $2 <= 300) good++; else print "cpu " $1 ": " $2 }
END { print (rows == ncpu && good == ncpu) ? "every CPU fired about 100 times" : "rows " rows ", in range " good ", cpus " ncpu }' "${TMPDIR:-/tmp}/per-cpu.$$"
rm -f "${TMPDIR:-/tmp}/per-cpu.$$"
