/* proves: pid in BEGIN is udtrace's own pid ($pid) */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", pid > 0, pid == $pid);
	exit(0);
}
