/* proves: a name undefined in the action list and not assigned by the predicate still fails, with the action list's D_IDENT_UNDEF */
/* args: -x errtags */
BEGIN
/1/
{
	trace(nosuchvar);
}
