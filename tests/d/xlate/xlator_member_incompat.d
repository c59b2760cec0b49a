/* proves: a member's expression must be assignable to the member (D_XLATE_INCOMPAT, D-GAPS 29) */
/* args: -x errtags */
struct out_s { char *p; };
translator struct out_s < char T > { p = T; };
BEGIN { exit(0); }
