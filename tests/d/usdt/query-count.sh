# proves: mysqlish$target:::query-start (a probe from our own -h header, name mapped from query__start) fires once per query: copyinstr(arg0) counts each text exactly, and the target's guard saw query-start's semaphore raised for all 6 queries and query-done's never
. ../../lib/usdt-need.sh
need_target mysqlish
"$UDTRACE" $UDTRACE_OPTS -q -n 'mysqlish$target:::query-start { @[copyinstr(arg0)] = count(); }' -c "$TARGETS/mysqlish"
