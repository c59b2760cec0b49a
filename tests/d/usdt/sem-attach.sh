# proves: with -p the semaphores of the enabled probe are raised to exactly 1 while tracing (two clauses on query-start still make 1; query-done untouched), the running target sees them (its guard true 6 times), and after SIGINT ends tracing they are back to 0 in memory and in the target's behaviour
. ../../lib/usdt-need.sh
need_target mysqlish
. ../../lib/mysqlish-wait.sh
sems before
"$UDTRACE" $UDTRACE_OPTS -q -p "$tpid" -o "$tmp/trace" -n 'BEGIN { printf("ready\n"); } mysqlish$target:::query-start { @a = count(); } mysqlish$target:::query-start { @b = count(); }' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" ready
sems tracing
printf r >&3
waitfor "$tmp/out" "run 1: start enabled 6, done enabled 0"
kill -INT "$upid"
wait "$upid"
finish $?
