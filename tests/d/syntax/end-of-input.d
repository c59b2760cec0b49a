/* proves: running out of text mid-clause is "near end of input" */
BEGIN
{
	trace(1);
