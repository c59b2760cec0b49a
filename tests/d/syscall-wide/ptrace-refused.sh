# proves: syscall probes without -c or -p on the ptrace backend, which cannot see every process, fail with a clear error saying how to trace a process instead, exit status 1
"$UDTRACE" -x backend=ptrace -n 'syscall::getppid:entry { @ = count(); }'
