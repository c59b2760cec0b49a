/* proves: %@ takes the integer conversions and their flags: u x X o, width, left alignment, zero padding */
#pragma D option quiet
BEGIN
{
	@ = sum(255);
	exit(0);
}

END
{
	printa("[%@u][%@x][%@X][%@o]\n", @);
	printa("[%@6d][%@-6d][%@06d]\n", @);
}
