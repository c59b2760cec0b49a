/* proves: printf output follows the prefix, and the record newline follows it */
BEGIN
{
	printf("hi\n");
	exit(0);
}
