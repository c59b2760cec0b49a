/* proves: with errors in both, the action list's error is reported, not the predicate's: actions are typed first */
/* args: -x errtags */
BEGIN
/"a" * 2/
{
	trace(1 & "b");
}
