/* proves: printa(@q) of a keyed quantize() prints the newline, then per key the key line and table */
#pragma D option quiet
BEGIN
{
	@q["b"] = quantize(16);
	@q["a"] = quantize(1);
	exit(0);
}

END
{
	printa(@q);
}
