# proves: the kernel counts each syscall probe on its own: of two probes a clause names, both whose clauses only count are counted (a key that is an expression of probefunc), beside a probe reported call by call (a sum of arg2) a counted one stays counted, and past 8 countable probes (get*: 33) none is counted, every one reported call by call (-v says which way), with the right counts each time
. ../../lib/syscount-try.sh
try 'syscall::getppid:entry,syscall::write:entry { @[probefunc == "write" ? "w" : "g"] = count(); }'
try 'syscall::getppid:entry { @ = count(); } syscall::write:entry /pid == $target/ { @w = sum(arg2); }'
try 'syscall::get*:entry { @[probefunc] = count(); }'
report
