/* proves: offsetof of a forward-declared tag is D_OFFSETOF_TYPE */
/* args: -x errtags */
BEGIN { trace(offsetof(struct nosuch, x)); exit(0); }
