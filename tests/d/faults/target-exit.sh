# proves: a -c target that calls exit(5) from one of its threads mid-trace is reported as "pid N exited with status 5", the aggregation is printed with exactly the calls made before, and udtrace exits 0 (a -c child's status is not udtrace's)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$UDTRACE" $UDTRACE_OPTS -n 'pid$target:a.out:work:entry /arg0 == 0/ { @thread0 = count(); }' -c "$TARGETS/hammer 2000 exit" 2>"$tmp/err"
st=$?
sed 's/pid [0-9][0-9]*/pid PID/' "$tmp/err" >&2
exit $st
