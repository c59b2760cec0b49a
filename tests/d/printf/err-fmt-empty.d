/* proves: an empty printf format is D_PRINTF_FMT_EMPTY */
/* args: -x errtags */
BEGIN { printf(""); }
