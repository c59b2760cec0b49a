/* proves: quiet trace prints integers and strings with no padding */
#pragma D option quiet

BEGIN
{
	trace(12);
	trace("ab");
	trace(-3LL);
	printf("\n");
	exit(0);
}
