/* proves: a variable first assigned a char stays a char */
#pragma D option quiet

BEGIN
{
	c = (char)'a';
	c = 321;
	printf("%d %d\n", c, sizeof(c));
	exit(0);
}
