/* proves: reading an associative array before any assignment is D_VAR_UNDEF */
/* args: -x errtags */
BEGIN { trace(a[1]); }
