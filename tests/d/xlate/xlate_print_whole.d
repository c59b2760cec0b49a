/* proves: print(*xlate<T *>(e)) prints the whole output struct, each member the translator defines translated, the others 0 */
#pragma D option quiet
struct out_s { int w; int z; string s; char c[4]; unsigned b:3; };
translator struct out_s < int T > { w = T - 1; s = T > 3 ? "big" : "small"; c = "abcdefg"; b = T; };
BEGIN { print(*xlate<struct out_s *>(5)); exit(0); }
