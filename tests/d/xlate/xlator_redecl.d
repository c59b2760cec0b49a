/* proves: a second translator for the same input and output types is D_XLATE_REDECL (D-GAPS 31) */
/* args: -x errtags */
struct out_s { int w; };
translator struct out_s < int T > { w = T; };
translator struct out_s < int T > { w = T + 1; };
BEGIN { exit(0); }
