/* proves: a subroutine newer than -x version does not exist for the program: strtok (D 1.1) under 1.0 is D_FUNC_UNDEF, as dt_reduce deletes it */
/* args: -x errtags -x version=1.0 */
BEGIN { trace(strtok("a b", " ")); exit(0); }
