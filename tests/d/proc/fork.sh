# proves: a forking target fires proc:::create in the parent (args[0] the child's psinfo_t: its pid, the parent as its pr_ppid), then proc:::start in the child before it runs, signal-discard for the SIGCHLD the parent ignores by default, and exit with CLD_EXITED (the target's: the child's own exit is seen where the backend sees descendants, tests/d/proc/descendants-uprobe.sh); the target's own output and status are unchanged
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n '
int child;
proc:::create
{
	child = args[0]->pr_pid;
	printf("create: in target %d, child has the target as parent %d, named %s\n",
	    pid == $target, args[0]->pr_ppid == $target, args[0]->pr_fname);
}
proc:::start
{
	printf("start: in the created child %d, its parent the target %d\n",
	    pid == child && tid == child, curpsinfo->pr_ppid == $target);
}
proc:::signal-discard
{
	printf("signal-discard: %d in target %d (lwp %d, process %d)\n",
	    args[2], pid == $target, args[0]->pr_lwpid == $target,
	    args[1]->pr_pid == $target);
}
proc:::exit
/pid == $target/
{
	printf("exit: target %d reason %d (CLD_EXITED %d)\n", pid == $target,
	    args[0], args[0] == CLD_EXITED);
}' -c "$TARGETS/forker"
echo "udtrace status $?"
cat "$tmp/trace"
