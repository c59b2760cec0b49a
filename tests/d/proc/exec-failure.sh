# proves: an exec of a path that does not exist fires proc:::exec-failure in the target with args[0] the error (ENOENT), and no exec or exec-success for it
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n '
proc:::exec-failure
/pid == $target/
{
	printf("exec-failure: %d (ENOENT %d)\n", args[0], args[0] == ENOENT);
}
proc:::exec, proc:::exec-success
/pid == $target/
{
	printf("%s\n", probename);
}' -c "$TARGETS/procevents"
echo "udtrace status $?"
cat "$tmp/trace"
