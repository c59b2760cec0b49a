/* proves: a member the translator does not define cannot be read through xlate (D_XLATE_NOCONV) */
/* args: -x errtags */
struct out_s { int w; int z; };
translator struct out_s < int T > { w = T - 1; };
BEGIN { trace(xlate <struct out_s> (5).z); exit(0); }
