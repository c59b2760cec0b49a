/* proves: a stack() aggregation key printed with %p is D_PRINTF_ARG_TYPE naming type stack */
/* args: -x errtags */
BEGIN { @[stack()] = count(); printa("%p\n", @); }
