# proves: a syscall probe that another clause needs call by call (n++), whose counting clause also stores a variable, whose call udtrace may inject into a target (close), or that the proc provider reads (kill, for signal-send) is reported call by call (-v names no counted probe), with the right results
tmp=$(mktemp -d) || exit 1
n=0
try() {	# $1: the program; its -v line (if any) and output on one line, in $tmp/N
	n=$((n + 1))
	"$UDTRACE" -x backend=uprobe -v -q -c "$TARGETS/sysmix plain 10" -n "$1" \
	    >"$tmp/$n" 2>&1 &
}
try 'syscall::getppid:entry { @ = count(); } syscall::getppid:entry { n++; } END { printf("n %d\n", n); }'
try 'syscall::getppid:entry { @ = count(); x = 1; }'
try 'syscall::close:entry { @ = count(); }'
try 'syscall::kill:entry { @ = count(); } proc:::signal-send { @s = count(); }'
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
