# proves: ustack() at entry and at return (no return-address rewriting) shows the target's own frames: fact ten deep, then main (libc frames and offsets filtered out)
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n 'pid$target:a.out:fact:entry /arg0 == 1/ { printf("entry"); ustack(); } pid$target:a.out:fact:return /arg1 == 1/ { printf("return"); ustack(); }' -c "$TARGETS/recurse" >/dev/null
echo "status $?"
grep -E '^(entry|return)$|^              recurse`(fact|main)' "$tmp/trace" | sed 's/+0x[0-9a-f]*$/+OFF/'
rm -rf "$tmp"
