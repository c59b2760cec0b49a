# proves: a -c target whose main thread exits first (pthread_exit; the process runs on for ~1 s with a zombie leader) is traced to its end: all 40 calls counted, its output and status untouched, and udtrace idle meanwhile (its CPU time stays under 0.3 s: the uprobe backend once spun on the leader's hung-up ring)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
# bash's time keyword: user and system seconds of udtrace (and its children)
bash -c 'TIMEFORMAT="%U %S"; t=$1 e=$2; shift 2; { time "$@" 2>"$e"; } 2>"$t"' sh "$tmp/time" "$tmp/err" \
    "$UDTRACE" $UDTRACE_OPTS -q -n 'pid$target:a.out:work:entry { @ = count(); } END { printa("calls %@d\n", @); }' -c "$TARGETS/leaderexit" >"$tmp/out"
echo "udtrace status $?"
sort "$tmp/out"
cat "$tmp/err" >&2
awk '{ cpu = $1 + $2; print (cpu < 0.3 ? "udtrace cpu under 0.3 s" : "udtrace cpu " cpu " s") }' "$tmp/time"
