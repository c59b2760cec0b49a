# proves: args[] carry the provider's types: query-done's args[0] is a 4-byte int (aggregation key printed " %8d", negative statuses sorted as unsigned after equal counts), query-start's args[1] an 8-byte unsigned long, args[0] a char * copyinstr reads
. ../../lib/usdt-need.sh
need_target mysqlish
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n 'mysqlish$target:::query-done { @st[args[0]] = count(); } mysqlish$target:::query-start { @conn[args[1]] = count(); @q[copyinstr(args[0])] = count(); }' -c "$TARGETS/mysqlish" >/dev/null
echo "status $?"
cat "$tmp/trace"
rm -rf "$tmp"
