/* proves: %@ outside printa is D_PRINTF_AGG_CONV */
/* args: -x errtags */
BEGIN { printf("%@d\n", 1); }
