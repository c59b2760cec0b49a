# proves: copyoutstr() used as a value (here the left operand of a comma) still writes into the target, as a subroutine returning void does in DTrace
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -w -q -o "$tmp/trace" -n 'pid$target:a.out:greet:entry /n++ == 0/ { x = (copyoutstr("carol", arg0, 32), 7); printf("x=%d\n", x); }' -c "$TARGETS/strings"
echo "status $?"
cat "$tmp/trace"
rm -rf "$tmp"
