/* proves: speculate may not follow a data-recording action */
/* args: -x errtags */
BEGIN
{
	trace(1);
	speculate(1);
}
