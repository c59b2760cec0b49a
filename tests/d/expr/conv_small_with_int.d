/* proves: char and short operands combined with int or long take the wider type */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", sizeof((char)1 + 1), sizeof((short)1 + 1L));
	exit(0);
}
