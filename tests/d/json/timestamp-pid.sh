# proves: -x jsontimestamp on pid probes: each probe object's "timestamp" is the firing's, equal to the D timestamp its clause recorded (which the backend supplies for pid firings) and non-decreasing
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$UDTRACE" $UDTRACE_OPTS -x oformat=json -x jsontimestamp -o "$tmp/out" -n '
pid$target:a.out:on_usr1:entry { trace(timestamp); }' -c "$TARGETS/signals" 2>/dev/null
echo "status $?"
python3 - "$tmp/out" <<'P'
import json, sys
last = 0
for line in open(sys.argv[1]):
    o = json.loads(line)
    if o["type"] != "probe":
        print(o["type"])
        continue
    ts, rec = o["timestamp"], o["records"][0]["value"]
    print(o["function"], "monotonic" if ts >= last else "BACKWARDS",
          "same as recorded" if ts == rec else "WRONG %d vs %d" % (ts, rec))
    last = ts
P
