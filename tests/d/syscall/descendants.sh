# proves: with -c the syscall provider sees the target's fork child too (its getppid calls under its own pid), and a vfork child that execs another program
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -c "$TARGETS/sysmix fork 4" -n '
syscall::getppid:entry { @[pid == $target ? "target" : ppid == $target ? "child" : "other"] = count(); }
END { printa("%s %@d\n", @); }' >/dev/null
sort "$tmp/trace" | grep -v '^$'
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace2" -c "$TARGETS/sysmix vfork 5" -n '
syscall::getppid:entry { @[pid == $target ? "target" : ppid == $target ? "child" : "other"] = count(); }
syscall::write:entry /pid != $target/ { @w = sum(arg2); }
END { printa("%s %@d\n", @); printa("child wrote %@d\n", @w); }' >/dev/null
sort "$tmp/trace2" | grep -v '^$'
rm -rf "$tmp"
