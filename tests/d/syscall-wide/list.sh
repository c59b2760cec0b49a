# proves: -l lists the syscall provider's probes by Linux name (an entry and a return for each of the x86-64 calls), globs match them, and probefunc names the call
"$UDTRACE" -l -n 'syscall::open*:entry' | awk 'NR > 1 { print $2, $3, $4 }'
"$UDTRACE" -l -P syscall | awk 'NR > 1 { n[$4]++ } END { printf("%d entry, %d return\n", n["entry"], n["return"]) }'
"$UDTRACE" -l -n 'syscall::clone3:return' -n 'syscall::getppid:' | awk 'NR > 1 { print $2, $3, $4 }'
"$UDTRACE" -l -n 'syscall::no_such_call:entry'
echo "status $?"
