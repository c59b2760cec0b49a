# proves: attaching (-p) to a process whose threads are created and exit all the time (two at a time, each calling work() 200 times) while another takes signals, planting work:entry and work:return with ustack() (so each new thread's stack is noted at its birth and dropped at its exit), tracing, and detaching leave every thread's results right and the program running to a normal end, on every backend
# timeout: 60
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. ../../lib/waitfor.sh
mkfifo "$tmp/in"
"$TARGETS/churn" <"$tmp/in" >"$tmp/out" &
cpid=$!
exec 3>"$tmp/in"
waitfor "$tmp/out" "pid $cpid"
"$UDTRACE" $UDTRACE_OPTS -q -p $cpid -o "$tmp/trace" -n 'int d, r; pid$target:a.out:work:entry { d += ustackdepth > 0; } pid$target:a.out:work:return { r += arg1 > 0; } tick-1s { printf("deep entries %s, returns %s\n", d > 0 ? "seen" : "none", r > 0 ? "seen" : "none"); exit(0); }' 2>"$tmp/err"
echo "udtrace status $?"
grep -v ' drops\{0,1\} on CPU ' "$tmp/err"
grep -v '^$' "$tmp/trace"
printf g >&3
exec 3>&-
wait $cpid
echo "churn status $?"
tail -n +2 "$tmp/out"
