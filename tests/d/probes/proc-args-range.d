/* proves: proc:::create declares one argument (args[0], a psinfo_t *): args[1] is out of range, as DTrace reports for a probe's declared args */
proc:::create
{
	trace(args[1]);
}
