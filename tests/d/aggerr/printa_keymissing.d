/* proves: a printa conversion with no key left to take is a prototype mismatch (keys feed conversions in order; %@ takes the value, not a key) */
/* args: -x errtags */
BEGIN
{
	@["a", 1] = count();
	printa("%s %d %@d %d\n", @);
}
