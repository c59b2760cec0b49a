/* proves: id is a 4-byte uint_t, 1 for BEGIN */
BEGIN
{
	trace(id);
	exit(0);
}
