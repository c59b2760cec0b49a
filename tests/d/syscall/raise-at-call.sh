# proves: raise() in a syscall probe acts on the thread while it is still in the call, on every backend: the target killed at its first getppid never writes the lines that follow it (a late report would let it run on and print them)
"$UDTRACE" $UDTRACE_OPTS -w -q -c "$TARGETS/sysmix plain 1" -n '
syscall::getppid:entry /pid == $target/ { raise(SIGKILL); }'
echo "status $?"
