/* proves: stack() is kernel state and says so */
/* args: -x errtags */
BEGIN
{
	stack();
}
