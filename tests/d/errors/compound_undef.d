/* proves: a compound assignment to a never-assigned variable is D_VAR_UNDEF */
/* args: -x errtags */
BEGIN { p -= 1; exit(0); }
