/* proves: ^^ is logical exclusive or */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", 1 ^^ 1, 1 ^^ 0, 0 ^^ 0, 5 ^^ 0);
	exit(0);
}
