# proves: syscall::write:entry gives the call's arguments: arg0 the fd and arg2 the size, summed over the target's writes (6 + 4 + 12 bytes), and return's arg0/arg1 the bytes written
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -c "$TARGETS/sysmix plain 2" -n '
syscall::write:entry /pid == $target/ { @fd[arg0] = count(); @size = sum(arg2); }
syscall::write:return /pid == $target/ { @ret = sum(arg0); @ret1 = sum(arg1); }
END { printa("fd %d: %@d writes\n", @fd); printa("entry bytes %@d\n", @size);
      printa("returned %@d\n", @ret); printa("arg1 %@d\n", @ret1); }'
echo "status $?"
grep -v '^$' "$tmp/trace"
rm -rf "$tmp"
