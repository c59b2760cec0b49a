# proves: in JSON mode quantize/lquantize/llquantize values are lists of the non-empty buckets with inclusive numeric bounds and counts: power-of-two ranges on both sides of zero, lquantize's underflow and overflow buckets open-ended at INT64_MIN/INT64_MAX, llquantize's steps, weights counted, normalize() dividing counts
tmp=$(mktemp -d) || exit 1
cat > "$tmp/q.d" <<'D'
BEGIN
{
	@q = quantize(0); @q = quantize(1); @q = quantize(5); @q = quantize(7, 3);
	@q = quantize(-1); @q = quantize(-6); @q = quantize(1000);
	@l = lquantize(-5, 0, 10, 2); @l = lquantize(3, 0, 10, 2);
	@l = lquantize(9, 0, 10, 2); @l = lquantize(10, 0, 10, 2);
	@ll = llquantize(5, 10, 0, 2, 10); @ll = llquantize(150, 10, 0, 2, 10);
	@ll = llquantize(1234, 10, 0, 2, 10);
	@nq = quantize(2, 100);
	normalize(@nq, 10);
	exit(0);
}
D
"$UDTRACE" -x oformat=json -o "$tmp/out" -s "$tmp/q.d" 2>/dev/null
echo "status $?"
python3 ../../lib/jsonl.py "$tmp/out"
rm -rf "$tmp"
