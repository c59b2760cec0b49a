# proves: on the trampoline backend, records the consumer cannot take are dropped and reported exactly: four threads calling hot() 200000 times each into a 4 KiB-a-CPU ring, with a keyed aggregation (a record per hit, one-line records: a key that reads the thread is never aggregated in the target), give counts plus the reported drops equal to every call (800000), and some were dropped; the full-register records of a clause reading arg3 too add up the same way
# timeout: 60
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
for clause in '@[arg0 & 1, tid & 0] = count();' '@[arg0 & 1, (arg3 | tid) & 0] = count();'; do
	"$UDTRACE" -x backend=trampoline -x bufsize=4k -q -n "pid\$target:a.out:hot:entry { $clause }" -c "$TARGETS/hotcount 200000 4" >"$tmp/out" 2>"$tmp/err"
	echo "status $?"
	grep '^calls' "$tmp/out"
	c=$(awk '!/^calls/ && $NF ~ /^[0-9]+$/ { s += $NF } END { print s + 0 }' "$tmp/out")
	d=$(sed -n 's/^udtrace: \([0-9]*\) drops\{0,1\} on CPU [0-9]*$/\1/p' "$tmp/err" | awk '{ s += $1 } END { print s + 0 }')
	echo "counted + dropped = $((c + d))"
	[ "$d" -gt 0 ] && echo "some dropped" || echo "none dropped"
	grep -v 'drops\{0,1\} on CPU' "$tmp/err" || :
done
