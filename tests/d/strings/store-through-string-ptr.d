/* proves: storing a string literal through a string * copies the text only (the short constant is not read for strsize bytes) (D-GAPS 43) */
#pragma D option quiet

BEGIN
{
	p = (string *)alloca(sizeof(string));
	*p = "abc";
	printf("%s\n", *p);
	exit(0);
}

ERROR
{
	exit(1);
}
