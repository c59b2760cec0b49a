/* proves: without -q printa output follows the firing prefix and the record's newline ends the line */
BEGIN
{
	@ = sum(7);
	printa("v=%@d", @);
	exit(0);
}
