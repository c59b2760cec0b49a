# proves: with no -c or -p, proc probes see every process through the kernel's tracepoints (uprobe backend): udtrace started first, a forking program started separately (a per-run copy, so its name is this run's alone) fires exec-success, create in the parent, start in the child, signal-discard for the parent's SIGCHLD, and exit with CLD_EXITED for both; its output is unchanged
# Must not: sleep for fixed times (every wait polls, 8 s max).
tmp=$(mktemp -d) || exit 1
trap 'kill $upid 2>/dev/null; rm -rf "$tmp"' EXIT
. ../../lib/waitfor.sh
name=pw$$
cp "$TARGETS/forker" "$tmp/$name" || exit 1
"$UDTRACE" -x backend=uprobe -q -o "$tmp/trace" -n '
BEGIN { printf("armed\n"); }
proc:::exec-success, proc:::create, proc:::start
/execname == "'$name'"/
{
	@[probename] = count();
}
proc:::signal-discard
/execname == "'$name'"/
{
	@[strjoin("signal-discard ", args[2] == SIGCHLD ? "SIGCHLD" : "other")] =
	    count();
}
proc:::exit
/execname == "'$name'"/
{
	@[args[0] == CLD_EXITED ? "exit CLD_EXITED" : "exit other"] = count();
}' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" armed
"$tmp/$name"
echo "target status $?"
# the target's events are in the rings: udtrace drains them as it stops
kill -INT $upid
wait $upid
echo "udtrace status $?"
grep -v armed "$tmp/trace" | sed '/^$/d' | sort
cat "$tmp/err" >&2
