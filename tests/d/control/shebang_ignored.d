/* proves: a #! line is discarded */
#pragma D option quiet

#!/usr/sbin/dtrace -s
BEGIN
{
	printf("ok\n");
	exit(0);
}

