/* proves: a * width without its argument is D_PRINTF_DYN_PROTO */
/* args: -x errtags */
BEGIN { printf("%*d\n"); }
