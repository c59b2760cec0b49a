/* proves: 1-byte records print unsigned: (char)-1 shows 255 */
BEGIN
{
	trace((char)-1);
	exit(0);
}
