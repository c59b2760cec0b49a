/* proves: an operator error in a predicate names the line of the { (the operator node is built when the closing / is read) */
/* args: -x errtags */
BEGIN
/"a" & "b"/
{
	exit(0);
}
