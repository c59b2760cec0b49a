/* proves: dtrace:::BEGIN and :::BEGIN name the BEGIN probe */
#pragma D option quiet

dtrace:::BEGIN
{
	printf("a");
}

:::BEGIN
{
	printf("b\n");
	exit(0);
}
