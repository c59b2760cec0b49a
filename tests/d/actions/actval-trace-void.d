/* proves: trace() of an action called for a value is D_TRACE_VOID: the inner action has type void */
/* args: -x errtags */
BEGIN { trace(trace(1)); }
