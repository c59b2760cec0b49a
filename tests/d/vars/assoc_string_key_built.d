/* proves: string keys compare by contents, not by address */
#pragma D option quiet

BEGIN
{
	a["ab"] = 3;
	k = strjoin("a", "b");
	printf("%d\n", a[k]);
	exit(0);
}
