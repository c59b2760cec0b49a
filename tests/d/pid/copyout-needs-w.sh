# proves: copyout is a destructive action: without -w the program is refused before the target runs
"$UDTRACE" $UDTRACE_OPTS -q -n 'pid$target:a.out:greet:entry { copyoutstr("x", arg0, 2); }' -c "$TARGETS/strings"
echo "status $?"
