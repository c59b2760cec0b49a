/* proves: a binary operator error names the line of the token after its right operand, where DTrace builds the node */
/* args: -x errtags */
BEGIN
{
	x = 1 &
	    "b"
	    ;
}
