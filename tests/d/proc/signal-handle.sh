# proves: proc:::signal-handle fires in the receiving thread once per signal delivered to a handler (5 SIGUSR1), with args[0] the signal, and the target still handles all 5
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n '
proc:::signal-handle
{
	@[args[0] == SIGUSR1 ? "SIGUSR1" : "other", tid == $target] = count();
}' -c "$TARGETS/signals"
echo "udtrace status $?"
cat "$tmp/trace"
