# proves: -p attaches to a running process and counts its system calls (getppid, 3 per 'g'), and on SIGINT detaches leaving it running with no syscall stop or event left: it goes on answering and exits 0
tmp=$(mktemp -d) || exit 1
mkfifo "$tmp/in"
"$TARGETS/sysmix" wait 3 <"$tmp/in" >>"$tmp/out" &
spid=$!
exec 3>"$tmp/in"
waitfor() {	# $1 = file, $2 = line
	i=0
	until grep -qx "$2" "$1" 2>/dev/null || [ $i -ge 80 ]; do
		sleep 0.1; i=$((i + 1))
	done
}
waitfor "$tmp/out" "pid $spid"
"$UDTRACE" $UDTRACE_OPTS -q -p "$spid" -o "$tmp/trace" -n '
BEGIN { printf("ready\n"); }
syscall::getppid:entry /pid == $target/ { @calls = count(); }
syscall::write:return /pid == $target/ { @bytes = sum(arg0); }
END { printa("getppid %@d\n", @calls); printa("written %@d\n", @bytes); }' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" ready
printf gg >&3
waitfor "$tmp/out" "g 2"
kill -INT "$upid"
wait "$upid"
echo "udtrace status $?"
grep -v '^$' "$tmp/trace"
cat "$tmp/err"
printf g >&3
waitfor "$tmp/out" "g 3"
grep -c "Tracer" /proc/$spid/status >/dev/null && grep "TracerPid" /proc/$spid/status
printf q >&3
exec 3>&-
wait "$spid"
echo "sysmix status $?"
tail -n +2 "$tmp/out"
rm -rf "$tmp"
