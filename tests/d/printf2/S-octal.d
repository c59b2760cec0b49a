/* proves: %S prints other bytes outside ! to ~ (except space) as three-digit octal */
#pragma D option quiet
BEGIN
{
	printf("%S\n", "\001x\177y\351 ~!");
	printf("%S\n", "\033[0m");
	exit(0);
}
