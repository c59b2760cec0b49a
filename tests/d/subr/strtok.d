/* proves: strtok() splits on any separator byte, skips leading and repeated separators, and strtok(NULL, ...) continues within the firing */
#pragma D option quiet
BEGIN
{
	printf("[%s]", strtok("a,b,,c", ","));
	printf("[%s]", strtok(NULL, ","));
	printf("[%s]\n", strtok(NULL, ","));
	printf("[%s]", strtok(",,x;y", ",;"));
	printf("[%s]\n", strtok(NULL, ";"));
	printf("[%s]", strtok("k=v;w", "=;"));
	printf("[%s]", strtok(NULL, "=;"));
	printf("[%s]\n", strtok(NULL, "=;"));
	exit(0);
}
