# proves: a count() whose key depends on the call (pid), an aggregating function other than count() (sum(1)), or a predicate other than pid == $target (errno == 0, pid != $target) keeps a syscall probe reported call by call (-v names no counted probe), with the right results
try() {	# $1: the program; prints -v's line (if any) and the output on one line
	out=$("$UDTRACE" -x backend=uprobe -v -q -c "$TARGETS/sysmix plain 10" -n "$1" 2>&1)
	case $out in *"not permitted"*) echo "skip: $out"; exit 77 ;; esac
	echo "$out" | grep -Ev '^$|has exited$|^(hello|abc|0123456789a)$' |
	    sed 's/^ *//; s/  */ /g' | tr '\n' '|'
	echo
}
try 'syscall::getppid:entry { @[pid - $target] = count(); }'
try 'syscall::getppid:entry { @ = sum(1); }'
try 'syscall::getppid:entry /errno == 0/ { @ = count(); }'
try 'syscall::getppid:entry /pid != $target/ { @ = count(); }'
