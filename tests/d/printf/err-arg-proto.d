/* proves: a conversion without a value argument is D_PRINTF_ARG_PROTO */
/* args: -x errtags */
BEGIN { printf("%d %d\n", 1); }
