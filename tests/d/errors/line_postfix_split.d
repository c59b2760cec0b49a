/* proves: a postfix ++ error names the line of the ++ */
/* args: -x errtags */
BEGIN
{
	"abc"
	    ++;
}
