# proves: the return probe of a function ending in a tail call (jmp leaf) fires at that jmp with arg0 its offset, before the callee's own return
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n 'pid$target:a.out:hop:return { printf("hop returns at %x\n", arg0); } pid$target:a.out:leaf:return { printf("leaf returns %d\n", (int)arg1); }' -c "$TARGETS/tailcall"
echo "status $?"
jmp=$(sh ../../lib/insns.sh "$TARGETS/tailcall" hop | awk '$2 == "jmp" { o = $1 } END { print o }')
sed "s/ at $jmp\$/ at the tail jmp/" "$tmp/trace"
rm -rf "$tmp"
