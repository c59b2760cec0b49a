# proves: a -p target with a SIGTRAP handler of its own keeps it while traced — udtrace's SIGTRAP guard chains both a raised SIGTRAP and the program's own int3 to it (10 of 10 handled, sum exact) while the probe fires 5000 times — and after udtrace ends (SIGINT) SIGTRAP's action is the program's again
# Steps: trapper installs on_trap and waits; udtrace attaches; the loop
# runs traced; udtrace is stopped; only then does trapper look at its
# SIGTRAP action.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

. ../../lib/waitfor.sh

mkfifo "$tmp/in"
"$TARGETS/trapper" 5000 wait <"$tmp/in" >"$tmp/out" &
tpid=$!
exec 3>"$tmp/in"
waitfor "$tmp/out" "pid $tpid"
"$UDTRACE" $UDTRACE_OPTS -q -p "$tpid" -o "$tmp/trace" -n 'BEGIN { printf("ready\n"); } pid$target:a.out:work:entry { @ = count(); } END { printa("work %@d\n", @); }' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" ready
echo go >&3
waitfor "$tmp/out" "sum .*"
kill -INT "$upid"
wait "$upid"
echo "udtrace status $?"
echo again >&3
exec 3>&-
wait "$tpid"
echo "trapper status $?"
tail -n +2 "$tmp/out"
cat "$tmp/trace"
cat "$tmp/err" >&2
