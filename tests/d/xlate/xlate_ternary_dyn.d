/* proves: translated data may not be a ?: operand (D_OP_DYN, dt_cook_op3); the condition is not a constant, which dt_node_op3 would fold away */
/* args: -x errtags */
struct out_s { int w; };
translator struct out_s < int T > { w = T - 1; };
BEGIN { trace((pid ? xlate<struct out_s>(5) : xlate<struct out_s>(6)).w); exit(0); }
