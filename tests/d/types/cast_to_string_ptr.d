/* proves: a pointer casts to string, which reads the text at that address */
#pragma D option quiet

BEGIN
{
	p = alloca(4);
	bcopy("hi", p, 3);
	printf("%s\n", (string)p);
	exit(0);
}
