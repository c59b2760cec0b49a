# proves: a child's execname is its new image's name right after its exec when only syscall::execve:entry saw it (no exec event: the name read at that entry is not kept for the child's next hits)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
printf 'ls /dev/null\ntrue\n' > "$tmp/s.sh"
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n '
syscall::execve:entry
{
	x[pid] = 1;
}
syscall::write:entry
/pid != $target && x[pid]/
{
	printf("%s %s\n", execname, curpsinfo->pr_fname);
}' -c "sh $tmp/s.sh"
echo "udtrace status $?"
cat "$tmp/trace"
