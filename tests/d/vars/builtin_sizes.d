/* proves: sizes of built-in variables */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d %d\n", sizeof(pid), sizeof(timestamp), sizeof(walltimestamp), sizeof(id), sizeof(cpu), sizeof(execname));
	exit(0);
}
