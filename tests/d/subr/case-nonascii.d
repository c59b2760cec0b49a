/* proves: toupper() and tolower() leave bytes outside ASCII letters alone */
#pragma D option quiet
BEGIN
{
	printf("%S %S\n", toupper("\351a\t"), tolower("\311A["));
	exit(0);
}
