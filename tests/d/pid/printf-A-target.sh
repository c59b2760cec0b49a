# proves: printf and printa %A resolve a plain integer (not a usym/uaddr record) in $target's address space, as pfprint_uaddr does
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n 'pid$target:a.out:work:entry /arg0 == 3/ { printf("%A\n", uregs[R_PC]); @[uregs[R_PC] + 1] = count(); } END { printa("%A %@d\n", @); }' -c "$TARGETS/counter"
echo "status $?"
cat "$tmp/trace"
rm -rf "$tmp"
