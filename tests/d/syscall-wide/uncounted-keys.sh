# proves: a count() whose key depends on the call (pid), an aggregating function other than count() (sum(1)), or a predicate other than pid == $target (errno == 0, pid != $target) keeps a syscall probe reported call by call (-v names no counted probe), with the right results
. ../../lib/syscount-try.sh
try 'syscall::getppid:entry { @[pid - $target] = count(); }'
try 'syscall::getppid:entry { @ = sum(1); }'
try 'syscall::getppid:entry /errno == 0/ { @ = count(); }'
try 'syscall::getppid:entry /pid != $target/ { @ = count(); }'
report
