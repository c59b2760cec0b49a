/* proves: an enum value traces as a 4-byte integer */
enum color { RED, GREEN, BLUE };

BEGIN
{
	trace(BLUE);
	exit(0);
}
