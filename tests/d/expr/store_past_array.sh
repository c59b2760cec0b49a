# proves: a store one element past a declared global array faults (invalid address) rather than landing in the padding after it, as DTrace checks each variable's own size
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$UDTRACE" $UDTRACE_OPTS -q -n 'int a[5];
BEGIN { a[4] = 1; printf("in bounds\n"); }
BEGIN { a[5] = 1; printf("not reached\n"); exit(0); }
ERROR { printf("fault %d\n", arg4); exit(1); }' 2>"$tmp/err"
st=$?
sed 's/(0x[0-9a-f]*)/(0xADDR)/' "$tmp/err" >&2
exit $st
