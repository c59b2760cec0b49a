/* proves: timestamp does not go backwards between clauses */
#pragma D option quiet

BEGIN
{
	t = timestamp;
}

BEGIN
{
	printf("%d\n", timestamp >= t);
	exit(0);
}

