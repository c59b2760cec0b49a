# proves: entry probes on two recursive functions count every call (fact 10, fib 1973), printed in DTrace's default aggregation rows at exit, after the target's own output
"$UDTRACE" $UDTRACE_OPTS -q -n 'pid$target:a.out:fact:entry,pid$target:a.out:fib:entry { @[probefunc] = count(); }' -c "$TARGETS/recurse"
