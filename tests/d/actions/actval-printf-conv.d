/* proves: an action's void value as a printf argument fails the conversion's prototype (D_PRINTF_ARG_TYPE) */
/* args: -x errtags */
BEGIN { printf("%d\n", printf("")); }
