# proves: profile-N samples a process grabbed with -p (its existing thread gets the events): the dominant folded stack is main;run;work;spin; the process runs on after udtrace ends at tick-300ms
tmp=$(mktemp -d) || exit 1
"$TARGETS/burner" 100000 >/dev/null &
pid=$!
sleep 0.2
"$UDTRACE" $UDTRACE_OPTS -q -x stackformat=folded -n '
profile-997 /pid == $target/ { @[ustack()] = count(); }
tick-300ms { exit(0); }' -p $pid >"$tmp/out"
echo "status $?"
grep ';' "$tmp/out" | tail -n 1 | sed 's/^.*;main;/main;/; s/ [1-9][0-9]*$/ N > 0/'
kill -0 $pid && echo "still running"
kill $pid
wait $pid 2>/dev/null
rm -rf "$tmp"
