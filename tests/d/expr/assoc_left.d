/* proves: subtraction and division associate to the left */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", 10 - 4 - 3, 64 / 4 / 2);
	exit(0);
}
