/* proves: $pid is udtrace's own pid */
#pragma D option quiet

BEGIN
{
	printf("%d\n", $pid == pid);
	exit(0);
}
