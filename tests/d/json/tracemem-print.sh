# proves: in JSON mode tracemem() is a "tracemem" record of its bytes in hex (dsize limiting them), and print() of a struct is a "print" record with the type name and the value as an object of typed members (nested structs as objects, char arrays as strings, other arrays as arrays, negative ints signed)
tmp=$(mktemp -d) || exit 1
cat > "$tmp/p.d" <<'D'
struct pt { int x; int y; };
struct foo { int a; char b; char name[8]; long c[3]; struct pt p; };
struct foo f;
BEGIN
{
	f.a = 42; f.b = 'x'; f.c[1] = 7; f.name[0] = 'h'; f.name[1] = 'i';
	f.p.y = -1;
	this->m = (char *)alloca(6);
	bcopy("hello", this->m, 6);
	tracemem(this->m, 6);
	tracemem(this->m, 6, 2);
	print(f);
	print(f.c);
	print(f.a);
	exit(0);
}
D
"$UDTRACE" -x oformat=json -o "$tmp/out" -s "$tmp/p.d" 2>/dev/null
echo "status $?"
python3 ../../lib/jsonl.py "$tmp/out"
rm -rf "$tmp"
