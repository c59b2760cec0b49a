/* proves: x op= e loads x before evaluating e, so i += i++ adds the old i */
#pragma D option quiet

BEGIN
{
	i = 1;
	i += i++;
	printf("%d\n", i);
	exit(0);
}
