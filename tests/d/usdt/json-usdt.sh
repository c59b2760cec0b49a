# proves: in JSON mode a USDT probe's firing names its provider (mysqlish<N>), module, function and probe name; printf text and trace() of typed args (args[1] unsigned long, copyinstr strings) are typed records; aggregations keyed by a query string and an int status keep the key types and the text's order
. ../../lib/usdt-need.sh
need_target mysqlish
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -x oformat=json -o "$tmp/out" -n 'mysqlish$target:::query-start /args[1] == 3/ { printf("conn %d: %s\n", args[1], copyinstr(args[0])); trace(args[1]); trace(copyinstr(args[2])); } mysqlish$target:::query-done { @st[args[0]] = count(); } mysqlish$target:::query-start { @q[copyinstr(args[0])] = count(); }' -c "$TARGETS/mysqlish" >/dev/null
echo "status $?"
python3 ../../lib/jsonl.py -m id "$tmp/out" | sed 's/"mysqlish[0-9]*"/"mysqlishN"/'
rm -rf "$tmp"
