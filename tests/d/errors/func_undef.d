/* proves: calling an unknown function is D_FUNC_UNDEF */
/* args: -x errtags */
BEGIN { foo(1); }
