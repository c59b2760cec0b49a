/* proves: xlate<T *>(e)->m translates as xlate<T>(e).m does, string members included */
#pragma D option quiet
struct out_s { int w; string s; };
translator struct out_s < int T > { w = T - 1; s = T > 3 ? "big" : "small"; };
BEGIN { printf("%d %s %s\n", xlate<struct out_s *>(5)->w, xlate<struct out_s *>(5)->s, xlate<struct out_s *>(2)->s); exit(0); }
