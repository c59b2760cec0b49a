/* proves: a string parameter accepts the constant 0; the subroutine then faults on address 0 */
#pragma D option quiet

BEGIN
{
	trace(strlen(0));
	exit(0);
}

ERROR
{
	exit(1);
}
