# proves: under -c on the uprobe backend, a fork child's own proc events (its exec-success in the new image, its exit with CLD_EXITED) are seen without ptrace following it, from the kernel's process tracepoints inherited by the traced process's descendants; the target's output is unchanged and its own events fire once
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$UDTRACE" -x backend=uprobe -q -o "$tmp/trace" -n '
proc:::create, proc:::start, proc:::exec-success
{
	printf("%s: %s, the target %d\n", probename, execname, pid == $target);
}
proc:::exit
{
	printf("exit: %s, the target %d, reason %d (CLD_EXITED %d)\n",
	    execname, pid == $target, args[0], args[0] == CLD_EXITED);
}' -c "$TARGETS/procevents"
echo "udtrace status $?"
# the child's events (the perf rings) and the target's (ptrace) are two streams
sort "$tmp/trace"
