/* proves: & of a constant is D_ADDROF_LVAL */
/* args: -x errtags */
BEGIN { trace(&1); exit(0); }
