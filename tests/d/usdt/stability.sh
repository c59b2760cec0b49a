# proves: dtrace -v for a USDT probe: stapsdt notes carry no attributes, so the provider is what dtrace -G makes of one defined without #pragma D attributes, Unstable/Unstable/Common everywhere, and args[] read there are Unstable (-v also explains backend choices on stderr, which differ by backend: not compared)
. ../../lib/usdt-need.sh
need_target mysqlish
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -v -o "$tmp/trace" -n 'mysqlish$target:::query-done { x = args[0]; }' -c "$TARGETS/mysqlish" >/dev/null 2>"$tmp/notes"
echo "status $?"
cat "$tmp/trace"
rm -rf "$tmp"
