/* proves: commit may not follow data-recording actions */
/* args: -x errtags */
BEGIN
{
	trace(1);
	commit(1);
}
