/* proves: strchr() and strrchr() return the rest of the string from the first and last occurrence */
#pragma D option quiet
BEGIN
{
	printf("[%s][%s]\n", strchr("hello", 'l'), strrchr("hello", 'l'));
	printf("[%s][%s]\n", strchr("a/b/c", '/'), strrchr("a/b/c", '/'));
	printf("[%s][%s]\n", strchr("hello", 'h'), strrchr("hello", 'o'));
	exit(0);
}
