/* proves: alloca() of more than the scratch space faults with out of scratch space */
#pragma D option quiet

BEGIN
{
	this->p = alloca(0x10000000000);
	printf("not reached\n");
}

BEGIN
{
	printf("after\n");
	exit(0);
}
