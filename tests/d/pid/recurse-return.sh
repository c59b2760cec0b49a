# proves: return probes of a recursive function give the return value in arg1, innermost call first (fact(1) .. fact(10))
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n 'pid$target:a.out:fact:return { printf("%d\n", arg1); }' -c "$TARGETS/recurse"
echo "status $?"
cat "$tmp/trace"
rm -rf "$tmp"
