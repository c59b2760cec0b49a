/* proves: an empty character constant is D_CHR_NULL */
/* args: -x errtags */
BEGIN
{
	trace('');
}
