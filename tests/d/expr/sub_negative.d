/* proves: subtraction going below zero gives a negative int */
#pragma D option quiet

BEGIN
{
	printf("%d\n", 3 - 5);
	exit(0);
}
