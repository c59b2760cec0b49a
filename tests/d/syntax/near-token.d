/* proves: a syntax error names the offending token as written, on its line */
BEGIN
{
	x = 1 +
}
