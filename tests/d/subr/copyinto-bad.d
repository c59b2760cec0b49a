/* proves: copyinto() from an unmapped user address faults with invalid address */
#pragma D option quiet

BEGIN
{
	this->buf = alloca(8);
	copyinto(0x4000, 8, this->buf);
}

BEGIN
{
	printf("after\n");
	exit(0);
}
