# syscount-try.sh — sourced by the tests of tests/d/syscall-wide that
# ask whether the kernel counts a syscall probe: try PROGRAM starts
# `udtrace -x backend=uprobe -v -q -c "sysmix plain 10" -n PROGRAM` in
# the background, its -v lines and output kept in a file of its own;
# report waits for every run, then prints each run's -v line and output
# on one line (`|` between lines), in the order they were tried, or
# skips the test (status 77) when uprobes are not permitted.
# Must not: leave its temporary directory behind (report removes it).
# Invariant: all runs go at once, so a test takes one run's time; the
# stability report -v prints (as dtrace -v does) is left out: it is not
# what these tests check.
tmp=$(mktemp -d) || exit 1
n=0
try() {
	n=$((n + 1))
	"$UDTRACE" -x backend=uprobe -v -q -c "$TARGETS/sysmix plain 10" -n "$1" \
	    >"$tmp/$n" 2>&1 &
}
report() {
	wait
	i=0
	while [ $i -lt $n ]; do
		i=$((i + 1))
		if grep -q "not permitted" "$tmp/$i"; then
			echo "skip: $(head -n 1 "$tmp/$i")"; rm -rf "$tmp"; exit 77
		fi
		grep -Ev '^$|has exited$|^(hello|abc|0123456789a)$|^Stability attributes for |^[[:space:]]+(Minimum |Identifier Names:|Data Semantics:|Dependency Class:)' "$tmp/$i" |
		    sed 's/^ *//; s/  */ /g' | tr '\n' '|'
		echo
	done
	rm -rf "$tmp"
}
