# proves: proc probes without -c or -p on the ptrace backend, which cannot see every process, fail with the syscall provider's clear error saying how to trace a process instead, exit status 1, rather than waiting for events that cannot come
"$UDTRACE" -x backend=ptrace -n 'proc:::exit { trace(args[0]); }'
