/* proves: an aggregation as a printf argument fails the conversion's prototype (D_PRINTF_ARG_TYPE, argument: aggregation) */
/* args: -x errtags */
BEGIN { @a = count(); printf("%d", @a); }
