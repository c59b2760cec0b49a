/* proves: empty statements are allowed */
#pragma D option quiet

BEGIN
{
	;
	printf("ok\n");
	;
	exit(0);
}
