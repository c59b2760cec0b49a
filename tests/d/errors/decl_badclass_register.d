/* proves: a register variable is D_DECL_BADCLASS */
/* args: -x errtags */
register x;
BEGIN { exit(0); }
