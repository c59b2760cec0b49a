/* proves: side effects on the right of && and || happen only when evaluated */
#pragma D option quiet

BEGIN
{
	z = 0;
	r = 0 && z++;
	s = 1 || z++;
	t = 1 && z++;
	printf("%d %d %d %d\n", z, r, s, t);
	exit(0);
}
