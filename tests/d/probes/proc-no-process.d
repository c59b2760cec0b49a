/* proves: proc probes with no traced process are refused with why and what to do, not left waiting for events that cannot come */
proc:::exit
{
	trace(args[0]);
}
