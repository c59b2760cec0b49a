# proves: USDT descriptions match on every field: module and function given exactly, a function glob, and a name glob each select the right sites and count them exactly
. ../../lib/usdt-need.sh
need_target mysqlish
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n 'mysqlish$target:mysqlish:dispatch_query:query-start { @a = count(); } mysqlish$target::finish*:query-done { @b = count(); } mysqlish$target:::query-* { @c = count(); } END { printa("exact %@d\n", @a); printa("func glob %@d\n", @b); printa("name glob %@d\n", @c); }' -c "$TARGETS/mysqlish" >/dev/null
echo "status $?"
cat "$tmp/trace"
rm -rf "$tmp"
