/* proves: strstr() returns the rest of the string from the first match; an empty needle matches at the start */
#pragma D option quiet
BEGIN
{
	printf("[%s][%s][%s]\n", strstr("hello world", "o w"), strstr("abcabc", "ca"), strstr("abc", ""));
	printf("[%s]\n", strstr("abc", "abc"));
	exit(0);
}
