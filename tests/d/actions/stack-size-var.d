/* proves: stack() of a non-constant size is D_STACK_SIZE */
/* args: -x errtags */
BEGIN { x = 3; stack(x); }
