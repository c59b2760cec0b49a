# proves: the kernel counts each syscall probe on its own: of two probes a clause names, both whose clauses only count are counted (a key that is an expression of probefunc), beside a probe reported call by call (a sum of arg2) a counted one stays counted, and past 8 countable probes (get*: 33) none is counted, every one reported call by call (-v says which way), with the right counts each time
tmp=$(mktemp -d) || exit 1
n=0
try() {	# $1: the program; its -v line (if any) and output on one line, in $tmp/N
	n=$((n + 1))
	"$UDTRACE" -x backend=uprobe -v -q -c "$TARGETS/sysmix plain 10" -n "$1" \
	    >"$tmp/$n" 2>&1 &
}
try 'syscall::getppid:entry,syscall::write:entry { @[probefunc == "write" ? "w" : "g"] = count(); }'
try 'syscall::getppid:entry { @ = count(); } syscall::write:entry /pid == $target/ { @w = sum(arg2); }'
try 'syscall::get*:entry { @[probefunc] = count(); }'
wait	# every run at once: the test takes one run's time
i=0
while [ $i -lt $n ]; do
	i=$((i + 1))
	if grep -q "not permitted" "$tmp/$i"; then
		echo "skip: $(head -n 1 "$tmp/$i")"; rm -rf "$tmp"; exit 77
	fi
	# -v's stability report (as dtrace -v prints it) is not what is tested
	grep -Ev '^$|has exited$|^(hello|abc|0123456789a)$|^Stability attributes for |^[[:space:]]+(Minimum |Identifier Names:|Data Semantics:|Dependency Class:)' "$tmp/$i" |
	    sed 's/^ *//; s/  */ /g' | tr '\n' '|'
	echo
done
rm -rf "$tmp"
