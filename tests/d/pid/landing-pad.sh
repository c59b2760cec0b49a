# proves: offset probes whose next bytes are entered other than by a branch — padfn+3, followed at once by an exception landing pad that pthread_exit's unwinding enters; takefn+3, followed by a label whose address jumper() takes with lea and jumps to — fire for every call through them on every backend, and the program runs as untraced (a 5-byte jump over either is entered in its middle: SIGSEGV)
# timeout: 60
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n 'pid$target:a.out:padfn:3, pid$target:a.out:takefn:3 { @[probefunc] = count(); }' -c "$TARGETS/lpad"
echo "status $?"
grep -v '^$' "$tmp/trace"
