/* proves: translated data may not be a ?: operand (D_OP_DYN, dt_cook_op3) */
/* args: -x errtags */
struct out_s { int w; };
translator struct out_s < int T > { w = T - 1; };
BEGIN { trace((1 ? xlate<struct out_s>(5) : xlate<struct out_s>(6)).w); exit(0); }
