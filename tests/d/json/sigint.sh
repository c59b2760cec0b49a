# proves: in JSON mode an interrupted run writes no blank lines (text mode's "\n" on the first interrupt and at the end): END's firing, the aggregations and the exit object (status 0) follow, every line parsing
tmp=$(mktemp -d) || exit 1
"$UDTRACE" -q -x oformat=json -o "$tmp/out" -n 'tick-10ms { @n = count(); } END { printf("end\n"); }' &
pid=$!
sleep 0.5
kill -INT $pid
wait $pid
echo "status $?"
grep -c '^$' "$tmp/out"
python3 ../../lib/jsonl.py "$tmp/out" > "$tmp/lines" || exit 1
python3 -c '
import json, sys
for l in open(sys.argv[1]):
    o = json.loads(l)
    if o["type"] == "aggregation":
        n = o["entries"][0]["value"]
        print(o["name"], o["function"], "count > 0:", n > 0)
    elif o["type"] == "probe":
        print(o["name"], o["records"])
    else:
        print(o)
' "$tmp/lines"
rm -rf "$tmp"
