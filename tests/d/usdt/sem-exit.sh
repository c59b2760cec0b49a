# proves: with -p, tracing that ends by exit() in a clause (the 6th query-start) also puts the semaphore back to 0 exactly once: read from memory and seen by the target, whose guard was true for all 6 queries of the run that ended tracing
. ../../lib/usdt-need.sh
need_target mysqlish
. ../../lib/mysqlish-wait.sh
sems before
"$UDTRACE" $UDTRACE_OPTS -q -p "$tpid" -o "$tmp/trace" -n 'BEGIN { printf("ready\n"); } mysqlish$target:::query-start { n++; } mysqlish$target:::query-start /n == 6/ { printf("six\n"); exit(0); }' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" ready
sems tracing
printf r >&3
waitfor "$tmp/out" "run 1: start enabled 6, done enabled 0"
wait "$upid"
finish $?
