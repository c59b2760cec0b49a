/* proves: when a speculation buffer has no room for the clause's entry (a speculative drop), the rest of the clause does not run, as DTrace's CPU_DTRACE_DROP ends it: the assignment after speculate( ) is lost, the one before it is kept, and the drop is counted */
#pragma D option quiet
#pragma D option specsize=64

BEGIN
{
	s = speculation();
}

BEGIN
{
	before = 1;
	speculate(s);
	printf("%s\n", "does not fit in 64 bytes");
	after = 1;
}

BEGIN
{
	commit(s);
}

BEGIN
{
	printf("before=%d after=%d\n", before, after);
	exit(0);
}
