/* proves: htons/htonl/htonll and ntohs/ntohl/ntohll swap byte order on little-endian x86-64 and keep their widths */
#pragma D option quiet
BEGIN
{
	printf("%x %x %x\n", htons(0x1234), htonl(0x12345678), htonll(0x0102030405060708));
	printf("%x %x %x\n", ntohs(0x3412), ntohl(0x78563412), ntohll(0x0807060504030201));
	printf("%x %x\n", htonl(1), ntohs(htons(0xbeef)));
	exit(0);
}
