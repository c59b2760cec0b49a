/* proves: translated data assigned to a variable is the translated struct, members readable afterwards */
#pragma D option quiet
struct out_s { int w; string s; unsigned b:3; };
translator struct out_s < int T > { w = T - 1; s = T > 3 ? "big" : "small"; b = T; };
BEGIN { x = xlate<struct out_s>(12); this->y = *xlate<struct out_s *>(2); printf("%d %s %d %d %s\n", x.w, x.s, x.b, this->y.w, this->y.s); exit(0); }
