# proves: dtrace -v for the syscall provider: one call's entry is Private/Private/ISA (systrace_attr's function field), and all calls' entries, several probes with an empty function field, describe none (Unstable)
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -v -o "$tmp/trace" -n 'syscall::write:entry { x = 1; }' -n 'syscall:::entry /0/ { }' -c "$TARGETS/counter 3" >/dev/null
echo "status $?"
cat "$tmp/trace"
rm -rf "$tmp"
