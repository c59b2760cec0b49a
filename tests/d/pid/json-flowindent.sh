# proves: with -F in JSON mode each pid entry/return firing carries "flow" ("->" or "<-") and "depth", the nesting level the text would indent to (entries count up from 0, each return comes back to its entry's depth), and nothing is indented in the JSON itself
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -F -x oformat=json -o "$tmp/out" -n 'pid$target:a.out:fact:entry { trace(arg0); } pid$target:a.out:fact:return { }' -c "$TARGETS/recurse"
echo "status $?"
python3 ../../lib/jsonl.py -m id "$tmp/out" > "$tmp/lines" || exit 1
grep -c '^{"type": "probe"' "$tmp/lines"
python3 -c '
import json, sys
for l in open(sys.argv[1]):
    o = json.loads(l)
    if o["type"] == "probe":
        print(o["flow"], o["depth"], o["function"], o["name"], o["records"])
    else:
        print(o)
' "$tmp/lines"
rm -rf "$tmp"
