/* proves: %d of uint64_t prints unsigned, %i is always signed, %d of int64_t signed */
#pragma D option quiet
BEGIN
{
	printf("%d %i\n", (uint64_t)-1, (uint64_t)-2);
	printf("%d %u\n", (int64_t)-1, (int64_t)-1);
	exit(0);
}
