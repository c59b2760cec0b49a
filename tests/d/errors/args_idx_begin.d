/* proves: args[0] on dtrace:::BEGIN (no typed arguments) is D_ARGS_IDX naming the probe */
/* args: -x errtags */
BEGIN { trace(args[0]); exit(0); }
