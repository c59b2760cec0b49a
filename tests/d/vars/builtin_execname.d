/* proves: execname in BEGIN is udtrace itself */
#pragma D option quiet

BEGIN
{
	printf("%d\n", execname == "udtrace");
	exit(0);
}
