/* proves: reading one member evaluates only that member's expression (z would divide by zero) and the operand once */
#pragma D option quiet
struct out_s { int w; int z; };
translator struct out_s < int T > { w = T + T; z = 10 / T; };
BEGIN { x = 0; printf("%d %d\n", xlate<struct out_s>(x++).w, x); exit(0); }
