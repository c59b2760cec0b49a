# proves: a target killed by SIGKILL fires proc:::exit with CLD_KILLED as args[0]
tmp=$(mktemp -d) || exit 1
trap 'exec 3>&-; rm -rf "$tmp"' EXIT
mkfifo "$tmp/in"
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n '
BEGIN { printf("ready\n"); }
proc:::exit
{
	printf("exit: target %d reason %d (CLD_KILLED %d)\n", pid == $target,
	    args[0], args[0] == CLD_KILLED);
}' -c "$TARGETS/sleeper" <"$tmp/in" >"$tmp/out" 2>"$tmp/err" &
upid=$!
exec 3>"$tmp/in"
i=0
until grep -q '^pid ' "$tmp/out" 2>/dev/null && grep -q ready "$tmp/trace" 2>/dev/null || [ $i -ge 80 ]; do
	sleep 0.1; i=$((i + 1))
done
kill -KILL "$(sed -n 's/^pid //p' "$tmp/out")"
wait "$upid"
echo "udtrace status $?"
grep -v '^pid ' "$tmp/out"
cat "$tmp/trace"
