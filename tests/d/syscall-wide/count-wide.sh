# proves: with neither -c nor -p a count() the kernel counts sees every process but udtrace, exactly: udtrace started first counts the 13 sched_rr_get_interval entries and returns of a program started afterwards, as the same clauses reported call by call do
tmp=$(mktemp -d) || exit 1
run() {	# $1: the counting clauses' predicate
	rm -f "$tmp/trace"
	"$UDTRACE" -q -o "$tmp/trace" -n '
BEGIN { printf("ready\n"); }
syscall::sched_rr_get_interval:entry '"$1"' { @e = count(); }
syscall::sched_rr_get_interval:return '"$1"' { @r[probefunc, probename] = count(); }
END { printa("entries %@d\n", @e); printa("%s %s %@d\n", @r); }' 2>"$tmp/err" &
	upid=$!
	i=0
	until grep -qx ready "$tmp/trace" 2>/dev/null || [ $i -ge 80 ]; do sleep 0.1; i=$((i + 1)); done
	if grep -q "not permitted\|raw_syscalls\|cannot" "$tmp/err"; then
		echo "skip: $(head -n 1 "$tmp/err")"; kill "$upid"; rm -rf "$tmp"; exit 77
	fi
	"$TARGETS/sysmix" rare 13
	echo "sysmix status $?"
	sleep 0.3
	kill -INT "$upid"
	wait "$upid"
	echo "udtrace status $?"
	grep -v '^$' "$tmp/trace"
	cat "$tmp/err"
}
run "" >"$tmp/kernel"
run "/1/" >"$tmp/sampled"
if cmp -s "$tmp/kernel" "$tmp/sampled"; then
	echo "same output"
	cat "$tmp/kernel"
else
	diff "$tmp/kernel" "$tmp/sampled"
fi
rm -rf "$tmp"
