/* proves: reading a translator member that translates itself without end runs out of registers when lowered (D_NOREG), as DTrace's code generator does */
/* args: -x errtags */
struct ring_s { int lo; long hi; };
translator struct ring_s < int N > { lo = N * 2; hi = xlate<struct ring_s *>(N + 1)->hi; };
BEGIN { trace(xlate<struct ring_s *>(20)->hi); exit(0); }
