/* proves: sizeof a declared scalar array is the whole array */
#pragma D option quiet

int a[8];

BEGIN
{
	printf("%d\n", sizeof(a));
	exit(0);
}

