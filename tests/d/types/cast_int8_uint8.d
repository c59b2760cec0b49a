/* proves: int8_t and uint8_t casts */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", (int8_t)200, (uint8_t)200);
	exit(0);
}
