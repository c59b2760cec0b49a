/* proves: sizeof of the fixed-width integer types */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d %d %d %d\n", sizeof(int8_t), sizeof(int16_t), sizeof(int32_t), sizeof(int64_t), sizeof(uint8_t), sizeof(uint16_t), sizeof(uint32_t), sizeof(uint64_t));
	exit(0);
}
