/* proves: printa's conversions are checked against the aggregation's key types as printf's are against its arguments: a %s on a usym() key is a compile error naming the key as argument #2 */
/* args: -x errtags */
BEGIN
{
	@[usym(0), 1] = count();
	printa("%s %d %@d\n", @);
}
