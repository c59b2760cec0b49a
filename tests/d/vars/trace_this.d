/* proves: trace of a clause-local */
BEGIN
{
	this->v = 9;
	trace(this->v);
	exit(0);
}
