/* proves: a failed xlate names the line of the closing ) of its operand */
/* args: -x errtags */
struct out_s { int w; };
translator struct out_s < int T > { w = T; };
BEGIN
{
	trace(xlate<struct out_s>(
	    "abc"
	).w);
}
