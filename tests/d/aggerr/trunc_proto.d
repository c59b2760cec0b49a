/* proves: trunc takes at most two arguments */
/* args: -x errtags */
BEGIN
{
	@a = count();
	trunc(@a, 1, 2);
}
