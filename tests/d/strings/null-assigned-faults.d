/* proves: a string variable assigned NULL reads back as NULL, not "", so tracing it faults at address 0 as in illumos (D-GAPS 39) */
#pragma D option quiet

BEGIN
{
	s = "abc";
	s = NULL;
	trace(s);
	exit(0);
}

ERROR
{
	printf("fault\n");
	exit(1);
}
