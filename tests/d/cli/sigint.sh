# proves: the first SIGINT writes a newline (even with -q), fires END and exits 0
tmp=$(mktemp -d) || exit 1
"$UDTRACE" -q -n 'BEGIN { printf("go\n"); } END { printf("end\n"); }' >"$tmp/out" &
pid=$!
i=0
until grep -q go "$tmp/out" 2>/dev/null || [ $i -ge 80 ]; do sleep 0.1; i=$((i + 1)); done
kill -INT $pid
wait $pid
echo "status $?"
cat "$tmp/out"
rm -rf "$tmp"
