/* proves: the clause that calls exit() finishes its statements */
#pragma D option quiet

BEGIN
{
	exit(0);
	printf("still\n");
}

