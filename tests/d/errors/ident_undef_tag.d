/* proves: an unknown variable name is D_IDENT_UNDEF */
/* args: -x errtags */
BEGIN { trace(x); }
