/* proves: a copyin() fault fires ERROR with fault 1 (badaddr) and the address in arg5 */
#pragma D option quiet

BEGIN
{
	this->p = copyin(0x3000, 16);
}

ERROR
{
	printf("epid %d action %d fault %d addr %x\n", arg1, arg2, arg4, arg5);
}

BEGIN
{
	exit(0);
}
