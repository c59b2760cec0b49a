# proves: a traced program's interrupted system calls behave as untraced (EINTR without SA_RESTART, restarted with it; same output and exit status), and the interrupted read's return reports errno EINTR
tmp=$(mktemp -d) || exit 1
"$TARGETS/sysmix" eintr >"$tmp/plain"
echo "untraced status $?"
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -c "$TARGETS/sysmix eintr" -n '
syscall::read:return /pid == $target/ { printf("read returned %d errno %d\n", (int)arg0, errno); }' >"$tmp/traced"
echo "udtrace status $?"
cmp "$tmp/plain" "$tmp/traced" && cat "$tmp/traced"
grep -v '^$' "$tmp/trace"
rm -rf "$tmp"
