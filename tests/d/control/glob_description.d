/* proves: a glob in the probe name matches BEGIN */
#pragma D option quiet

dtrace:::BEG*
{
	printf("%s\n", probename);
	exit(0);
}
