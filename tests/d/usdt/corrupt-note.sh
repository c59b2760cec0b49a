# proves: a copy of mysqlish whose second stapsdt note claims 65535 bytes of descriptor (past the section's end) is reported as a corrupt note naming the object and the note, exits 1 without running it; pid probes on the same copy still work
. ../../lib/usdt-need.sh
need_target mysqlish
tmp=$(mktemp -d) || exit 1
cp "$TARGETS/mysqlish" "$tmp/mysqlish"
off=$(readelf -SW "$tmp/mysqlish" | sed -n 's/.*\] \.note\.stapsdt *NOTE *[0-9a-f]* \([0-9a-f]*\) .*/\1/p')
d1=$(od -An -tu4 -j $((0x$off + 4)) -N4 "$tmp/mysqlish" | tr -d ' ')
second=$((0x$off + 20 + (d1 + 3) / 4 * 4))
printf '\377\377\000\000' | dd of="$tmp/mysqlish" bs=1 seek=$((second + 4)) conv=notrunc 2>/dev/null
"$UDTRACE" $UDTRACE_OPTS -q -n 'mysqlish$target:::query-start { @ = count(); }' -c "$tmp/mysqlish" 2>"$tmp/err"
echo "status $?"
sed "s|$tmp/|TMP/|" "$tmp/err" >&2
"$UDTRACE" $UDTRACE_OPTS -q -n 'pid$target:a.out:main:entry { @ = count(); }' -c "$tmp/mysqlish"
echo "status $?"
rm -rf "$tmp"
