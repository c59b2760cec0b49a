# proves: in a pid entry probe args[] carry the parameters' DWARF types: args[0]->member copies the struct in, a char array member is a string, a pointer member is followed, an enum parameter keeps its value
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n 'pid$target:a.out:handle:entry { printf("%d %s %d %d next=%s\n", args[0]->id, stringof(args[0]->name), args[1], args[2], args[0]->next ? stringof(args[0]->next->name) : "none"); }' -c "$TARGETS/dwtypes"
echo "status $?"
cat "$tmp/trace"
rm -rf "$tmp"
