/* proves: escapes in character constants */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d\n", '\n', '\t', '\\', '\101', '\x41');
	exit(0);
}
