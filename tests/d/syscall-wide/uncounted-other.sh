# proves: a syscall probe that another clause needs call by call (n++), whose counting clause also stores a variable, whose call udtrace may inject into a target (close), or that the proc provider reads (kill, for signal-send) is reported call by call (-v names no counted probe), with the right results
try() {	# $1: the program; prints -v's line (if any) and the output on one line
	out=$("$UDTRACE" -x backend=uprobe -v -q -c "$TARGETS/sysmix plain 10" -n "$1" 2>&1)
	case $out in *"not permitted"*) echo "skip: $out"; exit 77 ;; esac
	echo "$out" | grep -Ev '^$|has exited$|^(hello|abc|0123456789a)$' |
	    sed 's/^ *//; s/  */ /g' | tr '\n' '|'
	echo
}
try 'syscall::getppid:entry { @ = count(); } syscall::getppid:entry { n++; } END { printf("n %d\n", n); }'
try 'syscall::getppid:entry { @ = count(); x = 1; }'
try 'syscall::close:entry { @ = count(); }'
try 'syscall::kill:entry { @ = count(); } proc:::signal-send { @s = count(); }'
