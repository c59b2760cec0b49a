/* proves: toupper() and tolower() convert at most strsize - 1 characters, unlike the other string subroutines (illumos DIF_SUBR_TOUPPER loops to size - 1) (D-GAPS 40) */
#pragma D option quiet
#pragma D option strsize=5

BEGIN
{
	printf("%s %s %s\n", toupper("abcdefg"), tolower("ABCDEFG"), substr("abcdefg", 0));
	exit(0);
}
