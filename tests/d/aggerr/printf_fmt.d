/* proves: printf's format must be a string constant */
/* args: -x errtags */
BEGIN
{
	x = 1;
	printf(x);
}
