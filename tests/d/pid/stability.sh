# proves: dtrace -v for pid probes: one function's entry is Private/Private/Unknown (pid_attr's module and function), a pattern matching several probes describes none (Unstable), and a cast to the traced program's own type is Private (_dtrace_typattr) while D's own types stay Stable (-v's backend notes on stderr differ by backend: not compared)
"$UDTRACE" $UDTRACE_OPTS -q -v -n 'pid$target:a.out:handle:entry { this->r = (int *)arg0; }' -n 'pid$target:a.out::entry /0/ { }' -n 'pid$target:a.out:handle:entry { this->r = (request_t *)arg0; }' -c "$TARGETS/dwtypes" 2>/dev/null
echo "status $?"
