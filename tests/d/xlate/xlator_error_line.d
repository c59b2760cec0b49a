/* proves: errors in a translator definition name the line of its closing `};`, where DTrace cooks it */
/* args: -x errtags */
struct out_s { int w; };
translator struct out_s < int T > {
	w = T;
	nomember = T;
};
BEGIN { exit(0); }
