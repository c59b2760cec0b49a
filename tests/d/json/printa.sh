# proves: in JSON mode printa() is a "printa" record in its firing: with a format it keeps the formatted text and adds each aggregation's typed entries; without one, entries only; two aggregations joined list each once; what printa showed is not repeated at exit, the rest is
tmp=$(mktemp -d) || exit 1
cat > "$tmp/p.d" <<'D'
BEGIN
{
	@a["x"] = sum(3); @a["y"] = sum(1);
	@b["x"] = count();
	@h = quantize(3);
	@left = count();
}
END
{
	printa("%s %@d %@d\n", @a, @b);
	printa(@h);
}
BEGIN { exit(0); }
D
"$UDTRACE" -x oformat=json -o "$tmp/out" -s "$tmp/p.d" 2>/dev/null
echo "status $?"
python3 ../../lib/jsonl.py "$tmp/out"
rm -rf "$tmp"
