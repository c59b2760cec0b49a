# proves: at entry arg0 and uregs[R_RDI] both hold the first argument, for negative and positive ints
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n 'pid$target:a.out:classify:entry { printf("%d %d\n", (int)arg0, (int)uregs[R_RDI]); }' -c "$TARGETS/multiret"
echo "status $?"
cat "$tmp/trace"
rm -rf "$tmp"
