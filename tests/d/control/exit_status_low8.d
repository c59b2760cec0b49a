/* proves: only the low 8 bits of the exit value are visible */
#pragma D option quiet

BEGIN
{
	exit(259);
}

