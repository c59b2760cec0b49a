/* proves: stack(0) is D_STACK_SIZE */
/* args: -x errtags */
BEGIN { stack(0); }
