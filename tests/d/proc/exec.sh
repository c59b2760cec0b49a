# proves: an exec'ing target fires proc:::exec-success once, in the new image (execname and curpsinfo name the new program, same pid), and exit names the new program
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n '
proc:::exec-success
{
	printf("exec-success: target %d, execname %s, pr_fname %s, pr_psargs %s\n",
	    pid == $target, execname, curpsinfo->pr_fname, curpsinfo->pr_psargs);
}
proc:::exit
{
	printf("exit: target %d %s reason %d\n", pid == $target, execname,
	    args[0]);
}' -c "$TARGETS/execer"
echo "udtrace status $?"
cat "$tmp/trace"
