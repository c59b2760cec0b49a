# proves: a syscall probe that another clause needs call by call (n++), whose counting clause also stores a variable, whose call udtrace may inject into a target (close), or that the proc provider reads (kill, for signal-send) is reported call by call (-v names no counted probe), with the right results
. ../../lib/syscount-try.sh
try 'syscall::getppid:entry { @ = count(); } syscall::getppid:entry { n++; } END { printf("n %d\n", n); }'
try 'syscall::getppid:entry { @ = count(); x = 1; }'
try 'syscall::close:entry { @ = count(); }'
try 'syscall::kill:entry { @ = count(); } proc:::signal-send { @s = count(); }'
report
