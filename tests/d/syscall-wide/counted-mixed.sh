# proves: the kernel counts each syscall probe on its own: of two probes a clause names, both whose clauses only count are counted (a key that is an expression of probefunc), beside a probe reported call by call (a sum of arg2) a counted one stays counted, and past 8 countable probes (get*: 33) none is counted, every one reported call by call (-v says which way), with the right counts each time
try() {	# $1: the program; prints -v's line (if any) and the output on one line
	out=$("$UDTRACE" -x backend=uprobe -v -q -c "$TARGETS/sysmix plain 10" -n "$1" 2>&1)
	case $out in *"not permitted"*) echo "skip: $out"; exit 77 ;; esac
	echo "$out" | grep -Ev '^$|has exited$|^(hello|abc|0123456789a)$' |
	    sed 's/^ *//; s/  */ /g' | tr '\n' '|'
	echo
}
try 'syscall::getppid:entry,syscall::write:entry { @[probefunc == "write" ? "w" : "g"] = count(); }'
try 'syscall::getppid:entry { @ = count(); } syscall::write:entry /pid == $target/ { @w = sum(arg2); }'
try 'syscall::get*:entry { @[probefunc] = count(); }'
