# proves: in a pid return probe args[1] has the function's declared return type (int), args[0] the offset
"$UDTRACE" $UDTRACE_OPTS -q -n 'pid$target:a.out:handle:return { printf("%d %d\n", args[1], sizeof(args[1])); }' -c "$TARGETS/dwtypes"
echo "status $?"
