/* proves: trace() of a translated pointer is D_TRACE_DYN, as illumos dt_action_trace */
/* args: -x errtags */
struct out_s { int w; };
translator struct out_s < int T > { w = T - 1; };
BEGIN { trace(xlate<struct out_s *>(5)); exit(0); }
