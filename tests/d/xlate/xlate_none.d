/* proves: xlate<T>(e) with no translator from e's type to T is D_XLATE_NONE naming both types */
/* args: -x errtags */
struct out_s { int w; int z; };
translator struct out_s < int T > { w = T - 1; z = T * 3; };
BEGIN { trace(xlate <struct out_s> ("abc").w); exit(0); }
