# proves: with neither -c nor -p a count() the kernel counts sees every process but udtrace, exactly: two udtraces started first, one counting in the kernel and one reporting call by call (a predicate only udtrace evaluates), both count the 13 sched_rr_get_interval entries and returns of a program started afterwards
tmp=$(mktemp -d) || exit 1
start() {	# $1: the counting clauses' predicate; $2: its output's name
	"$UDTRACE" -q -o "$tmp/$2" -n '
BEGIN { printf("ready\n"); }
syscall::sched_rr_get_interval:entry '"$1"' { @e = count(); }
syscall::sched_rr_get_interval:return '"$1"' { @r[probefunc, probename] = count(); }
END { printa("entries %@d\n", @e); printa("%s %s %@d\n", @r); }' 2>"$tmp/$2.err" &
}
start "" kernel
kpid=$!
start "/1/" sampled
spid=$!
for f in kernel sampled; do
	i=0
	until grep -qx ready "$tmp/$f" 2>/dev/null || [ $i -ge 80 ]; do sleep 0.1; i=$((i + 1)); done
	if grep -q "not permitted\|raw_syscalls\|cannot" "$tmp/$f.err"; then
		echo "skip: $(head -n 1 "$tmp/$f.err")"; kill "$kpid" "$spid"; rm -rf "$tmp"; exit 77
	fi
done
"$TARGETS/sysmix" rare 13
echo "sysmix status $?"
sleep 0.3
kill -INT "$kpid" "$spid"
wait "$kpid"
echo "udtrace status $?"
wait "$spid"
echo "udtrace status $?"
for f in kernel sampled; do
	grep -v '^$' "$tmp/$f" >"$tmp/$f.out"
	cat "$tmp/$f.err" >>"$tmp/$f.out"
done
if cmp -s "$tmp/kernel.out" "$tmp/sampled.out"; then
	echo "same output"
	cat "$tmp/kernel.out"
else
	diff "$tmp/kernel.out" "$tmp/sampled.out"
fi
rm -rf "$tmp"
