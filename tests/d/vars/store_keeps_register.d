/* proves: a variable typed int by its first assignment keeps all 64 bits of what is later stored in it (dt_cg_asgn_op stores the register whole); only recording narrows it */
#pragma D option quiet
BEGIN
{
	self->t = 0;
	self->t = 0x100000005LL;
	g = 1;
	g = 0x100000002LL;
	a["k"] = 1;
	a["k"] = 0x300000000LL;
	printf("%d %d %d %d\n", self->t - 0x100000000LL, g >> 32, a["k"] > 0, g);
	exit(0);
}
