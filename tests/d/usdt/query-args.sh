# proves: USDT arguments from memory operands (8@8(%rbx)-style struct fields): three char * arguments read with copyinstr, the unsigned long connid with all 64 bits (2^32 + 7), and query-done's int status sign-extended from its -4@ spec (-1, -1062), in firing order
. ../../lib/usdt-need.sh
need_target mysqlish
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n 'mysqlish$target:::query-start { printf("start [%s] %d [%s] [%s] [%s]\n", copyinstr(arg0), arg1, copyinstr(arg2), copyinstr(arg3), copyinstr(arg4)); } mysqlish$target:::query-done { printf("done %d\n", arg0); }' -c "$TARGETS/mysqlish"
echo "status $?"
cat "$tmp/trace"
rm -rf "$tmp"
