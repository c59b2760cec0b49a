#!/bin/sh
# attach-run.sh — one -p session against the sleeper target, ended by a
# signal: start sleeper on a fifo, attach udtrace counting work() entries,
# make 3 calls, send SIG to udtrace, then show the sleeper still running
# (a 4th call), its text equal to the file, and its clean exit.
#
# Usage: attach-run.sh SIG  (INT, TERM, HUP); needs $UDTRACE, $TARGETS,
# optional $UDTRACE_OPTS. Prints the lines the attach-*.out files expect,
# with the sleeper's pid written as PID. Must not: sleep for fixed times:
# every wait polls for an output line, bounded at 8 s.
sig=$1
lib=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d) || exit 1
mkfifo "$tmp/in"
"$TARGETS/sleeper" <"$tmp/in" >>"$tmp/sleeper" &
spid=$!
exec 3>"$tmp/in"

waitfor() {	# $1 = file, $2 = line
	i=0
	until grep -qx "$2" "$1" 2>/dev/null || [ $i -ge 80 ]; do
		sleep 0.1; i=$((i + 1))
	done
}

waitfor "$tmp/sleeper" "pid $spid"
"$UDTRACE" $UDTRACE_OPTS -q -p "$spid" -o "$tmp/trace" -n 'BEGIN { printf("ready\n"); } pid$target:a.out:work:entry { @ = count(); }' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" ready
printf www >&3
waitfor "$tmp/sleeper" "work 3"
kill -"$sig" "$upid"
wait "$upid"
ust=$?
sed "s/^pid $spid\$/pid PID/" "$tmp/sleeper"
echo "udtrace status $ust"
cat "$tmp/trace"
cat "$tmp/err" >&2
: >"$tmp/sleeper"
printf w >&3
waitfor "$tmp/sleeper" "work 4"
cat "$tmp/sleeper"
sh "$lib/check-text.sh" "$spid" "$TARGETS/sleeper" work main
printf q >&3
exec 3>&-
wait "$spid"
sst=$?
tail -n +2 "$tmp/sleeper"
echo "sleeper status $sst"
rm -rf "$tmp"
