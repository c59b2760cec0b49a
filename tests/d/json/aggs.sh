# proves: in JSON mode the aggregations left at exit are "aggregation" objects, in order of first appearance, entries sorted as the text sorts them, keys as arrays of typed values (string, signed int, unsigned), values as numbers for count/sum/min/max/avg (normalize() applied) and {"mean","stddev"} for stddev; an aggregation with no entries has an empty list
tmp=$(mktemp -d) || exit 1
cat > "$tmp/a.d" <<'D'
BEGIN
{
	@c["b", -2] = count(); @c["a", 7] = count(); @c["a", 7] = count();
	@s[(uint64_t)-1] = sum(10); @s[(uint64_t)1] = sum(-4);
	@mn = min(5); @mn = min(-9);
	@mx = max(5); @mx = max(9);
	@av = avg(3); @av = avg(8);
	@sd = stddev(2); @sd = stddev(4); @sd = stddev(9);
	@n = sum(1000);
	normalize(@n, 10);
	exit(0);
}
tick-1h { @never[1] = count(); }
D
"$UDTRACE" -x oformat=json -o "$tmp/out" -s "$tmp/a.d" 2>/dev/null
echo "status $?"
python3 ../../lib/jsonl.py "$tmp/out"
rm -rf "$tmp"
