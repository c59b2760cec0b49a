/* proves: commit may not follow commit */
/* args: -x errtags */
BEGIN
{
	commit(1);
	commit(1);
}
