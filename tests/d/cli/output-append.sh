# proves: -o appends the trace output to the file and leaves stdout empty
tmp=$(mktemp -d) || exit 1
"$UDTRACE" -q -o "$tmp/out" -n 'BEGIN { printf("first\n"); exit(0); }'
"$UDTRACE" -q -n 'BEGIN { printf("second\n"); exit(0); }' -o "$tmp/out"
cat "$tmp/out"
rm -rf "$tmp"
