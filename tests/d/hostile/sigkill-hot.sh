# proves: under the ptrace backend, SIGKILL of udtrace while a probe fires continuously leaves the target alive — the SIGTRAP guard turns the pending trap of a thread stopped in a hit, and any int3 reached before the watchdog restored the text, into a resumed call — 10 hot counters of 10 finish with the exact sum and status 0; and a program with its own SIGTRAP handler still gets all of its own traps after the kill (the guard stays installed and chains to it)
# timeout: 90
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
n=20000000   # as in bench/sigkill-hot.sh

. ../../lib/waitfor.sh

# the kill loop is the benchmark's, run 10 times on the binary under test
sh ../../../bench/sigkill-hot.sh ptrace 10

rm -f "$tmp/in" "$tmp/trace"
mkfifo "$tmp/in"
"$TARGETS/trapper" $n wait <"$tmp/in" >"$tmp/out" &
tpid=$!
exec 3>"$tmp/in"
waitfor "$tmp/out" "pid $tpid"
"$UDTRACE" -x backend=ptrace -q -p $tpid -o "$tmp/trace" -n 'BEGIN { printf("ready\n"); } pid$target:a.out:work:entry { @ = count(); }' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" ready
echo go >&3
sleep 0.3
kill -9 $upid
wait $upid 2>/dev/null
echo again >&3
exec 3>&-
wait $tpid
echo "trapper status $?"
tail -n +2 "$tmp/out"
