# proves: at syscall return errno is the positive error of a failed call (ENOENT, EBADF) and 0 after a successful one, and arg0 is the raw -1 return
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -c "$TARGETS/sysmix plain 1" -n '
syscall::openat:return, syscall::close:return /pid == $target && errno != 0/ { printf("%s errno %d arg0 %d\n", probefunc, errno, (int)arg0); }
syscall::write:return /pid == $target/ { printf("write errno %d arg0 %d\n", errno, (int)arg0); }' >/dev/null
grep -v '^$' "$tmp/trace" | grep -E '/nonexistent|errno|write'
rm -rf "$tmp"
