/* proves: `.` on a translated pointer is D_OP_SOU naming the pointer type, as illumos */
/* args: -x errtags */
struct out_s { int w; };
translator struct out_s < int T > { w = T - 1; };
BEGIN { trace(xlate<struct out_s *>(5).w); exit(0); }
