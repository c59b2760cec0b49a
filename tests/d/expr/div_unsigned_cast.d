/* proves: a negative int cast to unsigned int divides as unsigned */
#pragma D option quiet

BEGIN
{
	x = -7;
	printf("%u\n", (unsigned int)x / 2);
	exit(0);
}
