# proves: without -q, the description notice and "pid N has exited" go to stderr, aggregations are printed when the target exits, and udtrace exits 0
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -n 'pid$target:a.out:work:entry { @ = count(); }' -c "$TARGETS/counter" 2>"$tmp/err"
st=$?
sed 's/pid [0-9][0-9]*/pid PID/' "$tmp/err" >&2
rm -rf "$tmp"
exit $st
