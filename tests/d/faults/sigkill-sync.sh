# proves: SIGKILL of udtrace while 8 threads of a -p target hit an entry and a return probe whose actions stop the thread (-w: an int3 site on every backend, the uprobe and trampoline backends included) leaves every call correct, in 4 rounds: a thread whose trap udtrace had collected but not yet resumed gets its SIGTRAP back from the kernel and the guard rewinds it, or resumes it in the slot udtrace had moved it to (a ret runs out of line too) (a consumed stop used to resume after the int3, mid-instruction, and corrupt the call: 1 round in 4 or so)
# timeout: 60
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

. ../../lib/waitfor.sh

for round in 1 2 3 4; do
	rm -f "$tmp/in" "$tmp/out" "$tmp/trace"
	mkfifo "$tmp/in"
	"$TARGETS/hammer" 1 soak <"$tmp/in" >"$tmp/out" &
	hpid=$!
	exec 3>"$tmp/in"
	waitfor "$tmp/out" "pid $hpid"
	"$UDTRACE" $UDTRACE_OPTS -w -q -p $hpid -o "$tmp/trace" -n 'BEGIN { printf("ready\n"); } pid$target:a.out:work:entry, pid$target:a.out:work:return { @ = count(); }' 2>"$tmp/err" &
	upid=$!
	waitfor "$tmp/trace" ready
	printf g >&3
	sleep 0.3
	kill -9 $upid
	wait $upid 2>/dev/null
	waitfor "$tmp/out" "checksum [0-9]+" 10
	echo "round $round: $(grep checksum "$tmp/out")"
	printf g >&3
	exec 3>&-
	wait $hpid
	echo "round $round: hammer status $?"
done
