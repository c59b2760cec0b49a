# proves: after fork only the traced parent's calls count (6), and the child runs clean: it prints its line and exits 0
"$UDTRACE" $UDTRACE_OPTS -q -n 'pid$target:a.out:work:entry { @ = count(); }' -c "$TARGETS/forker"
