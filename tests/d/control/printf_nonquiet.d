/* proves: printf without newline ends the line with the record newline */
BEGIN
{
	printf("hi");
	exit(0);
}
