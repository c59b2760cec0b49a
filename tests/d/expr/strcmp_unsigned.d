/* proves: string bytes compare as unsigned */
#pragma D option quiet

BEGIN
{
	printf("%d\n", "\xe9" > "z");
	exit(0);
}
