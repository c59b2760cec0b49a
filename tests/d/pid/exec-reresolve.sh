# proves: across exec the -c target keeps being traced: probes are resolved again in the new a.out, so fib of the exec'd program counts 1973 calls
"$UDTRACE" $UDTRACE_OPTS -q -Z -n 'pid$target:a.out:before_exec:entry { @b = count(); } pid$target:a.out:fib:entry { @f = count(); } END { printa("before_exec %@d\n", @b); printa("fib %@d\n", @f); }' -c "$TARGETS/execer"
