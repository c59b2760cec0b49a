/* proves: a translated member may be used in a predicate */
#pragma D option quiet
struct out_s { int w; };
translator struct out_s < int T > { w = T - 1; };
BEGIN /xlate<struct out_s>(5).w == 4/ { printf("yes\n"); }
BEGIN /xlate<struct out_s>(5).w != 4/ { printf("no\n"); }
BEGIN { exit(0); }
