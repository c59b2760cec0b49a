# proves: a -c target that execs mid-trace and then exits is followed into the new program and reported once as "pid N has exited", with both programs' calls in the aggregations printed at the end, udtrace exiting 0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$UDTRACE" $UDTRACE_OPTS -Z -n 'pid$target:a.out:before_exec:entry, pid$target:a.out:fib:entry { @[probefunc] = count(); }' -c "$TARGETS/execer" 2>"$tmp/err"
st=$?
sed 's/pid [0-9][0-9]*/pid PID/' "$tmp/err" >&2
exit $st
