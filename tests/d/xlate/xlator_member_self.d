/* proves: a translator member may translate through its own translator (accepted when defined, as DTrace cooks it); the other members still work */
#pragma D option quiet
struct ring_s { int lo; long hi; };
translator struct ring_s < int N > { lo = N * 2; hi = xlate<struct ring_s *>(N + 1)->hi; };
BEGIN { printf("%d\n", xlate<struct ring_s *>(20)->lo); exit(0); }
