/* proves: strtok() returns NULL once the string is used up; printing it faults with invalid address (0x0) */
#pragma D option quiet

BEGIN
{
	printf("[%s]\n", strtok("one", " "));
	printf("[%s]\n", strtok(NULL, " "));
}

BEGIN
{
	exit(0);
}
