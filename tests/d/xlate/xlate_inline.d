/* proves: an inline may stand for translated data, and is translated where it is used, in any clause */
#pragma D option quiet
struct out_s { int w; };
translator struct out_s < int T > { w = T * 2; };
inline struct out_s *P = xlate<struct out_s *>(21);
BEGIN { printf("%d\n", P->w); }
BEGIN { printf("%d\n", P->w + 1); exit(0); }
