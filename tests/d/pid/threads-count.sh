# proves: every thread is traced: 8 threads x 1000 calls give exactly 8000 entry firings, 1000 per thread id
"$UDTRACE" $UDTRACE_OPTS -q -n 'pid$target:a.out:work:entry { @ = count(); @t[tid] = count(); } END { printa("total hits %@d\n", @); printa("%@d\n", @t); }' -c "$TARGETS/threads"
