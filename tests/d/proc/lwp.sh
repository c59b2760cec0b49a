# proves: each of a target's 8 threads fires lwp-create in its creator (args[0] the new lwp, args[1] the process), lwp-start in the new thread and lwp-exit in it when it ends
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n '
proc:::lwp-create
/args[1]->pr_pid == $target && args[0]->pr_lwpid != tid/
{
	created[args[0]->pr_lwpid] = 1;
	@["lwp-create"] = count();
}
proc:::lwp-start
/pid == $target && created[tid]/
{
	@["lwp-start in a created thread"] = count();
}
proc:::lwp-exit
/pid == $target && created[tid]/
{
	@["lwp-exit in a created thread"] = count();
}
proc:::exit
{
	printf("exit %d\n", args[0]);
}' -c "$TARGETS/threads"
echo "udtrace status $?"
cat "$tmp/trace"
