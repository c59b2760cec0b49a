/* proves: an assignment type error names the line of the token after the right-hand side */
/* args: -x errtags */
BEGIN
{
	x = 1;
	x =
	    "s"
	    ;
}
