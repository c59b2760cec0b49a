/* proves: if/else picks exactly one assignment */
#pragma D option quiet

BEGIN
{
	x = 7;
	if (x > 5) {
		s = "big";
	} else {
		s = "small";
	}
	printf("%s\n", s);
	exit(0);
}
