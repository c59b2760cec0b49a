/* proves: tracemem() is always a hex dump (even of text), dsize limits the bytes shown, 0 or too large shows all */
BEGIN
{
	this->p = (char *)alloca(20);
	bcopy("hello world, again", this->p, 18);
	tracemem(this->p, 20);
	tracemem(this->p, 20, 3);
	tracemem(this->p, 4, 0);
	tracemem(this->p, 4, 100);
	exit(0);
}
