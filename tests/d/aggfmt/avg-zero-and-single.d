/* proves: avg of one value is that value; avg of zeros is 0 */
#pragma D option quiet
BEGIN
{
	@["one"] = avg(77);
	@["zeros"] = avg(0);
	@["zeros"] = avg(0);
	exit(0);
}
