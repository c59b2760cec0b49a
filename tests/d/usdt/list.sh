# proves: -l -n 'mysqlish$target:::' lists the target's two USDT probes (provider mysqlish<PID>, module, enclosing function, dashed name) and no other rows, without running the target
. ../../lib/usdt-need.sh
need_target mysqlish
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -l -n 'mysqlish$target:::' -c "$TARGETS/mysqlish" >"$tmp/list"
echo "status $?"
head -n 1 "$tmp/list"
tail -n +2 "$tmp/list" | awk '{ sub(/^mysqlish[0-9]+$/, "mysqlishPID", $2); print $2, $3, $4, $5, NF }' | sort
rm -rf "$tmp"
