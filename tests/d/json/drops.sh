# proves: in JSON mode drop counts are "drop" objects on the output instead of stderr lines: a firing too big for the principal buffer (kind principal, with its CPU) and a speculation() that found no free buffer (kind speculation-unavailable), each with its count and the text line
tmp=$(mktemp -d) || exit 1
"$UDTRACE" -x oformat=json -b 48 -x nspec=1 -o "$tmp/out" -n 'BEGIN { a = speculation(); b = speculation(); } BEGIN { trace("a string much longer than the principal buffer of forty-eight bytes"); } BEGIN { exit(0); }' 2>"$tmp/err"
echo "status $?"
cat "$tmp/err"
python3 ../../lib/jsonl.py "$tmp/out" | sed 's/on CPU [0-9]*/on CPU N/'
rm -rf "$tmp"
