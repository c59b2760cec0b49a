/* proves: a predicate on END */
#pragma D option quiet

BEGIN
{
	n = 2;
	exit(0);
}

END
/n == 2/
{
	printf("two\n");
}

END
/n != 2/
{
	printf("other\n");
}

