# proves: the kernel counts a syscall probe when every clause on it only counts, keyed by probe-fixed values (probeprov, probemod, probefunc, probename, id, constants and expressions of them), with no predicate or pid == $target (either way round): -v says how many probes are counted, and the counts are the calls made
try() {	# $1: the program; prints -v's line (if any) and the output on one line
	out=$("$UDTRACE" -x backend=uprobe -v -q -c "$TARGETS/sysmix plain 10" -n "$1" 2>&1)
	case $out in *"not permitted"*) echo "skip: $out"; exit 77 ;; esac
	echo "$out" | grep -Ev '^$|has exited$|^(hello|abc|0123456789a)$' |
	    sed 's/^ *//; s/  */ /g' | tr '\n' '|'
	echo
}
try 'syscall::getppid:entry { @ = count(); }'
try 'syscall::getppid:entry /pid == $target/ { @[probeprov, probemod, probefunc, probename, 7] = count(); }'
try 'syscall::getppid:entry { @a = count(); @b = count(); } syscall::getppid:entry /$target == pid/ { @c[id - id] = count(); }'
