/* proves: member expressions are type-checked at the definition, with the input name typed (D-GAPS 30) */
/* args: -x errtags */
struct in_s { int v; };
struct out_s { int w; };
translator struct out_s < struct in_s *p > { w = p->nomember; };
BEGIN { exit(0); }
