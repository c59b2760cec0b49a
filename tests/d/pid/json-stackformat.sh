# proves: -x stackformat=folded does not apply in JSON mode: a ustack()-keyed aggregation is still an "aggregation" object whose key is the array of frame texts, innermost first, with its count
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -x stackformat=folded -x oformat=json -o "$tmp/out" -n 'pid$target:a.out:work:entry { @[ustack(2)] = count(); }' -c "$TARGETS/counter 4"
echo "status $?"
python3 ../../lib/jsonl.py "$tmp/out" | sed 's/main+0x[0-9a-f]*"/main+0xN"/g'
rm -rf "$tmp"
