/* proves: xlate<T>(e).m translates e through the script's translator, member by member (D-GAPS 27) */
#pragma D option quiet
struct out_s { int w; int z; };
translator struct out_s < int T > { w = T - 1; z = T * 3; };
BEGIN { printf("%d %d\n", xlate <struct out_s> (5).w, xlate <struct out_s> (5).z); exit(0); }
