/* proves: data may not be recorded after commit */
/* args: -x errtags */
BEGIN
{
	commit(1);
	trace(1);
}
