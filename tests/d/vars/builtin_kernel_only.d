/* proves: caller, stackdepth and ipl exist with DTrace's types and read 0 as for a consumer without kernel privilege; zonename is "global" */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", sizeof(caller), sizeof(stackdepth),
	    sizeof(ipl), sizeof(zonename) == sizeof(execname));
	printf("caller=%x stackdepth=%d ipl=%u zone=%s\n", caller, stackdepth,
	    ipl, zonename);
}

tick-1ms
/stackdepth == 0 && caller == 0 && zonename == "global"/
{
	printf("tick: same\n");
	exit(0);
}
