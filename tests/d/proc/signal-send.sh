# proves: a kill() of the target's own pid fires proc:::signal-send in the sender with args[0]/args[1] the receiving lwp and process and args[2] the signal; raise() (tgkill) does too
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n '
proc:::signal-send
/pid == $target/
{
	printf("signal-send: %d to lwp %d, process %d\n", args[2],
	    args[0]->pr_lwpid == $target, args[1]->pr_pid == $target);
}' -c "$TARGETS/procevents"
echo "udtrace status $?"
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace2" -n '
proc:::signal-send
{
	@[args[2] == SIGUSR1, args[0]->pr_lwpid == tid, args[1]->pr_pid == pid] = count();
}' -c "$TARGETS/signals"
echo "udtrace status $?"
cat "$tmp/trace" "$tmp/trace2"
