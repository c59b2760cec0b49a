# proves: print(*args[0]) prints the traced program's struct member by member from its DWARF type (typedef name, char array as a string, bit-field width); the pointer value is filtered because it is a stack address
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n 'pid$target:a.out:handle:entry /args[1] == 10/ { print(*args[0]); printf("\n"); }' -c "$TARGETS/dwtypes"
echo "status $?"
sed 's/next = 0x[0-9a-f]*/next = ADDR/' "$tmp/trace"
rm -rf "$tmp"
