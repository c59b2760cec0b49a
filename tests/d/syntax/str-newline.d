/* proves: a newline inside a string literal is D_STR_NL */
/* args: -x errtags */
BEGIN
{
	trace("abc
");
}
