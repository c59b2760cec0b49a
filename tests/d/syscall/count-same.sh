# proves: count()s of syscall probes the kernel counts (no predicate, or pid == $target) give exactly the aggregations of the same clauses reported call by call (a predicate only udtrace evaluates): printa and clear at each read of the target see the calls before it, trunc and the final print the rest, and the counts equal the target's calls (a read the kernel restarts prints once)
. ../../lib/waitfor.sh
tmp=$(mktemp -d) || exit 1
run() {	# $1 $2: the counting clauses' predicates; $3: its own folder
	d=$3
	mkdir "$d" && mkfifo "$d/in"
	"$UDTRACE" $UDTRACE_OPTS -q -x switchrate=20ms -o "$d/trace" \
	    -c "$TARGETS/sysmix wait 3" -n '
syscall::getppid:entry '"$1"' { @n = count(); @f[probefunc, probename] = count(); @t = count(); }
syscall::getppid:entry /'"$2"'pid == $target/ { @p = count(); }
syscall::read:entry /pid == $target && !self->in/ { self->in = 1; r++; printf("read %d\n", r); printa("%@d %@d\n", @n, @p); clear(@n); }
syscall::read:return /pid == $target && errno != EINTR/ { self->in = 0; }
syscall::read:entry /pid == $target && r == 3/ { trunc(@t); }
END { printa("%s %s %@d\n", @f); }' <"$d/in" >"$d/out" 2>"$d/err" &
	upid=$!
	exec 3>"$d/in"
	# each read's printa is out before the next calls are made
	waitfor "$d/trace" "read 1"
	printf g >&3
	waitfor "$d/trace" "read 2"
	printf g >&3
	waitfor "$d/trace" "read 3"
	printf gq >&3
	exec 3>&-
	wait "$upid"
	echo "status $?"
	cat "$d/trace"
	grep -v "^udtrace: pid [0-9]* has exited$" "$d/err"
}
# both at once: the test's time is one run's
run "" "" "$tmp/k" >"$tmp/kernel" &
run "/1/" "1 && " "$tmp/s" >"$tmp/sampled"
wait
if cmp -s "$tmp/kernel" "$tmp/sampled"; then
	echo "same output"
	cat "$tmp/kernel"
else
	diff "$tmp/kernel" "$tmp/sampled"
fi
rm -rf "$tmp"
