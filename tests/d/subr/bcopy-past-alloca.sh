# proves: bcopy() faults when its destination runs past what alloca() handed out (not merely past the scratch area), as DTrace requires dst + n within the allocation
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$UDTRACE" $UDTRACE_OPTS -q -n 'BEGIN { s = (char *)alloca(16); bcopy("01", &s[15], 1); printf("in bounds\n"); }
BEGIN { s = (char *)alloca(16); bcopy("01", &s[16], 1); printf("not reached\n"); }
ERROR { printf("fault %d\n", arg4); exit(1); }' 2>"$tmp/err"
st=$?
sed 's/(0x[0-9a-f]*)/(0xADDR)/' "$tmp/err" >&2
exit $st
