# proves: with -Z a probe on a library loaded later by dlopen is enabled when it appears: lib_work returns 3+6+9+12+15 over 5 calls
"$UDTRACE" $UDTRACE_OPTS -q -Z -n 'pid$target:libdl_target.so:lib_work:return { @s = sum(arg1); @c = count(); } END { printa("sum %@d\n", @s); printa("calls %@d\n", @c); }' -c "$TARGETS/dlopener"
