/* proves: uid, gid and ppid describe udtrace itself */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", uid == $uid, gid == $gid, ppid == $ppid);
	exit(0);
}
