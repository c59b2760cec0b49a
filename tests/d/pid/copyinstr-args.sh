# proves: copyinstr reads both char * arguments at entry, including one longer than 32 bytes, and strlen sees its length
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n 'pid$target:a.out:greet:entry { printf("[%s] [%s] %d\n", copyinstr(arg1), copyinstr(arg0), strlen(copyinstr(arg0))); }' -c "$TARGETS/strings"
echo "status $?"
cat "$tmp/trace"
rm -rf "$tmp"
