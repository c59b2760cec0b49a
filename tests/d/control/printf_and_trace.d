/* proves: printf and trace records of one firing share one line */
BEGIN
{
	printf("x=");
	trace(5);
	exit(0);
}
