# mysqlish-wait.sh — sourced by the USDT semaphore tests
# (tests/d/usdt/sem-*.sh): starts `mysqlish -w`, which waits for one-letter
# commands (r: run 6 queries, q: quit) on a fifo the caller writes on fd 3,
# appending its output to $tmp/out; defines sems LABEL, which prints both
# probes' semaphores as read from the live process, and finish STATUS for
# when udtrace has ended with STATUS: its output, the semaphores after,
# one more run of the target (which must see them disabled), its end.
# Must not: start udtrace (each test traces its own way).
# Invariant: after sourcing, $tmp (a fresh directory), $tpid and fd 3 are
# set, and "pid $tpid" has been printed by the target (waitfor.sh loaded).
lib=../../lib
. $lib/waitfor.sh
tmp=$(mktemp -d) || exit 1
mkfifo "$tmp/in"
"$TARGETS/mysqlish" -w <"$tmp/in" >>"$tmp/out" &
tpid=$!
exec 3>"$tmp/in"
sems() {
	echo "$1: start $(sh $lib/usdt-sem.sh $tpid "$TARGETS/mysqlish" mysqlish query__start), done $(sh $lib/usdt-sem.sh $tpid "$TARGETS/mysqlish" mysqlish query__done)"
}
waitfor "$tmp/out" "pid $tpid"
finish() {
	echo "udtrace status $1"
	cat "$tmp/trace"
	cat "$tmp/err" >&2
	sems after
	printf r >&3
	waitfor "$tmp/out" "run 2: start enabled 0, done enabled 0"
	printf q >&3
	exec 3>&-
	wait "$tpid"
	echo "mysqlish status $?"
	sed "s/^pid $tpid\$/pid PID/" "$tmp/out"
	rm -rf "$tmp"
}
