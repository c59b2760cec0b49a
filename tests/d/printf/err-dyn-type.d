/* proves: a * width that is not an integer is D_PRINTF_DYN_TYPE */
/* args: -x errtags */
BEGIN { printf("%*d\n", "w", 1); }
