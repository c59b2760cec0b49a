/* proves: clauses are cooked after the whole program is read, so a clause may use a translator defined after it */
#pragma D option quiet
struct out_s { int w; };
BEGIN { printf("%d\n", xlate<struct out_s>(5).w); exit(0); }
translator struct out_s < int T > { w = T * 10; };
