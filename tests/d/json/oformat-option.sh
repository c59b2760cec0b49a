# proves: -x oformat=text is the default (byte for byte the output without it), #pragma D option oformat=json turns JSON on from a script, and any other value is refused with DTrace's invalid-value message
tmp=$(mktemp -d) || exit 1
prog='BEGIN { printf("a %d\n", 1); trace(2); @c["k"] = count(); exit(0); }'
"$UDTRACE" -q -n "$prog" >"$tmp/plain" 2>&1
"$UDTRACE" -q -x oformat=text -n "$prog" >"$tmp/text" 2>&1
cmp "$tmp/plain" "$tmp/text" && echo "text is the default"
cat "$tmp/text"
printf '#pragma D option oformat=json\n%s\n' "$prog" > "$tmp/p.d"
"$UDTRACE" -q -s "$tmp/p.d" >"$tmp/json"
echo "status $?"
python3 ../../lib/jsonl.py "$tmp/json"
"$UDTRACE" -x oformat=xml -n "$prog"
echo "status $?"
rm -rf "$tmp"
