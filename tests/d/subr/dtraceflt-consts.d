/* proves: the D library's DTRACEFLT_* constants name the ERROR probe's arg4 fault codes */
#pragma D option quiet
BEGIN { y = 0; x = 1 / y; }
ERROR
{
	printf("%d %d %d %d %d %d\n", arg4, arg4 == DTRACEFLT_DIVZERO,
	    DTRACEFLT_UNKNOWN, DTRACEFLT_BADADDR, DTRACEFLT_NOSCRATCH,
	    DTRACEFLT_BADSTACK);
	exit(0);
}
