/* proves: an argument the program never references is D_MACRO_UNUSED */
/* args: -x errtags foo */
BEGIN
{
	exit(0);
}
