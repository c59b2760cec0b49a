# proves: copyinstr() of a system call's path argument reads the bytes the call saw, on every backend: the target overwrites each path right after its openat returns (so a report read late would differ), an exec'd image's path is read at execve entry before the old image is gone, and a short-lived child's curpsinfo->pr_psargs is read before it exits
"$UDTRACE" $UDTRACE_OPTS -q -c "$TARGETS/pathreuse paths 4" -n '
syscall::openat:entry /pid == $target/ { self->p = arg1; }
syscall::openat:return /self->p/ { printf("%s %d\n", copyinstr(self->p), errno); self->p = 0; }'
echo "status $?"
"$UDTRACE" $UDTRACE_OPTS -q -c "$TARGETS/pathreuse exec" -n '
syscall::execve:entry /pid == $target/ { printf("exec %s\n", copyinstr(arg0)); }'
echo "status $?"
"$UDTRACE" $UDTRACE_OPTS -q -c "$TARGETS/pathreuse child" -n '
syscall::exit_group:entry /pid != $target/ { printf("child [%s] [%s]\n", curpsinfo->pr_fname, curpsinfo->pr_psargs); }'
echo "status $?"
