# proves: a stripped PIE is probed through .dynsym and a non-PIE executable at its link address; probemod is the real basename, not a.out
"$UDTRACE" $UDTRACE_OPTS -q -n 'pid$target:a.out:work:entry { @[probemod, probefunc] = count(); }' -c "$TARGETS/counter-stripped"
"$UDTRACE" $UDTRACE_OPTS -q -n 'pid$target:a.out:work:entry { @[probemod, probefunc] = count(); }' -c "$TARGETS/counter-nopie"
