/* proves: a pointer to translated data cannot be cast to an integer (D_CAST_INVAL) */
/* args: -x errtags */
struct out_s { int w; };
translator struct out_s < int T > { w = T - 1; };
BEGIN { trace((long)xlate<struct out_s *>(5)); exit(0); }
