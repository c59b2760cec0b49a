# proves: pid entry probes work on functions that open with an is-enabled guard (cmpw $0x0,sem(%rip): a RIP-relative compare with an operand-size prefix and an immediate), alongside the USDT probes inside them: 6 entries each, 6 query-starts
. ../../lib/usdt-need.sh
need_target mysqlish
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n 'pid$target:a.out:dispatch_query:entry, pid$target:a.out:finish_query:entry, mysqlish$target:::query-start { @[probefunc, probename] = count(); } END { printa("%s %s %@d\n", @); }' -c "$TARGETS/mysqlish"
echo "status $?"
cat "$tmp/trace"
rm -rf "$tmp"
