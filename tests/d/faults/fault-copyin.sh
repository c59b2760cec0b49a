# proves: run-time faults in D — copyin(0, 4) and copyinstr of a small integer — are reported per DTrace ("error on enabled probe ID ...: invalid address (0x...) in action #1"), fire ERROR, and never stop tracing: all 1000 calls are counted, 299 of them after both faults, and the target's output is untouched
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$UDTRACE" $UDTRACE_OPTS -n 'pid$target:a.out:work:entry { @calls = count(); }
pid$target:a.out:work:entry /arg0 == 500/ { trace(*(int *)copyin(0, 4)); }
pid$target:a.out:work:entry /arg0 == 700/ { trace(copyinstr(arg0)); }
pid$target:a.out:work:entry /arg0 > 700/ { @after = count(); }
ERROR { @errors = count(); }' -c "$TARGETS/counter 1000" 2>"$tmp/err"
st=$?
sed -e 's/pid [0-9][0-9]*/pid PID/' -e 's/(ID [0-9]*: pid[0-9]*:/(ID N: pidPID:/' "$tmp/err" >&2
exit $st
