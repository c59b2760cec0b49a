/* proves: probeprov/probemod/probefunc/probename in END */
#pragma D option quiet

BEGIN
{
	exit(0);
}

END
{
	printf("[%s] [%s] [%s] [%s]\n", probeprov, probemod, probefunc, probename);
}

