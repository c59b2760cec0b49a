# proves: with -x jsontimestamp every JSON probe object carries the firing's "timestamp" (after "cpu"), equal to the D timestamp its clause recorded and non-decreasing line to line; a committed speculation's object carries the commit's timestamp, as DTrace stamps committed records; without the option no object has one
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/t.d" <<'D'
BEGIN { trace(timestamp); }
tick-10ms /++n <= 3/ { trace(timestamp); }
tick-10ms /n == 4/ { s = speculation(); speculate(s); trace(timestamp); }
tick-10ms /n == 5/ { trace(timestamp); }
tick-10ms /n == 5/ { commit(s); }
tick-10ms /n == 6/ { trace(timestamp); exit(0); }
D
"$UDTRACE" -x oformat=json -x jsontimestamp -o "$tmp/out" -s "$tmp/t.d" 2>/dev/null
echo "status $?"
python3 ../../lib/jsonl.py -m id -m timestamp -m value "$tmp/out"
python3 - "$tmp/out" <<'P'
import json, sys
last = 0
for line in open(sys.argv[1]):
    o = json.loads(line)
    if o["type"] != "probe":
        continue
    ts, rec = o["timestamp"], o["records"][0]["value"]
    print(o["name"], "monotonic" if ts >= last else "BACKWARDS",
          "same as recorded" if ts == rec else
          "after recorded, at the commit" if ts > rec and ts == last else
          "WRONG %d vs %d" % (ts, rec))
    last = ts
P
"$UDTRACE" -x oformat=json -o "$tmp/out2" -n 'BEGIN { trace(1); exit(0); }' 2>/dev/null
echo "without the option: $(grep -c '"timestamp"' "$tmp/out2") of $(wc -l < "$tmp/out2") lines have a timestamp"
