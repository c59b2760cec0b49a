/* proves: clauses of one probe fire in program order, one line each */
BEGIN
{
	trace(1);
}
BEGIN
{
	trace(2);
}
BEGIN
{
	trace(3);
	exit(0);
}
