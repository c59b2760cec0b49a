/* proves: #pragma D option defaultargs takes effect for the rest of the script: $1 is 0 and $$1 is "" */
#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	printf("%d [%s]\n", $1, $$1);
	exit(0);
}
