/* proves: typedefs of integer types have the base type's size */
#pragma D option quiet

typedef int myint_t;
typedef unsigned char byte_t;

BEGIN
{
	printf("%d %d %d\n", sizeof(myint_t), sizeof(byte_t), (byte_t)258);
	exit(0);
}

