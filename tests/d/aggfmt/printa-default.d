/* proves: printa(@a) prints a newline then the rows, and the aggregation is not printed again at exit */
#pragma D option quiet
BEGIN
{
	@a["x"] = count();
	@a["y"] = count();
	@a["y"] = count();
	exit(0);
}

END
{
	printa(@a);
	printf("end\n");
}
