/* proves: a value of the wrong type is D_PRINTF_ARG_TYPE with the three prototype lines */
/* args: -x errtags */
BEGIN { printf("%s %d\n", "a", "b"); }
