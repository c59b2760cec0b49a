# proves: syscall entry probes give all six arguments of a call in arg0-arg5 (splice(97, 0x1111, 98, 0x2222, 4096, 7), twice), and its return gives arg0 = arg1 = -1 with errno EBADF
"$UDTRACE" $UDTRACE_OPTS -q -c "$TARGETS/sysmix args6 2" -n '
syscall::splice:entry /pid == $target/ { printf("%s(%d, %x, %d, %x, %d, %d)\n", probefunc, (int)arg0, arg1, (int)arg2, arg3, arg4, arg5); }
syscall::splice:return /pid == $target/ { printf("%s = %d %d errno %d\n", probefunc, (int)arg0, (int)arg1, errno); }'
echo "status $?"
