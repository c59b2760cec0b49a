# proves: a -c target that forks mid-trace keeps only its own calls counted (6), its child runs clean and exits 0 by itself, and the parent's end is reported as "pid N has exited" with the aggregation printed and udtrace exiting 0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$UDTRACE" $UDTRACE_OPTS -n 'pid$target:a.out:work:entry { @work = count(); }' -c "$TARGETS/forker" 2>"$tmp/err"
st=$?
sed 's/pid [0-9][0-9]*/pid PID/' "$tmp/err" >&2
exit $st
