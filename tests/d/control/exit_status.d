/* proves: exit(3) ends tracing with status 3 */
#pragma D option quiet

BEGIN
{
	exit(3);
}

