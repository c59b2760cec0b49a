/* proves: stack() with two arguments is D_STACK_PROTO */
/* args: -x errtags */
BEGIN { stack(1, 2); }
