# proves: -x oformat=json writes a BEGIN firing as one "probe" object whose trace() records carry their D type and a typed value: integers by their type's size and sign (int -1, short -3, uint8_t 200, uint64_t 2^64-1 exact), strings as strings, a printable char array as a string, other bytes as hex
tmp=$(mktemp -d) || exit 1
"$UDTRACE" -x oformat=json -o "$tmp/out" -n 'struct two { char a; char b; }; struct two t; char nm[6]; BEGIN { t.a = 1; t.b = 2; nm[0] = 104; nm[1] = 105; trace(-1); trace((short)-3); trace((uint8_t)200); trace((uint64_t)-1); trace(12345678901); trace("str"); trace(t); trace(nm); exit(0); }' 2>"$tmp/err"
echo "status $?"
cat "$tmp/err"
python3 ../../lib/jsonl.py "$tmp/out"
rm -rf "$tmp"
