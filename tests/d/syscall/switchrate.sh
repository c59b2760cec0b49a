# proves: with a switchrate shorter than a turn of udtrace's loop (a drain due on every turn), syscall probes still let the target run to its end: the ptrace backend takes the waiting stops without blocking instead of none (its target hung in a syscall stop)
# timeout: 30
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -x switchrate=1ns -o "$tmp/trace" -c "$TARGETS/sysmix plain 5" -n '
syscall::getppid:entry /pid == $target/ { n++; }
syscall::write:entry /pid == $target/ { printf("write %d\n", arg2); }
END { printf("getppid %d\n", n); }'
echo "status $?"
cat "$tmp/trace"
rm -rf "$tmp"
