/* proves: a formatted printa of an aggregation still empty prints nothing and does not stop it printing at exit */
#pragma D option quiet
END
{
	@a["k"] = count();
}

BEGIN
{
	printa("%s %@d\n", @a);
	printf("begin\n");
	exit(0);
}
