# proves: proc:::exec fires once, before exec-success, with args[0] the path the program gave exec and the old program's execname
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n '
proc:::exec
{
	printf("exec: target %d, execname %s, path %s\n", pid == $target,
	    execname, args[0]);
}
proc:::exec-success
{
	printf("exec-success: %s\n", execname);
}' -c "$TARGETS/execer" >/dev/null
echo "udtrace status $?"
sed "s|$TARGETS/|TARGETS/|" "$tmp/trace"
