/* proves: toupper() and tolower() change ASCII letters only */
#pragma D option quiet
BEGIN
{
	printf("%s|%s\n", toupper("Hello, World 1!"), tolower("Hello, World 1!"));
	printf("[%s][%s]\n", toupper(""), tolower("ALREADY lower 42"));
	exit(0);
}
