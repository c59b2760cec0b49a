# proves: in JSON mode each printf() is a "printf" record holding exactly the text it formats (escaped by the encoder: quotes, backslashes, tabs, newlines, and a byte that is not UTF-8 becoming U+FFFD, control characters and a NUL from %c as \u escapes), in record order with trace()
tmp=$(mktemp -d) || exit 1
"$UDTRACE" -x oformat=json -o "$tmp/out" -n 'BEGIN { printf("n=%d s=%s\n", 5, "x"); trace(7); printf("q\"b\\c\td\xffé%5.2s|\n", "abc"); printf("%c|\x01", 0); exit(0); }' 2>"$tmp/err"
echo "status $?"
cat "$tmp/err"
python3 ../../lib/jsonl.py "$tmp/out"
rm -rf "$tmp"
