/* proves: $$0 is the script path as given to -s */
#pragma D option quiet

BEGIN
{
	printf("%s\n", $$0);
	exit(0);
}
