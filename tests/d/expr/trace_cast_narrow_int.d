/* proves: (int) of a long long keeps the low 32 bits */
BEGIN
{
	x = 4294967297LL;
	trace((int)x);
	exit(0);
}
