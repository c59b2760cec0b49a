/* proves: a unary operator error names the line of the token after its operand, where DTrace builds the node */
/* args: -x errtags */
BEGIN
{
	trace(-"a"
	    );
}
