/* proves: probeprov/probemod/probefunc/probename in BEGIN */
#pragma D option quiet

BEGIN
{
	printf("[%s] [%s] [%s] [%s]\n", probeprov, probemod, probefunc, probename);
	exit(0);
}
