/* proves: int plus long long traces as 8 bytes */
BEGIN
{
	x = 1;
	trace(x + 1LL);
	exit(0);
}
