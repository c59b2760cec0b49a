# proves: under the ptrace backend, SIGKILL of udtrace while a probe fires continuously leaves the target alive — the SIGTRAP guard turns the pending trap of a thread stopped in a hit, and any int3 reached before the watchdog restored the text, into a resumed call — 10 hot counters of 10 finish with the exact sum and status 0; and a program with its own SIGTRAP handler still gets all of its own traps after the kill (the guard stays installed and chains to it)
# timeout: 90
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
n=20000000

waitfor() {	# $1 = file, $2 = line pattern; polls, bounded at 8 s
	i=0
	until grep -q "$2" "$1" 2>/dev/null || [ $i -ge 400 ]; do
		sleep 0.02; i=$((i + 1))
	done
}

ok=0
for run in $(seq 1 10); do
	rm -f "$tmp/in" "$tmp/out" "$tmp/trace"
	mkfifo "$tmp/in"
	# the counter must not start before udtrace is attached: -p grabs a
	# shell waiting on the fifo, -Z lets the probe resolve in the exec'd counter
	( read -r x <"$tmp/in"; exec "$TARGETS/counter" $n ) >"$tmp/out" 2>&1 &
	cpid=$!
	"$UDTRACE" -x backend=ptrace -Z -q -p $cpid -o "$tmp/trace" -n 'BEGIN { printf("ready\n"); } pid$target:a.out:work:entry { @ = count(); }' 2>"$tmp/err" &
	upid=$!
	waitfor "$tmp/trace" "^ready\$"
	echo >"$tmp/in"
	sleep 0.3
	kill -9 $upid
	wait $upid 2>/dev/null
	wait $cpid
	st=$?
	if [ $st = 0 ] && [ "$(cat "$tmp/out")" = "sum $((n * (n - 1)))" ]; then
		ok=$((ok + 1))
	else
		echo "run $run: counter status $st, output: $(cat "$tmp/out")" >&2
	fi
done
echo "$ok of 10 hot counters survived"

rm -f "$tmp/in" "$tmp/trace"
mkfifo "$tmp/in"
"$TARGETS/trapper" $n wait <"$tmp/in" >"$tmp/out" &
tpid=$!
exec 3>"$tmp/in"
waitfor "$tmp/out" "^pid $tpid\$"
"$UDTRACE" -x backend=ptrace -q -p $tpid -o "$tmp/trace" -n 'BEGIN { printf("ready\n"); } pid$target:a.out:work:entry { @ = count(); }' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" "^ready\$"
echo go >&3
sleep 0.3
kill -9 $upid
wait $upid 2>/dev/null
echo again >&3
exec 3>&-
wait $tpid
echo "trapper status $?"
tail -n +2 "$tmp/out"
