/* proves: copyin() of an unmapped user address faults with invalid address and that address */
#pragma D option quiet

BEGIN
{
	this->p = copyin(0, 8);
	printf("not reached\n");
}

BEGIN
{
	this->p = copyin(0x1000, 4);
}

BEGIN
{
	printf("after\n");
	exit(0);
}
