/* proves: alloca() gives writable scratch; bcopy() copies between scratch buffers; stringof reads it back */
#pragma D option quiet
BEGIN
{
	this->src = (uint64_t *)alloca(8);
	*this->src = 0x00636261;
	this->dst = (char *)alloca(8);
	bcopy(this->src, this->dst, 8);
	printf("%s %d\n", stringof(this->dst), this->dst[1]);
	this->dst[0] = 'X';
	printf("%s\n", stringof(this->dst));
	exit(0);
}
