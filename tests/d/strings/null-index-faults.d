/* proves: indexing a NULL string reads at the index itself and faults there, as illumos: invalid address (0x1) (D-GAPS 42) */
#pragma D option quiet

BEGIN
{
	s = "abc";
	s = NULL;
	trace(s[1]);
	exit(0);
}

ERROR
{
	exit(1);
}
