# proves: the kernel counts a syscall probe when every clause on it only counts, keyed by probe-fixed values (probeprov, probemod, probefunc, probename, id, constants and expressions of them), with no predicate or pid == $target (either way round): -v says how many probes are counted, and the counts are the calls made
. ../../lib/syscount-try.sh
try 'syscall::getppid:entry { @ = count(); }'
try 'syscall::getppid:entry /pid == $target/ { @[probeprov, probemod, probefunc, probename, 7] = count(); }'
try 'syscall::getppid:entry { @a = count(); @b = count(); } syscall::getppid:entry /$target == pid/ { @c[id - id] = count(); }'
report
