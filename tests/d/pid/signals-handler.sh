# proves: signals reach the target unchanged under tracing: 5 raised SIGUSR1 run the handler 5 times, and its entry probe fires 5 times
"$UDTRACE" $UDTRACE_OPTS -q -n 'pid$target:a.out:on_usr1:entry { @ = count(); }' -c "$TARGETS/signals"
