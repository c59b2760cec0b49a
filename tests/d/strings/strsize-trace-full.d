/* proves: trace() of a string that fills its strsize record (no NUL) prints it padded to 35 columns even when quiet, as DTrace's dt_print_bytes does (D-GAPS 40) */
#pragma D option quiet
#pragma D option strsize=5

BEGIN
{
	trace("abcdefg");
	printf("|\n");
	exit(0);
}
