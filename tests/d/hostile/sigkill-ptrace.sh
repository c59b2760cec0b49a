# proves: under the ptrace backend, SIGKILL of udtrace leaves a -p target alive: the watchdog restores every int3 (text equal to the file), detaches, and the target's later calls, output and exit status are untouched — 20 times in a row
# timeout: 40
# The kill lands while the target is idle (blocked reading its fifo), so
# this is the watchdog's work alone; kills during hits are
# sigkill-hot.sh's (the SIGTRAP guard).
lib=$(cd ../../lib && pwd)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

. ../../lib/waitfor.sh

ok=0
for run in $(seq 1 20); do
	rm -f "$tmp/in" "$tmp/sleeper" "$tmp/trace"
	mkfifo "$tmp/in"
	"$TARGETS/sleeper" <"$tmp/in" >>"$tmp/sleeper" &
	spid=$!
	exec 3>"$tmp/in"
	waitfor "$tmp/sleeper" "pid $spid"
	"$UDTRACE" -x backend=ptrace -q -p "$spid" -o "$tmp/trace" -n 'BEGIN { printf("ready\n"); } pid$target:a.out:work:entry, pid$target:a.out:work:return, pid$target:a.out:main:entry { @ = count(); }' 2>"$tmp/err" &
	upid=$!
	waitfor "$tmp/trace" ready
	printf ww >&3
	waitfor "$tmp/sleeper" "work 2"
	kill -9 "$upid"
	wait "$upid" 2>/dev/null
	ust=$?
	# the watchdog restores the text soon after: poll, bounded at 5 s
	i=0
	until sh "$lib/check-text.sh" "$spid" "$TARGETS/sleeper" work main >/dev/null 2>&1 || [ $i -ge 250 ]; do
		sleep 0.02; i=$((i + 1))
	done
	text=$(sh "$lib/check-text.sh" "$spid" "$TARGETS/sleeper" work main 2>&1)
	printf wwq >&3
	exec 3>&-
	wait "$spid"
	sst=$?
	got=$(tail -n +2 "$tmp/sleeper" | tr '\n' ' ')
	if [ "$ust" = 137 ] && [ "$sst" = 0 ] && [ "$got" = "work 1 work 2 work 3 work 4 bye " ] &&
	    [ "$text" = "work: text matches the file
main: text matches the file" ]; then
		ok=$((ok + 1))
	else
		echo "run $run: udtrace status $ust, sleeper status $sst, output: $got" >&2
		echo "$text" >&2
		cat "$tmp/err" >&2
	fi
done
echo "$ok of 20 targets survived"
