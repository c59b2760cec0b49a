/* proves: cpu is the CPU the probe fired on (the runner pins to CPU 0) */
#pragma D option quiet

BEGIN
{
	printf("%d\n", cpu);
	exit(0);
}
