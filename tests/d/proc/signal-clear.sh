# proves: a blocked signal taken with sigtimedwait() fires proc:::signal-clear with args[0] the signal, and never signal-handle
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n '
proc:::signal-clear
/pid == $target/
{
	printf("signal-clear: %d (SIGUSR2 %d)\n", args[0], args[0] == SIGUSR2);
}
proc:::signal-handle
/pid == $target/
{
	printf("signal-handle %d\n", args[0]);
}' -c "$TARGETS/procevents"
echo "udtrace status $?"
cat "$tmp/trace"
