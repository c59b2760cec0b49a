/* proves: an undefined self-> variable is reported on the line of its name */
/* args: -x errtags */
BEGIN
{
	y = self->
	    nothing;
}
