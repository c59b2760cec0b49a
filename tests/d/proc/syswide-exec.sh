# proves: with no -c or -p, proc:::exec fires for a process started separately (uprobe backend, the kernel's exec tracepoint): args[0] the path exec was given, execname the name before the exec (the test's shell for the first exec, whose parent ran before udtrace; the first program for the second), before exec-success in the new image, and the program's output is unchanged
# Must not: sleep for fixed times (every wait polls, 8 s max).
tmp=$(mktemp -d) || exit 1
trap 'kill $upid 2>/dev/null; rm -rf "$tmp"' EXIT
. ../../lib/waitfor.sh
name=px$$
# execer execs the recurse beside it: both copies are this run's alone
cp "$TARGETS/execer" "$tmp/$name" && cp "$TARGETS/recurse" "$tmp/recurse" || exit 1
"$UDTRACE" -x backend=uprobe -q -o "$tmp/trace" -n '
BEGIN { printf("armed\n"); }
proc:::exec
/args[0] == "'"$tmp/$name"'" || args[0] == "'"$tmp/recurse"'"/
{
	printf("exec %s from %s\n", args[0] == "'"$tmp/recurse"'" ?
	    "TMP/recurse" : "TMP/NAME", execname == "'$name'" ? "NAME" :
	    execname == "sh" || execname == "bash" || execname == "dash" ?
	    "SHELL" : execname);
	p = pid;
}
proc:::exec-success
/p != 0 && pid == p/
{
	printf("exec-success %s\n", execname == "'$name'" ? "NAME" : execname);
}' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" armed
"$tmp/$name"
echo "target status $?"
# the target's events are in the rings: udtrace drains them as it stops
waitfor "$tmp/trace" "exec-success recurse"
kill -INT $upid
wait $upid
echo "udtrace status $?"
grep -v armed "$tmp/trace" | sed '/^$/d'
cat "$tmp/err" >&2
