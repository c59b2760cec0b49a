# proves: a struct the traced program's objects do not describe gives a clear compile error that says where debug information would come from
tmp=$(mktemp -d) || exit 1
cp "$TARGETS/dwtypes" "$tmp/nodebug" && strip --strip-debug "$tmp/nodebug"
"$UDTRACE" $UDTRACE_OPTS -q -n 'pid$target:a.out:handle:entry { trace(sizeof (struct request)); }' -c "$tmp/nodebug" 2>&1 | sed "s|$tmp/nodebug|NODEBUG|"
echo "status $?"
rm -rf "$tmp"
