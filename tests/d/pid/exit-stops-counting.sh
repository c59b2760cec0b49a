# proves: hits after exit() are not counted, on every backend, also where the trampoline would count or aggregate in the target: one thread calls work() 20000 times, then mark(1) and phase(1), then work() 10000 times more; a clause at mark (too short for a jump: the inner backend fires it) or at phase (a trampoline of its own) exits, so @n is 20000 and each of the 8 keys 2500 (the trampoline's counters, read at the end of a drain, counted all 30000 in about 2 runs of 3, and its folds did when the exiting site fell back)
tmp=$(mktemp -d) || exit 1
for f in mark phase; do
	"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/out" -n '
	pid$target:a.out:work:entry { @n = count(); }
	pid$target:a.out:work:entry { @k[arg0 & 7] = count(); }
	pid$target:a.out:'$f':entry { exit(0); }' -c "$TARGETS/kagg 20000" >/dev/null
	echo "$f: status $?"
	cat "$tmp/out"
	rm -f "$tmp/out"
done
rm -rf "$tmp"
