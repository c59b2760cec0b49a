/* proves: an inline of translated data must have the translator's output type (D_OP_INCOMPAT) */
/* args: -x errtags */
struct out_s { int w; };
struct other { int w; };
translator struct out_s < int T > { w = T * 2; };
inline struct other *P = xlate<struct out_s *>(21);
BEGIN { exit(0); }
