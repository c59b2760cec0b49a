# proves: with -p, ustack() gives the same frames on every backend for a thread that was already running when udtrace attached (blocked in read), for the main thread, and for threads, a sigaltstack and a coroutine that come later; the program runs on as untraced
# timeout: 60
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. ../../lib/waitfor.sh
mkfifo "$tmp/in"
"$TARGETS/edgestacks" wait <"$tmp/in" >"$tmp/out" &
tpid=$!
exec 3>"$tmp/in"
waitfor "$tmp/out" "ready $tpid"
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -p $tpid -n 'BEGIN { printf("go\n"); } pid$target:a.out:leaf:entry { printf("leaf %d", arg0); ustack(3); } pid$target:a.out:leaf:entry /arg0 == 4/ { n = 1; } tick-20ms /n/ { exit(0); }' 2>"$tmp/err" &
upid=$!
waitfor "$tmp/trace" "go"
printf g >&3
exec 3>&-
wait $upid
echo "udtrace status $?"
cat "$tmp/err"
wait $tpid
echo "edgestacks status $?"
tail -n +2 "$tmp/out"
grep -v '^$' "$tmp/trace" | sed 's/^ *//'
