/* proves: a translator may only define members of its output type (D_XLATE_MEMB, D-GAPS 29) */
/* args: -x errtags */
struct out_s { int w; };
translator struct out_s < int T > { nomember = T; };
BEGIN { exit(0); }
