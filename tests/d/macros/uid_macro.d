/* proves: $uid and $gid are udtrace's real ids */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", $uid == uid, $gid == gid);
	exit(0);
}
