/* proves: a typedef'd short traces with the 2-byte layout */
typedef short myshort_t;

BEGIN
{
	trace((myshort_t)12);
	exit(0);
}
