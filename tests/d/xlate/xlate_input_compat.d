/* proves: an exact input type is preferred, else any translator the operand may be passed to (dt_xlator_lookup) */
#pragma D option quiet
struct out_s { int w; };
translator struct out_s < short S > { w = 1; };
translator struct out_s < long L > { w = 2; };
BEGIN { printf("%d %d %d\n", xlate<struct out_s>((long)5).w, xlate<struct out_s>((short)5).w, xlate<struct out_s>(5).w); exit(0); }
