# proves: the target's stdout is the same traced and untraced, its exit status 7 is reported as "pid N exited with status 7", and udtrace itself exits 0
tmp=$(mktemp -d) || exit 1
"$TARGETS/counter" 3 7 >"$tmp/plain"
echo "untraced status $?"
"$UDTRACE" $UDTRACE_OPTS -n 'pid$target:a.out:work:entry { @ = count(); }' -c "$TARGETS/counter 3 7" >"$tmp/traced" 2>"$tmp/err"
echo "udtrace status $?"
head -n 1 "$tmp/traced" | cmp -s - "$tmp/plain" && echo "same output"
tail -n +2 "$tmp/traced"
sed 's/pid [0-9][0-9]*/pid PID/' "$tmp/err" >&2
rm -rf "$tmp"
