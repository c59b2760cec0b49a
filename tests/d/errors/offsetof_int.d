/* proves: offsetof of a non-struct type is D_OFFSETOF_TYPE with DTrace's wording */
/* args: -x errtags */
BEGIN { trace(offsetof(int, x)); exit(0); }
