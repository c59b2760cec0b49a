/* proves: trace of an associative array element */
BEGIN
{
	a["k"] = 5LL;
	trace(a["k"]);
	exit(0);
}
