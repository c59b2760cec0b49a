# proves: a -c target that dies of SIGSEGV mid-trace (thread 0 writes through NULL after 1000 calls while 7 threads hit the probe) is reported as "pid N terminated by SIGSEGV", the aggregation is printed with exactly the calls made before the crash, and udtrace exits 0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$UDTRACE" $UDTRACE_OPTS -n 'pid$target:a.out:work:entry /arg0 == 0/ { @thread0 = count(); }' -c "$TARGETS/hammer 2000 segv" 2>"$tmp/err"
st=$?
sed 's/pid [0-9][0-9]*/pid PID/' "$tmp/err" >&2
exit $st
