/* proves: arguments beyond the format are D_PRINTF_ARG_EXTRA */
/* args: -x errtags */
BEGIN { printf("%d\n", 1, 2); }
