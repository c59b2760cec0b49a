# proves: under the uprobe backend, hits the ring buffer cannot hold (a tiny -x bufsize, the consumer stopped while the target fires 10000 times) are reported as DTrace reports drops ("udtrace: N drops on CPU M", N > 0, M the target's CPU) and counted: hits seen + drops = hits fired
# The tracer is stopped (SIGSTOP) while the target, pinned to CPU 1,
# fires, so the overflow does not depend on the machine's speed; 3 more
# hits after SIGCONT let the kernel write its lost-samples record. Must
# not: sleep for fixed times (every wait polls, bounded), except the one
# pause for the tracer's periodic drain below.
tmp=$(mktemp -d) || exit 1
trap 'kill -CONT $upid 2>/dev/null; kill $upid $spid 2>/dev/null; rm -rf "$tmp"' EXIT

if "$UDTRACE" -x backend=uprobe -q -n 'BEGIN { exit(0); }' -c /bin/true 2>&1 |
    grep -q "backend not available"; then
	echo "skip: uprobe backend not built"
	exit 77
fi

. ../../lib/waitfor.sh

mkfifo "$tmp/in"
taskset -c 1 "$TARGETS/sleeper" <"$tmp/in" >"$tmp/sleeper" &
spid=$!
exec 3>"$tmp/in"
waitfor "$tmp/sleeper" "pid $spid" 15

"$UDTRACE" -x backend=uprobe -x bufsize=4k -q -p "$spid" -o "$tmp/trace" -n '
BEGIN { printf("ready\n"); }
pid$target:a.out:work:entry { @ = count(); }' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" ready 15

kill -STOP $upid
head -c 10000 /dev/zero | tr '\0' w >&3
waitfor "$tmp/sleeper" "work 10000" 15
kill -CONT $upid
# The tracer drains its rings at least every 10 ms: give it that long
# before the 3 hits that make the kernel write its lost-samples record
# (into a full ring they would be lost too, and no record would follow).
sleep 0.3
printf www >&3
waitfor "$tmp/sleeper" "work 10003" 15
printf q >&3
exec 3>&-
wait $spid
wait $upid
echo "udtrace status $?"

seen=$(awk 'NF == 1 && $1 ~ /^[0-9]+$/ { print $1 }' "$tmp/trace")
drops=$(sed -n 's/^udtrace: \([0-9]*\) drops* on CPU [0-9]*$/\1/p' "$tmp/err" |
    awk '{ s += $1 } END { print s + 0 }')
# the messages, numbers filtered; everything else on stderr as it came
sed -E 's/^udtrace: [0-9]+ (drops?) on CPU ([0-9]+)$/udtrace: N drops on CPU \2/' \
    "$tmp/err" | grep -v '^udtrace: pid [0-9]* has exited$' | sort -u
echo "drops > 0: $([ "$drops" -gt 0 ] && echo yes || echo "no ($drops)")"
echo "seen + drops = $((seen + drops))"
