/* proves: setopt("aggsortkey") while tracing changes the sort of the exit-time print */
#pragma D option quiet
BEGIN
{
	@["b"] = sum(1);
	@["a"] = sum(2);
	exit(0);
}

END
{
	setopt("aggsortkey");
}
