# proves: is-enabled guards follow the enablings: untraced both are false, tracing only query-done raises only its semaphore, tracing both (query-start twice, from two clauses) raises both, and the guarded code runs exactly once per query
. ../../lib/usdt-need.sh
need_target mysqlish
"$TARGETS/mysqlish"
"$UDTRACE" $UDTRACE_OPTS -q -n 'mysqlish$target:::query-done { @ = count(); } END { printa("done fired %@d\n", @); }' -c "$TARGETS/mysqlish"
"$UDTRACE" $UDTRACE_OPTS -q -n 'mysqlish$target:::query-start { @a = count(); } mysqlish$target:::query-start, mysqlish$target:::query-done { @b = count(); } END { printa("start fired %@d\n", @a); printa("both fired %@d\n", @b); }' -c "$TARGETS/mysqlish"
