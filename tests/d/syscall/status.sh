# proves: a target traced with syscall probes keeps its exit status (3) and a signal's death (SIGTERM) as udtrace reports them
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -o "$tmp/trace" -c "$TARGETS/sysmix plain 1" -n 'syscall:::entry { @ = count(); }' >/dev/null 2>"$tmp/err"
echo "udtrace status $?"
sed -E 's/pid [0-9]+/pid PID/; s/matched [0-9]+ probes/matched N probes/' "$tmp/err"
echo 'kill -TERM $$' >"$tmp/k.sh"
"$UDTRACE" $UDTRACE_OPTS -o "$tmp/trace2" -c "sh $tmp/k.sh" -n 'syscall::kill:entry /pid == $target/ { printf("kill(pid, %d)\n", arg1); }' >/dev/null 2>"$tmp/err"
echo "udtrace status $?"
sed -E 's/pid [0-9]+/pid PID/' "$tmp/err" | grep -v matched
grep -o 'kill(pid, [0-9]*)' "$tmp/trace2"
rm -rf "$tmp"
