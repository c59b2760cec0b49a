/* proves: a statement whose value is a translated pointer is refused (D_CG_DYN), as each DTrace statement is an expression that must yield a value */
/* args: -x errtags */
struct out_s { int w; };
translator struct out_s < int T > { w = T; };
BEGIN
{
	xlate<struct out_s *>(3);
	exit(0);
}
