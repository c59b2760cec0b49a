/* proves: fixed-width integer members */
#pragma D option quiet

struct h { uint8_t a; uint64_t b; uint16_t c; };

BEGIN
{
	printf("%d %d %d\n", sizeof(struct h), offsetof(struct h, b), offsetof(struct h, c));
	exit(0);
}

