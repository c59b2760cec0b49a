# proves: a translator whose input is a traced-process pointer (args[0] of a pid probe, typed from DWARF) reads through it there: members, pointer chains, and the whole translated struct
tmp=$(mktemp -d) || exit 1
"$UDTRACE" $UDTRACE_OPTS -q -o "$tmp/trace" -n '
struct out_s { int id; string name; int nextid; };
translator struct out_s < struct request *r > { id = r->id * 100; name = stringof(r->name); nextid = r->next ? r->next->id : -1; };
pid$target:a.out:handle:entry { printf("%d %s %d\n", xlate<struct out_s *>(args[0])->id, xlate<struct out_s *>(args[0])->name, xlate<struct out_s>(args[0]).nextid); print(*xlate<struct out_s *>(args[0])); printf("\n"); }' -c "$TARGETS/dwtypes"
echo "status $?"
cat "$tmp/trace"
rm -rf "$tmp"
