/* proves: normalize divides an average too */
#pragma D option quiet
BEGIN
{
	@ = avg(100);
	@ = avg(300);
	exit(0);
}

END
{
	normalize(@, 10);
}
