/* proves: sizeof of unsigned C types */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", sizeof(unsigned char), sizeof(unsigned short), sizeof(unsigned int), sizeof(unsigned long long));
	exit(0);
}
