/* proves: a thread-local string that is unset (deleted by assigning NULL) reads as NULL, so printing it faults at address 0, as illumos's LDTS of a missing element gives 0 (D-GAPS 39) */
#pragma D option quiet

BEGIN
{
	self->s = "x";
	self->s = NULL;
	printf("[%s]\n", self->s);
	exit(0);
}

ERROR
{
	printf("fault\n");
	exit(1);
}
